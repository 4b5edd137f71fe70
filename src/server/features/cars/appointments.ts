/**
 * Test-drive appointment availability (local default): hourly slots inside a location's
 * opening hours, in the dealer's time zone, from tomorrow for `days` days, minus the
 * slots already booked. Pure (the clock and bookings are arguments).
 */
import type { OpeningHour } from '../../../schemas/site.ts';
import { dealerIso, zoneOffset } from '../../../lib/text/dealer-time.ts';

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

/** The calendar date (y, m, d) and weekday in `timeZone` at `utcMs`. */
function zonedDate(utcMs: number, timeZone: string): { year: number; month: number; day: number } {
  const shifted = new Date(utcMs + zoneOffset(utcMs, timeZone));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** One bookable slot. */
export interface Slot {
  /** The dealer's wall-clock ISO date-time with its offset (dealerIso): what the form posts, /success repeats and the dealer reads. */
  start: string;
  /** Wall-clock label, e.g. '9:00am'. */
  label: string;
}

/** Available slots for `days` days from tomorrow (dealer time). */
export function availableSlots(input: { now: number; days: number; timeZone: string; hours?: readonly OpeningHour[]; booked: readonly number[] }): { date: string; slots: Slot[] }[] {
  const hours = input.hours && input.hours.length > 0 ? input.hours : DEFAULT_HOURS;
  const booked = new Set(input.booked);
  const today = zonedDate(input.now, input.timeZone);
  const result: { date: string; slots: Slot[] }[] = [];
  for (let offset = 1; offset <= input.days; offset++) {
    const calendar = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const year = calendar.getUTCFullYear();
    const month = calendar.getUTCMonth() + 1;
    const day = calendar.getUTCDate();
    const weekday = calendar.getUTCDay();
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const row = hours.find((entry) => entry.weekday === weekday);
    const slots: Slot[] = [];
    if (row && row.status === 'Open' && row.open && row.close) {
      const [openH, openM] = row.open.split(':').map(Number) as [number, number];
      const [closeH, closeM] = row.close.split(':').map(Number) as [number, number];
      for (let minutes = openH * 60 + openM; minutes + SLOT_MINUTES <= closeH * 60 + closeM; minutes += SLOT_MINUTES) {
        const start = zonedTimeToUtc(year, month, day, Math.floor(minutes / 60), minutes % 60, input.timeZone);
        if (booked.has(start)) continue;
        const hour12 = Math.floor(minutes / 60) % 12 || 12;
        slots.push({ start: dealerIso(start, input.timeZone), label: `${hour12}:${String(minutes % 60).padStart(2, '0')}${minutes >= 720 ? 'pm' : 'am'}` });
      }
    }
    result.push({ date, slots });
  }
  return result;
}
