/**
 * A deposit is taken only for a car the site lets shoppers reserve (spec §4 'reserve when
 * reservable', §5 'Reserve only when reserve rule passes'): the reserve pages follow the
 * site's features.reserve and the car rule (in stock, not reserved, a real price, not Test
 * Drive Only); the online purchase journey follows features.online_purchase and the same car
 * rule. The server decides, whatever the browser posts. Runs on SQLite with the Stripe stand-in.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { NOT_RESERVABLE_MESSAGE } from '../../src/server/features/payments/payments.ts';
import { leadKey } from '../../src/server/leads/repository.ts';
import { standInPayments } from '../support/payments-app.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { car, tempDir, testApp, testDatabase } from '../support/server-helpers.ts';
import { writeTenantFolder } from '../support/tenant-folder.ts';

/** The lead API's answer to a reserve lead where features.reserve is false (docs/lead-api.md "Switched-off features"). */
const RESERVE_OFF = 'This site does not reserve vehicles online. Please get in touch with one of our friendly team members to hold this vehicle.';
/** The same where features.online_purchase is false (the online purchase journey). */
const PURCHASE_OFF = 'This site does not sell vehicles online. Please get in touch with one of our friendly team members to buy this vehicle.';
const contact = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
const stock = [
  car(1, 'car-1'),
  car(2, 'car-2', { tag: 'Test Drive Only' }),
  car(3, 'car-3', { price: 0 }),
  car(4, 'car-4', { price: 9 }),
  // Hidden from the site: by the feed's flag, and by the site's stock rules.
  car(5, 'car-5', { show_on_dealer_website: false }),
  car(6, 'car-6', { stocknum: 'HIDE6' }),
  // Sold long ago: out of the site's sold window, but its page may stand until the next full build.
  car(7, 'car-7', { status: 'sold', show_on_dealer_website: true, sold_date_timestamp: Math.floor(Date.now() / 1000) - 30 * 86_400 }),
];

describe('payments: the server applies the reserve rule', () => {
  let stripe: StripeStandIn;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let app: LeadApi;
  let attempts = 0;

  beforeAll(async () => {
    folder = tempDir('payments-rule-');
    stripe = await startStripeStandIn();
    const payments = { provider: 'stripe', publishable_key: stripe.publishableKey };
    const site = (slug: string, features: Record<string, unknown>) => ({
      slug,
      name: `${slug} Motors`,
      url: `https://${slug}.example`,
      email: `sales@${slug}.example`,
      payments,
      features,
    });
    writeTenantFolder(join(folder.dir, 'tenants', 'reserving'), {
      // The PDF and the views call are on: a hidden car is refused them for itself, not for the site's switches.
      site: { ...site('reserving', { pdf: true, view_counter: true }), stock_rules: { excluded_stock_numbers: ['HIDE6'] } },
      stock,
    });
    writeTenantFolder(join(folder.dir, 'tenants', 'invoices'), { site: site('invoices', { reserve: false }), stock });
    writeTenantFolder(join(folder.dir, 'tenants', 'journey'), { site: site('journey', { reserve: false, online_purchase: true }), stock });
    writeTenantFolder(join(folder.dir, 'tenants', 'enquiries'), { site: site('enquiries', { test_drive: true }), stock });
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, join(folder.dir, 'tenants'), {
      payments: standInPayments(stripe, { intentsPerClientHour: 100, holdsPerClient: 100 }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    await stripe?.close();
    folder?.remove();
  });

  /** A reserve lead for the car from the given page (subcategory 'Online Purchase': the journey). */
  const reserveLead = (tenant: string, carId: number, subcategory = 'Reserve Online') =>
    app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { host: `${tenant}.localhost:4321` },
      payload: { ...contact, category: 'Reserve', subcategory, car_id: String(carId), form_completed: false },
    });
  /** A reserve lead for the car from the given page, then the deposit's start. */
  const reserve = async (tenant: string, carId: number, subcategory = 'Reserve Online') => {
    const headers = { host: `${tenant}.localhost:4321` };
    const lead = await reserveLead(tenant, carId, subcategory);
    expect(lead.statusCode, lead.body).toBe(201);
    return app.inject({
      method: 'POST',
      url: '/api/payments/reservations',
      headers,
      payload: { lead_id: lead.json().lead_id, attempt: `attempt-${++attempts}`, terms_conditions: true },
    });
  };

  it('holds a reservable car for its deposit', async () => {
    expect((await reserve('reserving', 1)).statusCode).toBe(201);
  });

  it.each([
    ['tagged Test Drive Only', 2],
    ['priced 0', 3],
    ['priced $10 or less', 4],
  ])('refuses a car %s: no hold, no deposit', async (_what, carId) => {
    const response = await reserve('reserving', carId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(NOT_RESERVABLE_MESSAGE);
  });

  it.each([
    ['show_on_dealer_website false', 5],
    ["excluded by the site's stock rules", 6],
  ])('refuses a car the site does not show (%s), and serves nothing of it', async (_what, carId) => {
    const response = await reserve('reserving', carId);
    expect(response.statusCode).toBe(409);
    const headers = { host: 'reserving.localhost:4321' };
    for (const path of ['pdf', 'view.json?photos_count=1', 'autogauge']) {
      expect((await app.inject({ method: 'GET', url: `/api/cars/car-${carId}/${path}`, headers })).statusCode, path).toBe(404);
    }
  });

  it("serves the PDF of a sold car whose page may still stand after its sold window (a page is rebuilt on the site's schedule), and reserves it not", async () => {
    const headers = { host: 'reserving.localhost:4321' };
    expect((await app.inject({ method: 'GET', url: '/api/cars/car-7/pdf', headers })).statusCode).toBe(200);
    expect((await reserve('reserving', 7)).statusCode).toBe(409);
  });

  it('refuses every car on a site that does not offer reserving (its Stripe account takes invoices only): the reserve lead itself is refused', async () => {
    const response = await reserveLead('invoices', 1);
    expect([response.statusCode, response.json().error]).toEqual([404, RESERVE_OFF]);
  });

  /** A Reserve lead for car 1 stored while the site still took it (written past POST /api/leads, which now refuses it): its id. */
  const storedBeforeSwitchOff = async (tenant: string, subcategory: string) => {
    const values = { ...contact, category: 'Reserve', subcategory, car_id: '1', form_completed: false };
    const saved = await app.stores.leads.save({
      tenant,
      clientKey: leadKey('browser', `before-switch-off-${++attempts}`),
      values,
      destinations: [],
      now: Date.now(),
    });
    return saved.status === 'created' ? saved.id : '';
  };

  it("a reserve lead stored before the site switched its journey off gets no deposit: 404 with the switch's sentence, not the car's", async () => {
    const cases = [
      ['invoices', 'Reserve Online', RESERVE_OFF],
      ['journey', 'Reserve Online', RESERVE_OFF],
      ['invoices', 'Online Purchase', PURCHASE_OFF],
    ] as const;
    for (const [tenant, subcategory, sentence] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers: { host: `${tenant}.localhost:4321` },
        payload: { lead_id: await storedBeforeSwitchOff(tenant, subcategory), attempt: `attempt-${++attempts}`, terms_conditions: true },
      });
      expect([tenant, subcategory, response.statusCode, response.json().error]).toEqual([tenant, subcategory, 404, sentence]);
    }
  });

  it('the online purchase journey takes a deposit for a car the rule allows, on a site with the journey on', async () => {
    expect((await reserve('journey', 1, 'Online Purchase')).statusCode).toBe(201);
    expect((await reserve('journey', 2, 'Online Purchase')).statusCode).toBe(409);
    const fromReservePage = await reserveLead('journey', 1);
    expect([fromReservePage.statusCode, fromReservePage.json().error]).toEqual([404, RESERVE_OFF]);
  });

  it('a lead that never asked to reserve (an enquiry, a test drive on the car) gets no deposit: 404, and the car is not held', async () => {
    const headers = { host: 'enquiries.localhost:4321' };
    const enquiry = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers,
      payload: { ...contact, category: 'General Enquiry', car_id: '1', form_completed: false },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const values = { ...contact, category: 'Test Drive', car_id: '1', dateTime: '2030-01-07T10:00', form_completed: false };
    const testDrive = await app.stores.leads.save({
      tenant: 'enquiries',
      clientKey: leadKey('browser', `test-drive-${++attempts}`),
      values,
      destinations: [],
      now: Date.now(),
    });
    const testDriveId = testDrive.status === 'created' ? testDrive.id : '';
    for (const [what, leadId] of [
      ['enquiry', enquiry.json().lead_id],
      ['test drive', testDriveId],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers,
        payload: { lead_id: leadId, attempt: `attempt-${++attempts}`, terms_conditions: true },
      });
      expect([what, response.statusCode, response.json().error]).toEqual([what, 404, 'This reservation could not be found. Please start again.']);
    }
    // Nothing was held: a shopper who does reserve the car gets it.
    expect((await reserve('enquiries', 1)).statusCode).toBe(201);
  });
});
