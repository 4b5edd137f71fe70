import { describe, expect, it } from 'vitest';
import { MAX_BOOKING_DAYS, testDriveDates } from './test-drive-booking.ts';

describe('testDriveDates', () => {
  it("runs from the dealer's tomorrow for MAX_BOOKING_DAYS days, on the dealer's calendar", () => {
    const at = Date.parse('2026-12-24T14:00:00Z'); // 24 December, 10pm in Perth; 25 December, 1am in Sydney
    expect(MAX_BOOKING_DAYS).toBe(31);
    expect(testDriveDates(at, 'Australia/Perth')).toEqual({ first: '2026-12-25', last: '2027-01-24' });
    expect(testDriveDates(at, 'Australia/Sydney')).toEqual({ first: '2026-12-26', last: '2027-01-25' });
  });
});
