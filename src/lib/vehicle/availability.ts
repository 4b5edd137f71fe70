/**
 * Car availability (spec §4 "Car available", §5 "Rego expiry").
 * Only an available car gets the price panel, finance, trade-in and action buttons, and only
 * available cars make and count the model tiles and Range menu of a range derived from stock.
 */
import { isoTimeAsUtc, presentText } from '../../schemas/feed-text.ts';
import { dealerWallClock } from '../text/dealer-time.ts';

/** Text shown for a car that is no longer available (spec §4). */
export const SOLD_MESSAGE = "Unfortunately this car recently sold. But don't worry, we can help you find a similar car!";

/** The sold message in the vehicle's own noun ('this bike', 'a similar caravan'); the spec's words for a car. */
export function soldMessage(noun: string): string {
  return SOLD_MESSAGE.replace(/\bcar\b/g, noun);
}
/** Button on a sold car (spec §4). */
export const FIND_SIMILAR_LABEL = 'Find Me Something Similar';
/** Tag on a sold car (spec §4). */
export const SOLD_TAG = 'JUST SOLD';

/** A car is available (for sale) when it is in stock or coming soon; sold cars are not, though shown for a few days. The one rule: pages, tiles and menus ask here. */
export function isCarAvailable(car: { readonly status?: string }): boolean {
  return car.status === 'in_stock' || car.status === 'coming_soon';
}

/** ISO 8601 as feeds write it: a month ('2023-07'), a day, or a date and time (zone optional). */
const ISO_DATE = /^\d{4}-\d{2}(?:-\d{2}(?:[T ]\d{2}:\d{2}\S*)?)?$/;

/**
 * Parse a feed date ('2026-03-01', '2023-07', ISO, or Australian '01/03/2026') to epoch ms; null when
 * unreadable. Other text ('Jul 2023', 'late 2023') is not guessed at: Date.parse reads it in the
 * machine's zone or makes up a month.
 */
export function parseFeedDate(text: string | null | undefined): number | null {
  if (!text) return null;
  const trimmed = text.trim();
  const au = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (au) {
    const [, day, month, year] = au;
    return Date.UTC(Number(year), Number(month) - 1, Number(day));
  }
  if (!ISO_DATE.test(trimmed)) return null;
  const parsed = Date.parse(isoTimeAsUtc(trimmed));
  return Number.isNaN(parsed) ? null : parsed;
}

/** The date part of an ISO feed date: year, month and (a month's 1st when left out) day. */
const WRITTEN_DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?/;

/**
 * The calendar day a feed date writes, as epoch ms of that day's UTC midnight (the form formatDay
 * takes); null when parseFeedDate cannot read it. A date is that day, a month its 1st, and a
 * date-time the date it writes, its offset aside ('2026-12-06T00:00:00+10:00' is 6 Dec, not the
 * UTC day 5 Dec it falls on): the day the feed means, which no zone moves.
 */
export function feedDay(text: string): number | null {
  const parsed = parseFeedDate(text);
  if (parsed === null) return null;
  const written = WRITTEN_DATE.exec(text.trim());
  // The Australian '06/12/2026' is parsed as its UTC midnight already.
  return written ? Date.UTC(Number(written[1]), Number(written[2]) - 1, Number(written[3] ?? 1)) : parsed;
}

/** A car's registration on the build day, from its feed expiry (spec §5 "Rego expiry"). */
export interface RegoStatus {
  /**
   * 'current' until the end of the expiry day; 'expired' after it; 'unregistered' when expired on a
   * site that shows that label (spec §5, only on certain sites); 'unknown' when the text is no date.
   */
  state: 'current' | 'expired' | 'unregistered' | 'unknown';
  /** The expiry as the feed gives it, trimmed. */
  text: string;
  /** The expiry day as written (feedDay: epoch ms, its UTC fields the day shown); null when the text is no date. */
  expiry: number | null;
}

/**
 * The registration of a car with this feed expiry at `now`; null when the feed gives none.
 * The expiry is the day the feed writes (feedDay, also the day the row shows) on the dealer's
 * calendar (`timeZone`, site.json `timezone`): a rego expiring today is still registered today,
 * and it has passed from the dealer's next midnight.
 */
export function regoStatus(regoExpiry: string | null | undefined, now: number, showUnregistered: boolean, timeZone: string): RegoStatus | null {
  const text = presentText(regoExpiry);
  if (text === null) return null;
  const expiry = feedDay(text);
  if (expiry === null) return { state: 'unknown', text, expiry };
  const today = dealerWallClock(now, timeZone);
  // Both days as UTC midnights: the day the row shows against the dealer's date.
  const passed = expiry < Date.UTC(today.year, today.month - 1, today.day);
  return { state: passed ? (showUnregistered ? 'unregistered' : 'expired') : 'current', text, expiry };
}
