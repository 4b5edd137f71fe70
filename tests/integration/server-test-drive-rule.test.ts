/**
 * The lead API applies the test-drive rule (spec §4 "test drive booking if test-drivable",
 * src/lib/vehicle/vehicle-actions.ts takesTestDrives) the vehicle page and /book-test-drive/
 * follow: a car in stock, or one tagged Test Drive Only, takes test drives; a coming-soon or
 * sold car does not. Availability and the booking lead are refused for it, whatever the
 * browser posts; an enquiry about it is still taken. A site that takes no test-drive bookings
 * (site.json `features.test_drive` false) is answered 404 for both, as a switched-off trade-in
 * valuation is. A lead's delivery location must be one the chosen car's location delivers to
 * (deliveryLocations, what the form offers): the dealer's e-mail states it as the shopper's
 * choice. A new test-drive lead names a car (every form that offers a drive sends one), and a
 * later step makes no lead a test drive (it would be stored unbooked). Runs on SQLite (the rules
 * read no table; server-lead-steps runs the later step's on PostgreSQL too).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { car, tempDir, testApp, testDatabase } from '../support/server-helpers.ts';
import { writeTenantFolder } from '../support/tenant-folder.ts';

const HOST = { host: 'driving.localhost:4321' };
/** A complete enquiry (Comments required by default). */
const contact = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000', message: 'Hello' };
const NO_TEST_DRIVE = 'This car is not available for a test drive.';
const NOT_DELIVERED = 'This delivery location is not offered for this car.';
const PARKED = { host: 'parked.localhost:4321' };
const TEST_DRIVE_LATER = 'A test drive is booked with the first step of an enquiry. Please start again from the car.';
const NOT_BOOKED = 'This site does not book test drives online. Please get in touch with one of our friendly team members to arrange a test drive.';

describe('lead API: the test-drive rule', () => {
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let app: LeadApi;

  beforeAll(async () => {
    folder = tempDir('test-drive-rule-');
    writeTenantFolder(join(folder.dir, 'tenants', 'driving'), {
      site: { slug: 'driving', name: 'Driving Motors', url: 'https://driving.example', email: 'sales@driving.example' },
      stock: [
        car(1, 'in-stock'),
        car(2, 'coming-soon', { status: 'coming_soon' }),
        car(3, 'coming-soon-demo', { status: 'coming_soon', tag: 'Test Drive Only' }),
        car(4, 'just-sold', { status: 'sold', sold_date_timestamp: Math.floor(Date.now() / 1000) - 86_400 }),
        car(6, 'delivered', {
          location: {
            id: 301,
            slug: 'north',
            name: 'North',
            distribution_locations: [{ name: 'Gold Coast Delivery', slug: 'gold-coast' }, { slug: 'sunshine-coast' }],
          },
        }),
        car(7, 'other-yard', { location: { id: 302, slug: 'south', name: 'South', distribution_locations: [{ name: 'Byron Delivery', slug: 'byron' }] } }),
        // A feed's names with spaces at the ends, a tab inside, or nothing but spaces (the slug then).
        car(8, 'untidy-feed', {
          location: {
            id: 303,
            slug: 'east',
            name: 'East',
            distribution_locations: [
              { name: 'Gold Coast Delivery ', slug: 'gold-coast' },
              { name: 'Tweed\tHeads', slug: 'tweed' },
              { name: '  ', slug: 'ballina' },
            ],
          },
        }),
      ],
    });
    writeTenantFolder(join(folder.dir, 'tenants', 'parked'), {
      site: { slug: 'parked', name: 'Parked Motors', url: 'https://parked.example', email: 'sales@parked.example', features: { test_drive: false } },
      stock: [car(5, 'parked-in-stock')],
    });
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, join(folder.dir, 'tenants'), { delivery: { enabled: false } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  const availability = (carId: number) => app.inject({ method: 'GET', url: `/api/test-drive/availability?car_id=${carId}&days=3`, headers: HOST });
  const lead = (payload: Record<string, unknown>, headers = HOST) =>
    app.inject({ method: 'POST', url: '/api/leads', headers, payload: { ...contact, ...payload } });
  const leadCount = async (tenant = 'driving') =>
    Number((await database.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM leads WHERE tenant = $1', [tenant]))[0]!.n);

  it('lists slots only for a car that takes test drives', async () => {
    for (const id of [1, 3]) expect((await availability(id)).statusCode, `car ${id}`).toBe(200);
    for (const id of [2, 4]) {
      const refused = await availability(id);
      expect(refused.statusCode, `car ${id}`).toBe(422);
      expect(refused.json()).toEqual({ success: false, error: 'Please fix the following errors:', fields: { car_id: NO_TEST_DRIVE } });
    }
  });

  it('refuses a test-drive lead for a coming-soon or sold car with a field error on car_id, and stores nothing', async () => {
    const before = await leadCount();
    for (const id of [2, 4]) {
      for (const category of ['Test Drive', 'test drive']) {
        const refused = await lead({ category, car_id: id, dateTime: '2030-03-07T09:00:00+10:00' });
        expect(refused.statusCode, `car ${id} ${category}`).toBe(422);
        expect(refused.json()).toEqual({ success: false, error: 'Please fix the following errors:', fields: { car_id: NO_TEST_DRIVE } });
      }
    }
    expect(await leadCount()).toBe(before);
  });

  it('takes a test-drive lead for a car in stock or tagged Test Drive Only, and an enquiry about any listed car', async () => {
    expect((await lead({ category: 'Test Drive', car_id: 1 })).statusCode).toBe(201);
    expect((await lead({ category: 'Test Drive', car_id: 'coming-soon-demo' })).statusCode).toBe(201);
    expect((await lead({ category: 'General Enquiry', car_id: 2 })).statusCode).toBe(201);
    expect((await lead({ category: 'Find Me Something Similar', car_id: 4 })).statusCode).toBe(201);
  });

  it('refuses a new test-drive lead naming no car (a drive is booked for a car: its hours and its bookings), with or without a time, and stores nothing; an enquiry needs none', async () => {
    const before = await leadCount();
    for (const post of [
      { category: 'Test Drive' },
      { category: 'test drive', dateTime: '2030-03-07T09:00:00+10:00' },
      { category: 'Test Drive', dateTime: '2020-01-01T03:00' },
    ]) {
      const refused = await lead(post);
      expect([post, refused.statusCode, refused.json()]).toEqual([
        post,
        422,
        { success: false, error: 'Please fix the following errors:', fields: { car_id: '* This field is required' } },
      ]);
    }
    expect(await leadCount()).toBe(before);
    expect((await lead({ category: 'General Enquiry', dateTime: '2020-01-01T03:00' })).statusCode).toBe(201);
  });

  it('a later step (lead_id) makes no lead a test drive and gives a test drive no time (422, the lead unchanged): a drive is booked, its car and time checked, with its first post', async () => {
    // A weekday (the default hours, 9 to 5) two days or more on: a time the car can be booked at.
    let day = Date.now() + 2 * 86_400_000;
    while ([0, 6].includes(new Date(new Date(day).toISOString().slice(0, 10)).getUTCDay())) day += 86_400_000;
    const at = `${new Date(day).toISOString().slice(0, 10)}T10:00`;
    const step = (leadId: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/leads', headers: HOST, payload: { lead_id: leadId, ...payload } });
    const unchanged = async (id: string) => {
      const stored = await app.stores.leads.get('driving', id);
      return [stored?.category, stored?.revision, stored?.data.dateTime];
    };
    // A car-less enquiry, and one about car 1: a later step naming a test drive, with or without a time, is refused.
    const carless = (await lead({ category: 'General Enquiry', form_completed: false })).json().lead_id as string;
    const aboutCar = (await lead({ category: 'General Enquiry', car_id: 1, form_completed: false })).json().lead_id as string;
    for (const [id, payload] of [
      [carless, { category: 'Test Drive', dateTime: '2020-01-01T03:00' }],
      [carless, { category: 'Test Drive' }],
      [aboutCar, { category: 'Test Drive', dateTime: at }],
      [aboutCar, { category: 'test drive', car_id: 1, dateTime: at }],
      [aboutCar, { category: 'Test Drive' }],
    ] as const) {
      const refused = await step(id, payload);
      expect([payload, refused.statusCode, refused.json()]).toEqual([
        payload,
        422,
        { success: false, error: 'Please fix the following errors:', fields: { category: TEST_DRIVE_LATER } },
      ]);
    }
    expect(await unchanged(carless)).toEqual(['General Enquiry', 1, undefined]);
    expect(await unchanged(aboutCar)).toEqual(['General Enquiry', 1, undefined]);
    // Nothing was booked: a new test-drive lead takes that time, once.
    expect((await lead({ category: 'Test Drive', car_id: 1, dateTime: at })).statusCode).toBe(201);
    expect((await lead({ category: 'Test Drive', car_id: 1, dateTime: at })).statusCode).toBe(409);
    // A test-drive lead takes no time from a later step (it would be stored unbooked); its other steps are merged.
    const drive = (await lead({ category: 'Test Drive', car_id: 1, form_completed: false })).json().lead_id as string;
    const timed = await step(drive, { dateTime: at.replace('T10', 'T14') });
    expect([timed.statusCode, timed.json()]).toEqual([
      422,
      { success: false, error: 'Please fix the following errors:', fields: { dateTime: TEST_DRIVE_LATER } },
    ]);
    expect(await unchanged(drive)).toEqual(['Test Drive', 1, undefined]);
    expect((await step(drive, { message: 'Can I bring my dog?' })).statusCode).toBe(200);
    // An enquiry's time is no booking: a later step may give one.
    expect((await step(aboutCar, { dateTime: at })).statusCode).toBe(200);
  });

  it("takes a delivery location the chosen car's location delivers to, as the form offers it (by name, else by slug)", async () => {
    for (const place of ['Gold Coast Delivery', 'sunshine-coast']) {
      const taken = await lead({ category: 'Test Drive', car_id: 6, delivery_location: place });
      expect([place, taken.statusCode]).toEqual([place, 201]);
      const stored = await database.db.query<{ data: unknown }>('SELECT data FROM leads WHERE tenant = $1 AND id = $2', ['driving', taken.json().lead_id]);
      const data = typeof stored[0]!.data === 'string' ? JSON.parse(stored[0]!.data) : stored[0]!.data;
      expect(data).toMatchObject({ delivery_location: place });
    }
  });

  it("takes a feed's delivery location with spaces at the ends or a control character inside, as the form sends it (one line, trimmed; a blank name by its slug)", async () => {
    for (const [posted, kept] of [
      ['Gold Coast Delivery', 'Gold Coast Delivery'],
      ['Gold Coast Delivery ', 'Gold Coast Delivery'],
      ['Tweed Heads', 'Tweed Heads'],
      ['ballina', 'ballina'],
    ]) {
      const taken = await lead({ category: 'Test Drive', car_id: 8, delivery_location: posted });
      expect([posted, taken.statusCode]).toEqual([posted, 201]);
      const stored = await database.db.query<{ data: unknown }>('SELECT data FROM leads WHERE tenant = $1 AND id = $2', ['driving', taken.json().lead_id]);
      const data = typeof stored[0]!.data === 'string' ? JSON.parse(stored[0]!.data) : stored[0]!.data;
      expect(data).toMatchObject({ delivery_location: kept });
    }
  });

  it('refuses any other delivery location with a field error on delivery_location, and stores nothing', async () => {
    const before = await leadCount();
    const posts: Record<string, unknown>[] = [
      { category: 'Test Drive', car_id: 6, delivery_location: 'The moon' },
      // Another yard's delivery location, and a slug the form does not offer (it offers the name).
      { category: 'Test Drive', car_id: 6, delivery_location: 'Byron Delivery' },
      { category: 'Test Drive', car_id: 6, delivery_location: 'gold-coast' },
      // A car whose location delivers nowhere, and no car at all.
      { category: 'Test Drive', car_id: 1, delivery_location: 'Gold Coast Delivery' },
      { category: 'Test Drive', delivery_location: 'Gold Coast Delivery' },
      { category: 'General Enquiry', car_id: 1, delivery_location: 'Gold Coast Delivery' },
    ];
    for (const post of posts) {
      const refused = await lead(post);
      // A test drive without a car is refused for that too.
      const noCar = post.car_id === undefined ? { car_id: '* This field is required' } : {};
      expect([post, refused.statusCode, refused.json()]).toEqual([
        post,
        422,
        { success: false, error: 'Please fix the following errors:', fields: { ...noCar, delivery_location: NOT_DELIVERED } },
      ]);
    }
    expect(await leadCount()).toBe(before);
  });

  it('features.test_drive false: availability and a test-drive lead are answered 404 with the not-booked message, nothing stored; an enquiry is taken', async () => {
    const refusedSlots = await app.inject({ method: 'GET', url: '/api/test-drive/availability?car_id=5&days=3', headers: PARKED });
    expect([refusedSlots.statusCode, refusedSlots.json()]).toEqual([404, { success: false, error: NOT_BOOKED }]);
    for (const category of ['Test Drive', 'test drive']) {
      const refused = await lead({ category, car_id: 5, dateTime: '2030-03-07T09:00:00+10:00' }, PARKED);
      expect([category, refused.statusCode, refused.json()]).toEqual([category, 404, { success: false, error: NOT_BOOKED }]);
    }
    expect((await lead({ category: 'Test Drive' }, PARKED)).statusCode).toBe(404);
    expect(await leadCount('parked')).toBe(0);
    expect((await lead({ category: 'General Enquiry', car_id: 5 }, PARKED)).statusCode).toBe(201);
  });
});
