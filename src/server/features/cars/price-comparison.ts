/**
 * Local price comparison (GET /api/cars/{slug}/autogauge with no provider account):
 * where a car's asking price sits against the market, from the valuation provider's
 * market prices on the record (autograb_data) or, failing that, comparable cars in the
 * tenant's stock adjusted for age and km. Result shape: spec §3 "Price-comparison result".
 */
import type { Car } from '../../../schemas/car.ts';
import { WITHIN_MODEL_SLOPES, comparableCars } from '../../../lib/vehicle/retail-estimate.ts';

/** Spec §3 price-comparison result. */
export interface PriceComparison {
  /** Where the listing price sits in the market range, 0 (bottom) to 100 (top). */
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  /** 0..1: how much data the range rests on (the gauge shows above 0.2). */
  confidence: number;
  description: string;
}

/** Spread either side of a single market average when that is all the record has. */
export const AVERAGE_SPREAD = 0.07;

function quantile(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

function describe(fill: number): string {
  if (fill <= 33) return 'This price is below the market range for similar vehicles.';
  if (fill <= 66) return 'This price is within the market range for similar vehicles.';
  return 'This price is towards the top of the market range for similar vehicles.';
}

/** Compare a car's price with the market; undefined when there is no price or no market data. */
export function comparePrice(car: Car, stock: readonly Car[]): PriceComparison | undefined {
  const price = car.price;
  if (typeof price !== 'number' || price <= 0) return undefined;
  let min: number;
  let max: number;
  let confidence: number;
  const average = car.autograb_data?.state_average_market_price ?? car.autograb_data?.average_market_price;
  if (typeof average === 'number' && average > 0) {
    min = average * (1 - AVERAGE_SPREAD);
    max = average * (1 + AVERAGE_SPREAD);
    confidence = 0.8;
  } else {
    const others = comparableCars(car, stock).filter((other) => other.id !== car.id && Math.abs((other.year as number) - (car.year ?? 0)) <= 3);
    if (others.length < 2 || typeof car.year !== 'number') return undefined;
    const adjusted = others
      .map((other) => {
        const ageGap = (other.year as number) - (car.year as number);
        const kmGap = ((car.km ?? 0) - (other.km ?? car.km ?? 0)) / 10_000;
        return (other.price as number) * Math.exp(WITHIN_MODEL_SLOPES.age * ageGap + WITHIN_MODEL_SLOPES.km10k * kmGap);
      })
      .sort((a, b) => a - b);
    min = quantile(adjusted, 0.1);
    max = quantile(adjusted, 0.9);
    if (max - min < price * 0.02) {
      min = Math.min(min, price) * (1 - AVERAGE_SPREAD / 2);
      max = Math.max(max, price) * (1 + AVERAGE_SPREAD / 2);
    }
    confidence = Math.min(0.9, 0.15 + others.length * 0.1);
  }
  // The gauge needs the range to reach the listing price (spec §5); widen rather than hide.
  max = Math.max(max, price);
  min = Math.min(min, price);
  const fill = Math.round(((price - min) / (max - min || 1)) * 100);
  return {
    fill,
    listing_price: price,
    market_range_min: Math.round(min),
    market_range_max: Math.round(max),
    confidence: Math.round(confidence * 100) / 100,
    description: describe(fill),
  };
}
