/**
 * Lead API: lead submission, multi-step updates, honeypot, cross-tenant rejection,
 * validation, CORS and delivery through the outbox (failing then recovering webhook),
 * on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { DATABASES, POSTGRES_SKIP_REASON, waitFor, startLeadApi, stopLeadApi, type WebhookReceiver, type LeadApiSuite } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const contact = { name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' };
/** A complete enquiry of the contact page on alpha (two locations: one is chosen; Comments required by default). */
const enquiry = { ...contact, message: 'Hello', location: 'alpha-brisbane' };

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  if (skip) console.warn(`skipping PostgreSQL lead tests: ${skip}`);
  describe.skipIf(skip !== undefined)(`lead API on ${kind}`, () => {
    let app: LeadApi;
    let hook: WebhookReceiver;
    let suite: LeadApiSuite | undefined;

    beforeAll(async () => {
      suite = await startLeadApi(kind, 'leads-test-');
      ({ app, hook } = suite);
    });

    afterAll(() => stopLeadApi(suite ?? {}));

    it('stores a lead, answers its lead_id, and the lead is committed', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: { ...contact, category: 'General Enquiry', message: 'Is it available?', car_id: 1, car_dealership_id: 11, dealership_slug: 'alpha-north', source: 'Website', lead_attributes: { visited_pages: ['/cars/alpha-corolla-1'], linked_query_params: { utm_source: 'google' } }, additional_services: ['Window tint'], custom_params: { car_type: 'used' }, unknown_field: 'dropped' },
      });
      expect(response.statusCode).toBe(201);
      const { lead_id: id, success } = response.json();
      expect(success).toBe(true);
      const stored = await app.stores.leads.get('alpha', id);
      expect(stored).toMatchObject({ category: 'General Enquiry', car_id: '1', email: 'jo@example.com', phone: '0412345678', name: 'Jo Citizen' });
      expect(stored!.data).not.toHaveProperty('unknown_field');
      expect(stored!.data.lead_attributes).toEqual({ visited_pages: ['/cars/alpha-corolla-1'], linked_query_params: { utm_source: 'google' } });
      expect(await app.stores.leads.get('beta', id)).toBeUndefined();
    });

    it('a second call with the lead_id updates that lead (multi-step form)', async () => {
      const first = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, location: 'alpha-brisbane', category: 'Service Booking', form_completed: false } });
      const id = first.json().lead_id;
      expect(await app.stores.outbox.deliveriesOf(id)).toEqual([]);
      const second = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { lead_id: id, 'Vehicle Make': 'Mazda', Model: '3', Year: '2018', form_completed: true } });
      expect(second.statusCode).toBe(200);
      expect(second.json().lead_id).toBe(id);
      const stored = await app.stores.leads.get('alpha', id);
      expect(stored).toMatchObject({ revision: 2, form_completed: true, email: 'jo@example.com', category: 'Service Booking' });
      expect(stored!.data).toMatchObject({ 'Vehicle Make': 'Mazda', Year: 2018, name: 'Jo' });
      expect((await app.stores.outbox.deliveriesOf(id)).map((job) => job.destination).sort()).toEqual(['adf', 'crm']);
    });

    it('a lead posted without form_completed is completed (the API reads absent as completed): stored, delivered and exported as completed', async () => {
      const posted = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...enquiry, category: 'General Enquiry' } });
      const id = posted.json().lead_id;
      expect((await app.stores.leads.get('alpha', id))!.form_completed).toBe(true);
      expect((await app.stores.outbox.deliveriesOf(id)).length).toBeGreaterThan(0);
    });

    it('another tenant cannot update the lead, and an unknown lead_id is a 404', async () => {
      const first = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, car_id: 1, message: 'Hello' } });
      const id = first.json().lead_id;
      const other = await app.inject({ method: 'POST', url: '/api/leads', headers: { host: 'beta.localhost:4321' }, payload: { lead_id: id, message: 'hijack' } });
      expect(other.statusCode).toBe(404);
      expect((await app.stores.leads.get('alpha', id))!.data.message).toBe('Hello');
    });

    it('rejects a car, dealership or location of another tenant', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, message: 'Hello', car_id: 9, car_dealership_id: 22, dealership_slug: 'beta-central', location: 'beta-perth' } });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().fields).sort()).toEqual(['car_dealership_id', 'car_id', 'dealership_slug', 'location']);
      expect(await app.stores.leads.count('alpha')).toBeGreaterThan(0);
    });

    it('gives field-level 400s for bad input and needs a way to reply', async () => {
      const bad = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { name: 'Jo', email: 'not-an-email', postcode: '40', PreferredContactMethod: 'Pigeon' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, error: 'Please fix the following errors:' });
      expect(bad.json().fields).toMatchObject({ email: 'Please enter a valid email address.', postcode: 'Invalid postcode. Please enter a 4-digit number.' });
      const silent = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { name: 'Jo' } });
      expect(silent.statusCode).toBe(422);
      expect(silent.json().fields).toHaveProperty('email');
    });

    it('never answers 5xx to malformed bodies', async () => {
      const cases = [
        { payload: '{"name":', headers: { 'content-type': 'application/json' } },
        { payload: 'name=Jo', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        { payload: JSON.stringify({ name: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } },
        { payload: '[1,2,3]', headers: { 'content-type': 'application/json' } },
        { payload: 'null', headers: { 'content-type': 'application/json' } },
        { payload: JSON.stringify({ email: ['a'], car_id: { $gt: 1 }, lead_attributes: 'x', custom_params: { __proto__: 1 } }), headers: { 'content-type': 'application/json' } },
      ];
      for (const request of cases) {
        const response = await app.inject({ method: 'POST', url: '/api/leads', headers: { ...ALPHA, ...request.headers }, payload: request.payload });
        expect(response.statusCode, request.payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, request.payload.slice(0, 40)).toBeLessThan(500);
        expect(response.body).not.toMatch(/at .*\.ts|node_modules|Error:/);
      }
    });

    it('drops honeypot leads silently', async () => {
      const before = await app.stores.leads.count('alpha');
      const response = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, hidden_field: 'http://spam.example' } });
      // Indistinguishable from a stored lead.
      expect(response.statusCode).toBe(201);
      expect(response.json().lead_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await app.stores.leads.count('alpha')).toBe(before);
    });

    it('a retried first submission with the same Idempotency-Key gives the same lead', async () => {
      const headers = { ...ALPHA, 'idempotency-key': `retry-${kind}-0001` };
      const a = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: enquiry });
      const b = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: enquiry });
      expect(b.json().lead_id).toBe(a.json().lead_id);
    });

    it('a retry sent across the deploy that prefixed browser keys gives the lead the earlier release stored under the key as sent', async () => {
      const headers = { ...ALPHA, 'idempotency-key': `across-deploy-${kind}-0001` };
      const first = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: enquiry });
      const id = first.json().lead_id;
      // The earlier release stored the header itself as the lead's key.
      await suite!.database.db.run('UPDATE leads SET client_key = $1 WHERE id = $2', [headers['idempotency-key'], id]);
      const before = await app.stores.leads.count('alpha');
      const retried = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: enquiry });
      expect([retried.statusCode, retried.json().lead_id]).toEqual([200, id]);
      expect(await app.stores.leads.count('alpha')).toBe(before);
    });

    it('resolves the tenant from X-Site or the site field, and rejects conflicts and unknown sites', async () => {
      const viaHeader = await app.inject({ method: 'POST', url: '/api/leads', headers: { host: 'api.example', 'x-site': 'beta' }, payload: { ...contact, message: 'Hello' } });
      expect(viaHeader.statusCode).toBe(201);
      expect(await app.stores.leads.get('beta', viaHeader.json().lead_id)).toBeDefined();
      const viaField = await app.inject({ method: 'POST', url: '/api/leads', headers: { host: 'api.example' }, payload: { ...contact, message: 'Hello', site: 'beta' } });
      expect(viaField.statusCode).toBe(201);
      const viaProductionHost = await app.inject({ method: 'POST', url: '/api/leads', headers: { host: 'www.alpha-motors.example' }, payload: enquiry });
      expect(await app.stores.leads.get('alpha', viaProductionHost.json().lead_id)).toBeDefined();
      const conflict = await app.inject({ method: 'POST', url: '/api/leads', headers: { ...ALPHA, 'x-site': 'beta' }, payload: enquiry });
      expect(conflict.statusCode).toBe(400);
      const unknown = await app.inject({ method: 'POST', url: '/api/leads', headers: { host: 'nobody.localhost' }, payload: enquiry });
      expect(unknown.statusCode).toBe(404);
    });

    it('CORS allows only the tenant own origins', async () => {
      const own = await app.inject({ method: 'OPTIONS', url: '/api/leads', headers: { ...ALPHA, origin: 'https://www.alpha-motors.example', 'access-control-request-method': 'POST' } });
      expect(own.headers['access-control-allow-origin']).toBe('https://www.alpha-motors.example');
      const local = await app.inject({ method: 'OPTIONS', url: '/api/leads', headers: { ...ALPHA, origin: 'http://alpha.localhost:4321', 'access-control-request-method': 'POST' } });
      expect(local.headers['access-control-allow-origin']).toBe('http://alpha.localhost:4321');
      const evil = await app.inject({ method: 'OPTIONS', url: '/api/leads', headers: { ...ALPHA, origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      const crossSite = await app.inject({ method: 'POST', url: '/api/leads', headers: { ...ALPHA, origin: 'https://beta-cars.example' }, payload: enquiry });
      expect(crossSite.statusCode).toBe(403);
    });

    it('delivers to a failing then recovering webhook exactly once, signed, and by e-mail with the ADF attached', async () => {
      // Earlier tests' deliveries finish first, so the two failures hit this lead.
      await waitFor(async () => !(await app.stores.outbox.deliveryCounts()).pending);
      hook.failNext(2);
      const response = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, category: 'Test Drive', car_id: 'alpha-corolla-1', message: 'Saturday <please> & thanks' } });
      const id = response.json().lead_id;
      await waitFor(async () => (await app.stores.outbox.deliveriesOf(id)).every((job) => job.status === 'delivered'));
      const key = `${id}:crm:1`;
      expect(hook.delivered.get(key)).toBe(1);
      const attempts = hook.calls.filter((call) => call.key === key);
      expect(attempts.length).toBe(3);
      const body = JSON.parse(attempts[2]!.body);
      expect(body).toMatchObject({ lead_id: id, site: 'alpha', category: 'Test Drive', vehicle: { car_id: '1', make: 'Toyota' }, customer: { email: 'jo@example.com' } });
      expect(attempts[2]!.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      // The message log keeps the text a salesperson reads, then the attached ADF.
      const mail = (await app.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(id));
      const [text, adf] = mail!.body.split(`\n\n--- attached: lead-${id}.xml (application/xml) ---\n`);
      expect(text).toContain('Category: Test Drive\nName: Jo Citizen\nPhone: 0412345678\nE-mail: jo@example.com\nPostcode: 4000\nCar: alpha-corolla-1, $25,990');
      expect(text).toContain('Saturday <please> & thanks');
      expect(adf).toContain('<?adf version="1.0"?>');
      expect(adf).toContain('Saturday &lt;please&gt; &amp; thanks');
      // Nothing more arrives later.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(hook.delivered.get(key)).toBe(1);
    });

    it('keeps a line break posted in a one-line field out of the dealer e-mail: no forged payment line (security audit)', async () => {
      const forged = 'Deposit: $500.00 AUD paid online (stripe reference pi_3QFakeRef); car reserved until 20 Dec 2026';
      const payload = { ...enquiry, category: 'General Enquiry', name: `Jo\n${forged}`, last_name: 'Citizen\u2028Deposit: paid', message: `Hello\r\n${forged}` };
      const response = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().lead_id;
      // Collapsed to a space, not refused: nothing the shopper typed is lost.
      expect((await app.stores.leads.get('alpha', id))!.data).toMatchObject({ name: `Jo ${forged}`, last_name: 'Citizen Deposit: paid', message: `Hello\n${forged}` });
      await waitFor(async () => (await app.stores.messages.list('alpha', 'email')).some((message) => message.body.includes(id)));
      const mail = (await app.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(id))!;
      const lines = mail.body.split(`\n\n--- attached: lead-${id}.xml (application/xml) ---\n`)[0]!.split('\n');
      expect(lines.filter((line) => line.startsWith('Deposit:'))).toEqual([]);
      expect(lines).toContain(`Name: Jo ${forged} Citizen Deposit: paid`);
      expect(lines).toEqual(expect.arrayContaining(['Message:', '| Hello', `| ${forged}`]));
    });

    it('never answers a 5xx for unknown /api paths and hands other paths to the fallback', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/nope', headers: ALPHA })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/', headers: ALPHA })).statusCode).toBe(404);
    });
  });
}
