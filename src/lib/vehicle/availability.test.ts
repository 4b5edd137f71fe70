import { describe, expect, it } from 'vitest';
import { isCarAvailable, parseFeedDate, regoExpiryDisplay } from './availability.ts';

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
    ['soon', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (text, expected) => {
    expect(parseFeedDate(text)).toBe(expected);
  });
});

describe('regoExpiryDisplay', () => {
  const now = Date.UTC(2026, 5, 15, 12);
  it.each([
    ['2026-06-14', true, 'Unregistered'],
    ['2026-06-15', true, '2026-06-15'],
    ['2026-06-16', true, '2026-06-16'],
    ['14/06/2026', true, 'Unregistered'],
    ['2026-06-14', false, '2026-06-14'],
    ['null', true, null],
    ['', true, null],
    [null, true, null],
    ['not a date', true, 'not a date'],
  ])('%s (label %s) -> %s', (expiry, label, expected) => {
    expect(regoExpiryDisplay(expiry, now, label)).toBe(expected);
  });
});
