/**
 * The payments audit (docs/security.md N3, N4; docs/payments.md): the hourly intent limits and
 * the two-cars hold limit hold when a client's requests arrive all at once (the count and the
 * claim are one locked step in the database, which several API processes share); a declined
 * card does not start the hold's time again; an "Online Payment" lead the server has not seen
 * paid tells the dealer it is not paid. Runs on SQLite and, when available, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import {
  ABANDONED_HOLDS_MESSAGE,
  INTENTS_PER_CLIENT_MESSAGE,
  INTENTS_PER_SITE_MESSAGE,
  TOO_MANY_HOLDS_MESSAGE,
} from '../../src/server/features/payments/payments.ts';
import { standInPayments, startPaymentsApp, type PaymentsApp } from '../support/payments-app.ts';
import type { StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON, testApp, waitFor, type WebhookReceiver } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
/** The shopper's complete enquiry on alpha (two locations: one is chosen; Comments required by default). */
const enquiry = { ...shopper, location: 'alpha-brisbane', message: 'Hello' };
const HOLD_MS = 15 * 60_000;
/** Cars added to alpha's stock for these tests, all in stock and reservable. */
const EXTRA_CARS = [21, 22, 23, 24, 25, 26, 27];

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`payments audit on ${kind}`, () => {
    let started: PaymentsApp | undefined;
    let stripe: StripeStandIn;
    let hook: WebhookReceiver;
    let tenants: string;
    let database: PaymentsApp['database'];
    let app: LeadApi;
    let clock = Date.now();
    let attempts = 0;
    const paymentsOptions = (on: StripeStandIn, limits = {}) => ({ now: () => clock, payments: standInPayments(on, limits) });

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'payments-audit-', { cars: EXTRA_CARS, options: (on) => paymentsOptions(on) });
      ({ stripe, hook, tenants, database, app } = started);
    });
    afterAll(() => started?.stop());

    const reserveLead = async (carId: number, email: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: { ...shopper, email, category: 'Reserve', subcategory: 'Reserve Online', car_id: String(carId), form_completed: false },
      });
      expect(response.statusCode).toBe(201);
      return response.json().lead_id as string;
    };
    const hold = (leadId: string, from: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers: ALPHA,
        remoteAddress: from,
        payload: { lead_id: leadId, attempt: `audit-${kind}-${++attempts}`, terms_conditions: true },
      });
    const payInvoice = (on: LeadApi, reference: string, amount: string, from: string, attempt = `audit-${kind}-${++attempts}`) =>
      on.inject({
        method: 'POST',
        url: '/api/payments/online-payment',
        headers: ALPHA,
        remoteAddress: from,
        payload: { ...shopper, reference, amount, terms_conditions: true, attempt },
      });
    const card = (on: LeadApi, paymentId: string, from: string) =>
      on.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, remoteAddress: from, payload: {} });
    const webhook = (payload: string, header: string) =>
      app.inject({ method: 'POST', url: '/api/payments/webhook/alpha', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
    const intentOf = (paymentId: string) => [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId);
    /** How many answers had each status, and the errors of the refused ones. */
    const tally = (answers: { statusCode: number; json(): { error?: string } }[]) => ({
      created: answers.filter((answer) => answer.statusCode === 201).length,
      refused: [...new Set(answers.filter((answer) => answer.statusCode !== 201).map((answer) => `${answer.statusCode} ${answer.json().error}`))],
    });

    it('N4: twelve card submissions at once from one client (twelve payments of one invoice) get six intents; the rest are refused 429', async () => {
      clock += 2 * 3_600_000;
      await app.payments.issueInvoice('alpha', { reference: `RACE-${kind}`, amountCents: 5_000, expiresAt: clock + 86_400_000 });
      const client = '203.0.113.91';
      const started: string[] = [];
      for (let index = 0; index < 12; index++) {
        const response = await payInvoice(app, `RACE-${kind}`, '50', client);
        expect(response.statusCode).toBe(201);
        started.push(response.json().payment_id);
      }
      const answers = await Promise.all(started.map((id) => card(app, id, client)));
      expect(tally(answers)).toEqual({ created: 6, refused: [`429 ${INTENTS_PER_CLIENT_MESSAGE}`] });
      expect(started.filter((id) => intentOf(id) !== undefined)).toHaveLength(6);
    });

    it('N4: card submissions at once from many clients stop at the hourly limit of the site', async () => {
      clock += 2 * 3_600_000;
      const strict = await testApp(database.db, tenants, paymentsOptions(stripe, { intentsPerTenantHour: 3 }));
      try {
        await strict.payments.issueInvoice('alpha', { reference: `SITE-${kind}`, amountCents: 7_000, expiresAt: clock + 86_400_000 });
        const clients = Array.from({ length: 8 }, (_, index) => `198.51.100.${120 + index}`);
        const started: string[] = [];
        for (const client of clients) started.push((await payInvoice(strict, `SITE-${kind}`, '70', client)).json().payment_id);
        const answers = await Promise.all(started.map((id, index) => card(strict, id, clients[index]!)));
        expect(tally(answers)).toEqual({ created: 3, refused: [`429 ${INTENTS_PER_SITE_MESSAGE}`] });
      } finally {
        await strict.close();
      }
    });

    it('N3: six reservations at once from one address on six cars: two cars are held, the other four answered 429', async () => {
      clock += 2 * 3_600_000;
      await app.payments.expireHolds();
      const client = '203.0.113.92';
      const leads: string[] = [];
      for (const carId of EXTRA_CARS.slice(0, 6)) leads.push(await reserveLead(carId, `many-${carId}@example.com`));
      const answers = await Promise.all(leads.map((leadId) => hold(leadId, client)));
      expect(tally(answers)).toEqual({ created: 2, refused: [`429 ${TOO_MANY_HOLDS_MESSAGE}`] });
      for (const answer of answers.filter((one) => one.statusCode === 201)) await app.payments.release(app.tenants.get('alpha')!, answer.json().payment_id);
    });

    it('N3: a declined card does not start the hold again: the new attempt keeps the first hold’s end, and another buyer reserves the car once it has passed', async () => {
      clock += 2 * 3_600_000;
      await app.payments.expireHolds();
      const carId = EXTRA_CARS[6]!;
      const client = '203.0.113.93';
      const leadId = await reserveLead(carId, 'decliner@example.com');
      const first = await hold(leadId, client);
      expect(first.statusCode).toBe(201);
      const end = first.json().hold_expires_at as string;
      expect(Date.parse(end)).toBe(clock + HOLD_MS);
      let paymentId = first.json().payment_id as string;
      // Five rounds: a card declined just before the end, then a new attempt of the same lead.
      for (let round = 0; round < 5; round++) {
        expect((await card(app, paymentId, client)).statusCode).toBe(201);
        clock = Math.min(clock + 3 * 60_000, Date.parse(end) - 1_000);
        const declined = stripe.decline(intentOf(paymentId)!.id);
        expect((await webhook(declined.payload, declined.header)).json()).toMatchObject({ outcome: 'failed' });
        const other = await hold(await reserveLead(carId, `other-${round}@example.com`), '198.51.100.140');
        expect(other.statusCode).toBe(409);
        const again = await hold(leadId, client);
        expect(again.statusCode).toBe(201);
        expect(again.json().hold_expires_at).toBe(end);
        paymentId = again.json().payment_id;
      }
      clock = Date.parse(end) + 1;
      const late = await card(app, paymentId, client);
      expect(late.statusCode).toBe(409);
      const buyer = await hold(await reserveLead(carId, 'buyer@example.com'), '198.51.100.141');
      expect(buyer.statusCode).toBe(201);
      await app.payments.release(app.tenants.get('alpha')!, buyer.json().payment_id);

      // A declined attempt whose kept hold runs out is a hold let run out unpaid: after two, that client is refused the car.
      const second = await hold(leadId, client);
      expect(second.statusCode).toBe(201);
      expect(Date.parse(second.json().hold_expires_at)).toBe(clock + HOLD_MS);
      expect((await card(app, second.json().payment_id, client)).statusCode).toBe(201);
      const declined = stripe.decline(intentOf(second.json().payment_id)!.id);
      expect((await webhook(declined.payload, declined.header)).json()).toMatchObject({ outcome: 'failed' });
      clock += HOLD_MS + 1;
      const third = await hold(leadId, client);
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe(ABANDONED_HOLDS_MESSAGE);
    });

    it("a browser's Idempotency-Key cannot claim the lead of a payment: /online-payment stores its own, not the browser's Reserve lead", async () => {
      const attempt = `claimed-${kind}-${++attempts}`;
      const claimed = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { ...ALPHA, 'idempotency-key': `online-payment:${attempt}` },
        payload: { ...shopper, category: 'Reserve', subcategory: 'Reserve Online', car_id: String(EXTRA_CARS[0]), form_completed: false },
      });
      expect(claimed.statusCode).toBe(201);
      await app.payments.issueInvoice('alpha', { reference: `CLAIM-${kind}`, amountCents: 4_000, expiresAt: clock + 86_400_000 });
      const started = await payInvoice(app, `CLAIM-${kind}`, '40', '203.0.113.95', attempt);
      expect(started.statusCode).toBe(201);
      expect(started.json().lead_id).not.toBe(claimed.json().lead_id);
      expect(await app.stores.leads.get('alpha', started.json().lead_id)).toMatchObject({ category: 'Online Payment', car_id: null });
      // The browser's own retry still finds its lead.
      const retried = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { ...ALPHA, 'idempotency-key': `online-payment:${attempt}` },
        payload: { ...shopper, category: 'Reserve', subcategory: 'Reserve Online', car_id: String(EXTRA_CARS[0]), form_completed: false },
      });
      expect([retried.statusCode, retried.json().lead_id]).toEqual([200, claimed.json().lead_id]);
    });

    it("a browser's Idempotency-Key naming a payment attempt is its own lead also after the payment: never the payment's lead", async () => {
      const attempt = `paid-first-${kind}-${++attempts}`;
      await app.payments.issueInvoice('alpha', { reference: `FIRST-${kind}`, amountCents: 4_000, expiresAt: clock + 86_400_000 });
      const started = await payInvoice(app, `FIRST-${kind}`, '40', '203.0.113.96', attempt);
      expect(started.statusCode).toBe(201);
      const posted = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { ...ALPHA, 'idempotency-key': `online-payment:${attempt}` },
        payload: { ...enquiry, category: 'General Enquiry' },
      });
      expect(posted.statusCode).toBe(201);
      expect(posted.json().lead_id).not.toBe(started.json().lead_id);
      expect(await app.stores.leads.get('alpha', started.json().lead_id)).toMatchObject({ category: 'Online Payment' });
    });

    it('N4: an "Online Payment" lead the server has not seen paid says it is not paid, whether a browser posted it or completed the unpaid lead of /online-payment', async () => {
      const forged = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: {
          ...enquiry,
          email: 'forged-payment@example.com',
          category: 'Online Payment',
          subcategory: 'Invoice Payment',
          form_completed: true,
          custom_params: { invoice_reference: 'INV-FAKE', amount: '9999.00' },
        },
      });
      expect(forged.statusCode).toBe(201);
      await app.payments.issueInvoice('alpha', { reference: `OPEN-${kind}`, amountCents: 12_000, expiresAt: clock + 86_400_000 });
      const started = await payInvoice(app, `OPEN-${kind}`, '120', '203.0.113.94');
      expect(started.statusCode).toBe(201);
      const completed = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: { lead_id: started.json().lead_id, form_completed: true },
      });
      expect(completed.statusCode).toBe(200);
      for (const leadId of [forged.json().lead_id as string, started.json().lead_id as string]) {
        await waitFor(() => hook.calls.some((call) => call.body.includes(leadId)));
        const json = JSON.parse(hook.calls.find((call) => call.body.includes(leadId))!.body);
        expect(json).toMatchObject({ category: 'Online Payment', payment: null });
        await waitFor(async () => (await app.stores.messages.list('alpha', 'email')).some((message) => message.body.includes(leadId)));
        const adf = (await app.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(leadId))!.body;
        expect(adf).toContain('Payment: not paid online (no card was taken). Please call the customer to take the payment.');
        expect(adf).not.toMatch(/paid online \(\w+ reference/);
      }
    });
  });
}
