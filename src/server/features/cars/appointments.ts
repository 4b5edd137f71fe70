/**
 * Test-drive appointment availability (local default): hourly slots inside a location's hours
 * on each date (its holiday entry first, then its weekly row: hoursOnDate), in the dealer's
 * time zone, from tomorrow for `days` days, minus the slots a booked drive overlaps; and the
 * hour a lead's test drive holds the car from its time, a listed slot or a time typed between
 * them (driveTime); and the time taken while an appointments provider cannot be asked, checked
 * against the same dates and hours (unaskedDriveTime). Pure (the clock and bookings are arguments).
 */
import type { OpeningHour } from '../../../schemas/site.ts';
import type { DriveTime, Slot } from '../../kernel/adapters.ts';
import { hoursOnDate, minutesText, type LocationHours } from '../../../lib/locations/locations.ts';
import { dealerDateAfter, dealerInstant, dealerIso, dealerWallClock } from '../../../lib/text/dealer-time.ts';
import { testDriveDates } from '../../../lib/forms/test-drive-booking.ts';

/** Opening hours used when a location lists none: weekdays 9-5, Saturday 9-1. */
export const DEFAULT_HOURS: OpeningHour[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '09:00', close: '17:00' })),
  { weekday: 6, status: 'Open' as const, open: '09:00', close: '13:00' },
  { weekday: 0, status: 'Closed' as const },
];
/** Slot length: a test drive takes an hour. */
export const SLOT_MINUTES = 60;
/** A test drive's hour, in ms. */
export const SLOT_MS = SLOT_MINUTES * 60_000;
/** What a local-grid booking stored before migration 310 (no ends_at) held: the hour-long slot of that grid; fixed, whatever SLOT_MINUTES becomes. */
export const UNENDED_GRID_BOOKING_MS = 3_600_000;

/** The hours slots are cut from: the location's (holiday entries first, hoursOnDate), DEFAULT_HOURS for its week when it lists no weekly hours. */
function slotHours(hours: Partial<LocationHours> | undefined): LocationHours {
  const weekly = hours?.opening_hours ?? [];
  return { opening_hours: weekly.length > 0 ? weekly : DEFAULT_HOURS, special_hours: hours?.special_hours ?? [] };
}

/** The instant of a time of day (minutes since midnight) on one dealer date ('2026-12-25'). */
function dateTimeAt(date: string, minutes: number, timeZone: string): number {
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return dealerInstant(`${date}T${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`, timeZone);
}

/**
 * The slots of one dealer date ('2026-12-25'): hour-long, from its opening time while one ends
 * by its closing time (none on a closed day), each as its instant and the minutes since midnight
 * it starts at. The one slot grid: what the availability call lists and a booking takes.
 */
function dateSlots(date: string, hours: LocationHours, timeZone: string): { at: number; minutes: number }[] {
  const day = hoursOnDate(hours, date).hours;
  if (!day) return [];
  const count = Math.max(0, Math.floor((day.close - day.open) / SLOT_MINUTES));
  return Array.from({ length: count }, (_, index) => {
    const minutes = day.open + index * SLOT_MINUTES;
    return { at: dateTimeAt(date, minutes, timeZone), minutes };
  });
}

/** Where and when slots are cut: the clock, the dealer's time zone and the location's hours (its contact detail). */
export interface SlotGrid {
  now: number;
  timeZone: string;
  hours?: Partial<LocationHours>;
}

/** Available slots for `days` days from tomorrow (dealer time), inside the location's hours on each date, less those a `booked` drive overlaps (or starts with). */
export function availableSlots(input: SlotGrid & { days: number; booked: readonly DriveTime[] }): { date: string; slots: Slot[] }[] {
  const hours = slotHours(input.hours);
  const free = (at: number) => !input.booked.some((drive) => drive.startsAt === at || (drive.startsAt < at + SLOT_MS && drive.endsAt > at));
  return Array.from({ length: input.days }, (_, index) => {
    const date = dealerDateAfter(input.now, index + 1, input.timeZone);
    const slots = dateSlots(date, hours, input.timeZone)
      .filter((slot) => free(slot.at))
      .map((slot) => ({ start: dealerIso(slot.at, input.timeZone), label: minutesText(slot.minutes) }));
    return { date, slots };
  });
}

/**
 * The dealer's opening and closing instants on the date `startsAt` falls on, when a test drive
 * may be booked that date (testDriveDates: not the past, today or too far ahead) and the location
 * opens then (hoursOnDate: not a closed day or holiday); undefined otherwise.
 */
function bookableDay(grid: SlotGrid, startsAt: number): { opens: number; closes: number } | undefined {
  if (!Number.isFinite(startsAt)) return undefined;
  const date = dealerWallClock(startsAt, grid.timeZone).date;
  const { first, last } = testDriveDates(grid.now, grid.timeZone);
  const day = hoursOnDate(slotHours(grid.hours), date).hours;
  if (date < first || date > last || !day) return undefined;
  return { opens: dateTimeAt(date, day.open, grid.timeZone), closes: dateTimeAt(date, day.close, grid.timeZone) };
}

/**
 * The time a test drive starting at `startsAt` (epoch ms) holds the car, booked or not (the
 * lead's write answers a clash): its own hour, whether it starts at a slot the availability call
 * lists or at a time typed between them (9:15 to 10:15). Two drives clash only when their hours
 * overlap: 9:15 and 10:30 do not, though both hours cross 10:00. Undefined (the time is not
 * bookable) for a date outside testDriveDates (the past, today, too far ahead), a closed day or
 * holiday, or an hour that does not fit inside the day's hours.
 */
export function driveTime(grid: SlotGrid, startsAt: number): DriveTime | undefined {
  const day = bookableDay(grid, startsAt);
  if (!day || startsAt < day.opens || startsAt + SLOT_MS > day.closes) return undefined;
  return { startsAt, endsAt: startsAt + SLOT_MS };
}

/**
 * The time a test drive starting at `startsAt` holds the car when the appointments provider
 * cannot be asked: its start alone, as a provider's slot (the dealer confirms it), when the date
 * is one a drive may be booked on and the location is open then, from opening until closing (the
 * provider's own grid and drive length are not known, so its last slot may start in the day's
 * last hour); undefined for any other time. `grid.timeZone` is the location's own zone here
 * (locationTimeZone, adapters.ts), the site's for the local grid.
 */
export function unaskedDriveTime(grid: SlotGrid, startsAt: number): DriveTime | undefined {
  const day = bookableDay(grid, startsAt);
  return day && startsAt >= day.opens && startsAt < day.closes ? { startsAt, endsAt: startsAt } : undefined;
}
