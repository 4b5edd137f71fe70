/**
 * Display formats shared by every page and island (en-AU): money, kilometres, counts, dates, phone numbers.
 * Pure: no DOM, no Astro, no React.
 */
import { dialNumber, normalisePhone } from '../../schemas/phone.ts';

const wholeDollars = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const withCents = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const grouped = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/**
 * A format's text of each number it was asked for, kept (at most `limit`, then begun again): a
 * page, and the pages of one site, show the same few amounts again and again, and Intl's
 * formatting is the costly part. The same text as `format.format`; -0 is not kept (a Map takes
 * it for 0, which Intl writes differently).
 */
function remembered(format: Intl.NumberFormat, limit = 4096): (value: number) => string {
  const texts = new Map<number, string>();
  return (value) => {
    if (Object.is(value, -0)) return format.format(value);
    let text = texts.get(value);
    if (text === undefined) {
      text = format.format(value);
      if (texts.size >= limit) texts.clear();
      texts.set(value, text);
    }
    return text;
  };
}

const wholeDollarsText = remembered(wholeDollars);
const withCentsText = remembered(withCents);
const groupedText = remembered(grouped);

/** Options for formatMoney. */
export interface MoneyOptions {
  /** Show two decimals ($1,360.50) instead of whole dollars ($1,361). Default false. */
  cents?: boolean;
}

/** Format an amount of Australian dollars for display: `$34,990` (or `$1,360.50` with cents). */
export function formatMoney(amount: number, options: MoneyOptions = {}): string {
  if (!Number.isFinite(amount)) return '';
  // Intl renders negative zero as "-$0"; a price of -0 is still nothing owed.
  const value = Object.is(amount, -0) ? 0 : amount;
  return (options.cents ? withCentsText : wholeDollarsText)(value);
}

/** An amount in cents as dollars and cents, as the dealer and the shopper read payments: `102410` -> `$1,024.10`. */
export function centsMoney(cents: number): string {
  return formatMoney(cents / 100, { cents: true });
}

/** Group a whole number with thousand separators: `123456` -> `123,456`. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  return groupedText(Math.round(value));
}

/** A counted noun in the singular and the plural: `{ one: 'review', other: 'reviews' }`. */
export interface CountNouns {
  one: string;
  other: string;
}

/** The noun after a number: the singular for exactly one (`1 car`), else the plural (`0 cars`, `12 cars`, `1.5 years`). */
export function nounForCount(count: number, nouns: CountNouns): string {
  return count === 1 ? nouns.one : nouns.other;
}

/** A whole count grouped with thousand separators and its noun: `1 review`, `1,012 reviews`. */
export function formatCount(count: number, nouns: CountNouns): string {
  const whole = Math.round(count);
  return `${formatNumber(whole)} ${nounForCount(whole, nouns)}`;
}

/** Format an odometer reading: `12,345 km`. Missing or negative readings give an empty string. */
export function formatKm(km: number | null | undefined): string {
  if (km === null || km === undefined || !Number.isFinite(km) || km < 0) return '';
  return `${formatNumber(km)} km`;
}

// Dates shown are calendar days, not instants (formatMoment below is the one exception: a time of day on a
// given zone's clock): read in UTC so the day does not move with the zone of the machine or browser that formats it. A dealer's date text becomes such a day in dealer-time.ts (dealerDay, calendarDay).
// formatDayTime reads a wall-clock time the same way (dealer-time.ts writtenWallClock gives it).
const dayFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayTimeFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** The named parts of `ms` as `format` writes them (weekday, day, month, year, hour, minute, dayPeriod, timeZoneName). */
function partsOf(format: Intl.DateTimeFormat, ms: number): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(format.formatToParts(ms).map((entry) => [entry.type, entry.value]));
}

/** A calendar day (epoch ms of its UTC midnight) for display: `13 Aug 2026`. No date gives an empty string. */
export function formatDay(ms: number): string {
  return Number.isFinite(ms) ? dayFormat.format(ms) : '';
}

/**
 * A calendar day with its month in full: `30 September 2026`. For text an island renders at build
 * and again in the browser: ICU versions spell some short months differently ('Sept'/'Sep',
 * 'June'/'Jun'), the full names alike. No date gives an empty string.
 */
export function formatLongDay(ms: number): string {
  return Number.isFinite(ms) ? longDayFormat.format(ms) : '';
}

/** The month of a calendar day for display: `Aug 2026`. No date gives an empty string. */
export function formatMonth(ms: number): string {
  return Number.isFinite(ms) ? monthFormat.format(ms) : '';
}

/** A day of the coming weeks named by its weekday, the year left out: `Friday 25 December` (holiday hours, test-drive days). No date gives an empty string. */
export function formatWeekdayDay(ms: number): string {
  return Number.isFinite(ms) ? weekdayFormat.format(ms) : '';
}

/** A wall-clock time (epoch ms whose UTC fields read it) for display: `Thursday 24 December 2026, 4:30 pm`. No time gives an empty string. */
export function formatDayTime(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const part = partsOf(dayTimeFormat, ms);
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod}`;
}

// An instant (not a calendar day) is read on the dealer's clock: one formatter per time zone.
const momentFormats = new Map<string, Intl.DateTimeFormat>();
const momentFormat = (timeZone: string): Intl.DateTimeFormat => {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' };
  if (!momentFormats.has(timeZone)) momentFormats.set(timeZone, new Intl.DateTimeFormat('en-AU', { ...options, timeZone, timeZoneName: 'short' }));
  return momentFormats.get(timeZone)!;
};

/** An instant (epoch ms) on the clock of `timeZone` for a person to read, with the zone: `Sun 29 Nov 2026, 11:41 am AEST`. No instant gives an empty string. */
export function formatMoment(ms: number, timeZone: string): string {
  if (!Number.isFinite(ms)) return '';
  const part = partsOf(momentFormat(timeZone), ms);
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName}`;
}

/**
 * Phone number as shown to a visitor (spec §9): numbers starting +61 are shown as their national
 * number (normalisePhone) spaced 2-4-4 (`+61731234567` -> `07 3123 4567`). Other numbers are
 * shown as written, because local formats (13 numbers, 1300/1800) have their own spacing.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const written = phone.trim();
  if (!written.startsWith('+61')) return written;
  const national = normalisePhone(written);
  if (national.length !== 10) return national;
  return `${national.slice(0, 2)} ${national.slice(2, 6)} ${national.slice(6)}`;
}

/** `tel:` link for a phone number: the number dialNumber dials (an Australian number in international form). */
export function phoneHref(phone: string): string {
  return `tel:${dialNumber(phone)}`;
}

/**
 * A long text cut at exactly `max` characters with an ellipsis after them (spec §9 "Disclaimer
 * truncated at 197", §4 "Dealer comments collapse at 400 characters"): no word-boundary search,
 * so the numbers are the spec's. Characters are counted as code points: one of a single code point
 * (an emoji such as 🚗) is never cut in half, one of several (a flag, an emoji with a skin tone) can
 * be. `truncated` says whether anything was cut.
 */
export function truncateText(text: string, max: number): { text: string; truncated: boolean } {
  const clean = text.trim();
  const characters = Array.from(clean);
  if (characters.length <= max) return { text: clean, truncated: false };
  return { text: `${characters.slice(0, max).join('')}…`, truncated: true };
}
