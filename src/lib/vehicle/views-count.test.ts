import { describe, expect, it } from 'vitest';
import { viewsShown, viewsWorthShowing } from './views-count.ts';

describe('viewsShown (issue 35 item 6: the views counter never drops)', () => {
  it('counts up from the built number to the live one', () => {
    expect(viewsShown(772, 780, 0)).toBe(772);
    expect(viewsShown(772, 780, 0.5)).toBe(776);
    expect(viewsShown(772, 780, 1)).toBe(780);
  });

  it('never shows less than the built number, at any point of the count', () => {
    for (const live of [null, 0, 184, 771, 772, 774, 10_000]) {
      for (let step = 0; step <= 20; step += 1) expect(viewsShown(772, live, step / 20)).toBeGreaterThanOrEqual(772);
    }
    expect(viewsShown(772, 184, 1)).toBe(772);
    expect(viewsShown(772, null, 1)).toBe(772);
  });

  it('is non-decreasing as the count goes on, and keeps odd input in range', () => {
    let previous = 0;
    for (let step = 0; step <= 50; step += 1) {
      const shown = viewsShown(5, 1_234, step / 50);
      expect(shown).toBeGreaterThanOrEqual(previous);
      previous = shown;
    }
    expect(viewsShown(Number.NaN, 10, 1)).toBe(10);
    expect(viewsShown(10, 20, Number.NaN)).toBe(20);
    expect(viewsShown(-3, null, 0.5)).toBe(0);
  });
});

describe('viewsWorthShowing (no "0 people" or "1 people have viewed this car")', () => {
  it('is true from two views up, false for one, none, a negative or a count that is not a number', () => {
    expect(viewsWorthShowing(2)).toBe(true);
    expect(viewsWorthShowing(1_780)).toBe(true);
    for (const views of [1, 0, 0.4, -3, Number.NaN]) expect(viewsWorthShowing(views)).toBe(false);
  });
});
