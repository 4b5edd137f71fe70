/**
 * Similar vehicles (spec §7 "Similar vehicles", §9): same model first, then cars of the same
 * kind (a bike for a bike, a truck for a truck), then any other car, in the price band ($10,000
 * either side under $50,000, else $25,000), in stock only, de-duplicated by id, up to 6.
 * Computed at build time from the tenant's visible stock; the page's refresh from the search
 * engine (src/search/browser/similar.ts) ranks its hits with the same rule, so an unchanged stock
 * gives the same list: closeness in price, then the engine's own order (newest
 * first, then the id), never the order the cars came in.
 */
import type { Car } from '../../schemas/car.ts';

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

/** Ids in one fixed order: whole numbers by value, then any other id as text. */
export function compareCarIds(a: Pick<Car, 'id'>, b: Pick<Car, 'id'>): number {
  const left = String(a.id);
  const right = String(b.id);
  const leftNumber = /^\d{1,15}$/.test(left);
  const rightNumber = /^\d{1,15}$/.test(right);
  if (leftNumber && rightNumber) return Number(left) - Number(right);
  if (leftNumber !== rightNumber) return leftNumber ? -1 : 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whole seconds of a car's created_at (0 without one), as the search documents rank by it. */
function createdSeconds(car: Pick<Car, 'created_at'>): number {
  const ms = car.created_at ? Date.parse(car.created_at) : Number.NaN;
  return Number.isNaN(ms) ? 0 : Math.max(0, Math.min(Math.floor(ms / 1000), 9_999_999_999));
}

/**
 * The ranking of similar cars to one priced `price` (null = no price): nearest in price first;
 * equal distances in the search engine's default order, newest first and then by id, so the
 * engine's nearest hits of each side are the cars this ranking picks.
 */
export function similarOrder(price: number | null): (a: Car, b: Car) => number {
  const distance = (other: Car) => (price === null || priced(other) === null ? 0 : Math.abs((priced(other) as number) - price));
  return (a, b) => distance(a) - distance(b) || createdSeconds(b) - createdSeconds(a) || compareCarIds(a, b);
}

/**
 * Up to 6 in-stock cars like `car`: cars of the same make and model first, then others of the
 * same kind in the price band, then the band's other kinds, each group ordered by closeness in
 * price. A car without a price matches only its own model, since there is no band to compare against.
 */
export function similarVehicles(car: Car, stock: readonly Car[], limit = SIMILAR_LIMIT): Car[] {
  const price = priced(car);
  const band = price === null ? 0 : similarPriceBand(price);
  const kind = car.vehicle_kind;
  const seen = new Set<string>([String(car.id)]);
  const sameModel: Car[] = [];
  const sameKind: Car[] = [];
  const otherKind: Car[] = [];
  for (const other of stock) {
    const id = String(other.id);
    if (seen.has(id) || other.slug === car.slug || other.status !== 'in_stock') continue;
    const otherPrice = priced(other);
    const withinBand = price !== null && otherPrice !== null && Math.abs(otherPrice - price) <= band;
    const modelMatch = same(other.make, car.make) && same(other.model, car.model);
    if (modelMatch && (withinBand || price === null)) sameModel.push(other);
    else if (withinBand) (other.vehicle_kind === kind ? sameKind : otherKind).push(other);
    else continue;
    seen.add(id);
  }
  const byCloseness = similarOrder(price);
  return [...sameModel.sort(byCloseness), ...sameKind.sort(byCloseness), ...otherKind.sort(byCloseness)].slice(0, limit);
}

/**
 * The same answers as `similarVehicles`, for every car of a large stock: cars are indexed by
 * model and sorted by price once, so each lookup walks only the nearest prices instead of the
 * whole stock (a 16,000-car build would otherwise compare every pair).
 */
export function createSimilarIndex(stock: readonly Car[], limit = SIMILAR_LIMIT): (car: Car) => Car[] {
  const order = new Map<Car, number>();
  stock.forEach((car, index) => order.set(car, index));
  const inStock = stock.filter((car) => car.status === 'in_stock');
  const modelKey = (car: Car) => (car.make && car.model ? `${car.make.trim().toLowerCase()}|${car.model.trim().toLowerCase()}` : null);
  const byModel = new Map<string, Car[]>();
  for (const car of inStock) {
    const key = modelKey(car);
    if (!key) continue;
    const list = byModel.get(key) ?? [];
    list.push(car);
    byModel.set(key, list);
  }
  /** In-stock priced cars sorted by price: all of them, and those of each kind. */
  const sortByPrice = (cars: Car[]) => cars.sort((a, b) => (priced(a) as number) - (priced(b) as number) || (order.get(a) as number) - (order.get(b) as number));
  const byPrice = sortByPrice(inStock.filter((car) => priced(car) !== null));
  const byKind = new Map<string, Car[]>();
  for (const car of byPrice) {
    const list = byKind.get(car.vehicle_kind) ?? [];
    list.push(car);
    byKind.set(car.vehicle_kind, list);
  }

  const lowerBound = (list: readonly Car[], value: number) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((priced(list[mid]) as number) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** Up to `need` cars of `list` nearest to `price` within `band`, walking outward; `take` says which count. */
  const nearest = (list: readonly Car[], price: number, band: number, need: number, take: (other: Car) => boolean): Car[] => {
    const found: Car[] = [];
    let left = lowerBound(list, price) - 1;
    let right = left + 1;
    let lastDistance = -1;
    while (left >= 0 || right < list.length) {
      const leftDistance = left >= 0 ? price - (priced(list[left]) as number) : Infinity;
      const rightDistance = right < list.length ? (priced(list[right]) as number) - price : Infinity;
      const nextDistance = Math.min(leftDistance, rightDistance);
      if (nextDistance > band) break;
      // Stop once enough are found and the next is farther (equal distances are all kept, then ranked).
      if (found.length >= need && nextDistance > lastDistance) break;
      const other = leftDistance <= rightDistance ? list[left--] : list[right++];
      lastDistance = nextDistance;
      if (take(other)) found.push(other);
    }
    return found;
  };

  return (car: Car) => {
    const price = priced(car);
    const key = modelKey(car);
    const band = price === null ? 0 : similarPriceBand(price);
    const seen = new Set<string>([String(car.id)]);
    const closeness = similarOrder(price);
    const sameModel: Car[] = [];
    // byModel lists are in stock order already (made from the stock in order).
    for (const other of key ? (byModel.get(key) ?? []) : []) {
      const id = String(other.id);
      if (seen.has(id) || other.slug === car.slug) continue;
      const otherPrice = priced(other);
      const withinBand = price !== null && otherPrice !== null && Math.abs(otherPrice - price) <= band;
      if (!withinBand && price !== null) continue;
      seen.add(id);
      sameModel.push(other);
    }
    sameModel.sort(closeness);
    if (sameModel.length >= limit || price === null) return sameModel.slice(0, limit);

    // The nearest cars of the same kind, then (when they are too few) of the other kinds.
    const kind = car.vehicle_kind;
    const fresh = (other: Car) => {
      const id = String(other.id);
      if (seen.has(id) || other.slug === car.slug || (key && modelKey(other) === key)) return false;
      seen.add(id);
      return true;
    };
    const sameKind = nearest(byKind.get(kind) ?? [], price, band, limit - sameModel.length, fresh).sort(closeness);
    const need = limit - sameModel.length - sameKind.length;
    const otherKind = need > 0 ? nearest(byPrice, price, band, need, (other) => other.vehicle_kind !== kind && fresh(other)).sort(closeness) : [];
    return [...sameModel, ...sameKind, ...otherKind].slice(0, limit);
  };
}
