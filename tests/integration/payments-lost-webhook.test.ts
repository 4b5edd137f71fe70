/**
 * docs/payments.md "Verdicts asked of Stripe": a verdict Stripe has whose webhook is lost or
 * late. The status the browser polls asks Stripe once the card was submitted a short while
 * ago, at most once in a while per payment however often it is polled, and answers what it
 * recorded (as the webhook records it); a car hold that runs out with a card submitted is asked
 * of Stripe before it is released; and abandoned /online-payment payments are swept: one with no
 * card submitted for a day is cancelled (its PaymentIntent too), one whose card was submitted is
 * asked of Stripe first and cancelled only while Stripe says no card is being paid, or has no
 * record of it; payments made before the card's time was kept are settled too. Runs on SQLite
 * and, when available, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { DEFAULT_PAYMENT_TIMINGS } from '../../src/config/server-settings.ts';
import type { PaymentProvider } from '../../src/server/features/payments/payments.ts';
import { standInPayments, standInProvider, startPaymentsApp, unreachableAsking, type PaymentsApp } from '../support/payments-app.ts';
import type { StandInIntent, StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON, testApp } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
const { askAfterMs, askEveryMs, abandonedAfterMs } = DEFAULT_PAYMENT_TIMINGS;

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`payments whose webhook is lost, on ${kind}`, () => {
    let started: PaymentsApp | undefined;
    let stripe: StripeStandIn;
    let database: PaymentsApp['database'];
    let app: LeadApi;
    let clock = Date.now();
    let attempts = 0;
    const options = (on: StripeStandIn, providerFor?: () => PaymentProvider) => ({
      now: () => clock,
      payments: { ...standInPayments(on, { intentsPerClientHour: 100, intentsPerTenantHour: 1_000 }), ...(providerFor ? { providerFor } : {}) },
    });

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'payments-lost-webhook-', { cars: [41, 42, 43, 44], options: (on) => options(on) });
      ({ stripe, database, app } = started);
    });
    afterAll(() => started?.stop());

    const pay = (reference: string, amount: string, on: LeadApi = app) =>
      on.inject({
        method: 'POST',
        url: '/api/payments/online-payment',
        headers: ALPHA,
        payload: { ...shopper, reference, amount, terms_conditions: true, attempt: `lost-${kind}-${++attempts}` },
      });
    const card = (paymentId: string, on: LeadApi = app) => on.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
    const status = async (paymentId: string, on: LeadApi = app) =>
      (await on.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ALPHA })).json().status as string;
    const intentOf = (paymentId: string) => [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId)!;
    /** How often the lead API asked Stripe for this intent, and cancelled it. */
    const asked = (intentId: string) =>
      stripe.requests.filter((request) => request.method === 'GET' && request.path === `/v1/payment_intents/${intentId}`).length;
    const cancels = (intentId: string) =>
      stripe.requests.filter((request) => request.method === 'POST' && request.path === `/v1/payment_intents/${intentId}/cancel`).length;
    /** Invoice `reference` issued and a payment of it started: its id and lead. */
    const invoicePayment = async (reference: string, cents: number, on: LeadApi = app) => {
      await app.payments.issueInvoice('alpha', { reference, amountCents: cents, expiresAt: clock + 30 * 86_400_000 });
      const response = await pay(reference, (cents / 100).toFixed(2), on);
      expect(response.statusCode).toBe(201);
      return { paymentId: response.json().payment_id as string, leadId: response.json().lead_id as string };
    };
    /** ... and its card submitted: its intent at Stripe too. */
    const cardSubmitted = async (reference: string, cents: number, on: LeadApi = app) => {
      const payment = await invoicePayment(reference, cents, on);
      expect((await card(payment.paymentId, on)).statusCode).toBe(201);
      return { ...payment, intent: intentOf(payment.paymentId) };
    };
    /** A deposit on `carId` started and its card submitted: its id, lead and intent. */
    const depositCardSubmitted = async (carId: string) => {
      const lead = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: { ...shopper, category: 'Reserve', subcategory: 'Reserve Online', car_id: carId, form_completed: false },
      });
      const leadId = lead.json().lead_id as string;
      const reservation = await app.inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers: ALPHA,
        payload: { lead_id: leadId, attempt: `lost-${kind}-${++attempts}`, terms_conditions: true },
      });
      const paymentId = reservation.json().payment_id as string;
      expect((await card(paymentId)).statusCode).toBe(201);
      return { paymentId, leadId, intent: intentOf(paymentId) };
    };
    const holdsOf = async (carId: string) =>
      (await database.db.query<{ state: string }>("SELECT state FROM car_holds WHERE tenant = 'alpha' AND car_id = $1", [carId])).map((row) => row.state);
    const failureOf = async (paymentId: string) => (await app.payments.list('alpha', { id: paymentId }))[0]!.failure;
    /** An app on the same database whose provider cannot be reached while `cut.unreachable`. */
    const cutApp = async () => {
      const cut = { unreachable: false };
      const provider = unreachableAsking(standInProvider(stripe), () => cut.unreachable);
      return {
        cut,
        app: await testApp(
          database.db,
          started!.tenants,
          options(stripe, () => provider),
        ),
      };
    };

    describe('the status the browser polls', () => {
      it('a card Stripe took whose webhook is lost reads paid once the card was submitted a short while ago, recorded as the webhook records it', async () => {
        const { paymentId, leadId, intent } = await cardSubmitted(`POLL-${kind}`, 25_000);
        stripe.pay(intent.id); // paid at Stripe; its webhook never arrives
        expect(await status(paymentId)).toBe('processing');
        expect(asked(intent.id)).toBe(0);
        clock += askAfterMs;
        expect(await status(paymentId)).toBe('paid');
        expect(asked(intent.id)).toBe(1);
        const lead = (await app.stores.leads.get('alpha', leadId))!;
        expect([lead.form_completed, lead.data.payment]).toMatchObject([true, { status: 'paid', reference: intent.id, invoice_reference: `POLL-${kind}` }]);
        expect((await app.payments.invoices('alpha')).find((invoice) => invoice.reference === `POLL-${kind}`)?.paid_payment_id).toBe(paymentId);
        // Paid is the server's record now: polling asks Stripe no more.
        clock += askEveryMs;
        expect(await status(paymentId)).toBe('paid');
        expect(asked(intent.id)).toBe(1);
      });

      it('asks Stripe at most once in a while per payment, however often it is polled', async () => {
        const { paymentId, intent } = await cardSubmitted(`OFTEN-${kind}`, 26_000);
        intent.status = 'processing';
        clock += askAfterMs;
        for (let poll = 0; poll < 5; poll++) expect(await status(paymentId)).toBe('processing');
        expect(asked(intent.id)).toBe(1);
        // Stripe's verdict comes; the next ask is the first one after the interval.
        stripe.pay(intent.id);
        clock += askEveryMs - 1;
        expect(await status(paymentId)).toBe('processing');
        expect(asked(intent.id)).toBe(1);
        clock += 1;
        expect(await status(paymentId)).toBe('paid');
        expect(asked(intent.id)).toBe(2);
      });

      it('a card Stripe declined whose webhook is lost reads failed (its PaymentIntent cancelled, as the webhook does)', async () => {
        const { paymentId, intent } = await cardSubmitted(`POLLDECL-${kind}`, 27_000);
        stripe.decline(intent.id);
        clock += askAfterMs;
        expect(await status(paymentId)).toBe('failed');
        expect(intent.status).toBe('canceled');
      });

      it("a deposit Stripe took whose webhook is lost reads paid: the car reserved for the shopper's lead", async () => {
        const { paymentId, leadId, intent } = await depositCardSubmitted('41');
        stripe.pay(intent.id);
        clock += askAfterMs;
        expect(await status(paymentId)).toBe('paid');
        expect((await app.stores.leads.get('alpha', leadId))!.data.payment).toMatchObject({ status: 'paid', reserved_until: expect.any(String) });
        expect(await holdsOf('41')).toEqual(['reserved']);
      });

      it('a payment whose state Stripe cannot give reads processing, and paid once Stripe answers', async () => {
        const { cut, app: other } = await cutApp();
        try {
          const { paymentId, intent } = await cardSubmitted(`POLLCUT-${kind}`, 28_000, other);
          stripe.pay(intent.id);
          cut.unreachable = true;
          clock += askAfterMs;
          expect(await status(paymentId, other)).toBe('processing');
          cut.unreachable = false;
          clock += askEveryMs;
          expect(await status(paymentId, other)).toBe('paid');
        } finally {
          await other.close();
        }
      });
    });

    describe('car holds that run out (the hold sweep)', () => {
      it('a deposit Stripe took just before its hold ran out, its webhook lost, is recorded paid: the car reserved for the shopper, not expired', async () => {
        const { paymentId, leadId, intent } = await depositCardSubmitted('42');
        stripe.pay(intent.id);
        clock += 15 * 60_000; // hold_minutes
        await app.payments.expireHolds();
        expect([asked(intent.id), cancels(intent.id)]).toEqual([1, 0]);
        expect(await status(paymentId)).toBe('paid');
        expect(await holdsOf('42')).toEqual(['reserved']);
        expect((await app.stores.leads.get('alpha', leadId))!.data.payment).toMatchObject({ status: 'paid', reference: intent.id });
      });

      it('one on which Stripe has no card paid expires, its PaymentIntent cancelled', async () => {
        const { paymentId, intent } = await depositCardSubmitted('43');
        clock += 15 * 60_000;
        await app.payments.expireHolds();
        expect([asked(intent.id), cancels(intent.id), intent.status]).toEqual([1, 1, 'canceled']);
        expect(await status(paymentId)).toBe('expired');
        expect(await holdsOf('43')).toEqual([]);
      });

      it("another shopper's reservation of the car asks Stripe about the run-out hold first: the first shopper's deposit Stripe took reserves it", async () => {
        const { paymentId, intent } = await depositCardSubmitted('44');
        stripe.pay(intent.id);
        clock += 15 * 60_000;
        const lead = await app.inject({
          method: 'POST',
          url: '/api/leads',
          headers: ALPHA,
          payload: { ...shopper, email: 'other@example.com', category: 'Reserve', subcategory: 'Reserve Online', car_id: '44', form_completed: false },
        });
        const other = await app.inject({
          method: 'POST',
          url: '/api/payments/reservations',
          headers: ALPHA,
          payload: { lead_id: lead.json().lead_id, attempt: `lost-${kind}-${++attempts}`, terms_conditions: true },
        });
        expect(other.statusCode).toBe(409);
        expect(await status(paymentId)).toBe('paid');
        expect(await holdsOf('44')).toEqual(['reserved']);
      });
    });

    describe('abandoned /online-payment payments (the sweep)', () => {
      it('one with no card submitted for a day is cancelled; a younger one is left', async () => {
        const { paymentId } = await invoicePayment(`NOCARD-${kind}`, 30_000);
        clock += abandonedAfterMs - 1;
        await app.payments.sweepOnlinePayments();
        expect(await status(paymentId)).toBe('processing');
        clock += 1;
        expect(await app.payments.sweepOnlinePayments()).toBeGreaterThanOrEqual(1);
        expect(await status(paymentId)).toBe('canceled');
        // Its card is refused, and the invoice can still be paid by a new payment.
        expect((await card(paymentId)).statusCode).toBe(409);
        expect((await pay(`NOCARD-${kind}`, '300')).statusCode).toBe(201);
      });

      it('one whose PaymentIntent has had no card confirmed for a day is cancelled at Stripe and marked so (once, by two API processes sweeping at once)', async () => {
        const { paymentId, intent } = await cardSubmitted(`OPEN-${kind}`, 31_000);
        const second = await testApp(database.db, started!.tenants, options(stripe));
        try {
          clock += abandonedAfterMs;
          await Promise.all([app.payments.sweepOnlinePayments(), second.payments.sweepOnlinePayments()]);
          expect(intent.status).toBe('canceled');
          expect([asked(intent.id), cancels(intent.id)]).toEqual([1, 1]);
          expect(await status(paymentId)).toBe('canceled');
          expect((await app.payments.list('alpha', { id: paymentId }))[0]!.failure).toMatch(/abandoned/);
          // Swept again: nothing more.
          clock += abandonedAfterMs;
          await app.payments.sweepOnlinePayments();
          expect([asked(intent.id), cancels(intent.id)]).toEqual([1, 1]);
        } finally {
          await second.close();
        }
      });

      it('one Stripe took whose webhook is lost is recorded paid, not cancelled', async () => {
        const { paymentId, intent } = await cardSubmitted(`SWEPTPAID-${kind}`, 32_000);
        stripe.pay(intent.id);
        clock += abandonedAfterMs;
        await app.payments.sweepOnlinePayments();
        expect([intent.status, cancels(intent.id)]).toEqual(['succeeded', 0]);
        expect(await status(paymentId)).toBe('paid');
      });

      it('one Stripe is still processing, or cannot be asked about, is left pending and its PaymentIntent open', async () => {
        const { paymentId, intent } = await cardSubmitted(`SWEPTBUSY-${kind}`, 33_000);
        intent.status = 'processing';
        clock += abandonedAfterMs;
        await app.payments.sweepOnlinePayments();
        expect([asked(intent.id), intent.status, cancels(intent.id)]).toEqual([1, 'processing', 0]);
        const { cut, app: other } = await cutApp();
        try {
          const { paymentId: cutId, intent: cutIntent } = await cardSubmitted(`SWEPTCUT-${kind}`, 34_000, other);
          cut.unreachable = true;
          clock += abandonedAfterMs;
          await other.payments.sweepOnlinePayments();
          expect([cutIntent.status, cancels(cutIntent.id)]).toEqual(['requires_payment_method', 0]);
          const rows = await app.payments.list('alpha');
          expect([paymentId, cutId].map((id) => rows.find((row) => row.id === id)?.status)).toEqual(['pending', 'pending']);
        } finally {
          await other.close();
        }
      });

      it('one whose PaymentIntent Stripe has no record of (404 resource_missing: the keys now name another account) is cancelled here', async () => {
        const { paymentId, intent } = await cardSubmitted(`MISSING-${kind}`, 35_000);
        stripe.intents.delete(intent.id);
        clock += abandonedAfterMs;
        expect(await app.payments.sweepOnlinePayments()).toBeGreaterThanOrEqual(1);
        expect(await status(paymentId)).toBe('canceled');
        expect(await failureOf(paymentId)).toBe('abandoned: the provider has no such payment');
        expect(cancels(intent.id)).toBe(0);
      });

      it('payments made before the time of their card was kept (a PaymentIntent, no intent_at) are settled, and a full batch of them keeps no newer one waiting', async () => {
        // A sweep's batch (100) of them, their PaymentIntents open at Stripe with no card paid; one Stripe took.
        const old = clock - 40 * 86_400_000;
        const legacy: StandInIntent[] = [];
        for (let i = 0; i < 100; i++) {
          const id = `pi_legacy_${kind}_${i}`;
          const intent: StandInIntent = {
            id,
            object: 'payment_intent',
            amount: 1_000,
            currency: 'aud',
            status: i === 0 ? 'succeeded' : 'requires_payment_method',
            client_secret: `${id}_secret_legacy`,
            description: null,
            metadata: { tenant: 'alpha' },
            receipt_email: null,
            last_payment_error: null,
            latest_charge: null,
            amount_received: i === 0 ? 1_000 : 0,
            created: Math.floor(old / 1000),
          };
          stripe.intents.set(id, intent);
          legacy.push(intent);
          await database.db.run(
            `INSERT INTO payments (id, tenant, kind, lead_id, car_id, reference, attempt_key, provider, provider_ref, amount_cents, currency, status, created_at, updated_at, client)
             VALUES ($1, 'alpha', 'online-payment', NULL, NULL, 'OLD-1', $2, 'stripe', $3, 1000, 'aud', 'pending', $4, $4, NULL)`,
            [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `legacy-${kind}-${i}`, id, old + i],
          );
        }
        const { paymentId } = await invoicePayment(`AFTER-${kind}`, 36_000);
        clock += abandonedAfterMs;
        for (let sweep = 0; sweep < 3; sweep++) {
          await app.payments.sweepOnlinePayments();
          clock += 2 * 3_600_000;
        }
        expect(await status(paymentId)).toBe('canceled');
        const rows = await app.payments.list('alpha');
        const statuses = legacy.map((intent) => rows.find((row) => row.provider_ref === intent.id)?.status);
        expect(statuses[0]).toBe('paid');
        expect(new Set(statuses.slice(1))).toEqual(new Set(['canceled']));
        expect(new Set(legacy.slice(1).map((intent) => intent.status))).toEqual(new Set(['canceled']));
      });
    });
  });
}
