/**
 * docs/payments.md "Webhooks": every event id acted on is stored and a replayed event is ignored,
 * one endpoint per site, and sites may share one Stripe account (STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET for all). Stripe then sends each of the account's events to every site's
 * endpoint. An event another site's endpoint received first (and found no payment of its own
 * in) must still be acted on by the site whose payment it is: event ids are per site.
 * And "the money is refunded automatically" when a payment arrives after another buyer took the
 * car: a refund the provider fails is not reported as made; the event is answered with an error
 * so that Stripe sends it again, and the retry refunds it. An invoice is paid once: a second
 * payment of it (two windows, each with its own card form) is refunded, not kept. And a hold
 * let run out stays one when Stripe confirms the sweep's cancel (the unpaid-holds limit counts it).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { paymentLine } from '../../src/server/leads/formats.ts';
import { takeCardPayments } from '../support/payments-tenants.ts';
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const contact = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`two sites of one Stripe account on ${kind}`, () => {
    let stripe: StripeStandIn;
    let folder: ReturnType<typeof tempDir>;
    let database: Awaited<ReturnType<typeof testDatabase>>;
    let app: LeadApi;
    let clock = Date.now();

    beforeAll(async () => {
      folder = tempDir('payments-shared-');
      stripe = await startStripeStandIn();
      const tenants = join(folder.dir, 'tenants');
      writeTestTenants(tenants);
      // A second site on the same account: a copy of alpha under its own slug and host.
      cpSync(join(tenants, 'alpha'), join(tenants, 'gamma'), { recursive: true });
      for (const [slug, extra] of [
        ['alpha', {}],
        ['gamma', { slug: 'gamma', name: 'Gamma Motors', url: 'https://gamma.example.com.au' }],
      ] as const)
        takeCardPayments(tenants, slug, stripe, extra);
      database = await testDatabase(kind, folder.dir);
      app = await testApp(database.db, tenants, {
        now: () => clock,
        payments: { env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url }, sweepMs: 3_600_000 },
      });
    });
    afterAll(async () => {
      await app?.close();
      await database?.stop();
      await stripe?.close();
      folder?.remove();
    });

    const post = (slug: string, event: SignedEvent) =>
      app.inject({
        method: 'POST',
        url: `/api/payments/webhook/${slug}`,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
        payload: event.payload,
      });

    /** A shopper (`email`) starts a reservation of alpha's car `carId` and submits a card: the payment id and the provider's intent. */
    const reserve = async (carId: number, email: string) => {
      const lead = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: { ...contact, email, category: 'Reserve', subcategory: 'Reserve Online', car_id: String(carId), form_completed: false },
      });
      expect(lead.statusCode).toBe(201);
      const started = await app.inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers: ALPHA,
        payload: { lead_id: lead.json().lead_id, attempt: `shared-${kind}-${carId}-${email.split('@')[0]}`, terms_conditions: true },
      });
      expect(started.statusCode).toBe(201);
      const paymentId = started.json().payment_id as string;
      expect((await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} })).statusCode).toBe(201);
      return { paymentId, ref: [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId)!.id };
    };
    const status = async (paymentId: string) =>
      (await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ALPHA })).json().status as string;

    it("a site's payment is acted on though another site's endpoint received its event first", async () => {
      const { paymentId, ref } = await reserve(1, 'rita@example.com');
      const event = stripe.pay(ref);
      expect((await post('gamma', event)).json()).toMatchObject({ outcome: 'unknown payment' });
      expect((await post('alpha', event)).json()).toMatchObject({ outcome: 'paid' });
      expect(await status(paymentId)).toBe('paid');
      // Replayed to alpha, it is ignored as before.
      expect((await post('alpha', event)).json()).toMatchObject({ duplicate: true });
    });

    it('a payment after another buyer took the car is refunded: a refund Stripe fails is not reported as made, and the retried event makes it', async () => {
      const late = await reserve(2, 'late@example.com');
      // The late shopper's hold runs out; another shopper reserves and pays for the car.
      clock += 2 * 3_600_000;
      await app.payments.expireHolds();
      const other = await reserve(2, 'other@example.com');
      expect((await post('alpha', stripe.pay(other.ref))).json()).toMatchObject({ outcome: 'paid' });
      // The late card goes through after all, while Stripe's refunds fail.
      stripe.faults.refunds = true;
      const event = stripe.pay(late.ref);
      const failed = await post('alpha', event);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(stripe.requests.some((request) => request.path === '/v1/refunds')).toBe(true);
      // Not refunded yet: the shopper is not told it was.
      expect(await status(late.paymentId)).toBe('processing');
      // Stripe sends the event again once refunds work: the money goes back.
      stripe.faults.refunds = false;
      expect((await post('alpha', event)).json()).toMatchObject({ outcome: 'refunded: car taken' });
      expect(await status(late.paymentId)).toBe('refunded');
      expect((await post('alpha', event)).json()).toMatchObject({ duplicate: true });
    });

    /** A shopper (window `name`, from address `from`) pays invoice `reference` on /online-payment and submits a card: the payment, its lead and the provider's intent. */
    const payInvoice = async (reference: string, amount: string, name: string, from: string) => {
      const started = await app.inject({
        method: 'POST',
        url: '/api/payments/online-payment',
        headers: ALPHA,
        remoteAddress: from,
        payload: { ...contact, reference, amount, terms_conditions: true, attempt: `invoice-${kind}-${name}` },
      });
      expect(started.statusCode).toBe(201);
      const paymentId = started.json().payment_id as string;
      expect(
        (await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, remoteAddress: from, payload: {} })).statusCode,
      ).toBe(201);
      return {
        paymentId,
        leadId: started.json().lead_id as string,
        ref: [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId)!.id,
      };
    };

    it('an invoice paid from two windows at once is paid once: the second payment is refunded', async () => {
      await app.payments.issueInvoice('alpha', { reference: `TWO-${kind}`, amountCents: 12_345, expiresAt: clock + 86_400_000 });
      const first = await payInvoice(`TWO-${kind}`, '123.45', 'a', '198.51.100.10');
      const second = await payInvoice(`TWO-${kind}`, '123.45', 'b', '198.51.100.11');
      expect((await post('alpha', stripe.pay(first.ref))).json()).toMatchObject({ outcome: 'paid' });
      const late = await post('alpha', stripe.pay(second.ref));
      expect(late.statusCode).toBe(200);
      expect(await status(first.paymentId)).toBe('paid');
      expect(await status(second.paymentId)).toBe('refunded');
    });

    it('a paid invoice tells the dealer it is paid and names no car reserved: only a deposit holds a car', async () => {
      await app.payments.issueInvoice('alpha', { reference: `PAID-${kind}`, amountCents: 24_000, expiresAt: clock + 86_400_000 });
      const paid = await payInvoice(`PAID-${kind}`, '240', 'paid', '198.51.100.12');
      expect((await post('alpha', stripe.pay(paid.ref))).json()).toMatchObject({ outcome: 'paid' });
      const lead = (await app.stores.leads.get('alpha', paid.leadId))!;
      expect(lead.data.payment).toMatchObject({ status: 'paid', invoice_reference: `PAID-${kind}` });
      expect(lead.data.payment).not.toHaveProperty('reserved_until');
      expect(paymentLine(lead, 'Australia/Brisbane')).toBe(`Payment for PAID-${kind}: $240.00 AUD paid online (stripe reference ${paid.ref})`);
    });

    it("a hold that ran out stays a hold let run out when Stripe confirms the sweep's cancel, so the two-unpaid-holds rule keeps counting it", async () => {
      const lapsed = await reserve(3, 'lapsed@example.com');
      clock += 2 * 3_600_000;
      await app.payments.expireHolds();
      expect(await status(lapsed.paymentId)).toBe('expired');
      // The sweep cancelled the intent at Stripe; Stripe's payment_intent.canceled follows.
      expect((await post('alpha', stripe.signedEvent('payment_intent.canceled', lapsed.ref))).statusCode).toBe(200);
      expect(await status(lapsed.paymentId)).toBe('expired');
    });
  });
}
