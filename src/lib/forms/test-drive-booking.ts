/**
 * When a test drive can be booked (spec §5 "Test-drive form"): from the dealer's tomorrow for
 * MAX_BOOKING_DAYS days. The one owner of that window: the availability call lists (at most) its
 * days, the lead API takes a test-drive time only inside it, and the form's free date-time box
 * offers only it. Also the delivery locations a test drive of a car may name (deliveryLocations):
 * the form offers them and the lead API takes only them.
 */
import { dealerDateAfter } from '../text/dealer-time.ts';

/** The most days the availability call lists (its `days`, 1 to this), and how far ahead a test drive may be booked. */
export const MAX_BOOKING_DAYS = 31;

/** The first and the last of the dealer's dates ('2026-12-25') a test drive may be booked on at `now`: tomorrow, and MAX_BOOKING_DAYS days on. */
export function testDriveDates(now: number, timeZone: string): { first: string; last: string } {
  return { first: dealerDateAfter(now, 1, timeZone), last: dealerDateAfter(now, MAX_BOOKING_DAYS, timeZone) };
}

/** A car as far as its delivery locations go: the Car of the stock and the LeadCar of the forms both are. */
interface DeliveringCar {
  location?: { distribution_locations?: readonly { name?: string | null; slug?: string | null }[] | null } | null;
}

/** The delivery locations of a test drive of `car`, as the form offers them: each of its location's distribution locations by name, else by slug. */
export function deliveryLocations(car: DeliveringCar | null | undefined): string[] {
  return (car?.location?.distribution_locations ?? []).map((entry) => entry.name ?? entry.slug ?? '').filter(Boolean);
}
