import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { normalisePhone } from '../../schemas/phone.ts';
import { phone } from '../../schemas/site/common.ts';
import {
  formatCount,
  formatDay,
  formatDayTime,
  formatKm,
  centsMoney,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPhone,
  formatWeekdayDay,
  formatMoment,
  nounForCount,
  phoneHref,
  truncateText,
} from './format.ts';

describe('formatMoney', () => {
  it.each([
    [34990, {}, '$34,990'],
    [0, {}, '$0'],
    [-0, {}, '$0'],
    [1234567, {}, '$1,234,567'],
    [1360.5, { cents: true }, '$1,360.50'],
    [25, { cents: true }, '$25.00'],
    [99.6, {}, '$100'],
    [Number.NaN, {}, ''],
  ])('%s %o -> %s', (amount, options, expected) => {
    expect(formatMoney(amount, options)).toBe(expected);
  });
});

describe('formatMoney and formatNumber asked again (their texts are kept)', () => {
  it('give the same text for an amount asked for again, and -0 as Intl writes it after 0 and before', () => {
    for (const round of [1, 2]) {
      expect([round, formatMoney(34990), formatMoney(34990, { cents: true }), formatMoney(1360.5, { cents: true })]).toEqual([
        round,
        '$34,990',
        '$34,990.00',
        '$1,360.50',
      ]);
      expect([formatMoney(-0), formatMoney(0), formatMoney(-12.5, { cents: true })]).toEqual(['$0', '$0', '-$12.50']);
      expect([formatNumber(-0.2), formatNumber(0), formatNumber(-0.2), formatNumber(-1234.4)]).toEqual(['-0', '0', '-0', '-1,234']);
    }
  });

  it("give Intl's text for many amounts, past the number kept", () => {
    const intl = new Intl.NumberFormat('en-AU', {
      style: 'currency',
      currency: 'AUD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    for (let round = 0; round < 2; round += 1)
      for (let amount = 0; amount < 10_000; amount += 1) if (formatMoney(amount * 7.5) !== intl.format(amount * 7.5)) throw new Error(`${amount * 7.5}`);
  });
});

describe('centsMoney', () => {
  it.each([
    [35025, '$350.25'],
    [102410, '$1,024.10'],
    [1, '$0.01'],
    [0, '$0.00'],
    [250000, '$2,500.00'],
  ])('%s cents -> %s', (cents, expected) => {
    expect(centsMoney(cents)).toBe(expected);
  });
});

describe('formatNumber and formatKm', () => {
  it.each([
    [0, '0 km'],
    [999, '999 km'],
    [1000, '1,000 km'],
    [123456, '123,456 km'],
    [12.6, '13 km'],
  ])('%s -> %s', (km, expected) => {
    expect(formatKm(km)).toBe(expected);
  });
  it('gives an empty string for missing or impossible readings', () => {
    expect(formatKm(null)).toBe('');
    expect(formatKm(undefined)).toBe('');
    expect(formatKm(-1)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatDay and formatMonth', () => {
  // Months whose en-AU short name is the same in every ICU version (June, July and Sept are not).
  it.each([
    [Date.UTC(2026, 7, 13), '13 Aug 2026', 'Aug 2026'],
    [Date.UTC(2027, 0, 1), '1 Jan 2027', 'Jan 2027'],
    // The calendar day of a feed date, whatever the time zone of the machine that builds.
    [Date.UTC(2026, 9, 31, 23, 59), '31 Oct 2026', 'Oct 2026'],
  ])('%s -> %s, %s', (ms, day, month) => {
    expect(formatDay(ms)).toBe(day);
    expect(formatMonth(ms)).toBe(month);
  });
  it('gives nothing for no date', () => {
    expect(formatDay(Number.NaN)).toBe('');
    expect(formatMonth(Number.NaN)).toBe('');
    expect(formatWeekdayDay(Number.NaN)).toBe('');
  });
});

describe('formatWeekdayDay (a day of the coming weeks: holiday hours, test-drive days)', () => {
  it.each([
    [Date.UTC(2026, 11, 25), 'Friday 25 December'],
    [Date.UTC(2027, 0, 1), 'Friday 1 January'],
    // A calendar day, whatever the time zone of the machine or browser that formats it.
    [Date.UTC(2026, 9, 31, 23, 59), 'Saturday 31 October'],
  ])('%s -> %s', (ms, text) => {
    expect(formatWeekdayDay(ms)).toBe(text);
  });
});

describe('formatDayTime (a wall-clock time as written: a date-time a form gives)', () => {
  it.each([
    [Date.UTC(2026, 11, 24, 16, 30), 'Thursday 24 December 2026, 4:30 pm'],
    [Date.UTC(2027, 0, 1, 0, 5), 'Friday 1 January 2027, 12:05 am'],
    [Date.UTC(2026, 5, 3, 12, 0), 'Wednesday 3 June 2026, 12:00 pm'],
  ])('%s -> %s', (ms, text) => {
    expect(formatDayTime(ms)).toBe(text);
  });
  it('gives nothing for no time', () => {
    expect(formatDayTime(Number.NaN)).toBe('');
  });
});

describe('formatCount and nounForCount', () => {
  const reviews = { one: 'review', other: 'reviews' };
  it.each([
    [0, '0 reviews'],
    [1, '1 review'],
    [2, '2 reviews'],
    [1012, '1,012 reviews'],
  ])('%s -> %s', (count, expected) => {
    expect(formatCount(count, reviews)).toBe(expected);
  });
  it('takes the singular for exactly one only', () => {
    expect(nounForCount(1, reviews)).toBe('review');
    expect(nounForCount(0, reviews)).toBe('reviews');
    expect(nounForCount(11, reviews)).toBe('reviews');
    expect(nounForCount(1.5, { one: 'year', other: 'years' })).toBe('years');
    // A count is whole: what is printed decides the noun.
    expect(formatCount(1.2, reviews)).toBe('1 review');
  });
});

describe('formatPhone', () => {
  it.each([
    ['+61731234567', '07 3123 4567'],
    ['+61 7 3123 4567', '07 3123 4567'],
    ['+61412345678', '04 1234 5678'],
    ['+61 (0)2 9876 5432', '02 9876 5432'],
    ['  +61-3-9000-1111 ', '03 9000 1111'],
    ['07 3123 4567', '07 3123 4567'],
    ['1300 123 456', '1300 123 456'],
    ['13 22 11', '13 22 11'],
    ['+6113', '013'],
    ['', ''],
    [null, ''],
  ])('%s -> %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('phoneHref', () => {
  it.each([
    ['+61 7 3123 4567', 'tel:+61731234567'],
    ['(07) 3123-4567', 'tel:+61731234567'],
    ['61 2 4721 8800', 'tel:+61247218800'],
    ['+61 (0)7 3000 1234', 'tel:+61730001234'],
    ['0412 345 678', 'tel:+61412345678'],
    ['1300 123 456', 'tel:1300123456'],
    ['1800 123 456', 'tel:1800123456'],
    ['13 22 11', 'tel:132211'],
  ])('dials an Australian number in international form, a 13, 1300 or 1800 number as it is: %s -> %s', (input, expected) => {
    expect(phoneHref(input)).toBe(expected);
  });

  it('links every number the site.json phone rule accepts to +61 and its national number without the leading 0, or to its 13, 1300 or 1800 digits', () => {
    for (const written of ['61 2 4721 8800', '+61 (0)7 3000 1234', '+61-3-9000-1111', '(02) 9876 5432', '61412345678', '1300 123 456', '13 22 11']) {
      expect(v.is(phone, written)).toBe(true);
      const national = normalisePhone(written);
      expect(phoneHref(written)).toBe(national.startsWith('0') ? `tel:+61${national.slice(1)}` : `tel:${national}`);
    }
  });

  it('links a number that is not Australian (a feed phone) to its digits, a leading + kept', () => {
    expect(phoneHref('+1 (555) 123-4567')).toBe('tel:+15551234567');
    expect(phoneHref('555 0100')).toBe('tel:5550100');
  });
});

describe('truncateText', () => {
  it('keeps texts up to the limit whole', () => {
    expect(truncateText('a'.repeat(197), 197)).toEqual({ text: 'a'.repeat(197), truncated: false });
    expect(truncateText(`  ${'a'.repeat(400)}  `, 400)).toEqual({ text: 'a'.repeat(400), truncated: false });
  });
  it('cuts at exactly the limit, mid-word too, then the ellipsis (spec §9 disclaimer 197)', () => {
    const long = `${'word '.repeat(50)}end`;
    const result = truncateText(long, 197);
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${long.slice(0, 197)}…`);
    expect(result.text).toHaveLength(198);
    expect(result.text.endsWith('wo…')).toBe(true);
  });
  it('cuts dealer comments at exactly 400 characters (spec §4)', () => {
    const comments = 'One owner, full service history, near new tyres and a fresh detail. '.repeat(8);
    const result = truncateText(comments, 400);
    expect(result).toEqual({ text: `${comments.slice(0, 400)}…`, truncated: true });
    expect(result.text).toHaveLength(401);
  });
  it('counts code points, so a cut never splits an emoji of one (two UTF-16 units)', () => {
    const text = `${'a'.repeat(196)}🚗🚗 and more`;
    expect(truncateText(text, 197)).toEqual({ text: `${'a'.repeat(196)}🚗…`, truncated: true });
    expect(truncateText(`${'a'.repeat(196)}🚗`, 197)).toEqual({ text: `${'a'.repeat(196)}🚗`, truncated: false });
  });
  it('cuts mid-word when there is no space', () => {
    expect(truncateText('x'.repeat(250), 197)).toEqual({ text: `${'x'.repeat(197)}…`, truncated: true });
  });
});

describe('formatMoment (an instant on the dealer’s clock, with the zone)', () => {
  it.each([
    [Date.parse('2026-11-29T01:41:07Z'), 'Australia/Brisbane', 'Sun 29 Nov 2026, 11:41 am AEST'],
    [Date.parse('2026-11-29T01:41:07Z'), 'Australia/Sydney', 'Sun 29 Nov 2026, 12:41 pm AEDT'],
    [Date.parse('2026-07-01T14:05:00Z'), 'Australia/Perth', 'Wed 1 July 2026, 10:05 pm AWST'],
  ])('%s in %s reads %s', (ms, zone, text) => {
    expect(formatMoment(ms, zone)).toBe(text);
  });
  it('gives nothing for no instant', () => {
    expect(formatMoment(Number.NaN, 'Australia/Brisbane')).toBe('');
  });
});
