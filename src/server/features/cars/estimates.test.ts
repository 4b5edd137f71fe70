/** The cars feature's local defaults: finance quote, price comparison, test-drive availability. */
import { describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/car.ts';
import { availableSlots, driveTime, unaskedDriveTime } from './appointments.ts';
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
    expect(driveTime({ now, timeZone: 'Australia/Sydney' }, Date.parse('2026-01-04T22:00:00Z'))?.startsAt).toEqual(Date.parse('2026-01-05T09:00:00+11:00'));
  });
  it('lists hourly slots inside opening hours, minus those a booked drive overlaps, closed on Sunday', () => {
    const now = Date.parse('2026-01-02T00:00:00Z'); // Friday 10am in Brisbane
    const hour = (wallClock: string) => ({
      startsAt: dealerInstant(wallClock, 'Australia/Brisbane'),
      endsAt: dealerInstant(wallClock, 'Australia/Brisbane') + 3_600_000,
    });
    // The 9:00 slot booked; on Monday a drive typed at 10:30 (to 11:30) keeps out the 10:00 and the 11:00 slots, not 9:00 or 12:00.
    const booked = [hour('2026-01-03T09:00'), hour('2026-01-05T10:30')];
    const days = availableSlots({ now, days: 3, timeZone: 'Australia/Brisbane', booked });
    expect(days.map((day) => day.date)).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
    expect(days[0]!.slots.map((slot) => slot.label)).toEqual(['10:00am', '11:00am', '12:00pm']);
    expect(days[1]!.slots).toEqual([]);
    expect(days[2]!.slots.map((slot) => slot.label)).toEqual(['9:00am', '12:00pm', '1:00pm', '2:00pm', '3:00pm', '4:00pm']);
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
  describe('driveTime: the hour a test drive at a time holds the car (any time its hour fits the day, tomorrow on; booked or not)', () => {
    const now = Date.parse('2026-12-23T00:00:00Z'); // Wednesday 10am in Brisbane
    const timeZone = 'Australia/Brisbane';
    const hours = {
      opening_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' })),
      special_hours: [{ date: '2026-12-25', status: 'Closed' as const, name: 'Christmas Day' }],
    };
    const held = (iso: string) => {
      const drive = driveTime({ now, timeZone, hours }, Date.parse(iso));
      return drive ? [new Date(drive.startsAt).toISOString(), new Date(drive.endsAt).toISOString()] : [];
    };
    it.each([
      ['a slot of tomorrow: its hour', '2026-12-24T08:30:00+10:00', ['2026-12-23T22:30:00.000Z', '2026-12-23T23:30:00.000Z']],
      ['the last slot of a day (4:30pm, an hour before closing)', '2026-12-24T16:30:00+10:00', ['2026-12-24T06:30:00.000Z', '2026-12-24T07:30:00.000Z']],
      ['a slot given in UTC', '2026-12-28T00:30:00Z', ['2026-12-28T00:30:00.000Z', '2026-12-28T01:30:00.000Z']],
      ['a typed 9:15: 9:15 to 10:15, not the slots around it', '2026-12-24T09:15:00+10:00', ['2026-12-23T23:15:00.000Z', '2026-12-24T00:15:00.000Z']],
      ['a typed 10:00 on the half-hour grid: 10:00 to 11:00', '2026-12-24T10:00:00+10:00', ['2026-12-24T00:00:00.000Z', '2026-12-24T01:00:00.000Z']],
      ['the past', '2020-01-01T03:00:00+10:00', []],
      ['later today', '2026-12-23T14:30:00+10:00', []],
      ['a Closed holiday', '2026-12-25T10:30:00+10:00', []],
      ['a day the week closes (Sunday)', '2026-12-27T10:30:00+10:00', []],
      ['before opening', '2026-12-24T08:00:00+10:00', []],
      ['an hour that would end after closing (4:45pm)', '2026-12-24T16:45:00+10:00', []],
      ['beyond the days the availability call can ask for', '2027-01-29T08:30:00+10:00', []],
      ['no time at all', 'soon', []],
    ])('%s', (_name, iso, expected) => {
      expect(held(iso)).toEqual(expected);
    });
    it('takes each slot availableSlots lists over its longest window as its own hour, which no other listed slot overlaps', () => {
      const starts = availableSlots({ now, days: MAX_BOOKING_DAYS, timeZone, hours, booked: [] }).flatMap((day) =>
        day.slots.map((slot) => Date.parse(slot.start)),
      );
      expect(starts.length).toBeGreaterThan(100);
      expect(starts.filter((start) => driveTime({ now, timeZone, hours }, start)?.endsAt !== start + 3_600_000)).toEqual([]);
      // Booked, a slot's hour keeps out itself alone.
      const day = availableSlots({ now, days: 1, timeZone, hours, booked: [driveTime({ now, timeZone, hours }, starts[2]!)!] })[0]!;
      expect(day.slots.map((slot) => Date.parse(slot.start))).toEqual(starts.slice(0, day.slots.length + 1).filter((start) => start !== starts[2]));
    });
  });
  describe('unaskedDriveTime: the time taken while the appointments provider cannot be asked (any start the dealer is open at, tomorrow on; its start alone)', () => {
    const now = Date.parse('2026-12-23T00:00:00Z'); // Wednesday 10am in Brisbane
    const timeZone = 'Australia/Brisbane';
    const hours = {
      opening_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' })),
      special_hours: [{ date: '2026-12-25', status: 'Closed' as const, name: 'Christmas Day' }],
    };
    it.each([
      ['opening time', '2026-12-24T08:30:00+10:00', true],
      ['a start in the last hour (a provider slot of its own length)', '2026-12-24T17:00:00+10:00', true],
      ['the last weekday of the 31 days', '2027-01-22T08:30:00+10:00', true],
      ['closing time', '2026-12-24T17:30:00+10:00', false],
      ['before opening (3am)', '2026-12-24T03:00:00+10:00', false],
      ['the past', '2020-01-01T10:00:00+10:00', false],
      ['later today', '2026-12-23T14:30:00+10:00', false],
      ['a Closed holiday', '2026-12-25T10:30:00+10:00', false],
      ['a day the week closes (Sunday)', '2026-12-27T10:30:00+10:00', false],
      ['beyond the 31 days (the Monday after)', '2027-01-25T08:30:00+10:00', false],
      ['no time at all', 'soon', false],
    ])('%s', (_name, iso, taken) => {
      const at = Date.parse(iso);
      expect(unaskedDriveTime({ now, timeZone, hours }, at)).toEqual(taken ? { startsAt: at, endsAt: at } : undefined);
    });
  });
});
