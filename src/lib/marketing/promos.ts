/**
 * Timed promos and offers (spec §3 Promo node, §4 "Promo cards by car type with optional
 * strict display; timed promo between start and expiry", §2 promo popup with optional
 * expiry, §9 stocktake promo 1-24 July 2025 +10:00). Pure.
 */
import type { CarType } from '../../schemas/car.ts';

/** The timing fields of a promo, offer, slide or popup. */
export interface Timed {
  start?: string;
  expiry?: string;
}

/** The car-type fields of a promo node. */
export interface CarTypeTargeted {
  display?: readonly CarType[];
  strictDisplay?: boolean;
}

/** Shown from start (inclusive) until expiry (exclusive); a missing bound is open. */
export function isPromoActive(promo: Timed, now: number): boolean {
  if (promo.start && now < Date.parse(promo.start)) return false;
  if (promo.expiry && now >= Date.parse(promo.expiry)) return false;
  return true;
}

/**
 * The first instant of the span around `now` in which no decision changes, given the instants at
 * which one does: the latest of them at or before `now`, or 0 when none is (NaN is ignored). A
 * page that hands a clock to the browser hands this one, not the build's moment, so that every
 * build in the span writes the same bytes and a code deploy does not upload the page again.
 */
export function steadyClock(now: number, changes: Iterable<number>): number {
  let latest = 0;
  for (const instant of changes) if (instant <= now && instant > latest) latest = instant;
  return latest;
}

/** steadyClock for isPromoActive over `timed`: its starts and expiries are where it changes. */
export function steadyPromoClock(now: number, timed: readonly Timed[]): number {
  return steadyClock(
    now,
    timed.flatMap((promo) => [promo.start, promo.expiry].map((instant) => (instant ? Date.parse(instant) : Number.NaN))),
  );
}

/** The car types (schemas/car.ts CAR_TYPES, named here so that islands do not load the schemas). */
const EVERY_CAR_TYPE: readonly CarType[] = ['new', 'used', 'demo'];

/**
 * Whether a promo shows for the car types being viewed (empty = all types):
 * without `display` it always shows; normally it shows when any viewed type is targeted
 * (or nothing is filtered); with strictDisplay only when the viewed types are exactly its display types.
 */
export function promoMatchesCarTypes(promo: CarTypeTargeted, viewed: readonly CarType[]): boolean {
  const display = promo.display ?? [];
  if (display.length === 0) return true;
  if (promo.strictDisplay) {
    const a = new Set(display);
    // An unfiltered page views every type: a strict promo listing all three shows there.
    const b = new Set(viewed.length === 0 ? EVERY_CAR_TYPE : viewed);
    return a.size === b.size && [...a].every((type) => b.has(type));
  }
  if (viewed.length === 0) return true;
  return viewed.some((type) => display.includes(type));
}

/** Offers to show: active at `now`, matching the viewed car types, at most `count`. */
export function visibleOffers<T extends Timed & CarTypeTargeted>(offers: readonly T[], now: number, viewed: readonly CarType[], count: number): T[] {
  return offers.filter((offer) => isPromoActive(offer, now) && promoMatchesCarTypes(offer, viewed)).slice(0, Math.max(0, count));
}

/** Car types named by an offers-page query (?car_type=new,demo); unknown values are ignored. */
export function carTypesFromQuery(value: string | null | undefined): CarType[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((part) => part.trim().toLowerCase()))].filter((part): part is CarType =>
    (EVERY_CAR_TYPE as readonly string[]).includes(part),
  );
}

/** A popup with an expiry in the past is not shown; without expiry it always may be. */
export function isPopupExpired(popup: { expiry?: string }, now: number): boolean {
  return Boolean(popup.expiry && now >= Date.parse(popup.expiry));
}

/** Whether the promo popup shows: enabled, configured, not expired, not closed earlier in this visit. */
export function shouldShowPopup(options: { enabled: boolean; popup?: { expiry?: string }; now: number; dismissed: boolean }): boolean {
  return options.enabled && Boolean(options.popup) && !options.dismissed && !isPopupExpired(options.popup!, options.now);
}

/** The spec's example of a dated promo: the stocktake sale, 1-24 July 2025 in +10:00. */
export const STOCKTAKE_PROMO: Required<Timed> = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-25T00:00:00+10:00' };
