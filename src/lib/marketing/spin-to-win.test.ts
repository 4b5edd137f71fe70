/** The wheel's rules: the month a spin counts for, the promotion's dates, chances, slices and the landing turn. */
import { describe, expect, it } from 'vitest';
import {
  angleUnderPointer,
  chanceText,
  landingRotation,
  nextMonthStart,
  nextSpin,
  prizeChances,
  prizeForRoll,
  promotionState,
  spinMonth,
  wheelSegments,
} from './spin-to-win.ts';

const prizes = [
  { id: 'a', label: 'A', weight: 6 },
  { id: 'b', label: 'B', weight: 3 },
  { id: 'c', label: 'C', weight: 1 },
];

describe('spin months', () => {
  it('are calendar months in the dealer’s time zone', () => {
    // 12:30 am on 1 December in Brisbane is still 30 November in UTC.
    expect(spinMonth(Date.parse('2026-11-30T14:30:00Z'), 'Australia/Brisbane')).toBe('2026-12');
    expect(spinMonth(Date.parse('2026-11-30T14:30:00Z'), 'Australia/Perth')).toBe('2026-11');
    expect(nextMonthStart('2026-12')).toBe('2027-01-01');
    expect(nextMonthStart('2026-02')).toBe('2026-03-01');
  });

  it('keep to the promotion’s first and last days, both included', () => {
    const period = { starts: '2026-03-01', ends: '2026-03-31' };
    expect(promotionState(period, Date.parse('2026-02-28T13:00:00Z'), 'Australia/Brisbane')).toEqual({ state: 'not-started', starts: '2026-03-01' });
    expect(promotionState(period, Date.parse('2026-02-28T14:00:00Z'), 'Australia/Brisbane')).toEqual({ state: 'open' });
    expect(promotionState(period, Date.parse('2026-03-31T13:59:00Z'), 'Australia/Brisbane')).toEqual({ state: 'open' });
    expect(promotionState(period, Date.parse('2026-03-31T14:00:00Z'), 'Australia/Brisbane')).toEqual({ state: 'ended', ends: '2026-03-31' });
    expect(promotionState({}, 0, 'Australia/Brisbane')).toEqual({ state: 'open' });
  });

  it('promise a next spin only on a day the promotion still runs with a prize left', () => {
    expect(nextSpin('2026-06', {}, false)).toBe('2026-07-01');
    expect(nextSpin('2026-06', { ends: '2026-07-01' }, false)).toBe('2026-07-01');
    expect(nextSpin('2026-06', { ends: '2026-06-30' }, false)).toBeNull();
    // Every prize won: the server refuses every spin, so none is promised.
    expect(nextSpin('2026-06', {}, true)).toBeNull();
    expect(nextSpin('2026-06', { ends: '2026-07-01' }, true)).toBeNull();
  });
});

describe('the draw and the wheel', () => {
  it('gives each prize as many rolls as its weight', () => {
    const counts = [0, 0, 0];
    for (let roll = 0; roll < 10; roll += 1) counts[prizeForRoll(prizes, roll)]! += 1;
    expect(counts).toEqual([6, 3, 1]);
    expect(() => prizeForRoll(prizes, 10)).toThrow(RangeError);
    expect(prizeChances(prizes)).toEqual([0.6, 0.3, 0.1]);
    expect(prizeChances(prizes).map(chanceText)).toEqual(['60%', '30%', '10%']);
    expect(chanceText(1 / 40)).toBe('2.5%');
    expect(chanceText(1 / 5000)).toBe('<0.1%');
  });

  it('draws each slice as wide as its chance, so the picture does not overstate a prize', () => {
    const segments = wheelSegments(prizes);
    expect(segments.map((segment) => [segment.id, Math.round(segment.start), Math.round(segment.end)])).toEqual([
      ['a', 0, 216],
      ['b', 216, 324],
      ['c', 324, 360],
    ]);
  });

  it('turns the wheel forward so the won slice stops under the pointer', () => {
    const segments = wheelSegments(prizes);
    let rotation = 0;
    for (const [index, point] of [
      [2, 0.5],
      [0, 0.1],
      [1, 0.9],
      [2, 0.3],
    ] as const) {
      const next = landingRotation(rotation, segments[index]!, point);
      expect(next - rotation).toBeGreaterThanOrEqual(5 * 360);
      expect(next - rotation).toBeLessThan(6 * 360);
      const under = angleUnderPointer(next);
      expect(under).toBeGreaterThan(segments[index]!.start);
      expect(under).toBeLessThan(segments[index]!.end);
      rotation = next;
    }
  });
});
