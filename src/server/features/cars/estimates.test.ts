/** The cars feature's local defaults: finance quote, price comparison, test-drive availability. */
import { describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/car.ts';
import { availableSlots, driveSlots } from './appointments.ts';
import { dealerInstant } from '../../../lib/text/dealer-time.ts';
import { MAX_BOOKING_DAYS } from '../../../lib/forms/test-drive-booking.ts';
import { comparisonRate, monthlyRepayment, quoteFinance } from './finance-quote.ts';
import { comparePrice } from './price-comparison.ts';
import { makeCar } from '../../../../tests/fixtures/make-car.ts';

const car = (id: number, year: number, km: number, price: number, extra: Partial<Car> = {}): Car =>
  makeCar({ id, slug: `car-${id}`, status: 'in_stock', car_type: 'used', make: 'Toyota', model: 'Corolla', year, km, price, ...extra });

describe('finance quote', () => {
  it('amortises like the textbook ($30,000, 5 years, 6%: $579.98 a month)', () => {
    expect(monthlyRepayment(30_000, 6, 60)).toBeCloseTo(579.98, 1);
  });
  it('comparison rate exceeds the advertised rate because of fees', () => {
    const rate = comparisonRate(8.49);
    expect(rate).toBeGreaterThan(8.49);
    expect(rate).toBeLessThan(10);
  });
  it('older cars and weaker credit cost more', () => {
    const good = quoteFinance({ purchasePrice: 30_000, loanTerm: 5, selfAssessedCreditScore: 'GREAT', year: 2022, currentYear: 2025 });
    const worse = quoteFinance({ purchasePrice: 30_000, loanTerm: 5, selfAssessedCreditScore: 'FAIR', year: 2012, currentYear: 2025 });
    expect(good.advertisedRate).toBe(8.49);
    expect(worse.advertisedRate).toBe(13.99);
    expect(worse.weeklyRepaymentAmount).toBeGreaterThan(good.weeklyRepaymentAmount);
  });
});

describe('price comparison', () => {
  it('uses the market average on the record', () => {
    const result = comparePrice(car(9, 2020, 30_000, 20_000, { autograb_data: { average_market_price: 22_000 } }), [])!;
    expect(result.market_range_min).toBeLessThanOrEqual(20_000);
    expect(result.fill).toBeLessThan(34);
    expect(result.confidence).toBeGreaterThan(0.2);
  });
  it('uses comparables, and gives nothing without data or price', () => {
    const stock = [car(1, 2020, 40_000, 25_000), car(2, 2019, 60_000, 22_000), car(3, 2021, 20_000, 28_000)];
    const result = comparePrice(stock[0]!, stock)!;
    expect(result.market_range_max).toBeGreaterThanOrEqual(result.listing_price);
    expect(comparePrice(car(4, 2020, 1, 0), stock)).toBeUndefined();
    expect(comparePrice(car(5, 2020, 1, 9_000, { make: 'Saab' }), stock)).toBeUndefined();
  });
});

describe('appointments', () => {
  it("cuts slots on the dealer's wall clock: 9:00am is 9:00 in Brisbane (+10, no daylight saving) and in Sydney (+11 in summer)", () => {
    const now = Date.parse('2026-01-04T00:00:00Z'); // Sunday in Brisbane and Sydney
    const first = (timeZone: string) => availableSlots({ now, days: 1, timeZone, booked: [] })[0]!.slots[0]!;
    expect(first('Australia/Brisbane')).toEqual({ start: '2026-01-05T09:00:00+10:00', label: '9:00am' });
    expect(first('Australia/Sydney')).toEqual({ start: '2026-01-05T09:00:00+11:00', label: '9:00am' });
    expect(driveSlots({ now, timeZone: 'Australia/Sydney' }, Date.parse('2026-01-04T22:00:00Z'))).toEqual([Date.parse('2026-01-05T09:00:00+11:00')]);
  });
  it('lists hourly slots inside opening hours, minus booked ones, closed on Sunday', () => {
    const now = Date.parse('2026-01-02T00:00:00Z'); // Friday 10am in Brisbane
    const booked = [dealerInstant('2026-01-03T09:00', 'Australia/Brisbane')];
    const days = availableSlots({ now, days: 3, timeZone: 'Australia/Brisbane', booked });
    expect(days.map((day) => day.date)).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
    expect(days[0]!.slots.map((slot) => slot.label)).toEqual(['10:00am', '11:00am', '12:00pm']);
    expect(days[1]!.slots).toEqual([]);
    expect(days[2]!.slots).toHaveLength(8);
  });
  it("reads a location's holiday hours before its weekly row: no slot on a Closed holiday, a short day's slots inside its hours", () => {
    const now = Date.parse('2026-12-23T00:00:00Z'); // Wednesday 10am in Brisbane
    const hours = {
      opening_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' })),
      special_hours: [
        { date: '2026-12-24', status: 'Open' as const, start_hour: '09:00', end_hour: '12:00', name: 'Christmas Eve' },
        { date: '2026-12-25', status: 'Closed' as const, name: 'Christmas Day' },
      ],
    };
    const days = availableSlots({ now, days: 2, timeZone: 'Australia/Brisbane', hours, booked: [] });
    expect(days.map((day) => [day.date, day.slots.map((slot) => slot.label)])).toEqual([
      ['2026-12-24', ['9:00am', '10:00am', '11:00am']],
      ['2026-12-25', []],
    ]);
  });
  describe('driveSlots: the slots a test drive at a time takes (any time its hour fits the day, tomorrow on; booked or not)', () => {
    const now = Date.parse('2026-12-23T00:00:00Z'); // Wednesday 10am in Brisbane
    const timeZone = 'Australia/Brisbane';
    const hours = {
      opening_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' })),
      special_hours: [{ date: '2026-12-25', status: 'Closed' as const, name: 'Christmas Day' }],
    };
    const taken = (iso: string) => driveSlots({ now, timeZone, hours }, Date.parse(iso)).map((at) => new Date(at).toISOString());
    it.each([
      ['a slot of tomorrow: itself', '2026-12-24T08:30:00+10:00', ['2026-12-23T22:30:00.000Z']],
      ['the last slot of a day (4:30pm, an hour before closing)', '2026-12-24T16:30:00+10:00', ['2026-12-24T06:30:00.000Z']],
      ['a slot given in UTC', '2026-12-28T00:30:00Z', ['2026-12-28T00:30:00.000Z']],
      ['a typed 9:15: the 8:30 and 9:30 slots its hour overlaps', '2026-12-24T09:15:00+10:00', ['2026-12-23T22:30:00.000Z', '2026-12-23T23:30:00.000Z']],
      ['a typed 10:00 on the half-hour grid: the 9:30 and 10:30 slots', '2026-12-24T10:00:00+10:00', ['2026-12-23T23:30:00.000Z', '2026-12-24T00:30:00.000Z']],
      ['the past', '2020-01-01T03:00:00+10:00', []],
      ['later today', '2026-12-23T14:30:00+10:00', []],
      ['a Closed holiday', '2026-12-25T10:30:00+10:00', []],
      ['a day the week closes (Sunday)', '2026-12-27T10:30:00+10:00', []],
      ['before opening', '2026-12-24T08:00:00+10:00', []],
      ['an hour that would end after closing (4:45pm)', '2026-12-24T16:45:00+10:00', []],
      ['beyond the days the availability call can ask for', '2027-01-29T08:30:00+10:00', []],
      ['no time at all', 'soon', []],
    ])('%s', (_name, iso, expected) => {
      expect(taken(iso)).toEqual(expected);
    });
    it('takes each slot availableSlots lists over its longest window as that slot alone, booked slots included', () => {
      const starts = availableSlots({ now, days: MAX_BOOKING_DAYS, timeZone, hours, booked: [] }).flatMap((day) =>
        day.slots.map((slot) => Date.parse(slot.start)),
      );
      expect(starts.length).toBeGreaterThan(100);
      expect(starts.filter((start) => driveSlots({ now, timeZone, hours }, start).join() !== String(start))).toEqual([]);
    });
    it('two drives whose hours overlap always share a slot (the write refuses the second); a slot start shares none with the next slot', () => {
      const day = Date.parse('2026-12-24T08:30:00+10:00');
      const starts = Array.from({ length: 33 }, (_, index) => day + index * 15 * 60_000); // 8:30 to 4:30, every quarter hour
      const clashes = starts.flatMap((first) =>
        starts
          .filter((second) => second > first && second - first < 3_600_000)
          .filter((second) => {
            const shared = driveSlots({ now, timeZone, hours }, second);
            return !driveSlots({ now, timeZone, hours }, first).some((slot) => shared.includes(slot));
          }),
      );
      expect(clashes).toEqual([]);
      expect(driveSlots({ now, timeZone, hours }, day + 3_600_000)).not.toContain(day);
    });
  });
});
