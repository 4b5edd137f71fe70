import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  dealerDateAfter,
  dealerDay,
  dealerInstant,
  dealerIso,
  dealerWallClock,
  dealerYear,
  NO_SITE_ZONE,
  zoneOffset,
  writtenWallClock,
} from './dealer-time.ts';

describe("the dealer's time (site.json timezone)", () => {
  it('writes an instant as the wall-clock date-time with its offset, daylight saving included', () => {
    expect(dealerIso(Date.parse('2026-03-06T23:00:00Z'), 'Australia/Brisbane')).toBe('2026-03-07T09:00:00+10:00');
    expect(dealerIso(Date.parse('2026-01-04T22:00:00Z'), 'Australia/Sydney')).toBe('2026-01-05T09:00:00+11:00');
    expect(dealerIso(Date.parse('2026-07-04T23:00:00Z'), 'Australia/Sydney')).toBe('2026-07-05T09:00:00+10:00');
    expect(dealerIso(Date.parse('2026-01-05T01:30:00Z'), 'Australia/Adelaide')).toBe('2026-01-05T12:00:00+10:30');
    expect(dealerIso(Date.parse('2026-01-05T14:00:00Z'), 'America/New_York')).toBe('2026-01-05T09:00:00-05:00');
  });

  it('reads back what it writes, and a time without a zone as the wall-clock time there', () => {
    const at = Date.parse('2026-03-06T23:00:00Z');
    expect(dealerInstant(dealerIso(at, 'Australia/Perth'), 'Australia/Brisbane')).toBe(at);
    expect(dealerInstant('2026-03-07T09:00', 'Australia/Brisbane')).toBe(at);
    expect(Number.isNaN(dealerInstant('tomorrow-ish', 'Australia/Brisbane'))).toBe(true);
  });
});

describe('dealerDateAfter', () => {
  it("counts days from the dealer's date, not UTC's, across a month and a year", () => {
    const at = Date.parse('2026-12-31T13:30:00Z'); // 1 January 2027 in Sydney, still 31 December in Perth
    expect(dealerDateAfter(at, 0, 'Australia/Sydney')).toBe('2027-01-01');
    expect(dealerDateAfter(at, 1, 'Australia/Sydney')).toBe('2027-01-02');
    expect(dealerDateAfter(at, 1, 'Australia/Perth')).toBe('2027-01-01');
    expect(dealerDateAfter(at, 31, 'Australia/Perth')).toBe('2027-01-31');
  });
});

describe("dealerWallClock (the dealer's date, weekday and time of day)", () => {
  it('reads the wall clock across a daylight-saving change (Sydney, Sunday 2026-10-04 02:00 -> 03:00)', () => {
    expect(dealerWallClock(Date.parse('2026-10-03T15:59:59.900Z'), 'Australia/Sydney')).toEqual({
      date: '2026-10-04',
      year: 2026,
      month: 10,
      day: 4,
      weekday: 0,
      hour: 1,
      minute: 59,
      second: 59,
    });
    expect(dealerWallClock(Date.parse('2026-10-03T16:00:00Z'), 'Australia/Sydney')).toMatchObject({ date: '2026-10-04', hour: 3, minute: 0 });
  });

  it("gives the dealer's date where UTC is still on the day before, and agrees with dealerIso", () => {
    const at = Date.parse('2026-12-31T14:30:00Z');
    expect(dealerWallClock(at, 'Australia/Brisbane')).toMatchObject({ date: '2027-01-01', year: 2027, month: 1, day: 1, weekday: 5, hour: 0, minute: 30 });
    expect(dealerWallClock(at, 'America/New_York')).toMatchObject({ date: '2026-12-31', weekday: 4, hour: 9, minute: 30 });
    expect(dealerIso(at, 'Australia/Brisbane').slice(0, 10)).toBe(dealerWallClock(at, 'Australia/Brisbane').date);
  });
});

describe('calendarDay and dealerDay (the day a date text names, for formatDay)', () => {
  it('reads a date or a month as that calendar day, in no time zone', () => {
    expect(calendarDay('2026-12-25')).toBe(Date.UTC(2026, 11, 25));
    expect(calendarDay(' 2026-12 ')).toBe(Date.UTC(2026, 11, 1));
    for (const text of ['2026-12-25T10:00', '25/12/2026', 'Christmas', '']) expect(calendarDay(text)).toBeNaN();
  });

  it("gives a date's own day in any zone, and an instant's day on the dealer's wall clock", () => {
    expect(dealerDay('2026-12-31', 'Australia/Perth')).toBe(Date.UTC(2026, 11, 31));
    expect(dealerDay('2026-12-31', 'America/Los_Angeles')).toBe(Date.UTC(2026, 11, 31));
    // 14:30 UTC on 31 December is already New Year's Day in Brisbane, still 31 December in Perth.
    expect(dealerDay('2026-12-31T14:30:00Z', 'Australia/Brisbane')).toBe(Date.UTC(2027, 0, 1));
    expect(dealerDay('2026-12-31T14:30:00Z', 'Australia/Perth')).toBe(Date.UTC(2026, 11, 31));
    expect(dealerDay('2026-12-31T23:59:59+10:00', 'Australia/Brisbane')).toBe(Date.UTC(2026, 11, 31));
    expect(dealerDay('2026-12-01T00:30', 'Australia/Sydney')).toBe(Date.UTC(2026, 11, 1));
    expect(dealerDay('tomorrow-ish', 'Australia/Brisbane')).toBeNaN();
  });
});

describe('writtenWallClock (the time a date-time text writes, for formatDayTime)', () => {
  it('reads the clock as written, its offset aside: a typed time and a slot the dealer wrote alike', () => {
    expect(writtenWallClock('2026-12-24T16:30')).toBe(Date.UTC(2026, 11, 24, 16, 30));
    expect(writtenWallClock('2026-12-24T16:30:00+10:00')).toBe(Date.UTC(2026, 11, 24, 16, 30));
    expect(writtenWallClock(dealerIso(Date.UTC(2026, 11, 24, 6, 30), 'Australia/Brisbane'))).toBe(Date.UTC(2026, 11, 24, 16, 30));
    expect(writtenWallClock(' 2026-12-24 ')).toBe(Date.UTC(2026, 11, 24));
    for (const text of ['24/12/2026 4:30pm', 'soon', '']) expect(writtenWallClock(text)).toBeNaN();
  });
});

describe("dealerYear (the dealer's current year)", () => {
  // 2026-12-31 14:00 UTC: 01:00 on 1 January 2027 in Sydney (AEDT), 00:00 in Brisbane, 22:00 on 31 December in Perth.
  const newYearInSydney = Date.parse('2026-12-31T14:00:00Z');

  it("is the year on the dealer's wall clock, not UTC's", () => {
    expect(dealerYear(newYearInSydney, 'Australia/Sydney')).toBe(2027);
    expect(dealerYear(newYearInSydney, 'Australia/Brisbane')).toBe(2027);
    expect(dealerYear(newYearInSydney, 'Australia/Perth')).toBe(2026);
    expect(dealerYear(newYearInSydney, 'UTC')).toBe(2026);
  });

  it('without a zone, the year at NO_SITE_ZONE (UTC+14), where a year begins first', () => {
    expect(NO_SITE_ZONE).toBe('Pacific/Kiritimati');
    // 00:30 on 1 January 2027 at UTC+14.
    expect(dealerYear(Date.parse('2026-12-31T10:30:00Z'))).toBe(2027);
    expect(dealerYear(Date.parse('2026-12-31T09:30:00Z'))).toBe(2026);
  });
});

describe('zoneOffset (one formatter kept a zone)', () => {
  it('gives each zone its own offset when calls of several zones interleave, daylight saving included', () => {
    const winter = Date.UTC(2026, 6, 1, 12);
    const summer = Date.UTC(2026, 0, 1, 12);
    for (let round = 0; round < 2; round += 1) {
      expect(zoneOffset(summer, 'Australia/Sydney')).toBe(11 * 3_600_000);
      expect(zoneOffset(summer, 'Australia/Brisbane')).toBe(10 * 3_600_000);
      expect(zoneOffset(winter, 'Australia/Sydney')).toBe(10 * 3_600_000);
      expect(zoneOffset(winter, 'Australia/Adelaide')).toBe(9.5 * 3_600_000);
      expect(zoneOffset(winter, 'UTC')).toBe(0);
    }
  });

  it('throws for an unknown zone at every call, and a known zone still works after it', () => {
    expect(() => zoneOffset(0, 'Not/AZone')).toThrow(RangeError);
    expect(() => zoneOffset(0, 'Not/AZone')).toThrow(RangeError);
    expect(zoneOffset(Date.UTC(2026, 0, 1), 'Australia/Brisbane')).toBe(10 * 3_600_000);
  });

  it('still answers right past the number of zones it keeps', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 80);
    const first = zones.map((zone) => zoneOffset(Date.UTC(2026, 0, 1), zone));
    expect(zones.map((zone) => zoneOffset(Date.UTC(2026, 0, 1), zone))).toEqual(first);
    expect(zoneOffset(Date.UTC(2026, 0, 1), 'Australia/Perth')).toBe(8 * 3_600_000);
  });
});

describe('dealerYear asked again (the last answer kept)', () => {
  it('gives each instant and zone its own year when the same and different questions alternate', () => {
    const newYearUtc = Date.UTC(2026, 11, 31, 15);
    for (let round = 0; round < 2; round += 1) {
      expect(dealerYear(newYearUtc, 'Australia/Sydney')).toBe(2027);
      expect(dealerYear(newYearUtc, 'Australia/Sydney')).toBe(2027);
      expect(dealerYear(newYearUtc, 'Australia/Perth')).toBe(2026);
      expect(dealerYear(newYearUtc + 3_600_000 * 2, 'Australia/Perth')).toBe(2027);
      expect(dealerYear(newYearUtc)).toBe(2027);
    }
  });
});
