import { describe, expect, it } from 'vitest';
import { isCarAvailable, parseFeedDate, regoStatus } from './availability.ts';

describe('isCarAvailable', () => {
  it.each([
    ['in_stock', true],
    ['coming_soon', true],
    ['sold', false],
  ] as const)('%s -> %s', (status, expected) => {
    expect(isCarAvailable({ status })).toBe(expected);
  });
});

describe('parseFeedDate', () => {
  it.each([
    ['2026-03-01', Date.UTC(2026, 2, 1)],
    ['01/03/2026', Date.UTC(2026, 2, 1)],
    ['2026-03-01T10:00:00Z', Date.UTC(2026, 2, 1, 10)],
    ['2026-03-01 10:00', Date.UTC(2026, 2, 1, 10)],
    ['2023-07', Date.UTC(2023, 6, 1)],
    // Date.parse would read these in the machine's zone, or guess a month the text does not give.
    ['Jul 2023', null],
    ['late 2023', null],
    ['2023', null],
    ['soon', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (text, expected) => {
    expect(parseFeedDate(text)).toBe(expected);
  });
});

describe('regoStatus', () => {
  const now = Date.UTC(2026, 5, 15, 12);
  const june14 = Date.UTC(2026, 5, 14);
  it.each([
    ['2026-06-14', true, { state: 'unregistered', text: '2026-06-14', expiry: june14 }],
    ['2026-06-14', false, { state: 'expired', text: '2026-06-14', expiry: june14 }],
    ['14/06/2026', false, { state: 'expired', text: '14/06/2026', expiry: june14 }],
    ['2026-06-15', true, { state: 'current', text: '2026-06-15', expiry: Date.UTC(2026, 5, 15) }],
    [' 2026-06-16 ', false, { state: 'current', text: '2026-06-16', expiry: Date.UTC(2026, 5, 16) }],
    ['not a date', true, { state: 'unknown', text: 'not a date', expiry: null }],
    ['null', true, null],
    ['', true, null],
    [null, true, null],
  ])('%s (label %s) -> %o', (expiry, label, expected) => {
    expect(regoStatus(expiry, now, label, 'Australia/Brisbane')).toEqual(expected);
  });

  // The expiry is a day on the dealer's calendar: it has passed from the dealer's next midnight, not UTC's.
  it.each([
    ['Australia/Brisbane', '2026-12-05T14:00:00Z', 'current'], // 00:00 on 6 Dec in Brisbane
    ['Australia/Brisbane', '2026-12-06T13:59:59Z', 'current'], // 23:59:59 on 6 Dec
    ['Australia/Brisbane', '2026-12-06T14:00:00Z', 'expired'], // 00:00 on 7 Dec
    ['Australia/Brisbane', '2026-12-06T19:00:00Z', 'expired'], // 05:00 on 7 Dec
    ['Australia/Perth', '2026-12-06T15:59:59Z', 'current'], // 23:59:59 on 6 Dec in Perth
    ['Australia/Perth', '2026-12-06T16:00:00Z', 'expired'], // 00:00 on 7 Dec
  ])('expiry 2026-12-06 in %s at %s -> %s', (timeZone, at, state) => {
    expect(regoStatus('2026-12-06', Date.parse(at), false, timeZone)?.state).toBe(state);
    expect(regoStatus('06/12/2026', Date.parse(at), false, timeZone)?.state).toBe(state);
  });

  // A date-time expiry names the day its date part writes, its offset aside: the dealer's midnight
  // starting 6 Dec ('+10:00', '+08:00') is 6 Dec, not the UTC day it falls on (5 Dec).
  it.each([
    ['2026-12-06T00:00:00+10:00', 'Australia/Brisbane', '2026-12-06T02:00:00Z', 'current'], // noon 6 Dec in Brisbane
    ['2026-12-06T00:00:00+10:00', 'Australia/Brisbane', '2026-12-06T13:59:59Z', 'current'], // 23:59:59 on 6 Dec
    ['2026-12-06T00:00:00+10:00', 'Australia/Brisbane', '2026-12-06T14:00:00Z', 'expired'], // 00:00 on 7 Dec
    ['2026-12-06T23:59:59+10:00', 'Australia/Brisbane', '2026-12-06T13:59:59Z', 'current'],
    ['2026-12-06T00:00:00+08:00', 'Australia/Perth', '2026-12-06T04:00:00Z', 'current'], // noon 6 Dec in Perth
    ['2026-12-06T00:00:00+08:00', 'Australia/Perth', '2026-12-06T15:59:59Z', 'current'],
    ['2026-12-06T00:00:00+08:00', 'Australia/Perth', '2026-12-06T16:00:00Z', 'expired'],
    ['2026-12-06T00:00:00Z', 'Australia/Brisbane', '2026-12-06T13:59:59Z', 'current'],
    ['2026-12-06T00:00:00Z', 'Australia/Brisbane', '2026-12-06T14:00:00Z', 'expired'],
    ['2026-12-06T20:00:00-05:00', 'Australia/Brisbane', '2026-12-06T13:59:59Z', 'current'],
    ['2026-12-06T20:00:00-05:00', 'Australia/Brisbane', '2026-12-06T14:00:00Z', 'expired'],
    ['2026-12-06', 'Australia/Perth', '2026-12-06T15:59:59Z', 'current'],
    ['2026-12-06', 'Australia/Perth', '2026-12-06T16:00:00Z', 'expired'],
  ])('expiry %s in %s at %s -> %s, the expiry day 6 Dec', (expiry, timeZone, at, state) => {
    expect(regoStatus(expiry, Date.parse(at), false, timeZone)).toEqual({ state, text: expiry, expiry: Date.UTC(2026, 11, 6) });
  });
});
