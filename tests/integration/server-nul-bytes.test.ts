/**
 * Lead API: a NUL character (U+0000) anywhere in a request's route parameters, query or JSON
 * body is refused with 400 naming where, before any route looks it up or stores it
 * (PostgreSQL text cannot hold one and refuses the query). The payments webhook keeps its raw
 * body: a signed event holding one is still verified and acted on. SQLite and PostgreSQL.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { LEAD_MESSAGES } from '../../src/schemas/forms/messages.ts';
import { takeCardPayments } from '../support/payments-tenants.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON, startLeadApi, stopLeadApi, type LeadApiSuite } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const contact = {
  name: 'Jo',
  email: 'jo@example.com',
  phone: '0412345678',
  postcode: '4000',
  category: 'General Enquiry',
  location: 'alpha-brisbane',
  message: 'Hello',
};

/** A request carrying a NUL, and the field the answer must name with its message. */
interface NulCase {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
  field: string;
  message: string;
}

const body = (field: string) => `The field ${field} contains a NUL character.`;
const query = (name: string) => `The query parameter ${name} contains a NUL character.`;
const path = (name: string) => `The path parameter ${name} contains a NUL character.`;

const CASES: NulCase[] = [
  { method: 'POST', url: '/api/leads', payload: { ...contact, name: 'Jo\u0000' }, field: 'name', message: body('name') },
  { method: 'POST', url: '/api/leads', payload: { ...contact, lead_id: '\u0000' }, field: 'lead_id', message: body('lead_id') },
  {
    method: 'POST',
    url: '/api/leads',
    payload: { ...contact, custom_params: { note: 'a\u0000b' } },
    field: 'custom_params.note',
    message: body('custom_params.note'),
  },
  // A key holding a NUL is named with the NUL written out.
  {
    method: 'POST',
    url: '/api/leads',
    payload: { ...contact, custom_params: { 'a\u0000': 'b' } },
    field: 'custom_params.a\\u0000',
    message: body('custom_params.a\\u0000'),
  },
  {
    method: 'POST',
    url: '/api/leads',
    payload: { ...contact, additional_services: ['x', 'y\u0000'] },
    field: 'additional_services.1',
    message: body('additional_services.1'),
  },
  { method: 'POST', url: '/api/miscellaneous', payload: { column_name: 'valuation', note: '\u0000' }, field: 'note', message: body('note') },
  { method: 'POST', url: '/api/unsubscribe', payload: { email: 'jo\u0000@example.com' }, field: 'email', message: body('email') },
  { method: 'POST', url: '/api/watchlist/save-car', payload: { phone_number: '0412000001', car_id: '1\u0000' }, field: 'car_id', message: body('car_id') },
  { method: 'POST', url: '/api/eval-expert/enter-vin', payload: { rego: 'AB\u0000C', state: 'qld' }, field: 'rego', message: body('rego') },
  {
    method: 'POST',
    url: '/api/payments/online-payment',
    payload: { ...contact, reference: 'INV\u00001', amount: '10', attempt: 'attempt-nul-1', terms_conditions: true },
    field: 'reference',
    message: body('reference'),
  },
  { method: 'GET', url: '/api/test-drive/availability?car_id=1%00', field: 'car_id', message: query('car_id') },
  { method: 'GET', url: '/api/cars/alpha-corolla-1/view.json?website_id=a%00', field: 'website_id', message: query('website_id') },
  { method: 'GET', url: '/api/geocode?post%00code=4000', field: 'post\\u0000code', message: query('post\\u0000code') },
  { method: 'GET', url: '/api/cars/alpha-corolla-1%00/view.json', field: 'slug', message: path('slug') },
  { method: 'GET', url: '/api/cars/alpha-corolla-1%00/pdf', field: 'slug', message: path('slug') },
  { method: 'GET', url: '/api/eval-expert/photos/%00', field: 'id', message: path('id') },
  { method: 'GET', url: '/api/payments/%00', field: 'id', message: path('id') },
];

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  if (skip) console.warn(`skipping PostgreSQL NUL tests: ${skip}`);
  describe.skipIf(skip !== undefined)(`NUL characters in requests on ${kind}`, () => {
    let stripe: StripeStandIn;
    let suite: LeadApiSuite;
    let app: LeadApi;

    beforeAll(async () => {
      stripe = await startStripeStandIn();
      const payments = {
        env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url },
        sweepMs: 3_600_000,
      };
      suite = await startLeadApi(kind, 'nul-test-', (tenants) => takeCardPayments(tenants, 'alpha', stripe), { payments });
      app = suite.app;
    });
    afterAll(async () => {
      await stopLeadApi(suite ?? {});
      await stripe?.close();
    });

    it('a NUL in a body field, a query parameter or a path parameter is 400 naming where, and nothing is stored', async () => {
      const answers = [];
      for (const nul of CASES) {
        const response = await app.inject({ method: nul.method, url: nul.url, headers: ALPHA, ...(nul.payload ? { payload: nul.payload } : {}) });
        answers.push({ url: nul.url, field: nul.field, status: response.statusCode, body: response.json() });
      }
      expect(answers).toEqual(
        CASES.map((nul) => ({
          url: nul.url,
          field: nul.field,
          status: 400,
          body: { success: false, error: LEAD_MESSAGES.fixErrors, fields: { [nul.field]: nul.message } },
        })),
      );
      expect(await suite.database.db.query('SELECT id FROM leads')).toEqual([]);
    });

    it("the instant offer's calls on a real evaluation: a NUL in the chosen car, a contact or an id is 400", async () => {
      const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: ALPHA, payload });
      const candidates = (await post('/api/eval-expert/enter-vin', { rego: 'NUL125', state: 'qld' })).json()[0];
      const { evalid, VIN: vin } = candidates as { evalid: string; VIN: string };
      const desc = candidates.VechielDescriptions[1].Description as string;
      const answers = { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good' };
      const choice = await post('/api/eval-expert/manual-entry', { vin, desc: `${desc}\u0000`, evalid });
      expect((await post('/api/eval-expert/manual-entry', { vin, desc, evalid })).statusCode).toBe(200);
      const refused = [
        choice,
        await post('/api/eval-expert/update-eval', { evalid, km: 1, cName: 'Jo\u0000', cEmail: 'jo@example.com', cPhone: '0412000000' }),
        await post('/api/trade-in/adjustments', { id: `${evalid}\u0000`, answers }),
      ];
      expect(refused.map((answer) => [answer.statusCode, answer.json().fields])).toEqual([
        [400, { desc: body('desc') }],
        [400, { cName: body('cName') }],
        [400, { id: body('id') }],
      ]);
      expect((await post('/api/eval-expert/update-eval', { evalid, km: 1, cName: 'Jo', cEmail: 'jo@example.com', cPhone: '0412000000' })).statusCode).toBe(200);
      expect((await post('/api/trade-in/adjustments', { id: evalid, answers })).statusCode).toBe(200);
    });

    it('the same requests without the NUL are not refused for it', async () => {
      const lead = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, custom_params: { note: 'ab' } } });
      expect(lead.statusCode).toBe(201);
      expect((await app.inject({ method: 'GET', url: '/api/cars/alpha-corolla-1/view.json', headers: ALPHA })).statusCode).toBe(200);
    });

    it('the payments webhook keeps its raw body: a signed event holding a NUL is verified and acted on, a forged one refused', async () => {
      const payload = JSON.stringify({
        id: 'evt_nul_1',
        object: 'event',
        api_version: '2026-01-01',
        created: Math.floor(Date.now() / 1000),
        type: 'customer.created',
        livemode: false,
        data: { object: { id: 'cus_1', description: 'a\u0000b' } },
      });
      const header = new Stripe(stripe.secretKey).webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
      const post = (signature: string) =>
        app.inject({
          method: 'POST',
          url: '/api/payments/webhook/alpha',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
      const signed = await post(header);
      expect([signed.statusCode, signed.json()]).toEqual([200, { received: true, outcome: 'ignored' }]);
      const forged = await post(header.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`));
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error).not.toContain('NUL');
    });
  });
}
