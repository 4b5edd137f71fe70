/**
 * Change detection: the visible stock about to be published is compared, car
 * by car, with the stock of the release that is live now. It also works out which per-car
 * pages an incremental release must re-render: the changed and added cars, and the cars
 * whose "similar vehicles" list shows a car that changed, appeared or went away. Pure.
 */
import { createHash } from 'node:crypto';
import { createSimilarIndex, similarPriceBand } from '../../lib/vehicle/similar-vehicles.ts';
import type { Car } from '../../schemas/car.ts';

/** JSON with object keys sorted, so equal records give equal text whatever the key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .filter((key) => object[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(object[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Content fingerprint of one car record (sha256 of its stable JSON, shortened). */
export function carFingerprint(car: Car): string {
  return createHash('sha256').update(stableJson(car)).digest('hex').slice(0, 24);
}

/** The widest similar-vehicles price band (either side). */
const MAX_BAND = similarPriceBand(Number.MAX_SAFE_INTEGER);

/** Per-car difference between the live stock and the next stock (ids as strings). */
export interface StockDiff {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
}

/** Compare live fingerprints (id -> fingerprint) with the next visible cars. */
export function diffStock(previous: ReadonlyMap<string, string>, next: readonly Car[]): StockDiff {
  const added: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const car of next) {
    const id = String(car.id);
    seen.add(id);
    const before = previous.get(id);
    if (before === undefined) added.push(id);
    else if (before !== carFingerprint(car)) changed.push(id);
    else unchanged += 1;
  }
  const removed = [...previous.keys()].filter((id) => !seen.has(id));
  return { added, changed, removed, unchanged };
}

/** True when nothing differs. */
export function isEmptyDiff(diff: StockDiff): boolean {
  return diff.added.length === 0 && diff.changed.length === 0 && diff.removed.length === 0;
}

/**
 * Slugs of the per-car pages an incremental release must render: added and changed cars,
 * cars whose slug changed, and every car whose similar-vehicles list (which shows other
 * cars' names, prices and photos) differs between the old and the new stock or includes a
 * changed car.
 */
export function affectedCarSlugs(previousCars: readonly Car[], nextCars: readonly Car[], diff: StockDiff): string[] {
  const touched = new Set([...diff.added, ...diff.changed, ...diff.removed]);
  const affected = new Set<string>();
  for (const car of nextCars) if (touched.has(String(car.id))) affected.add(car.slug);
  if (touched.size === 0) return [];
  const previousById = new Map(previousCars.map((car) => [String(car.id), car]));
  const ids = (cars: readonly Car[]) => cars.map((car) => String(car.id)).join(',');
  const touchedCars = [...previousCars, ...nextCars].filter((car) => touched.has(String(car.id)));
  const key = (car: Car) => `${(car.make ?? '').trim().toLowerCase()}|${(car.model ?? '').trim().toLowerCase()}`;
  const touchedModels = new Set(touchedCars.map(key));
  const touchedPrices = touchedCars.map((car) => (typeof car.price === 'number' && car.price > 0 ? car.price : null)).filter((price) => price !== null);
  // Only a car of the same model or within the widest price band can list a touched car.
  const couldList = (car: Car) =>
    touchedModels.has(key(car)) || (typeof car.price === 'number' && car.price > 0 && touchedPrices.some((price) => Math.abs(price - (car.price as number)) <= MAX_BAND));
  // The same index the vehicle page uses (same answers as similarVehicles, fast on large stock).
  const similarNow = createSimilarIndex(nextCars);
  const similarBefore = createSimilarIndex(previousCars);
  for (const car of nextCars) {
    if (affected.has(car.slug) || !couldList(car)) continue;
    const now = similarNow(car);
    if (now.some((other) => touched.has(String(other.id)))) {
      affected.add(car.slug);
      continue;
    }
    const before = previousById.get(String(car.id));
    if (before && ids(similarBefore(before)) !== ids(now)) affected.add(car.slug);
  }
  return [...affected].sort();
}
