import { describe, expect, it } from 'vitest';
import { demoClockJson, parseDemoClock, shiftDate, shiftStockDates, shiftTenantFileDates } from './demo-clock.ts';

const DAY = 86_400_000;

describe('demo clock (issue 14 item 9: the demo stays alive)', () => {
  it('item 9: moves date-times, date-only values and epoch seconds/ms by the shift', () => {
    expect(shiftDate('2026-11-20T06:00:00.000Z', 30 * DAY)).toBe('2026-12-20T06:00:00.000Z');
    expect(shiftDate('2026-11-01T00:00:00+11:00', DAY)).toBe('2026-11-01T13:00:00.000Z');
    expect(shiftDate('2026-11-20', 400 * DAY + 5 * 3_600_000)).toBe('2027-12-25');
    expect(shiftDate(1_763_683_200, DAY)).toBe(1_763_683_200 + 86_400);
    expect(shiftDate(1_763_683_200_000, DAY)).toBe(1_763_683_200_000 + DAY);
    expect(shiftDate(null, DAY)).toBe(null);
    expect(shiftDate('soon', DAY)).toBe('soon');
  });

  it('item 9: shifts only the time-rule fields of stock records and leaves other fields and bad records alone', () => {
    const raw = [{ id: 1, created_at: '2026-11-20T00:00:00.000Z', sold_date_timestamp: 1_000_000_000, rego_expiry: '2027-01-01', build_date: '2020-01-01', name: '2026-11-20T00:00:00Z' }, 'not a record'];
    const [car, bad] = shiftStockDates(raw, 2 * DAY) as [Record<string, unknown>, unknown];
    expect(car).toEqual({ id: 1, created_at: '2026-11-22T00:00:00.000Z', sold_date_timestamp: 1_000_172_800, rego_expiry: '2027-01-03', build_date: '2020-01-01', name: '2026-11-20T00:00:00Z' });
    expect(bad).toBe('not a record');
    expect(raw[0]).toMatchObject({ created_at: '2026-11-20T00:00:00.000Z' });
    expect(shiftStockDates({ not: 'an array' }, DAY)).toEqual({ not: 'an array' });
  });

  it('item 9: shifts offers, slides, blog and review dates; other files unchanged', () => {
    expect(shiftTenantFileDates('offers.json', [{ id: 'a', start: '2026-11-01T00:00:00.000Z', expiry: '2026-12-01T00:00:00.000Z' }], DAY)).toEqual([{ id: 'a', start: '2026-11-02T00:00:00.000Z', expiry: '2026-12-02T00:00:00.000Z' }]);
    expect(shiftTenantFileDates('slides.json', [{ id: 1, name: 'x' }], DAY)).toEqual([{ id: 1, name: 'x' }]);
    expect(shiftTenantFileDates('blog.json', [{ date: '2026-11-01' }], DAY)).toEqual([{ date: '2026-11-02' }]);
    expect(shiftTenantFileDates('reviews.json', { count: 3, reviews: [{ review_date: '2026-11-01', reply_date: '2026-11-03' }] }, DAY)).toEqual({ count: 3, reviews: [{ review_date: '2026-11-02', reply_date: '2026-11-04' }] });
    const models = [{ slug: 'x', start: '2026-11-01' }];
    expect(shiftTenantFileDates('models.json', models, DAY)).toBe(models);
  });

  it('item 9: demo-clock.json round-trips and a bad one names the field', () => {
    expect(parseDemoClock(JSON.parse(demoClockJson(Date.parse('2026-11-21T00:00:00Z'))))).toBe(Date.parse('2026-11-21T00:00:00Z'));
    expect(() => parseDemoClock({ generated_at: 'yesterday' })).toThrow(/field generated_at/);
    expect(() => parseDemoClock(null)).toThrow(/field generated_at/);
  });
});
