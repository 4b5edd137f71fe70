/**
 * Mass-change guard: a feed that would take more than a set share of a tenant's visible stock
 * off the site (a truncated export, a DMS that lost its filter) is held until an operator
 * confirms it, instead of emptying the site. Pure: compares the tenant's current cars with
 * the feed's (as parsed by the intake: assessParsedChange; assessMassChange parses records).
 */
import { PIPELINE_DEFAULTS } from '../../config/pipeline.ts';
import { parseStock, stockKey, visibleStock } from '../../lib/vehicle/stock.ts';
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';

/** When a feed is held. */
export interface GuardSettings {
  /** Hold a feed removing more than this share (0-1) of the visible stock. */
  maxRemovedShare: number;
  /** Never hold a feed removing fewer cars than this. */
  minRemoved: number;
}

/** Pipeline defaults (src/config/pipeline.ts; `--max-removed-share`, `--min-removed`); a tenant's feed-mapping.json `guard` overrides them. */
export const GUARD_DEFAULTS: GuardSettings = PIPELINE_DEFAULTS.guard;

/** What a feed would do to the visible stock. */
export interface MassChange {
  visibleBefore: number;
  visibleAfter: number;
  /** Ids visible now that the feed would take off the site. */
  removed: string[];
  held: boolean;
  /** Why the feed is held (for reports and the operator page). */
  reason?: string;
}

/** What identifies a vehicle across feeds: its id, its stock number within its dealership (stockKey), its VIN. */
function vehicleKeys(car: Car): string[] {
  const keys = [`id:${String(car.id)}`];
  const stock = stockKey(car);
  if (stock) keys.push(`stock:${stock}`);
  if (car.vin) keys.push(`vin:${car.vin.toLowerCase()}`);
  return keys;
}

/** Compare the visible stock before and after a feed at `now`, from raw records. */
export function assessMassChange(slug: string, site: Pick<Site, 'include_sold_cars_days' | 'stock_rules'>, current: readonly unknown[], next: readonly unknown[], now: number, settings: GuardSettings): MassChange {
  return assessParsedChange(site, parseStock(slug, current).cars, parseStock(slug, next).cars, now, settings);
}

/** Compare the visible stock before and after a feed at `now`, from the parsed cars of both. */
export function assessParsedChange(site: Pick<Site, 'include_sold_cars_days' | 'stock_rules'>, currentCars: readonly Car[], nextCars: readonly Car[], now: number, settings: GuardSettings): MassChange {
  const before = visibleStock(currentCars, site, now);
  const afterCars = visibleStock(nextCars, site, now);
  // A vehicle stays when the feed still has it under its id, stock number or VIN: a dealer
  // moving from JSON ids to a CSV keyed by stock number keeps its stock.
  const after = new Set(afterCars.flatMap(vehicleKeys));
  const removed = before.filter((car) => !vehicleKeys(car).some((key) => after.has(key))).map((car) => String(car.id));
  const share = before.length ? removed.length / before.length : 0;
  const held = removed.length >= settings.minRemoved && share > settings.maxRemovedShare;
  return {
    visibleBefore: before.length,
    visibleAfter: afterCars.length,
    removed,
    held,
    ...(held
      ? { reason: `the feed would take ${removed.length} of ${before.length} visible cars (${Math.round(share * 100)} %) off the site, more than the ${Math.round(settings.maxRemovedShare * 100)} % the mass-change guard allows: held until an operator confirms it` }
      : {}),
  };
}
