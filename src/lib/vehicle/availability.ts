/**
 * Car availability (spec §4 "Car available", §5 "Rego expiry").
 * Only an available car gets the price panel, finance, trade-in and action buttons, and only
 * available cars make and count the model tiles and Range menu of a range derived from stock.
 */
import { presentText } from '../../schemas/feed-text.ts';

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

/** Parse a feed date ('2026-03-01', ISO, or Australian '01/03/2026') to epoch ms; null when unreadable. */
export function parseFeedDate(text: string | null | undefined): number | null {
  if (!text) return null;
  const trimmed = text.trim();
  const au = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (au) {
    const [, day, month, year] = au;
    return Date.UTC(Number(year), Number(month) - 1, Number(day));
  }
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * Registration line for the spec list: the expiry date as given, or 'Unregistered' when the
 * expiry is in the past and the site shows that label (spec §5, only on certain sites).
 * A rego expiring today is still registered today, so only a day strictly before `now` counts.
 */
export function regoExpiryDisplay(
  regoExpiry: string | null | undefined,
  now: number,
  showUnregistered: boolean,
): string | null {
  if (!regoExpiry || presentText(regoExpiry) === null) return null;
  const expiry = parseFeedDate(regoExpiry);
  if (showUnregistered && expiry !== null) {
    const endOfExpiryDay = expiry + 86_400_000;
    if (endOfExpiryDay <= now) return 'Unregistered';
  }
  return regoExpiry.trim();
}
