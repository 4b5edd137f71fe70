/**
 * The test-drive appointments adapter: the slots the availability call lists and the times a
 * lead may book (and the time its drive holds the car) come from one grid, the local one (the hours of the car's location, holidays
 * first) or a provider's answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { makeCar } from '../../../../tests/fixtures/make-car.ts';
import { createCarsAdapters } from './adapters.ts';
import { quoteFinance } from './finance-quote.ts';

const now = Date.parse('2026-12-23T00:00:00Z'); // Wednesday 10am in Brisbane
const car = makeCar({ id: 7, slug: 'hilux', status: 'in_stock', location: { id: 2, slug: 'eagle-farm' } });
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' }));
const tenant = {
  slug: 'sunstate',
  site: {
    timezone: 'Australia/Brisbane',
    locations: [
      { id: 1, slug: 'springwood', primary: true, contact_detail: { opening_hours: weekdays, special_hours: [] } },
      {
        id: 2,
        slug: 'eagle-farm',
        primary: false,
        contact_detail: { opening_hours: weekdays, special_hours: [{ date: '2026-12-25', status: 'Closed', name: 'Christmas Day' }] },
      },
    ],
  },
} as unknown as ApiTenant;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('local appointments', () => {
  // The 8:30 slot booked, and a drive typed at 11:15 (to 12:15).
  const booked = [
    { startsAt: Date.parse('2026-12-24T08:30:00+10:00'), endsAt: Date.parse('2026-12-24T09:30:00+10:00') },
    { startsAt: Date.parse('2026-12-24T11:15:00+10:00'), endsAt: Date.parse('2026-12-24T12:15:00+10:00') },
  ];
  const asked: unknown[][] = [];
  const { appointments } = createCarsAdapters(
    {
      bookedDrives: async (...args) => {
        asked.push(args);
        return booked;
      },
    },
    {},
    () => now,
  );

  it("lists the car's location's slots, none on its Closed holiday, less those a booked drive overlaps", async () => {
    const { days } = await appointments.availability(tenant, car, 2, now);
    expect(days.map((day) => [day.date, day.slots.map((slot) => slot.label)])).toEqual([
      ['2026-12-24', ['9:30am', '12:30pm', '1:30pm', '2:30pm', '3:30pm', '4:30pm']],
      ['2026-12-25', []],
    ]);
    // A booking stored without its end (before migration 310) took a grid slot: an hour.
    expect(asked.at(-1)?.at(-1)).toBe(3_600_000);
    expect(appointments.unendedMs).toBe(3_600_000);
  });

  it('a drive holds its own hour, at a slot (booked or not: the lead write answers it) or a typed time inside the hours; not the holiday or an hour past closing', async () => {
    const held = async (iso: string) => {
      const drive = await appointments.driveTime(tenant, car, Date.parse(iso), now);
      return drive && [new Date(drive.startsAt).toISOString(), new Date(drive.endsAt).toISOString()];
    };
    expect(await held('2026-12-24T08:30:00+10:00')).toEqual(['2026-12-23T22:30:00.000Z', '2026-12-23T23:30:00.000Z']);
    expect(await held('2026-12-24T09:00:00+10:00')).toEqual(['2026-12-23T23:00:00.000Z', '2026-12-24T00:00:00.000Z']);
    expect(await held('2026-12-25T08:30:00+10:00')).toBeUndefined();
    expect(await held('2026-12-24T17:00:00+10:00')).toBeUndefined();
  });
});

describe('provider appointments', () => {
  it("takes the provider's slots, each holding its start alone (the provider keeps its drives apart), and no other time; a booking without its end holds its start alone too", async () => {
    const days = [{ date: '2026-12-24', slots: [{ start: '2026-12-24T10:00:00+10:00', label: '10:00am' }] }];
    const fetch = vi.fn(async () => new Response(JSON.stringify({ timezone: 'Australia/Brisbane', days })));
    vi.stubGlobal('fetch', fetch);
    const { appointments } = createCarsAdapters(
      { bookedDrives: async () => [] },
      { appointments: { url: 'https://appointments.example', key: 'k' } },
      () => now,
    );
    const slot = Date.parse('2026-12-24T10:00:00+10:00');
    expect(await appointments.driveTime(tenant, car, Date.parse('2026-12-24T00:00:00Z'), now)).toEqual({ startsAt: slot, endsAt: slot });
    expect(await appointments.driveTime(tenant, car, Date.parse('2026-12-24T11:00:00+10:00'), now)).toBeUndefined();
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ site: 'sunstate', car_id: 7, days: 31 });
    // A booking stored without its end (before migration 310) was a provider's slot too: its start alone.
    expect(appointments.unendedMs).toBe(0);
  });
});

describe('the time taken while the appointments provider cannot be asked (unaskedTime)', () => {
  const { appointments } = createCarsAdapters({ bookedDrives: async () => [] }, { appointments: { url: 'https://appointments.example', key: 'k' } }, () => now);
  /** A site in `siteZone` whose car stands at a location in `state`, open 8:30 to 5:30 on weekdays. */
  const siteWith = (siteZone: string, state: string) =>
    ({
      ...tenant,
      site: { ...tenant.site, timezone: siteZone, locations: [{ ...tenant.site.locations[1], address: { street: '1 Main St', city: 'Town', state } }] },
    }) as unknown as ApiTenant;
  const taken = (site: ApiTenant, iso: string) => appointments.unaskedTime(site, car, Date.parse(iso), now) !== undefined;

  // Fault: every location's hours were read in the site's one time zone: 4 pm in Perth (7 pm in
  // Sydney) was refused for a Sydney-zoned site's Perth location, though the provider offers it.
  it("reads the hours of a location in another state in that state's zone: a Sydney site's Perth location", () => {
    const perth = siteWith('Australia/Sydney', 'WA');
    expect(taken(perth, '2026-12-24T16:00:00+08:00')).toBe(true);
    expect(taken(perth, '2026-12-24T08:30:00+08:00')).toBe(true);
    expect(taken(perth, '2026-12-24T17:30:00+08:00')).toBe(false);
    // 11 am in Sydney, before opening in Perth.
    expect(taken(perth, '2026-12-24T08:00:00+08:00')).toBe(false);
  });

  it("keeps the site's zone when it is one the location's state keeps (Broken Hill, NSW, on South Australia's time)", () => {
    const brokenHill = siteWith('Australia/Broken_Hill', 'NSW');
    // 5 pm in Broken Hill is 5:30 pm in Sydney.
    expect(taken(brokenHill, '2026-12-24T17:00:00+10:30')).toBe(true);
    expect(taken(brokenHill, '2026-12-24T08:15:00+10:30')).toBe(false);
  });

  it("reads the site's zone for a location in the site's own state, and where no location gives a state", () => {
    expect(taken(siteWith('Australia/Brisbane', 'QLD'), '2026-12-24T17:00:00+10:00')).toBe(true);
    expect(taken(siteWith('Australia/Brisbane', 'QLD'), '2026-12-24T17:30:00+10:00')).toBe(false);
    expect(taken(tenant, '2026-12-24T17:00:00+10:00')).toBe(true);
    expect(taken(tenant, '2026-12-24T08:00:00+10:00')).toBe(false);
  });
});

describe('local finance quote', () => {
  it("loads an older car's rate by the dealer's year: a 2019 car is 8 years old from 1 January in Sydney, while UTC is still in 2026", async () => {
    const newYearInSydney = Date.parse('2026-12-31T14:00:00Z');
    const sydney = { ...tenant, site: { ...tenant.site, timezone: 'Australia/Sydney' } } as unknown as ApiTenant;
    const { financeQuote } = createCarsAdapters({ bookedDrives: async () => [] }, {}, () => newYearInSydney);
    const request = { purchasePrice: 20_000, loanTerm: 5, selfAssessedCreditScore: 'GOOD' as const, year: 2019 };
    const quote = await financeQuote.quote(sydney, request);
    expect(quote).toEqual(quoteFinance({ ...request, currentYear: 2027 }));
    expect(quote.advertisedRate).toBeGreaterThan(quoteFinance({ ...request, currentYear: 2026 }).advertisedRate);
  });
});
