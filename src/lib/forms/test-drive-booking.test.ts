import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '../../schemas/car.ts';
import { DELIVERY_LOCATION_MAX } from '../../schemas/forms/fields.ts';
import { testDriveFormSchema } from '../../schemas/forms/test-drive.ts';
import { LeadSubmissionSchema } from '../../schemas/lead.ts';
import { MAX_BOOKING_DAYS, deliveryLocations, testDriveDates, typedTestDriveDates } from './test-drive-booking.ts';

describe('testDriveDates', () => {
  it("runs from the dealer's tomorrow for MAX_BOOKING_DAYS days, on the dealer's calendar", () => {
    const at = Date.parse('2026-12-24T14:00:00Z'); // 24 December, 10pm in Perth; 25 December, 1am in Sydney
    expect(MAX_BOOKING_DAYS).toBe(31);
    expect(testDriveDates(at, 'Australia/Perth')).toEqual({ first: '2026-12-25', last: '2027-01-24' });
    expect(testDriveDates(at, 'Australia/Sydney')).toEqual({ first: '2026-12-26', last: '2027-01-25' });
  });
});

describe('typedTestDriveDates', () => {
  it('on one clock are its testDriveDates; on two, the dates bookable on both (near midnight in Perth, past it in Sydney)', () => {
    const at = Date.parse('2026-12-24T14:00:00Z'); // 24 December, 10pm in Perth; 25 December, 1am in Sydney
    expect(typedTestDriveDates(at, ['Australia/Perth'])).toEqual(testDriveDates(at, 'Australia/Perth'));
    expect(typedTestDriveDates(at, ['Australia/Sydney', 'Australia/Perth'])).toEqual({ first: '2026-12-26', last: '2027-01-24' });
    expect(typedTestDriveDates(at, ['Australia/Perth', 'Australia/Sydney'])).toEqual({ first: '2026-12-26', last: '2027-01-24' });
    // Past midnight on both clocks: one window.
    const later = Date.parse('2026-12-24T17:00:00Z');
    expect(typedTestDriveDates(later, ['Australia/Sydney', 'Australia/Perth'])).toEqual({ first: '2026-12-26', last: '2027-01-25' });
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

describe('deliveryLocations of a car read from a feed: every one offered fits the field it is sent in', () => {
  const long = `Free delivery anywhere on the Gold Coast and the Tweed, ${'conditions apply, '.repeat(5)}ask us`;
  const fits = 'x'.repeat(DELIVERY_LOCATION_MAX);
  const car = v.parse(CarSchema, {
    id: 1,
    slug: 'a-car',
    status: 'in_stock',
    car_type: 'used',
    location: {
      name: 'Southport',
      distribution_locations: [
        { name: long, slug: 'gold-coast' },
        { name: `  ${fits}  `, slug: 'fits' },
        { name: '', slug: `tweed-${'a'.repeat(DELIVERY_LOCATION_MAX)}` },
        { name: 'Ballina', slug: 'ballina' },
      ],
    },
  });

  it('a name longer than the field is not offered (its slug is), a longer slug neither; one that fits once trimmed is', () => {
    expect(long.length).toBeGreaterThan(DELIVERY_LOCATION_MAX);
    expect(deliveryLocations(car)).toEqual(['gold-coast', fits, 'Ballina']);
  });

  /** The problems a schema finds with the delivery location `place`. */
  const refusals = (schema: v.GenericSchema, place: string) =>
    (v.safeParse(schema, { delivery_location: place }).issues ?? [])
      .filter((issue) => v.getDotPath(issue) === 'delivery_location')
      .map((issue) => issue.message);

  it('the test-drive form and the lead API take each location the form offers', () => {
    expect(refusals(testDriveFormSchema(), long)).not.toEqual([]);
    for (const place of deliveryLocations(car)) {
      expect(refusals(testDriveFormSchema(), place)).toEqual([]);
      expect(refusals(LeadSubmissionSchema, place)).toEqual([]);
    }
  });
});
