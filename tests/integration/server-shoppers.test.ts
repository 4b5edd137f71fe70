/** Lead API: sign-in by mobile and one-time code, sessions, and the watchlist, on SQLite and PostgreSQL. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { car, DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const BETA = { host: 'beta.localhost:4321' };

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  if (skip) console.warn(`skipping PostgreSQL shopper tests: ${skip}`);
  describe.skipIf(skip !== undefined)(`sign-in and watchlist on ${kind}`, () => {
    let app: LeadApi;
    let clock = Date.parse('2026-03-02T00:00:00Z');
    let folder: ReturnType<typeof tempDir>;
    let database: Awaited<ReturnType<typeof testDatabase>>;

    beforeAll(async () => {
      folder = tempDir('shoppers-test-');
      writeTestTenants(`${folder.dir}/tenants`);
      // Two sold cars Alpha's feed still flags for the website: one sold two months before the clock, past the 3-day sold window; one the day before it.
      const alphaStock = join(folder.dir, 'tenants', 'alpha', 'stock.json');
      const soldCar = (id: number, soldAt: string) => car(id, `alpha-sold-${id}`, { status: 'sold', show_on_dealer_website: true, sold_date_timestamp: Date.parse(soldAt) / 1000 });
      writeFileSync(alphaStock, JSON.stringify([...JSON.parse(readFileSync(alphaStock, 'utf8')), soldCar(5, '2026-01-02T00:00:00Z'), soldCar(6, '2026-03-01T00:00:00Z')]));
      database = await testDatabase(kind, folder.dir);
      app = await testApp(database.db, `${folder.dir}/tenants`, { now: () => clock, signIn: { secret: 'test-secret-0123456789', codeTtlMs: 600_000, maxAttempts: 3 }, rateLimit: { signInMax: 100 }, devMessages: true });
    });
    afterAll(async () => {
      await app?.close();
      await database?.stop();
      folder?.remove();
    });

    async function requestCode(phone: string, headers = ALPHA): Promise<string> {
      const response = await app.inject({ method: 'POST', url: '/api/auth/request-code', headers, payload: { phone } });
      expect(response.statusCode).toBe(200);
      const tenant = headers === ALPHA ? 'alpha' : 'beta';
      const sms = (await app.stores.messages.list(tenant, 'sms', phone.replace(/\s/g, '')))[0]!;
      return /(\d{6})/.exec(sms.body)![1]!;
    }

    async function signIn(phone: string, headers = ALPHA): Promise<string> {
      const code = await requestCode(phone, headers);
      const response = await app.inject({ method: 'POST', url: '/api/auth/verify', headers, payload: { phone, code } });
      expect(response.statusCode).toBe(200);
      // Issue 13 M7: the token is only in the HttpOnly cookie.
      return /dealer_session=([^;]+)/.exec(String(response.headers['set-cookie']))![1]!;
    }

    it('sends a code by SMS, verifies it once, and opens a session (cookie and bearer)', async () => {
      const code = await requestCode('0412 000 001');
      const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', headers: ALPHA, payload: { phone: '+61412000001', code } });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ success: true, user: { phone: '0412000001' } });
      expect(String(verified.headers['set-cookie'])).toMatch(/dealer_session=[^;]+; Path=\/api; HttpOnly; SameSite=Lax/);
      expect(verified.json().token).toBeUndefined();
      const token = /dealer_session=([^;]+)/.exec(String(verified.headers['set-cookie']))![1]!;
      const byBearer = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...ALPHA, authorization: `Bearer ${token}` } });
      expect(byBearer.json().user.phone).toBe('0412000001');
      const byCookie = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...ALPHA, cookie: `other=1; dealer_session=${token}` } });
      expect(byCookie.statusCode).toBe(200);
      // Found by the fuzz run: a mangled cookie is no session, never a 500.
      expect((await app.inject({ method: 'GET', url: '/api/watchlist', headers: { ...ALPHA, cookie: 'dealer_session=%E0%A4%A' } })).statusCode).toBe(401);
      const again = await app.inject({ method: 'POST', url: '/api/auth/verify', headers: ALPHA, payload: { phone: '0412000001', code } });
      expect(again.statusCode).toBe(400);
      // The session is this tenant's only.
      expect((await app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...BETA, authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...ALPHA, authorization: `Bearer ${token}` } });
      expect((await app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...ALPHA, authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    });

    it('shows recorded messages to browser tests when devMessages is on', async () => {
      await requestCode('0412000009');
      const response = await app.inject({ method: 'GET', url: '/api/dev/messages?to=%2B61%20412%20000%20009', headers: ALPHA });
      expect(response.json().messages[0].body).toMatch(/^\d{6} is your Alpha Motors sign-in code/);
      expect((await app.inject({ method: 'GET', url: '/api/dev/messages?to=0412000009', headers: BETA })).json().messages).toEqual([]);
    });

    it('codes expire', async () => {
      const code = await requestCode('0412000002');
      clock += 11 * 60_000;
      const response = await app.inject({ method: 'POST', url: '/api/auth/verify', headers: ALPHA, payload: { phone: '0412000002', code } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('That code has expired. Please ask for a new one.');
    });

    it('limits wrong attempts, then even the right code fails', async () => {
      const code = await requestCode('0412000003');
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await app.inject({ method: 'POST', url: '/api/auth/verify', headers: ALPHA, payload: { phone: '0412000003', code: wrong } })).statusCode);
      expect(answers).toEqual([400, 400, 429]);
      const right = await app.inject({ method: 'POST', url: '/api/auth/verify', headers: ALPHA, payload: { phone: '0412000003', code } });
      expect(right.statusCode).toBe(429);
    });

    it('limits code requests per number and validates input', async () => {
      clock += 60 * 60_000;
      for (let i = 0; i < 3; i++) await requestCode('0412000004');
      const fourth = await app.inject({ method: 'POST', url: '/api/auth/request-code', headers: ALPHA, payload: { phone: '0412000004' } });
      expect(fourth.statusCode).toBe(429);
      const bad = await app.inject({ method: 'POST', url: '/api/auth/request-code', headers: ALPHA, payload: { phone: '07 3000 1234' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.phone).toMatch(/mobile/);
      const badCode = await app.inject({ method: 'POST', url: '/api/auth/verify', headers: ALPHA, payload: { phone: '0412000004', code: '12ab' } });
      expect(badCode.json().fields.code).toBe('Please enter the 6-digit code we sent you.');
    });

    it('saves and removes watchlist cars for the signed-in phone only', async () => {
      clock += 60 * 60_000;
      const token = await signIn('0412000005');
      const auth = { ...ALPHA, authorization: `Bearer ${token}` };
      const saved = await app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: auth, payload: { phone_number: '0412 000 005', car_id: 1 } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ success: true, watchlist: ['1'] });
      await app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: auth, payload: { phone_number: '0412000005', car_id: 'alpha-corolla-2' } });
      await app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: auth, payload: { phone_number: '0412000005', car_id: 1 } });
      const list = await app.inject({ method: 'GET', url: '/api/watchlist', headers: auth });
      expect([...list.json().watchlist].sort()).toEqual(['1', '2']);
      const removed = await app.inject({ method: 'POST', url: '/api/watchlist/remove-car', headers: auth, payload: { phone_number: '0412000005', car_id: 1 } });
      expect(removed.json()).toMatchObject({ success: true, watchlist: ['2'] });
    });

    it('removes a saved car that has since left the feed, and saves only a car the site lists', async () => {
      const token = await signIn('0412000007');
      const auth = { ...ALPHA, authorization: `Bearer ${token}` };
      // Car 777 was saved while it was listed and has since left the feed: its row as save-car left it.
      await database.db.run('INSERT INTO watchlist (tenant, phone, car_id, created_at) VALUES ($1, $2, $3, $4)', ['alpha', '0412000007', '777', clock]);
      expect((await app.inject({ method: 'GET', url: '/api/watchlist', headers: auth })).json().watchlist).toEqual(['777']);
      const removed = await app.inject({ method: 'POST', url: '/api/watchlist/remove-car', headers: auth, payload: { phone_number: '0412000007', car_id: '777' } });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ success: true, car_id: '777', watchlist: [] });
      expect((await app.inject({ method: 'GET', url: '/api/watchlist', headers: auth })).json().watchlist).toEqual([]);
      // Neither a car that is not in the feed nor one the site no longer shows (car 4, sold long ago) can be saved.
      for (const car_id of ['777', 4]) {
        const refused = await app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: auth, payload: { phone_number: '0412000007', car_id } });
        expect(refused.statusCode).toBe(404);
        expect(refused.json().fields).toEqual({ car_id: 'This car is not listed on this site.' });
      }
      expect((await app.inject({ method: 'GET', url: '/api/watchlist', headers: auth })).json().watchlist).toEqual([]);
    });

    // Fault: a sold car the feed still flags show_on_dealer_website was saved after its sold window (3 days here), as its page stands until the next build.
    it("refuses a sold car past the site's sold window with the sold message its page shows (404), and one sold within it not yet saved (422)", async () => {
      const token = await signIn('0412000008');
      const auth = { ...ALPHA, authorization: `Bearer ${token}` };
      const save = (car_id: number) => app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: auth, payload: { phone_number: '0412000008', car_id } });
      const refused = await save(5);
      expect(refused.statusCode).toBe(404);
      const sold = "Unfortunately this car recently sold. But don't worry, we can help you find a similar car!";
      expect(refused.json()).toMatchObject({ success: false, error: sold, fields: { car_id: sold } });
      // Spec §4: its page hides the save button unless it is already saved (src/server/features/watchlist/plugin.test.ts).
      const shown = await save(6);
      expect(shown.statusCode).toBe(422);
      expect(shown.json()).toMatchObject({ success: false, error: sold, fields: { car_id: sold } });
    });

    it('rejects watchlist changes without a session, for another phone, or for another tenant car', async () => {
      const token = await signIn('0412000006');
      const auth = { ...ALPHA, authorization: `Bearer ${token}` };
      expect((await app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: ALPHA, payload: { phone_number: '0412000006', car_id: 1 } })).statusCode).toBe(401);
      const otherPhone = await app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: auth, payload: { phone_number: '0412000005', car_id: 1 } });
      expect(otherPhone.statusCode).toBe(403);
      expect(otherPhone.json().success).toBe(false);
      const otherTenantCar = await app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: auth, payload: { phone_number: '0412000006', car_id: 9 } });
      expect(otherTenantCar.statusCode).toBe(404);
      const invalid = await app.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: auth, payload: { phone_number: 'abc' } });
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(invalid.json().fields).sort()).toEqual(['car_id', 'phone_number']);
    });
  });
}
