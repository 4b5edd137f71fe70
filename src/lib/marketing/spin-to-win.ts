/**
 * The rules of the /spin-to-win wheel (docs/spin-to-win.md), shared by the lead API, which
 * decides, and the page, which only shows: the calendar month a spin counts for (the dealer's
 * time zone), whether the promotion is open, each prize's chance, the wheel's segments (drawn
 * as large as the chance, so the picture does not overstate a prize) and the turn that brings
 * a won segment under the pointer. Pure.
 */
import type { SpinPrize, SpinToWinSettings } from '../../schemas/site/spin-to-win.ts';
import { zonedClock } from '../locations/locations.ts';

/** The calendar month of an instant in the dealer's time zone, 'YYYY-MM': one spin per shopper in each. */
export function spinMonth(now: number, timeZone: string): string {
  return zonedClock(now, timeZone).date.slice(0, 7);
}

/** The first day of the month after `month` ('2026-12' -> '2027-01-01'): when the next spin is allowed. */
export function nextMonthStart(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, monthNumber, 1));
  return next.toISOString().slice(0, 10);
}

/**
 * The day of the next spin after one in `month`, or null when none can be promised: the
 * promotion ends (`ends`, inclusive) before that day, or every prize is won (`soldOut`).
 */
export function nextSpin(month: string, settings: Pick<SpinToWinSettings, 'ends'>, soldOut: boolean): string | null {
  const next = nextMonthStart(month);
  return soldOut || (settings.ends !== undefined && next > settings.ends) ? null : next;
}

/** Whether spins are taken today: before `starts`, after `ends` (both in the dealer's time zone, inclusive) or open. */
export type PromotionState = { state: 'open' } | { state: 'not-started'; starts: string } | { state: 'ended'; ends: string };

export function promotionState(settings: Pick<SpinToWinSettings, 'starts' | 'ends'>, now: number, timeZone: string): PromotionState {
  const today = zonedClock(now, timeZone).date;
  if (settings.starts && today < settings.starts) return { state: 'not-started', starts: settings.starts };
  if (settings.ends && today > settings.ends) return { state: 'ended', ends: settings.ends };
  return { state: 'open' };
}

/** Each prize's chance (0..1) among `prizes`, by weight. */
export function prizeChances(prizes: readonly Pick<SpinPrize, 'weight'>[]): number[] {
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  return prizes.map((prize) => (total > 0 ? prize.weight / total : 0));
}

/** A chance as a percentage: '25%', '2.5%', '<0.1%'. */
export function chanceText(chance: number): string {
  if (chance > 0 && chance < 0.001) return '<0.1%';
  return new Intl.NumberFormat('en-AU', { style: 'percent', maximumFractionDigits: 1 }).format(chance);
}

/**
 * Which prize a roll picks: `roll` is a whole number in [0, total weight) from a uniform
 * source (the server's crypto.randomInt); each prize owns `weight` consecutive numbers.
 */
export function prizeForRoll(prizes: readonly Pick<SpinPrize, 'weight'>[], roll: number): number {
  let upTo = 0;
  for (const [index, prize] of prizes.entries()) {
    upTo += prize.weight;
    if (roll < upTo) return index;
  }
  throw new RangeError(`roll ${roll} is outside 0..${upTo - 1}`);
}

/** One slice of the wheel: degrees clockwise from the top, from `start` to `end`. */
export interface WheelSegment {
  id: string;
  label: string;
  start: number;
  end: number;
}

/** The wheel's slices, in the prizes' order, each as wide as its chance. */
export function wheelSegments(prizes: readonly Pick<SpinPrize, 'id' | 'label' | 'weight'>[]): WheelSegment[] {
  const chances = prizeChances(prizes);
  let at = 0;
  return prizes.map((prize, index) => {
    const start = at;
    at += chances[index]! * 360;
    return { id: prize.id, label: prize.label, start, end: index === prizes.length - 1 ? 360 : at };
  });
}

/**
 * The wheel's rotation (degrees, clockwise, growing) that stops with `point` of `segment`
 * (0..1 across it) under the pointer at the top, after `turns` full turns from `previous`.
 */
export function landingRotation(previous: number, segment: Pick<WheelSegment, 'start' | 'end'>, point: number, turns = 5): number {
  const angle = segment.start + Math.min(0.85, Math.max(0.15, point)) * (segment.end - segment.start);
  const offset = (((-angle - previous) % 360) + 360) % 360;
  return previous + turns * 360 + offset;
}

/** Where a rotation leaves the pointer on the wheel: the angle (clockwise from the wheel's top) now at the top. */
export function angleUnderPointer(rotation: number): number {
  return ((-rotation % 360) + 360) % 360;
}
