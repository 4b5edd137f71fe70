import { describe, expect, it } from 'vitest';
import { dealerInstant, dealerIso } from './dealer-time.ts';

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
