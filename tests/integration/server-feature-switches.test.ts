/**
 * Lead API: a shopper feature a site switches off in site.json is refused by the routes that
 * serve only it, whatever a page or an old link sends, as a switched-off trade-in valuation and
 * test drive are (docs/lead-api.md "Switched-off features", one case per switch): the call is
 * answered 404 with the feature's sentence and records nothing, while a site with the feature
 * on is answered. Runs on SQLite (the switches read no table).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { car, tempDir, testApp, testDatabase, photoUpload } from '../support/server-helpers.ts';
import { writeTenantFolder } from '../support/tenant-folder.ts';

const PLAIN = { host: 'plain.localhost:4321' };
const FULL = { host: 'full.localhost:4321' };
const FLAGGED = { host: 'flagged.localhost:4321' };

const OFF = {
  delivery: 'This site does not estimate delivery online. Please get in touch with one of our friendly team members for a delivery quote.',
  watchlist: 'This site does not keep a watchlist. Please get in touch with one of our friendly team members about the cars you like.',
  phone: 'This site does not hide its phone numbers. Please call one of our friendly team members on the number shown.',
  views: 'This site does not count vehicle page views.',
  pdf: 'This site does not offer vehicle PDFs. Please get in touch with one of our friendly team members for the details of this vehicle.',
  photos:
    'This site does not take photos of your vehicle online. Please send your details without photos, or get in touch with one of our friendly team members.',
  locator: 'This site has no dealer locator. Please get in touch with one of our friendly team members to find your nearest location.',
  reserve: 'This site does not reserve vehicles online. Please get in touch with one of our friendly team members to hold this vehicle.',
  purchase: 'This site does not sell vehicles online. Please get in touch with one of our friendly team members to buy this vehicle.',
  spin: 'This site has no Spin to Win promotion. Please get in touch with one of our friendly team members about our current offers.',
};

const location = {
  id: 101,
  name: 'Brisbane yard',
  slug: 'brisbane',
  address: { street: '1 Main St', city: 'Brisbane', state: 'QLD', postcode: '4000' },
  contact_detail: { phone: '+61 7 3000 1111' },
};
const on = { delivery_calculator: true, phone_reveal: true, view_counter: true, pdf: true, online_purchase: true };
const stock = [car(1, 'switch-corolla', { location: { id: 101, slug: 'brisbane' } })];

describe('lead API: a switched-off shopper feature is refused by the routes that serve only it', () => {
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let app: LeadApi;
  let jpeg: Buffer;

  beforeAll(async () => {
    folder = tempDir('feature-switches-');
    const tenants = join(folder.dir, 'tenants');
    const site = (slug: string, extra: Record<string, unknown>) => ({
      slug,
      name: `${slug} Motors`,
      url: `https://${slug}.example`,
      locations: [location],
      ...extra,
    });
    // Every switch of this file off: the defaults, and instant-offer photos and locations switched off.
    writeTenantFolder(join(tenants, 'plain'), { site: site('plain', { features: { instant_offer_images: false, locations: false, reserve: false } }), stock });
    const wheel = {
      prizes: [
        { id: 'cap', label: 'Dealer cap' },
        { id: 'wash', label: 'Car wash' },
      ],
    };
    writeTenantFolder(join(tenants, 'full'), { site: site('full', { garage_enabled: true, features: on, spin_to_win: wheel }), stock });
    writeTenantFolder(join(tenants, 'flagged'), { site: site('flagged', { features: { garage: true } }), stock });
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, tenants, {
      signIn: { secret: 'test-secret-0123456789', codeTtlMs: 600_000, maxAttempts: 3 },
      rateLimit: { signInMax: 100 },
      devMessages: true,
    });
    jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string>) => app.inject({ method: 'POST', url, headers, payload });
  const rows = async (table: string, tenant: string) =>
    Number((await database.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant = $1`, [tenant]))[0]!.n);
  const refused = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown; body: string }) => [
    response.statusCode,
    String(response.headers['content-type']).startsWith('application/json') ? response.json() : response.headers['content-type'],
  ];

  /** A session cookie for `phone` on the site of `headers`. */
  async function signIn(phone: string, headers: Record<string, string>): Promise<Record<string, string>> {
    expect((await post('/api/auth/request-code', { phone }, headers)).statusCode).toBe(200);
    const tenant = headers.host!.split('.')[0]!;
    const code = /(\d{6})/.exec((await app.stores.messages.list(tenant, 'sms', phone))[0]!.body)![1]!;
    const verified = await post('/api/auth/verify', { phone, code }, headers);
    return { ...headers, cookie: `dealer_session=${/dealer_session=([^;]+)/.exec(String(verified.headers['set-cookie']))![1]!}` };
  }

  it('features.delivery_calculator false: GET /api/delivery-estimate answers 404 with the not-estimated message', async () => {
    expect(refused(await get('/api/delivery-estimate?postcode=4000&car_id=1', PLAIN))).toEqual([404, { success: false, error: OFF.delivery }]);
    expect((await get('/api/delivery-estimate?postcode=4000&car_id=1', FULL)).json()).toMatchObject({ price: 0, name: 'Brisbane QLD 4000' });
  });

  it('garage off (garage_enabled and features.garage false): the watchlist calls answer 404, signed in or not, and nothing is saved', async () => {
    const auth = await signIn('0412000101', PLAIN);
    expect(refused(await post('/api/watchlist/save-car', { phone_number: '0412000101', car_id: 1 }, auth))).toEqual([
      404,
      { success: false, error: OFF.watchlist },
    ]);
    expect(refused(await post('/api/watchlist/remove-car', { phone_number: '0412000101', car_id: 1 }, auth))).toEqual([
      404,
      { success: false, error: OFF.watchlist },
    ]);
    expect(refused(await get('/api/watchlist', auth))).toEqual([404, { success: false, error: OFF.watchlist }]);
    expect(refused(await get('/api/watchlist', PLAIN))).toEqual([404, { success: false, error: OFF.watchlist }]);
    expect(await rows('watchlist', 'plain')).toBe(0);
    // Either switch turns the garage on.
    for (const headers of [FULL, FLAGGED]) {
      const signedIn = await signIn('0412000102', headers);
      const saved = await post('/api/watchlist/save-car', { phone_number: '0412000102', car_id: 1 }, signedIn);
      expect([headers.host, saved.statusCode, saved.json().watchlist]).toEqual([headers.host, 200, ['1']]);
    }
  });

  it('features.phone_reveal false: POST /api/phone-reveal answers 404 and records no reveal', async () => {
    expect(refused(await post('/api/phone-reveal', { car_id: 1, website_id: 'plain' }, PLAIN))).toEqual([404, { success: false, error: OFF.phone }]);
    expect(await app.stores.cars.countEvents('plain', 'phone_reveal')).toBe(0);
    expect((await post('/api/phone-reveal', { car_id: 1, website_id: 'full' }, FULL)).json()).toMatchObject({ success: true, phone: '+61 7 3000 1111' });
    expect(await app.stores.cars.countEvents('full', 'phone_reveal')).toBe(1);
  });

  it('features.view_counter false: GET /api/cars/{slug}/view.json answers 404 and counts no view', async () => {
    expect(refused(await get('/api/cars/switch-corolla/view.json?photos_count=1', PLAIN))).toEqual([404, { success: false, error: OFF.views }]);
    expect(await rows('car_views', 'plain')).toBe(0);
    const counted = await get('/api/cars/switch-corolla/view.json?photos_count=1', FULL);
    expect([counted.statusCode, counted.json().car_fields.slug]).toEqual([200, 'switch-corolla']);
    expect(await rows('car_views', 'full')).toBe(1);
  });

  it('features.pdf false: GET /api/cars/{slug}/pdf answers 404 with the no-PDF message', async () => {
    expect(refused(await get('/api/cars/switch-corolla/pdf', PLAIN))).toEqual([404, { success: false, error: OFF.pdf }]);
    const pdf = await get('/api/cars/switch-corolla/pdf', FULL);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it('features.instant_offer_images false: the instant offer is answered, its photo upload 404', async () => {
    const [plainEval] = (await post('/api/eval-expert/enter-vin', { rego: 'ABC123', state: 'qld' }, PLAIN)).json() as { EvalID: string }[];
    const upload = photoUpload(plainEval!.EvalID, jpeg);
    const response = await app.inject({
      method: 'POST',
      url: '/api/eval-expert/image-upload',
      headers: { ...PLAIN, ...upload.headers },
      payload: upload.payload,
    });
    expect(refused(response)).toEqual([404, { success: false, error: OFF.photos }]);

    const [fullEval] = (await post('/api/eval-expert/enter-vin', { rego: 'ABC123', state: 'qld' }, FULL)).json() as { EvalID: string }[];
    const taken = photoUpload(fullEval!.EvalID, jpeg);
    const stored = await app.inject({ method: 'POST', url: '/api/eval-expert/image-upload', headers: { ...FULL, ...taken.headers }, payload: taken.payload });
    expect([stored.statusCode, stored.json().images]).toEqual([200, 1]);
  });

  it('features.reserve / online_purchase false: a Reserve lead of that journey answers 404 and is not stored; an enquiry is taken', async () => {
    const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', car_id: 1 };
    const reserve = { ...contact, category: 'Reserve', subcategory: 'Reserve Online', form_completed: false };
    const purchase = { ...contact, category: 'Reserve', subcategory: 'Online Purchase', form_completed: false };
    expect(refused(await post('/api/leads', reserve, PLAIN))).toEqual([404, { success: false, error: OFF.reserve }]);
    expect(refused(await post('/api/leads', purchase, PLAIN))).toEqual([404, { success: false, error: OFF.purchase }]);
    expect(refused(await post('/api/leads', purchase, FLAGGED))).toEqual([404, { success: false, error: OFF.purchase }]);
    expect(await rows('leads', 'plain')).toBe(0);
    expect((await post('/api/leads', { ...contact, category: 'General Enquiry', message: 'Hello' }, PLAIN)).statusCode).toBe(201);
    expect((await post('/api/leads', reserve, FULL)).statusCode).toBe(201);
    expect((await post('/api/leads', purchase, FULL)).statusCode).toBe(201);
    expect((await post('/api/leads', reserve, FLAGGED)).statusCode).toBe(201);
  });

  it('no spin_to_win: the Spin to Win calls answer 404 with the no-promotion sentence, signed in or not, and nothing is spun', async () => {
    const auth = await signIn('0412000103', PLAIN);
    const entry = { name: 'Jo', email: 'jo@example.com' };
    expect(refused(await get('/api/spin-to-win/availability', PLAIN))).toEqual([404, { success: false, error: OFF.spin }]);
    expect(refused(await get('/api/spin-to-win', PLAIN))).toEqual([404, { success: false, error: OFF.spin }]);
    expect(refused(await get('/api/spin-to-win', auth))).toEqual([404, { success: false, error: OFF.spin }]);
    expect(refused(await post('/api/spin-to-win', entry, auth))).toEqual([404, { success: false, error: OFF.spin }]);
    expect(await rows('spin_to_win_spins', 'plain')).toBe(0);
    expect((await get('/api/spin-to-win/availability', FULL)).json()).toEqual({ success: true, promotion: 'open', unavailable: [] });
    const spun = await post('/api/spin-to-win', entry, await signIn('0412000104', FULL));
    expect([spun.statusCode, ['cap', 'wash'].includes(spun.json().prize.id)]).toEqual([201, true]);
  });

  it('features.locations false: GET /api/locations/nearest (the dealer locator) answers 404', async () => {
    expect(refused(await get('/api/locations/nearest?postcode=4000', PLAIN))).toEqual([404, { success: false, error: OFF.locator }]);
    expect((await get('/api/locations/nearest?postcode=4000', FULL)).json().locations.map((entry: { slug: string }) => entry.slug)).toEqual(['brisbane']);
  });
});
