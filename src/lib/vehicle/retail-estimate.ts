/**
 * Retail price estimate of a used car (the trade-in valuation's and the price comparison's
 * shared model): comparable cars in a tenant's stock adjusted for age and km, else a market
 * curve. Pure. The price pattern: within one make and model, each year of age and each
 * 10,000 km take a fixed share off the asking price (`WITHIN_MODEL_SLOPES`); across all cars
 * the asking price follows `MARKET_CURVE`. Both were fitted (least squares on log price) to the
 * 2023 Australian Vehicle Prices listing set (docs/lead-api.md); the data is not in the product.
 */
import type { Car } from '../../schemas/car.ts';

/** Per-year and per-10,000-km log-price slopes within a make and model. */
export const WITHIN_MODEL_SLOPES = { age: -0.0663, km10k: -0.0267 } as const;
/** Market curve for cars with no comparable in stock. */
export const MARKET_CURVE = { base: 56_272, age: -0.0728, km10k: -0.0185 } as const;
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

