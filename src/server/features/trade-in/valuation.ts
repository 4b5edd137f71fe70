/**
 * Local valuation (the default behind /api/eval-expert with no provider account): a
 * registration lookup that serves demo vehicles, and a trade-in offer from the retail
 * estimate of src/lib/vehicle/retail-estimate.ts. Pure functions.
 */
import type { Car } from '../../../schemas/car.ts';
import type { VehicleFacts } from '../../../lib/vehicle/retail-estimate.ts';
import { MINIMUM_OFFER } from '../../../lib/forms/trade-in-adjustments.ts';

/** Share of the retail estimate a dealer offers (reconditioning, holding cost and margin). */
export const TRADE_IN_SHARE = 0.82;

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

/** Oldest demo car of an ordinary plate (within every site's online-estimate age). */
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
  // year would otherwise age past the online-estimate limit); an 'OLD...' plate finds
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
