/**
 * Timed promos and offers (spec §3 Promo node, §4 "Promo cards by car type with optional
 * strict display; timed promo between start and expiry", §2 promo popup with optional
 * expiry, §9 stocktake promo 1-24 July 2025 +10:00). Pure.
 */
import { CAR_TYPES, type CarType } from '../../schemas/car-types.ts';
import { dealerInstant, instantDay } from '../text/dealer-time.ts';
import { formatLongDay } from '../text/format.ts';

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

/**
 * Shown from start (inclusive) until expiry (exclusive); a missing bound is open. A bound
 * without an offset is the dealer's wall-clock time in `timeZone` (site.json timezone).
 */
export function isPromoActive(promo: Timed, now: number, timeZone: string): boolean {
  if (promo.start && now < dealerInstant(promo.start, timeZone)) return false;
  if (promo.expiry && now >= dealerInstant(promo.expiry, timeZone)) return false;
  return true;
}

/**
 * The day 'Offer ends {day}' names (formatLongDay, '24 July 2025'): the last day the offer is
 * shown, the dealer's day of the last instant before its expiry, which is exclusive (a midnight
 * or date-only expiry ends the day before). The one writer of an offer's end; '' for no date.
 */
export function offerEndsDay(expiry: string, timeZone: string): string {
  const end = dealerInstant(expiry, timeZone);
  return Number.isNaN(end) ? '' : formatLongDay(instantDay(end - 1, timeZone));
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
export function steadyPromoClock(now: number, timed: readonly Timed[], timeZone: string): number {
  return steadyClock(
    now,
    timed.flatMap((promo) => [promo.start, promo.expiry].map((instant) => (instant ? dealerInstant(instant, timeZone) : Number.NaN))),
  );
}

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
    const b = new Set(viewed.length === 0 ? CAR_TYPES : viewed);
    return a.size === b.size && [...a].every((type) => b.has(type));
  }
  if (viewed.length === 0) return true;
  return viewed.some((type) => display.includes(type));
}

/** Offers to show: active at `now`, matching the viewed car types, at most `count`. */
export function visibleOffers<T extends Timed & CarTypeTargeted>(
  offers: readonly T[],
  now: number,
  viewed: readonly CarType[],
  count: number,
  timeZone: string,
): T[] {
  return offers.filter((offer) => isPromoActive(offer, now, timeZone) && promoMatchesCarTypes(offer, viewed)).slice(0, Math.max(0, count));
}

/** Where Clear Filters goes from an offers page, /offers too: spec §2's default clear-filters target. */
export const OFFERS_CLEAR_HREF = '/special-offers';

/** Car types named by an offers-page query (?car_type=new,demo); unknown values are ignored. */
export function carTypesFromQuery(value: string | null | undefined): CarType[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((part) => part.trim().toLowerCase()))].filter((part): part is CarType =>
    (CAR_TYPES as readonly string[]).includes(part),
  );
}

/** A popup with an expiry in the past is not shown; without expiry it always may be. An expiry without an offset is the dealer's time. */
export function isPopupExpired(popup: { expiry?: string }, now: number, timeZone: string): boolean {
  return Boolean(popup.expiry && now >= dealerInstant(popup.expiry, timeZone));
}

/** Whether the promo popup shows: enabled, configured, not expired, not closed earlier in this visit. */
export function shouldShowPopup(options: { enabled: boolean; popup?: { expiry?: string }; now: number; dismissed: boolean; timeZone: string }): boolean {
  return options.enabled && Boolean(options.popup) && !options.dismissed && !isPopupExpired(options.popup!, options.now, options.timeZone);
}

/** The spec's example of a dated promo: the stocktake sale, 1-24 July 2025 in +10:00. */
export const STOCKTAKE_PROMO: Required<Timed> = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-25T00:00:00+10:00' };
