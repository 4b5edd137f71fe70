/**
 * Price slider rules (spec §5): min not below the range min, max not above the range max,
 * the thumbs kept at least 1 apart, values rounded to the nearest 1000, step a hundredth
 * of the span, default range 0-100000, sent as min:max, out-of-range input ignored. Pure.
 */
import { DEFAULT_PRICE_RANGE } from '../core/config.ts';

/** The slider's bounds: the facet range of the results. */
export interface Bounds {
  min: number;
  max: number;
}

/** Bounds from facet stats; the spec's default range when the results have no prices. */
export function sliderBounds(stats: { min: number; max: number } | undefined): Bounds {
  if (!stats || !Number.isFinite(stats.min) || !Number.isFinite(stats.max) || stats.max < stats.min) return { ...DEFAULT_PRICE_RANGE };
  return { min: stats.min, max: stats.max };
}

/** Slider step: one hundredth of the span (at least 1). */
export function sliderStep(bounds: Bounds): number {
  return Math.max(1, (bounds.max - bounds.min) / 100);
}

/** Round to the nearest 1000 (spec §5: price and km). */
export function roundToThousand(value: number): number {
  return Math.round(value / 1000) * 1000;
}

/**
 * Bounds of a range filter whose values move in whole `unit`s: the facet
 * range widened outward to whole units (km: to the nearest 1,000 below and above, spec §5),
 * so every car of the results stays inside. Undefined when the results have no such value.
 */
export function unitBounds(stats: { min: number; max: number } | undefined, unit: number): Bounds | undefined {
  if (!stats || !Number.isFinite(stats.min) || !Number.isFinite(stats.max) || stats.max < stats.min) return undefined;
  const min = Math.floor(stats.min / unit) * unit;
  const max = Math.max(min + unit, Math.ceil(stats.max / unit) * unit);
  return { min, max };
}

/**
 * Apply a thumb move. `which` thumb gets `value`: rounded to the nearest `unit` (1000 for
 * price and km, spec §5; 1 for years and subscription prices), clamped to
 * the bounds, and kept at least 1 from the other thumb. Returns null for input that is not
 * a number or lies outside the bounds (ignored, spec §5).
 */
export function moveThumb(current: readonly [number, number], which: 'min' | 'max', value: number, bounds: Bounds, unit = 1000): [number, number] | null {
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) return null;
  const [low, high] = current;
  const previous = which === 'min' ? low : high;
  let nearest = Math.round(value / unit) * unit;
  // A step smaller than half a unit (spans under 50,000 for 1000) would round back to where the
  // thumb was, and arrow keys could never move it: round in the direction of the move instead.
  if (nearest === previous && value !== previous) nearest = value > previous ? Math.ceil(value / unit) * unit : Math.floor(value / unit) * unit;
  const rounded = Math.min(bounds.max, Math.max(bounds.min, nearest));
  if (which === 'min') {
    const capped = Math.min(rounded, high - 1);
    return [Math.max(bounds.min, capped), high];
  }
  const floored = Math.max(rounded, low + 1);
  return [low, Math.min(bounds.max, floored)];
}

/** Parse 'min:max' from the URL / InstantSearch range state into slider values within the bounds. */
export function parseRange(value: string | undefined, bounds: Bounds): [number, number] {
  if (!value) return [bounds.min, bounds.max];
  const [left, right] = value.split(':');
  const low = left === '' || left === undefined ? bounds.min : Number(left);
  const high = right === '' || right === undefined ? bounds.max : Number(right);
  const min = Number.isFinite(low) ? Math.min(Math.max(low, bounds.min), bounds.max) : bounds.min;
  const max = Number.isFinite(high) ? Math.max(Math.min(high, bounds.max), bounds.min) : bounds.max;
  return min <= max ? [min, max] : [bounds.min, bounds.max];
}

/** The 'min:max' to send; an untouched side is left empty so the range follows the results. */
export function formatRange(values: readonly [number, number], bounds: Bounds): string {
  const [low, high] = values;
  return `${low > bounds.min ? low : ''}:${high < bounds.max ? high : ''}`;
}

/** The numbers of an applied 'min:max' (either side may be empty). */
function appliedNumbers(applied: string | undefined): number[] {
  if (!applied) return [];
  return applied
    .split(':')
    .filter((side) => side !== '')
    .map(Number)
    .filter((value) => Number.isFinite(value));
}

/**
 * The bounds a range control shows: the results' range (`base`), widened to
 * hold the applied filter, so the thumbs and the label always show the filter that is applied
 * and never a value clamped to a narrower facet range. With no results' range (no hits, or no
 * car with the value) it is the last good range when a filter on this attribute is applied,
 * and none otherwise: never a made-up '0 – 1'.
 */
export function shownBounds(base: Bounds | undefined, applied: string | undefined, lastGood: Bounds | undefined): Bounds | undefined {
  const numbers = appliedNumbers(applied);
  const from = base ?? (numbers.length > 0 ? lastGood : undefined);
  if (!from) return undefined;
  const min = Math.min(from.min, ...numbers);
  const max = Math.max(from.max, ...numbers);
  return { min, max: max > min ? max : min + 1 };
}

/**
 * The slider's keyboard step in whole units: a hundredth of the span (spec §5), rounded to the
 * nearest unit and at least one, so that on bounds of whole units every stop is a value the
 * filter can take (the thumb never rests between two applied values).
 */
export function unitStep(bounds: Bounds, unit: number): number {
  return Math.max(unit, Math.round(sliderStep(bounds) / unit) * unit);
}
