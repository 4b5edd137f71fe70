import { describe, expect, it } from 'vitest';
import { formatRange, moveThumb, parseRange, roundToThousand, shownBounds, sliderBounds, sliderStep, unitBounds, unitStep } from './price-slider.ts';

const bounds = { min: 8990, max: 95990 };

describe('price slider rules (spec §5)', () => {
  it('uses the facet range, or 0-100000 without prices, and a hundredth of the span as step', () => {
    expect(sliderBounds({ min: 8990, max: 95990 })).toEqual(bounds);
    expect(sliderBounds(undefined)).toEqual({ min: 0, max: 100000 });
    expect(sliderStep({ min: 0, max: 100000 })).toBe(1000);
    expect(sliderStep({ min: 5, max: 5 })).toBe(1);
  });

  it('rounds to the nearest 1000', () => {
    expect([1499, 1500, 26990, -400].map(roundToThousand)).toEqual([1000, 2000, 27000, -0]);
  });

  it.each<[string, [number, number], 'min' | 'max', number, [number, number] | null]>([
    ['min rounded', [8990, 95990], 'min', 20400, [20000, 95990]],
    ['max rounded', [8990, 95990], 'max', 50600, [8990, 51000]],
    ['min not below the range min after rounding', [8990, 95990], 'min', 9000, [9000, 95990]],
    ['min just above the range min rounds up', [8990, 95990], 'min', 8995, [9000, 95990]],
    ['max rounded above the range max is clamped', [8990, 95990], 'max', 95800, [8990, 95990]],
    ['min capped 1 below max', [8990, 30000], 'min', 30000, [29999, 30000]],
    ['max capped 1 above min', [40000, 95990], 'max', 39000, [40000, 40001]],
    ['out-of-range input ignored (below)', [8990, 95990], 'min', 5000, null],
    ['out-of-range input ignored (above)', [8990, 95990], 'max', 200000, null],
    ['non-numbers ignored', [8990, 95990], 'max', Number.NaN, null],
    ['a small step up still moves to the next 1000', [20000, 95990], 'min', 20300, [21000, 95990]],
    ['a small step down still moves to the previous 1000', [8990, 60000], 'max', 59700, [8990, 59000]],
  ])('%s', (_name, current, which, value, expected) => {
    expect(moveThumb(current, which, value, bounds)).toEqual(expected);
  });

  it('reads and writes min:max, leaving untouched sides empty', () => {
    expect(parseRange('20000:50000', bounds)).toEqual([20000, 50000]);
    expect(parseRange(':50000', bounds)).toEqual([8990, 50000]);
    expect(parseRange('1:9999999', bounds)).toEqual([8990, 95990]);
    expect(parseRange('60000:50000', bounds)).toEqual([8990, 95990]);
    expect(parseRange(undefined, bounds)).toEqual([8990, 95990]);
    expect(formatRange([20000, 95990], bounds)).toBe('20000:');
    expect(formatRange([8990, 50000], bounds)).toBe(':50000');
    expect(formatRange([20000, 50000], bounds)).toBe('20000:50000');
  });

  it('issue35-5: keyboard stops of whole-unit bounds are whole units, so the thumb rests on the applied value', () => {
    const km = unitBounds({ min: 10_123, max: 287_654 }, 1000)!;
    expect(km).toEqual({ min: 10_000, max: 288_000 });
    expect(unitStep(km, 1000)).toBe(3000);
    expect(unitStep({ min: 2015, max: 2024 }, 1)).toBe(1);
    let values: [number, number] = [km.min, km.max];
    for (let press = 0; press < 3; press += 1) values = moveThumb(values, 'min', values[0] + unitStep(km, 1000), km)!;
    expect(values[0]).toBe(19_000);
    expect(formatRange(values, km)).toBe('19000:');
  });
});

describe('issue35-5: the bounds a range control shows', () => {
  const last = { min: 10_000, max: 288_000 };
  it('hold the applied filter, so a narrower facet range never clamps the thumbs', () => {
    expect(shownBounds({ min: 25_000, max: 120_000 }, '19000:', last)).toEqual({ min: 19_000, max: 120_000 });
    expect(parseRange('19000:', shownBounds({ min: 25_000, max: 120_000 }, '19000:', last)!)).toEqual([19_000, 120_000]);
    expect(shownBounds({ min: 25_000, max: 120_000 }, ':300000', last)).toEqual({ min: 25_000, max: 300_000 });
    expect(shownBounds({ min: 25_000, max: 120_000 }, undefined, last)).toEqual({ min: 25_000, max: 120_000 });
  });
  it('with no results show the last good range when the attribute is filtered, and none otherwise (never 0 - 1)', () => {
    expect(shownBounds(undefined, '19000:', last)).toEqual(last);
    expect(shownBounds(undefined, undefined, last)).toBeUndefined();
    expect(shownBounds(undefined, '19000:', undefined)).toBeUndefined();
  });
});
