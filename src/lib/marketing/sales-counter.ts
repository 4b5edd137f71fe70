/**
 * 'Sales this Month' counter (spec §9): in Brisbane time,
 * (day of month - 1) x 192 + floor(seconds since midnight / 450); animated over 2 s and
 * refreshed every 150 s. Pure.
 */
import { zonedClock } from '../locations/locations.ts';

/** Sales added per whole day of the month. */
export const SALES_PER_DAY = 192;
/** One more sale every this many seconds of the day (86,400 / 450 = 192 a day). */
export const SECONDS_PER_SALE = 450;
/** Counting animation length. */
export const SALES_ANIMATION_MS = 2000;
/** The counter recomputes this often. */
export const SALES_REFRESH_MS = 150_000;
/** The formula's clock: Brisbane (no daylight saving). */
export const SALES_TIME_ZONE = 'Australia/Brisbane';

/** The 'Sales this Month' value at `now` (ms). */
export function salesThisMonth(now: number): number {
  const clock = zonedClock(now, SALES_TIME_ZONE);
  return (clock.day - 1) * SALES_PER_DAY + Math.floor(clock.seconds / SECONDS_PER_SALE);
}

/**
 * The number a built page shows before its island wakes: the value at the start of the build's
 * day in Brisbane, a lower bound of the live value for the rest of that month. The build's own
 * moment would change the home page every 7.5 minutes, and every code deploy would upload it again.
 */
export function salesAtStartOfDay(now: number): number {
  return (zonedClock(now, SALES_TIME_ZONE).day - 1) * SALES_PER_DAY;
}

/**
 * Where the first count-up starts: the number already on the page (salesAtStartOfDay of the build), so the
 * counter never drops to 0 before counting; from 0 only when the page's number is above the live
 * one (the month has turned since the build).
 */
export function countStart(shown: number, target: number): number {
  return shown <= target ? shown : 0;
}

/** The value shown `elapsed` ms into the count-up animation from 0 (ease-out, whole numbers). */
export function animatedValue(target: number, elapsed: number, duration = SALES_ANIMATION_MS): number {
  if (elapsed >= duration) return target;
  if (elapsed <= 0) return 0;
  const progress = 1 - (1 - elapsed / duration) ** 3;
  return Math.floor(target * progress);
}
