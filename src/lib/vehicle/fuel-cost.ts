/**
 * Fuel cost calculator (spec §9): cost = distance / 100 x consumption x price, 2 decimals;
 * defaults $1.70 a litre, 250 km a week, 10 L/100km. Hidden for electric cars (spec §5).
 */
import type { Car } from '../../schemas/car.ts';
import { isElectric } from './vehicle-tag.ts';

export const DEFAULT_FUEL_PRICE = 1.7;
export const DEFAULT_WEEKLY_KM = 250;
export const DEFAULT_CONSUMPTION = 10;

/** Calculator inputs: km driven, litres per 100 km, dollars per litre. */
export interface FuelCostInput {
  distanceKm: number;
  litresPer100Km: number;
  pricePerLitre: number;
}

/** Fuel cost in dollars, rounded to cents; negative or non-numeric inputs count as 0. */
export function fuelCost(input: FuelCostInput): number {
  const safe = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);
  const cost = (safe(input.distanceKm) / 100) * safe(input.litresPer100Km) * safe(input.pricePerLitre);
  // Round half away from zero on the cent, after removing float noise (0.1 * 3 = 0.30000000000000004).
  return Math.round(Number((cost * 100).toFixed(6))) / 100;
}

/** The calculator's starting values for a car: its combined consumption when known, else 10. */
export function fuelDefaults(car: Pick<Car, 'variant'>): FuelCostInput {
  const consumption = car.variant?.fuelconsumptioncombined;
  return {
    distanceKm: DEFAULT_WEEKLY_KM,
    litresPer100Km: typeof consumption === 'number' && consumption > 0 ? consumption : DEFAULT_CONSUMPTION,
    pricePerLitre: DEFAULT_FUEL_PRICE,
  };
}

/**
 * The fuel calculator shows for every vehicle except fully electric ones (spec §5) and towed
 * ones (caravans, trailers), which burn no fuel of their own.
 */
export function fuelCalculatorVisible(car: Pick<Car, 'simple_fuel' | 'fuel' | 'vehicle_kind'>): boolean {
  if (car.vehicle_kind === 'caravan') return false;
  return !isElectric(car);
}
