/**
 * Test-drive appointment availability (local default): hourly slots inside a location's hours
 * on each date (its holiday entry first, then its weekly row: hoursOnDate), in the dealer's
 * time zone, from tomorrow for `days` days, minus the slots already booked. Pure (the clock
 * and bookings are arguments).
 */
import type { OpeningHour } from '../../../schemas/site.ts';
import { hoursOnDate, minutesText, type LocationHours } from '../../../lib/locations/locations.ts';
import { dealerIso, dealerWallClock, zoneOffset } from '../../../lib/text/dealer-time.ts';

/** Opening hours used when a location lists none: weekdays 9-5, Saturday 9-1. */
export const DEFAULT_HOURS: OpeningHour[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '09:00', close: '17:00' })),
  { weekday: 6, status: 'Open' as const, open: '09:00', close: '13:00' },
  { weekday: 0, status: 'Closed' as const },
];
/** Slot length: a test drive takes an hour. */
export const SLOT_MINUTES = 60;

/** UTC ms of a wall-clock time in `timeZone` (handles daylight saving by re-checking the offset). */
export function zonedTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/** One bookable slot. */
export interface Slot {
  /** The dealer's wall-clock ISO date-time with its offset (dealerIso): what the form posts, /success repeats and the dealer reads. */
  start: string;
  /** Wall-clock label, e.g. '9:00am'. */
  label: string;
}

/** The hours slots are cut from: the location's (holiday entries first, hoursOnDate), DEFAULT_HOURS for its week when it lists no weekly hours. */
function slotHours(hours: Partial<LocationHours> | undefined): LocationHours {
  const weekly = hours?.opening_hours ?? [];
  return { opening_hours: weekly.length > 0 ? weekly : DEFAULT_HOURS, special_hours: hours?.special_hours ?? [] };
}

/** Start minutes of the slots that fit inside a day's hours. */
function slotMinutes(hours: { open: number; close: number } | undefined): number[] {
  if (!hours) return [];
  const count = Math.max(0, Math.floor((hours.close - hours.open) / SLOT_MINUTES));
  return Array.from({ length: count }, (_, index) => hours.open + index * SLOT_MINUTES);
}

/** Available slots for `days` days from tomorrow (dealer time), inside the location's hours on each date (`hours`: its contact detail). */
export function availableSlots(input: { now: number; days: number; timeZone: string; hours?: Partial<LocationHours>; booked: readonly number[] }): { date: string; slots: Slot[] }[] {
  const hours = slotHours(input.hours);
  const booked = new Set(input.booked);
  const today = dealerWallClock(input.now, input.timeZone);
  const result: { date: string; slots: Slot[] }[] = [];
  for (let offset = 1; offset <= input.days; offset++) {
    const calendar = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const [year, month, day] = [calendar.getUTCFullYear(), calendar.getUTCMonth() + 1, calendar.getUTCDate()];
    const date = calendar.toISOString().slice(0, 10);
    const slots: Slot[] = [];
    for (const minutes of slotMinutes(hoursOnDate(hours, date).hours)) {
      const start = zonedTimeToUtc(year, month, day, Math.floor(minutes / 60), minutes % 60, input.timeZone);
      if (!booked.has(start)) slots.push({ start: dealerIso(start, input.timeZone), label: minutesText(minutes) });
    }
    result.push({ date, slots });
  }
  return result;
}
