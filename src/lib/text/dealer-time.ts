/**
 * The dealer's time (site.json `timezone`): reading a date without an offset as the dealer's
 * wall-clock time, writing an instant as the dealer's local ISO date-time with its offset,
 * reading an instant on the dealer's wall clock (date, weekday, time of day), the day a date text
 * names (for formatDay) and the time a date-time text writes (for formatDayTime). Promo dates,
 * test-drive times, appointment slots, opening hours and the shown dates of a dealer's offers,
 * replies and posts go through here. Pure (Intl only).
 */

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** One formatter a time zone: making an Intl.DateTimeFormat costs far more than using one (every page reads the dealer's year). */
const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** More zones than a process meets (a site has one): past it the kept formatters are let go. */
const WALL_FORMATS_KEPT = 64;

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    // An unknown zone throws here, as it did when each call made its own formatter, and is not kept.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (wallFormats.size >= WALL_FORMATS_KEPT) wallFormats.clear();
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** Offset of a time zone at an instant, in ms (Brisbane: +10 h). */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  // Some engines write midnight as hour 24 of the same day.
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a date the dealer or a form gives. A date with an offset ('…+10:00', '…Z') is
 * that instant; one without ('2026-12-01', '2026-12-01T09:00') is a wall-clock time in the
 * dealer's zone. Anything else is Date.parse's reading (NaN when it is no date).
 */
export function dealerInstant(text: string, timeZone: string): number {
  const trimmed = text.trim();
  const local = LOCAL.exec(trimmed);
  if (!local || HAS_ZONE.test(trimmed)) return Date.parse(trimmed);
  const [, year, month, day, hour = '0', minute = '0', second = '0', milli = '0'] = local;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(milli.padEnd(3, '0')));
  // The offset at the wall time read as UTC, then again at the result (a DST change in between).
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return instant;
}

/** The dealer's wall-clock time of `instant` at `offset`, as a Date whose UTC fields read it (whole seconds). */
function wallDate(instant: number, offset: number): Date {
  return new Date(Math.floor(instant / 1000) * 1000 + offset);
}

/** `instant` as the dealer's wall-clock ISO date-time with its offset, to the second: '2026-03-07T09:00:00+10:00'. */
export function dealerIso(instant: number, timeZone: string): string {
  const offset = zoneOffset(instant, timeZone);
  const wall = wallDate(instant, offset).toISOString().slice(0, 19);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** An instant on the dealer's wall clock, to the second. */
export interface WallClock {
  /** The dealer's date, '2026-10-04'. */
  date: string;
  year: number;
  /** 1-12. */
  month: number;
  /** Day of the month, 1-31. */
  day: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The zone whose year a reader without a site (a feed checked on its own: the intake's reader,
 * `npm run feed:check`) holds model years to: UTC+14, where a year begins first, so it never
 * refuses a year a dealer's site takes; the build holds the cars to the dealer's own year.
 */
export const NO_SITE_ZONE = 'Pacific/Kiritimati';

/** dealerYear's last question and answer. */
let lastYear: { instant: number; timeZone: string; year: number } | undefined;

/**
 * The dealer's current year: the year of `instant` on the wall clock of `timeZone` (site.json
 * `timezone`; NO_SITE_ZONE's when no site is known). The one "this year" of the rules that count
 * a car's age or accept next year's models (docs/pipeline.md "The dealer's year").
 */
export function dealerYear(instant: number, timeZone: string = NO_SITE_ZONE): number {
  // The last answer is kept: a site's pages all ask for the year of the build's moment.
  if (lastYear?.instant === instant && lastYear.timeZone === timeZone) return lastYear.year;
  const year = dealerWallClock(instant, timeZone).year;
  lastYear = { instant, timeZone, year };
  return year;
}

/** `instant` read on the dealer's wall clock in `timeZone`, daylight saving included. */
export function dealerWallClock(instant: number, timeZone: string): WallClock {
  const wall = wallDate(instant, zoneOffset(instant, timeZone));
  return {
    date: wall.toISOString().slice(0, 10),
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * The wall-clock time a date-time text writes, its offset aside ('2026-12-24T16:30' and
 * '2026-12-24T16:30:00+10:00' both write 24 December 2026, 4:30 pm), as epoch ms whose UTC fields
 * read it (the form formatDayTime takes); NaN for other text. A form's time is the dealer's: a typed
 * one has no offset, and dealerIso writes the dealer's clock before the offset.
 */
export function writtenWallClock(text: string): number {
  const local = LOCAL.exec(text.trim().replace(HAS_ZONE, ''));
  if (!local) return Number.NaN;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = local;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
}

const CALENDAR_DATE = /^\d{4}-\d{2}(?:-\d{2})?$/;

/**
 * A calendar date or month ('2026-12-25'; '2026-12' for its 1st) as epoch ms of that day's UTC
 * midnight, the form formatDay takes; NaN for other text. A calendar date is no instant: no zone moves it.
 */
export function calendarDay(text: string): number {
  const trimmed = text.trim();
  // Date.parse reads the date-only ISO forms as UTC (ECMA-262), never in the machine's zone.
  return CALENDAR_DATE.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
}

/**
 * The dealer's day that a date text names, as calendarDay gives it: a calendar date is that day in
 * any zone; an instant (dealerInstant's reading) is dated on the dealer's wall clock. NaN for no date.
 */
export function dealerDay(text: string, timeZone: string): number {
  const day = calendarDay(text);
  if (!Number.isNaN(day)) return day;
  const instant = dealerInstant(text, timeZone);
  return Number.isNaN(instant) ? Number.NaN : instantDay(instant, timeZone);
}

/** The dealer's date `days` after the one `instant` falls on, '2026-12-25' (1: the dealer's tomorrow). */
export function dealerDateAfter(instant: number, days: number, timeZone: string): string {
  return new Date(instantDay(instant, timeZone) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The dealer's day (as calendarDay gives it) that an instant (epoch ms) falls on, on the wall clock of `timeZone`. */
export function instantDay(instant: number, timeZone: string): number {
  const wall = dealerWallClock(instant, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day);
}
