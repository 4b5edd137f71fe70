/**
 * Local valuation (the default behind /api/eval-expert with no provider account): a
 * registration lookup that serves demo vehicles, and a trade-in offer estimated from the
 * tenant's own stock and Australian used-car price patterns. Pure functions.
 *
 * The price pattern: within one make and model, each year of age takes about 6.6% off
 * the asking price and each 10,000 km about 2.7%; across all cars, asking price is about
 * $56,272 x exp(-0.0728 x age - 0.0185 x km/10,000). Both were fitted (least squares on
 * log price) to 14,098 used listings with a year of 2000 or later in the 2023 Australian
 * Vehicle Prices listing set; the data itself is not part of the product.
 */
import type { Car } from '../../../schemas/car.ts';

/** Per-year and per-10,000-km log-price slopes within a make and model. */
export const WITHIN_MODEL_SLOPES = { age: -0.0663, km10k: -0.0267 } as const;
/** Market curve for cars with no comparable in stock. */
export const MARKET_CURVE = { base: 56_272, age: -0.0728, km10k: -0.0185 } as const;
/** Share of the retail estimate a dealer offers (reconditioning, holding cost and margin). */
export const TRADE_IN_SHARE = 0.82;
/** The lowest offer made online. */
export const MINIMUM_OFFER = 500;

/** What the valuation needs to know about the shopper's car. */
export interface VehicleFacts {
  make?: string | null;
  model?: string | null;
  year?: number | null;
  km?: number | null;
}

/** A retail price estimate and how it was made. */
export interface RetailEstimate {
  price: number;
  basis: 'comparables' | 'market-curve';
  comparables: number;
}

const same = (a: string | null | undefined, b: string | null | undefined): boolean => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Stock cars of the same make and model with a usable price, year and km. */
export function comparableCars(target: VehicleFacts, stock: readonly Car[]): Car[] {
  return stock.filter(
    (car) => same(car.make, target.make) && same(car.model, target.model) && typeof car.price === 'number' && car.price > 1000 && typeof car.year === 'number' && car.car_type !== 'new',
  );
}

/** Estimated retail (asking) price of a car like `target` in `referenceYear`. */
export function estimateRetailPrice(target: VehicleFacts, stock: readonly Car[], referenceYear: number): RetailEstimate {
  const year = target.year ?? referenceYear - 8;
  const km = target.km ?? Math.max(0, referenceYear - year) * 15_000;
  const comparables = comparableCars(target, stock);
  if (comparables.length > 0) {
    const adjusted = comparables.map((car) => {
      const ageGap = (car.year as number) - year;
      const kmGap = (km - (car.km ?? (referenceYear - (car.year as number)) * 15_000)) / 10_000;
      return (car.price as number) * Math.exp(WITHIN_MODEL_SLOPES.age * ageGap + WITHIN_MODEL_SLOPES.km10k * kmGap);
    });
    return { price: Math.round(median(adjusted)), basis: 'comparables', comparables: comparables.length };
  }
  const age = Math.max(0, referenceYear - year);
  return { price: Math.round(MARKET_CURVE.base * Math.exp(MARKET_CURVE.age * age + MARKET_CURVE.km10k * (km / 10_000))), basis: 'market-curve', comparables: 0 };
}

/** The trade-in offer for a retail estimate, rounded down to $100, never below the minimum. */
export function tradeInOffer(retailPrice: number): number {
  return Math.max(MINIMUM_OFFER, Math.floor((retailPrice * TRADE_IN_SHARE) / 100) * 100);
}

/** A vehicle the registration lookup returns. */
export interface RegoVehicle {
  VIN: string;
  EngineNo: string;
  Registration: string;
  RegExpiry: string;
  Make: string;
  Model: string;
  Series: string;
  Variant: string;
  Year: number;
  Transmission: string;
  Body: string;
  Cylinders: number;
  redbookCode: string;
  Description: string;
}

/** Common Australian cars used when the tenant has no used stock to draw demo vehicles from. */
const FALLBACK_MODELS: VehicleFacts[] = [
  { make: 'Toyota', model: 'Corolla' },
  { make: 'Toyota', model: 'Hilux' },
  { make: 'Mazda', model: 'CX-5' },
  { make: 'Ford', model: 'Ranger' },
  { make: 'Hyundai', model: 'i30' },
  { make: 'Mitsubishi', model: 'Triton' },
  { make: 'Kia', model: 'Cerato' },
  { make: 'Volkswagen', model: 'Golf' },
];

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** Oldest demo car of an ordinary plate (within every site's online-estimate age, audit 2.99). */
export const DEMO_MAX_AGE = 5;
/** Age of the car an 'OLD...' demo plate finds (older than the 7 and 10 years sites use as their online-estimate limit). */
export const DEMO_OLD_AGE = 20;

/**
 * Demo registration lookup (documented in docs/lead-api.md): 'NOMATCH...' or all zeros finds
 * nothing; a rego ending in 0-4 finds exactly one vehicle; anything else finds three
 * candidates to choose from; 'OLD...' finds a car DEMO_OLD_AGE years old, any other plate one
 * at most DEMO_MAX_AGE years old. Deterministic for a given reference year, so pages and tests
 * can rely on it.
 */
export function demoRegoLookup(rego: string, state: string, stock: readonly Car[], referenceYear: number): RegoVehicle[] {
  const plate = rego.replace(/[\s-]/g, '').toUpperCase();
  if (plate === '' || plate.startsWith('NOMATCH') || /^0+$/.test(plate)) return [];
  const pool: VehicleFacts[] = [];
  const seen = new Set<string>();
  for (const car of stock) {
    if (!car.make || !car.model || car.car_type === 'new') continue;
    const key = `${car.make}|${car.model}`.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    pool.push({ make: car.make, model: car.model, year: car.year ?? null });
  }
  const models = pool.length > 0 ? pool : FALLBACK_MODELS;
  const seed = hash(`${plate}|${state}`);
  const count = /[0-4]$/.test(plate) ? 1 : 3;
  const base = models[seed % models.length]!;
  // Demo cars are at most DEMO_MAX_AGE years old whatever today's date (a stock car's fixed model
  // year would otherwise age past the online-estimate limit, audit 2.99); an 'OLD...' plate finds
  // a car older than any site's limit, so the "no online estimate" path can be tried.
  const year = plate.startsWith('OLD') ? referenceYear - DEMO_OLD_AGE : Math.max(base.year ?? referenceYear - 1 - (seed % DEMO_MAX_AGE), referenceYear - DEMO_MAX_AGE);
  const vin = Array.from({ length: 17 }, (_, i) => VIN_CHARS[hash(`${plate}${state}${i}`) % VIN_CHARS.length]).join('');
  const variants = ['Auto', 'Sport Auto', 'Premium Auto'];
  return Array.from({ length: count }, (_, i) => {
    const variant = count === 1 ? variants[seed % 3]! : variants[i]!;
    return {
      VIN: vin,
      EngineNo: `E${(seed % 1_000_000).toString().padStart(6, '0')}`,
      Registration: plate,
      RegExpiry: `${referenceYear + 1}-0${1 + (seed % 9)}-15`,
      Make: base.make!,
      Model: base.model!,
      Series: `MY${String(year).slice(2)}`,
      Variant: variant,
      Year: year,
      Transmission: 'Automatic',
      Body: 'Wagon',
      Cylinders: 4,
      redbookCode: `AUV${(hash(`${base.make}${base.model}${year}${variant}`) % 1e8).toString().padStart(8, '0')}`,
      Description: `${year} ${base.make} ${base.model} ${variant}`,
    };
  });
}
