/**
 * Market-price badge (spec §5 "Market-price badge", §9 "difference above 499"): shown only when
 * the car is at least $500 below the average market price, the state average preferred.
 */
import type { Car } from '../../schemas/car.ts';

/** Smallest saving against the market average that earns the badge (spec §9: above 499). */
export const MARKET_BADGE_MIN_DIFFERENCE = 500;

/** The badge: how far below which average the car is priced. */
export interface MarketPriceBadge {
  /** Market average minus the car's price, in dollars (>= 500). */
  difference: number;
  /** The average used. */
  average: number;
  /** 'state' when the state average was available, else 'national'. */
  scope: 'state' | 'national';
}

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** The badge for a car priced at least $500 below the state (else national) market average, else null. */
export function marketPriceBadge(car: Pick<Car, 'price' | 'autograb_data'>): MarketPriceBadge | null {
  const price = car.price;
  if (!usable(price)) return null;
  const stateAverage = car.autograb_data?.state_average_market_price;
  const nationalAverage = car.autograb_data?.average_market_price;
  const scope = usable(stateAverage) ? 'state' : usable(nationalAverage) ? 'national' : null;
  if (!scope) return null;
  const average = scope === 'state' ? (stateAverage as number) : (nationalAverage as number);
  const difference = average - price;
  return difference >= MARKET_BADGE_MIN_DIFFERENCE ? { difference, average, scope } : null;
}

/** Market data (Autograb) is asked for only for a priced car in stock: price above $200, in stock, not sold or reserved (spec §5). */
export function autograbEligible(car: Pick<Car, 'price' | 'status' | 'reserved'>): boolean {
  return typeof car.price === 'number' && car.price > 200 && car.status === 'in_stock' && !car.reserved;
}
