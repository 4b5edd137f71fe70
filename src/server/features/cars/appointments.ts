/**
 * Test-drive appointment availability (local default): hourly slots inside a location's hours
 * on each date (its holiday entry first, then its weekly row: hoursOnDate), in the dealer's
 * time zone, from tomorrow for `days` days, minus the slots already booked; and whether a
 * lead's test-drive time is one of those slots (offersSlot, the same grid). Pure (the clock
 * and bookings are arguments).
 */
import type { OpeningHour } from '../../../schemas/site.ts';
import type { Slot } from '../../kernel/adapters.ts';
import { hoursOnDate, minutesText, type LocationHours } from '../../../lib/locations/locations.ts';
import { dealerDateAfter, dealerIso, dealerWallClock, zoneOffset } from '../../../lib/text/dealer-time.ts';

/** Opening hours used when a location lists none: weekdays 9-5, Saturday 9-1. */
export const DEFAULT_HOURS: OpeningHour[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '09:00', close: '17:00' })),
  { weekday: 6, status: 'Open' as const, open: '09:00', close: '13:00' },
  { weekday: 0, status: 'Closed' as const },
];
/** Slot length: a test drive takes an hour. */
export const SLOT_MINUTES = 60;
/** The most days the availability call lists (its `days`, 1 to this), and how far ahead a lead's test-drive time may be. */
export const MAX_BOOKING_DAYS = 31;

/** UTC ms of a wall-clock time in `timeZone` (handles daylight saving by re-checking the offset). */
export function zonedTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/** The hours slots are cut from: the location's (holiday entries first, hoursOnDate), DEFAULT_HOURS for its week when it lists no weekly hours. */
function slotHours(hours: Partial<LocationHours> | undefined): LocationHours {
  const weekly = hours?.opening_hours ?? [];
  return { opening_hours: weekly.length > 0 ? weekly : DEFAULT_HOURS, special_hours: hours?.special_hours ?? [] };
}

/**
 * The slots of one dealer date ('2026-12-25'): hour-long, from its opening time while one ends
 * by its closing time (none on a closed day), each as its instant and the minutes since midnight
 * it starts at. The one slot grid: what the availability call lists and a booking must match.
 */
function dateSlots(date: string, hours: LocationHours, timeZone: string): { at: number; minutes: number }[] {
  const day = hoursOnDate(hours, date).hours;
  if (!day) return [];
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const count = Math.max(0, Math.floor((day.close - day.open) / SLOT_MINUTES));
  return Array.from({ length: count }, (_, index) => {
    const minutes = day.open + index * SLOT_MINUTES;
    return { at: zonedTimeToUtc(year, month, dayOfMonth, Math.floor(minutes / 60), minutes % 60, timeZone), minutes };
  });
}

/** Where and when slots are cut: the clock, the dealer's time zone and the location's hours (its contact detail). */
export interface SlotGrid {
  now: number;
  timeZone: string;
  hours?: Partial<LocationHours>;
}

/** Available slots for `days` days from tomorrow (dealer time), inside the location's hours on each date, less the `booked` ones. */
export function availableSlots(input: SlotGrid & { days: number; booked: readonly number[] }): { date: string; slots: Slot[] }[] {
  const hours = slotHours(input.hours);
  const booked = new Set(input.booked);
  return Array.from({ length: input.days }, (_, index) => {
    const date = dealerDateAfter(input.now, index + 1, input.timeZone);
    const slots = dateSlots(date, hours, input.timeZone)
      .filter((slot) => !booked.has(slot.at))
      .map((slot) => ({ start: dealerIso(slot.at, input.timeZone), label: minutesText(slot.minutes) }));
    return { date, slots };
  });
}

/**
 * Whether `startsAt` (epoch ms) starts a slot the availability call offers on one of its days
 * (tomorrow to MAX_BOOKING_DAYS on), booked or not: a lead's test-drive time must be one. The
 * past, today, a closed day or holiday, a time outside the hours and one off the slot grid
 * (9:15 beside a 9:00 slot) are not.
 */
export function offersSlot(grid: SlotGrid, startsAt: number): boolean {
  if (!Number.isFinite(startsAt)) return false;
  const date = dealerWallClock(startsAt, grid.timeZone).date;
  if (date < dealerDateAfter(grid.now, 1, grid.timeZone) || date > dealerDateAfter(grid.now, MAX_BOOKING_DAYS, grid.timeZone)) return false;
  return dateSlots(date, slotHours(grid.hours), grid.timeZone).some((slot) => slot.at === startsAt);
}
