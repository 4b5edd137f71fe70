/**
 * Similar vehicles (spec §7 "Similar vehicles", §9): same model first, price within $10,000
 * either side under $50,000 else $25,000, in stock only, de-duplicated by id, up to 6.
 * Computed at build time from the tenant's visible stock.
 */
import type { Car } from '../schemas/car.ts';

/** Most similar vehicles shown (spec §9). */
export const SIMILAR_LIMIT = 6;

/** Price band either side of the car's price: $10,000 under $50,000, else $25,000. */
export function similarPriceBand(price: number): number {
  return price < 50_000 ? 10_000 : 25_000;
}

function same(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());
}

function priced(car: Pick<Car, 'price'>): number | null {
  return typeof car.price === 'number' && car.price > 0 ? car.price : null;
}

/**
 * Up to 6 in-stock cars like `car`: cars of the same make and model first, then others in the
 * price band, each group ordered by closeness in price. A car without a price matches only its
 * own model, since there is no band to compare against.
 */
export function similarVehicles(car: Car, stock: readonly Car[], limit = SIMILAR_LIMIT): Car[] {
  const price = priced(car);
  const band = price === null ? 0 : similarPriceBand(price);
  const seen = new Set<string>([String(car.id)]);
  const sameModel: Car[] = [];
  const inBand: Car[] = [];
  for (const other of stock) {
    const id = String(other.id);
    if (seen.has(id) || other.slug === car.slug || other.status !== 'in_stock') continue;
    const otherPrice = priced(other);
    const withinBand = price !== null && otherPrice !== null && Math.abs(otherPrice - price) <= band;
    const modelMatch = same(other.make, car.make) && same(other.model, car.model);
    if (modelMatch && (withinBand || price === null)) sameModel.push(other);
    else if (withinBand) inBand.push(other);
    else continue;
    seen.add(id);
  }
  const distance = (other: Car) => (price === null || priced(other) === null ? 0 : Math.abs((priced(other) as number) - price));
  const byCloseness = (a: Car, b: Car) => distance(a) - distance(b);
  return [...sameModel.sort(byCloseness), ...inBand.sort(byCloseness)].slice(0, limit);
}
