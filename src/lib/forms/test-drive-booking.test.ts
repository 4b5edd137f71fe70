import { describe, expect, it } from 'vitest';
import { MAX_BOOKING_DAYS, deliveryLocations, testDriveDates } from './test-drive-booking.ts';

describe('testDriveDates', () => {
  it("runs from the dealer's tomorrow for MAX_BOOKING_DAYS days, on the dealer's calendar", () => {
    const at = Date.parse('2026-12-24T14:00:00Z'); // 24 December, 10pm in Perth; 25 December, 1am in Sydney
    expect(MAX_BOOKING_DAYS).toBe(31);
    expect(testDriveDates(at, 'Australia/Perth')).toEqual({ first: '2026-12-25', last: '2027-01-24' });
    expect(testDriveDates(at, 'Australia/Sydney')).toEqual({ first: '2026-12-26', last: '2027-01-25' });
  });
});

describe('deliveryLocations', () => {
  it('names each distribution location as the lead schema reads a posted one (one line, trimmed), by its name, else by its slug', () => {
    const car = {
      location: {
        distribution_locations: [
          { name: 'Gold Coast Delivery ', slug: 'gold-coast' },
          { name: 'Tweed\tHeads', slug: 'tweed' },
          { name: '  ', slug: ' ballina ' },
          { name: '', slug: 'byron' },
          { name: null, slug: 'lismore' },
          { name: null, slug: null },
        ],
      },
    };
    expect(deliveryLocations(car)).toEqual(['Gold Coast Delivery', 'Tweed Heads', 'ballina', 'byron', 'lismore']);
    expect(deliveryLocations(null)).toEqual([]);
  });
});
