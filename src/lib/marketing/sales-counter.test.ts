import { describe, expect, it } from 'vitest';
import { animatedValue, countStart, salesAtStartOfDay, salesThisMonth } from './sales-counter.ts';

describe('Sales this Month: (day - 1) x 192 + floor(seconds since midnight / 450), Brisbane time', () => {
  it.each([
    ['1st at midnight', '2026-11-01T00:00:00+10:00', 0],
    ['1st at 00:07:29', '2026-11-01T00:07:29+10:00', 0],
    ['1st at 00:07:30', '2026-11-01T00:07:30+10:00', 1],
    ['21st at 10:00 (test clock)', '2026-11-21T10:00:00+10:00', 20 * 192 + 80],
    ['30th at 23:59:59', '2026-11-30T23:59:59+10:00', 29 * 192 + 191],
    ['UTC evening is next morning in Brisbane', '2026-11-20T14:00:00Z', 20 * 192 + 0],
    ['Sydney daylight time does not shift it', '2026-11-21T11:00:00+11:00', 20 * 192 + 80],
  ])('%s', (_name, iso, expected) => expect(salesThisMonth(Date.parse(iso))).toBe(expected));
});

describe('count-up animation (2 s)', () => {
  it.each([
    [0, 0],
    [-5, 0],
    [2000, 3920],
    [5000, 3920],
  ])('at %i ms', (elapsed, expected) => expect(animatedValue(3920, elapsed)).toBe(expected));
  it('rises monotonically', () => {
    const values = [0, 250, 500, 1000, 1500, 1999, 2000].map((t) => animatedValue(3920, t));
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(values[3]).toBeGreaterThan(1960);
  });
});

describe('where the first count starts', () => {
  it('from the number on the page when the live figure is at or above it', () => {
    expect(countStart(3920, 4704)).toBe(3920);
    expect(countStart(3920, 3920)).toBe(3920);
  });
  it('from 0 when the month has turned since the build (the live figure is lower)', () => {
    expect(countStart(5760, 12)).toBe(0);
  });
});

describe('the number a built page shows', () => {
  it("is the value at the start of the build's Brisbane day, whatever the hour of the build", () => {
    const day = ['2026-11-21T00:00:00+10:00', '2026-11-21T10:00:00+10:00', '2026-11-21T23:59:59+10:00'].map((iso) => salesAtStartOfDay(Date.parse(iso)));
    expect(day).toEqual([20 * 192, 20 * 192, 20 * 192]);
    expect(salesAtStartOfDay(Date.parse('2026-11-21T10:00:00+10:00'))).toBeLessThanOrEqual(salesThisMonth(Date.parse('2026-11-21T00:00:01+10:00')));
    expect(salesAtStartOfDay(Date.parse('2026-12-01T09:00:00+10:00'))).toBe(0);
  });
});
