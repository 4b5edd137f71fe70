/**
 * When a test drive can be booked (spec §5 "Test-drive form"): from the dealer's tomorrow for
 * MAX_BOOKING_DAYS days. The one owner of that window: the availability call lists (at most) its
 * days, the lead API takes a test-drive time only inside it, and the form's free date-time box
 * offers only it (on every clock the lead API may read a typed time on: typedTestDriveDates).
 * Also the delivery locations a test drive of a car may name (deliveryLocations): the form
 * offers them and the lead API takes only them.
 */
import { dealerDateAfter } from '../text/dealer-time.ts';
import { oneLine } from '../../schemas/forms/fields.ts';

/** The most days the availability call lists (its `days`, 1 to this), and how far ahead a test drive may be booked. */
export const MAX_BOOKING_DAYS = 31;

/** The first and the last of the dealer's dates ('2026-12-25') a test drive may be booked on at `now`: tomorrow, and MAX_BOOKING_DAYS days on. */
export function testDriveDates(now: number, timeZone: string): { first: string; last: string } {
  return { first: dealerDateAfter(now, 1, timeZone), last: dealerDateAfter(now, MAX_BOOKING_DAYS, timeZone) };
}

/**
 * The dates a test-drive time typed without a zone may be booked on at `now`, on whichever of
 * `timeZones` the lead API reads it (AppointmentsAdapter.typedTimeZone: the site's on the local
 * grid, the car's location's with a provider): the testDriveDates of every one of them. The
 * form's free box offers these, so no date it offers is refused; with one zone (an availability
 * answer's, or a car at a location on the site's clock) they are that zone's testDriveDates.
 */
export function typedTestDriveDates(now: number, timeZones: readonly [string, ...string[]]): { first: string; last: string } {
  const spans = timeZones.map((zone) => testDriveDates(now, zone));
  const first = spans.map((span) => span.first).reduce((later, date) => (date > later ? date : later));
  const last = spans.map((span) => span.last).reduce((earlier, date) => (date < earlier ? date : earlier));
  return { first, last };
}

/** A car as far as its delivery locations go: the Car of the stock and the LeadCar of the forms both are. */
interface DeliveringCar {
  location?: { distribution_locations?: readonly { name?: string | null; slug?: string | null }[] | null } | null;
}

/** A feed's text as the lead schema reads a posted one-line field (oneLine, then trimmed): what the form sends is what the lead API compares. */
const asPosted = (text: string | null | undefined): string => oneLine(text ?? '').trim();

/**
 * The delivery locations of a test drive of `car`, as the form offers them and the lead API reads
 * them back: each of its location's distribution locations by name, else (a blank name) by slug,
 * one line and trimmed; each once. Each fits the field it is sent in: reading the feed dropped a
 * name or slug longer than DELIVERY_LOCATION_MAX (src/schemas/dropped-values.ts).
 */
export function deliveryLocations(car: DeliveringCar | null | undefined): string[] {
  const names = (car?.location?.distribution_locations ?? []).map((entry) => asPosted(entry.name) || asPosted(entry.slug));
  return [...new Set(names.filter(Boolean))];
}
