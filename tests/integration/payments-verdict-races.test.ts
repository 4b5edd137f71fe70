/**
 * docs/payments.md "Verdicts asked of Stripe": a verdict is recorded once however many recorders
 * meet. Asking Stripe is a round trip, during which the webhook may record the same verdict, or
 * another, and the sweep may end the payment: the asked verdict is recorded on the payment as it
 * is when it comes back, each status change conditional on the status it was decided on; a card
 * submitted on a payment the sweep ended meanwhile gets no PaymentIntent. A payment's state only
 * moves forward: a paid verdict on a payment refunded since (a late event, or one asked) changes
 * nothing, its lead not sent again nor its car reserved again; a second part refund, a larger
 * refunded total, is sent on the lead, and the lead keeps the larger total whatever the order its
 * saves arrive in. A refund before the paid verdict records the payment paid first; a part refund
 * recorded while the verdict is recorded keeps the car reserved, and a full refund recorded while the
 * car's overlay entry is written leaves it out of the overlay. A lead shows its newest payment: an
 * older payment's late event, or its refund, is recorded on that payment only. The provider's answer is held at a
 * hook (after Stripe answered, before the lead API uses it) while the other recorder runs. Runs on
 * SQLite and, when available, PostgreSQL.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { DEFAULT_PAYMENT_TIMINGS } from '../../src/config/server-settings.ts';
import { readReservationOverlay } from '../../src/lib/vehicle/reservation-overlay.ts';
import type { PaymentProvider } from '../../src/server/features/payments/payments.ts';
import { postWebhookEvent, standInPayments, standInProvider, startPaymentsApp, type PaymentsApp } from '../support/payments-app.ts';
import type { SignedEvent, StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON, testApp } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
const { askAfterMs, abandonedAfterMs } = DEFAULT_PAYMENT_TIMINGS;

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`verdicts recorded once, on ${kind}`, () => {
    let started: PaymentsApp | undefined;
    let stripe: StripeStandIn;
    let database: PaymentsApp['database'];
    let app: LeadApi | undefined;
    let clock = Date.now();
    let attempts = 0;
    /** Run once, after Stripe answered the next getPayment (or createPayment, or refund) and before the lead API reads the answer. */
    const hooks: { asked?: () => Promise<void>; created?: () => Promise<void>; refunded?: () => Promise<void> } = {};
    const options = (on: StripeStandIn, providerFor?: () => PaymentProvider) => ({
      now: () => clock,
      payments: {
        ...standInPayments(on, { intentsPerClientHour: 1000, intentsPerTenantHour: 10_000, holdsPerClient: 100 }),
        ...(providerFor ? { providerFor } : {}),
      },
    });
    const hookedProvider = (): PaymentProvider => {
      const base = standInProvider(stripe);
      const after = async <T>(name: 'asked' | 'created' | 'refunded', answer: T) => {
        const hook = hooks[name];
        hooks[name] = undefined;
        if (hook) await hook();
        return answer;
      };
      return {
        ...base,
        getPayment: async (ref) => after('asked', await base.getPayment(ref)),
        createPayment: async (input) => after('created', await base.createPayment(input)),
        refund: async (ref, amountCents, idempotencyKey) => after('refunded', await base.refund(ref, amountCents, idempotencyKey)),
      };
    };

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'payments-verdict-races-', {
        cars: [41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54],
        options: (on) => options(on),
      });
      ({ stripe, database } = started);
      const provider = hookedProvider();
      app = await testApp(
        database.db,
        started.tenants,
        options(stripe, () => provider),
      );
    });
    afterAll(async () => {
      await app?.close();
      await started?.stop();
    });

    const api = () => app!;
    const post = (event: SignedEvent) => postWebhookEvent(api(), event);
    const pay = (reference: string, amount: string) =>
      api().inject({
        method: 'POST',
        url: '/api/payments/online-payment',
        headers: ALPHA,
        payload: { ...shopper, reference, amount, terms_conditions: true, attempt: `races-${kind}-${++attempts}` },
      });
    const card = (paymentId: string) => api().inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
    const status = async (paymentId: string) =>
      (await api().inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ALPHA })).json().status as string;
    const intentOf = (paymentId: string) => [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId);
    const row = async (paymentId: string) => (await api().payments.list('alpha', { id: paymentId }))[0]!;
    const issue = (reference: string, cents: number) =>
      api().payments.issueInvoice('alpha', { reference, amountCents: cents, expiresAt: clock + 30 * 86_400_000 });
    /** A deposit of the lead started (a new attempt: its hold taken over when it has one). */
    const reserve = (leadId: string) =>
      api().inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers: ALPHA,
        payload: { lead_id: leadId, attempt: `races-${kind}-${++attempts}`, terms_conditions: true },
      });
    /** A deposit on `carId` started and its card submitted: the payment id and lead. */
    const depositCardSubmitted = async (carId: string) => {
      const lead = await api().inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: { ...shopper, category: 'Reserve', subcategory: 'Reserve Online', car_id: carId, form_completed: false },
      });
      const leadId = lead.json().lead_id as string;
      const reservation = await reserve(leadId);
      expect(reservation.statusCode).toBe(201);
      const paymentId = reservation.json().payment_id as string;
      return { paymentId, leadId };
    };
    /** A deposit on `carId` whose card is submitted and paid at Stripe, its succeeded event held back: the payment id, its lead and that event. */
    const depositPaidEventHeld = async (carId: string) => {
      const { paymentId, leadId } = await depositCardSubmitted(carId);
      expect((await card(paymentId)).statusCode).toBe(201);
      const event = stripe.pay(intentOf(paymentId)!.id);
      return { paymentId, leadId, event };
    };

    it("the webhook recording a deposit paid while the polled status asks Stripe: paid once (the lead completed, the car marked reserved and its hold's end set once)", async () => {
      const { paymentId, leadId, event } = await depositPaidEventHeld('41');
      const payments = api().payments;
      const original = payments.markReserved.bind(payments);
      let marks = 0;
      payments.markReserved = async (...args) => {
        marks++;
        return original(...args);
      };
      try {
        // The webhook arrives while the poll's question is on the wire; a minute passes meanwhile.
        hooks.asked = async () => {
          expect((await post(event)).json()).toMatchObject({ outcome: 'paid' });
          clock += 60_000;
        };
        clock += askAfterMs;
        expect(await status(paymentId)).toBe('paid');
      } finally {
        payments.markReserved = original;
      }
      expect(marks).toBe(1);
      const [hold] = await database.db.query<{ expires_at: number }>("SELECT expires_at FROM car_holds WHERE tenant = 'alpha' AND car_id = '41'", []);
      const payment = (await api().stores.leads.get('alpha', leadId))!.data.payment as { reserved_until: string; paid_at: string };
      expect(Number(hold!.expires_at)).toBe(Date.parse(payment.reserved_until));
      expect((await row(paymentId)).paid_at).toBe(Date.parse(payment.paid_at));
    });

    it("the webhook arriving while a verdict asked of Stripe completes the lead (between the lead's check and its save): the lead is saved paid once", async () => {
      const { paymentId, leadId, event } = await depositPaidEventHeld('43');
      const leads = api().stores.leads;
      const original = leads.save.bind(leads);
      const { revision } = (await leads.get('alpha', leadId))!;
      let webhook: Promise<unknown> | undefined;
      // The poll's verdict has recorded the payment paid and read the lead; the webhook runs (and saves) before its save.
      leads.save = async (write) => {
        if (write.leadId === leadId && !webhook) {
          webhook = post(event).then((answer) => answer.json());
          await webhook;
        }
        return original(write);
      };
      try {
        clock += askAfterMs;
        expect(await status(paymentId)).toBe('paid');
      } finally {
        leads.save = original;
      }
      expect(await webhook).toMatchObject({ outcome: 'paid' });
      const lead = (await leads.get('alpha', leadId))!;
      expect(lead.data.payment).toMatchObject({ status: 'paid', payment_id: paymentId });
      expect(lead.revision).toBe(revision + 1);
    });

    it('a decline asked of Stripe does not overwrite the paid the webhook recorded during the round trip', async () => {
      const reference = `DECLPAID-${kind}`;
      await issue(reference, 46_000);
      const id = (await pay(reference, '460')).json().payment_id as string;
      expect((await card(id)).statusCode).toBe(201);
      const ref = intentOf(id)!.id;
      stripe.decline(ref); // the first card declined, its webhook late
      hooks.asked = async () => {
        // The same intent confirmed with another card (its client secret handed out again while pending) and paid, its webhook recorded.
        expect((await card(id)).statusCode).toBe(201);
        expect((await post(stripe.pay(ref))).json()).toMatchObject({ outcome: 'paid' });
      };
      clock += askAfterMs;
      expect(await status(id)).toBe('paid');
      expect([(await row(id)).status, stripe.intents.get(ref)!.status]).toEqual(['paid', 'succeeded']);
      expect((await api().payments.invoices('alpha')).find((invoice) => invoice.reference === reference)?.paid_payment_id).toBe(id);
    });

    /** An invoice of `cents` issued and paid (its webhook recorded): the payment id and its PaymentIntent. */
    const paidInvoice = async (reference: string, cents: number) => {
      await issue(reference, cents);
      const id = (await pay(reference, String(cents / 100))).json().payment_id as string;
      expect((await card(id)).statusCode).toBe(201);
      const ref = intentOf(id)!.id;
      expect((await post(stripe.pay(ref))).json()).toMatchObject({ outcome: 'paid' });
      return { id, ref };
    };
    /** Stripe itself, as the dealer's dashboard reaches it. */
    const dashboard = () => standInProvider(stripe);

    it("a part refund whose webhook, and the dealer's refund of the rest in Stripe's dashboard, are recorded during its round trip does not overwrite the newer full refund", async () => {
      const { id, ref } = await paidInvoice(`REFUNDRACE-${kind}`, 30_000);
      const alpha = api().tenants.get('alpha')!;
      hooks.refunded = async () => {
        expect((await post(stripe.signedEvent('charge.refunded', ref))).json()).toMatchObject({ outcome: 'partially_refunded' });
        await dashboard().refund(ref, undefined, `dashboard-${id}`);
        expect((await post(stripe.signedEvent('charge.refunded', ref))).json()).toMatchObject({ outcome: 'refunded' });
      };
      expect(await api().payments.refund(alpha, id, 10_000, 'part refund')).toMatchObject({ amountCents: 10_000 });
      expect(await row(id)).toMatchObject({ status: 'refunded', refunded_cents: 30_000 });
    });

    it('a refund event older than the one recorded (Stripe does not keep their order) changes nothing', async () => {
      const { id, ref } = await paidInvoice(`REFUNDORDER-${kind}`, 30_000);
      await dashboard().refund(ref, 10_000, `dashboard-part-${id}`);
      const older = stripe.signedEvent('charge.refunded', ref);
      await dashboard().refund(ref, undefined, `dashboard-rest-${id}`);
      expect((await post(stripe.signedEvent('charge.refunded', ref))).json()).toMatchObject({ outcome: 'refunded' });
      expect((await post(older)).json()).toMatchObject({ outcome: 'already recorded' });
      expect(await row(id)).toMatchObject({ status: 'refunded', refunded_cents: 30_000 });
    });

    /** The lead of a payment as stored now. */
    const leadOf = async (leadId: string) => (await api().stores.leads.get('alpha', leadId))!;
    /** Calls of markReserved (the reserved overlay written) while `run` runs. */
    const marksDuring = async (run: () => Promise<void>) => {
      const payments = api().payments;
      const original = payments.markReserved.bind(payments);
      let marks = 0;
      payments.markReserved = async (...args) => {
        marks++;
        return original(...args);
      };
      try {
        await run();
      } finally {
        payments.markReserved = original;
      }
      return marks;
    };
    /** A deposit on `carId` paid by the verdict asked of Stripe (the polled status), its succeeded event held back: the payment, its lead and that event. */
    const depositPaidEventLate = async (carId: string) => {
      const { paymentId, leadId, event } = await depositPaidEventHeld(carId);
      clock += askAfterMs;
      expect(await status(paymentId)).toBe('paid');
      expect(readReservationOverlay(join(started!.tenants, 'alpha'))[carId]).toBeDefined();
      return { paymentId, leadId, event };
    };
    const overlayHas = (carId: string) => readReservationOverlay(join(started!.tenants, 'alpha'))[carId] !== undefined;

    it('a succeeded event arriving after the full refund (Stripe does not keep their order) changes nothing: the lead stays refunded and is not sent again, the car is not reserved again', async () => {
      const { paymentId, leadId, event } = await depositPaidEventLate('44');
      await api().payments.refund(api().tenants.get('alpha')!, paymentId, undefined, 'full');
      expect(overlayHas('44')).toBe(false);
      const before = await leadOf(leadId);
      expect(before.data.payment).toMatchObject({ status: 'refunded', refunded: '250.00' });
      const marks = await marksDuring(async () => {
        expect((await post(event)).json()).toMatchObject({ outcome: 'already settled' });
      });
      expect(marks).toBe(0);
      expect(overlayHas('44')).toBe(false);
      expect(await row(paymentId)).toMatchObject({ status: 'refunded', refunded_cents: 25_000 });
      const after = await leadOf(leadId);
      expect([after.revision, after.data.payment]).toEqual([before.revision, before.data.payment]);
    });

    it('a succeeded event arriving after a part refund changes nothing: the lead stays partially refunded and is not sent again as paid', async () => {
      const { paymentId, leadId, event } = await depositPaidEventLate('45');
      await api().payments.refund(api().tenants.get('alpha')!, paymentId, 5_000, 'part');
      const before = await leadOf(leadId);
      expect(before.data.payment).toMatchObject({ status: 'partially refunded', refunded: '50.00' });
      const marks = await marksDuring(async () => {
        expect((await post(event)).json()).toMatchObject({ outcome: 'already settled' });
      });
      expect(marks).toBe(0);
      expect(overlayHas('45')).toBe(true); // a part refund keeps the car reserved
      expect(await row(paymentId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 5_000 });
      const after = await leadOf(leadId);
      expect([after.revision, after.data.payment]).toEqual([before.revision, before.data.payment]);
    });

    it("a succeeded event that read the payment paid, the dealer's full refund recorded before its lead is saved: the lead stays refunded, the car is not reserved again", async () => {
      const { paymentId, leadId, event } = await depositPaidEventLate('46');
      const leads = api().stores.leads;
      const original = leads.save.bind(leads);
      let refunded: Promise<unknown> | undefined;
      // The event read the payment paid (a replay's path: finish the lead and the overlay); the refund runs before its save.
      leads.save = async (write) => {
        if (write.leadId === leadId && (write.values.payment as { status?: string } | undefined)?.status === 'paid' && !refunded) {
          refunded = api().payments.refund(api().tenants.get('alpha')!, paymentId, undefined, 'full');
          await refunded;
        }
        return original(write);
      };
      let marks: number;
      try {
        marks = await marksDuring(async () => {
          await post(event);
        });
      } finally {
        leads.save = original;
      }
      expect(refunded).toBeDefined();
      expect(marks).toBe(0);
      expect(overlayHas('46')).toBe(false);
      expect(await row(paymentId)).toMatchObject({ status: 'refunded', refunded_cents: 25_000 });
      expect((await leadOf(leadId)).data.payment).toMatchObject({ status: 'refunded', refunded: '250.00' });
    });

    it("a succeeded event that read the payment paid, the dealer's full refund recorded after its lead's check and before its car is marked: the car is not reserved again", async () => {
      const { paymentId, leadId, event } = await depositPaidEventLate('49');
      const leads = api().stores.leads;
      const original = leads.save.bind(leads);
      let refunded: Promise<unknown> | undefined;
      // The event's lead save finds 'paid' on the lead already (a replay's path); the refund runs once it has answered.
      leads.save = async (write) => {
        const answer = await original(write);
        if (write.leadId === leadId && (write.values.payment as { status?: string } | undefined)?.status === 'paid' && !refunded) {
          refunded = api().payments.refund(api().tenants.get('alpha')!, paymentId, undefined, 'full');
          await refunded;
        }
        return answer;
      };
      let marks: number;
      try {
        marks = await marksDuring(async () => {
          expect((await post(event)).json()).toMatchObject({ outcome: 'already settled' });
        });
      } finally {
        leads.save = original;
      }
      expect(refunded).toBeDefined();
      expect(marks).toBe(0);
      expect(overlayHas('49')).toBe(false);
      expect((await leadOf(leadId)).data.payment).toMatchObject({ status: 'refunded', refunded: '250.00' });
    });

    /**
     * A deposit on `carId` paid at Stripe whose verdict `ask` asks of it (the polled status, the
     * sweep); during that round trip the webhook records it paid and the dealer refunds it in full.
     * The payment id, its lead, and the lead's revision once refunded.
     */
    const refundedWhileAsked = async (carId: string, ask: (paymentId: string) => Promise<void>) => {
      const { paymentId, leadId, event } = await depositPaidEventHeld(carId);
      let revision = 0;
      hooks.asked = async () => {
        expect((await post(event)).json()).toMatchObject({ outcome: 'paid' });
        await api().payments.refund(api().tenants.get('alpha')!, paymentId, undefined, 'full');
        revision = (await leadOf(leadId)).revision;
      };
      await ask(paymentId);
      expect(hooks.asked).toBeUndefined();
      return { paymentId, leadId, revision };
    };

    it('a paid verdict asked of Stripe (the polled status) while the webhook records the deposit paid and the dealer refunds it in full changes nothing', async () => {
      const { leadId, revision } = await refundedWhileAsked('47', async (paymentId) => {
        clock += askAfterMs;
        expect(await status(paymentId)).toBe('refunded');
      });
      expect(overlayHas('47')).toBe(false);
      const lead = await leadOf(leadId);
      expect([lead.revision, lead.data.payment]).toMatchObject([revision, { status: 'refunded' }]);
    });

    it('a hold run out whose verdict is asked of Stripe by the sweep while the webhook records it paid and the dealer refunds it in full: it stays refunded', async () => {
      const { paymentId, leadId, revision } = await refundedWhileAsked('48', async () => {
        clock += api().tenants.get('alpha')!.site.payments.hold_minutes * 60_000 + 1;
        await api().payments.expireHolds();
      });
      expect(await row(paymentId)).toMatchObject({ status: 'refunded', refunded_cents: 25_000 });
      expect(overlayHas('48')).toBe(false);
      const lead = await leadOf(leadId);
      expect([lead.revision, lead.data.payment]).toMatchObject([revision, { status: 'refunded' }]);
    });

    it("a second part refund reaches the lead with the larger refunded total (sent again once); the refund's own event after it changes nothing", async () => {
      const { id, ref } = await paidInvoice(`TWOPARTS-${kind}`, 30_000);
      const alpha = api().tenants.get('alpha')!;
      const leadId = (await row(id)).lead_id!;
      await api().payments.refund(alpha, id, 5_000, 'first part');
      const first = await leadOf(leadId);
      expect(first.data.payment).toMatchObject({ status: 'partially refunded', refunded: '50.00' });
      await api().payments.refund(alpha, id, 5_000, 'second part');
      expect(await row(id)).toMatchObject({ status: 'partially_refunded', refunded_cents: 10_000 });
      const second = await leadOf(leadId);
      expect([second.revision, second.data.payment]).toMatchObject([first.revision + 1, { status: 'partially refunded', refunded: '100.00' }]);
      expect((await post(stripe.signedEvent('charge.refunded', ref))).json()).toMatchObject({ outcome: 'already recorded' });
      expect((await leadOf(leadId)).revision).toBe(second.revision);
    });

    it('two part refunds whose lead saves arrive in the other order: the lead keeps the larger refunded total', async () => {
      const { id } = await paidInvoice(`TWOPARTSORDER-${kind}`, 30_000);
      const alpha = api().tenants.get('alpha')!;
      const leadId = (await row(id)).lead_id!;
      const leads = api().stores.leads;
      const original = leads.save.bind(leads);
      let second: Promise<unknown> | undefined;
      // The first part refund is recorded; the second is recorded and its lead saved before the first's lead save.
      leads.save = async (write) => {
        if (write.leadId === leadId && (write.values.payment as { refunded?: string } | undefined)?.refunded === '50.00' && !second) {
          second = api().payments.refund(alpha, id, 5_000, 'second part');
          await second;
        }
        return original(write);
      };
      try {
        await api().payments.refund(alpha, id, 5_000, 'first part');
      } finally {
        leads.save = original;
      }
      expect(second).toBeDefined();
      expect(await row(id)).toMatchObject({ status: 'partially_refunded', refunded_cents: 10_000 });
      expect((await leadOf(leadId)).data.payment).toMatchObject({ status: 'partially refunded', refunded: '100.00' });
    });

    it('a card submitted on an invoice payment the sweep cancels meanwhile gets no PaymentIntent: 409, the payment ended', async () => {
      const reference = `SWEPTCARD-${kind}`;
      await issue(reference, 40_000);
      const left = (await pay(reference, '400')).json().payment_id as string;
      clock += abandonedAfterMs; // its tab left open overnight
      const other = await pay(reference, '400'); // another window, its card submitted
      expect((await card(other.json().payment_id)).statusCode).toBe(201);
      // The first window's card is submitted now; the sweep runs while that request asks Stripe about the other payment.
      let swept = 0;
      hooks.asked = async () => {
        swept = await api().payments.sweepOnlinePayments();
      };
      const intents = stripe.intents.size;
      const answer = await card(left);
      expect(swept).toBeGreaterThanOrEqual(1);
      expect([answer.statusCode, answer.json().error]).toEqual([409, 'This payment has ended. Please start again.']);
      expect(stripe.intents.size).toBe(intents);
      expect([(await row(left)).status, intentOf(left)]).toEqual(['canceled', undefined]);
    });

    it('a deposit released while its PaymentIntent is being created: the intent is cancelled, its client secret never handed out (409)', async () => {
      const { paymentId } = await depositCardSubmitted('42');
      hooks.created = async () => {
        expect(await api().payments.release(api().tenants.get('alpha')!, paymentId)).toBe(true);
      };
      const answer = await card(paymentId);
      expect([answer.statusCode, answer.json().error]).toEqual([409, 'This payment has ended. Please start again.']);
      expect(intentOf(paymentId)?.status).toBe('canceled');
      expect(await row(paymentId)).toMatchObject({ status: 'canceled', provider_ref: null });
    });

    it("a part refund event arriving before the deposit's succeeded event (Stripe does not keep their order): the deposit is recorded paid first (the car reserved, the lead sent paid), then the refund; the late succeeded event changes nothing", async () => {
      const { paymentId, leadId } = await depositCardSubmitted('50');
      expect((await card(paymentId)).statusCode).toBe(201);
      const ref = intentOf(paymentId)!.id;
      const succeeded = stripe.pay(ref); // its delivery late
      await dashboard().refund(ref, 5_000, `dashboard-${paymentId}`);
      const sent: string[] = [];
      const leads = api().stores.leads;
      const original = leads.save.bind(leads);
      leads.save = async (write) => {
        const answer = await original(write);
        const payment = write.values.payment as { status?: string } | undefined;
        if (write.leadId === leadId && payment?.status && answer.status === 'updated') sent.push(payment.status);
        return answer;
      };
      try {
        expect((await post(stripe.signedEvent('charge.refunded', ref))).json()).toMatchObject({ outcome: 'partially_refunded' });
        expect((await post(succeeded)).json()).toMatchObject({ outcome: 'already settled' });
      } finally {
        leads.save = original;
      }
      expect(sent).toEqual(['paid', 'partially refunded']);
      const payment = await row(paymentId);
      expect(payment).toMatchObject({ status: 'partially_refunded', refunded_cents: 5_000 });
      expect(payment.paid_at).toBeTypeOf('number');
      expect((await leadOf(leadId)).data.payment).toMatchObject({
        status: 'partially refunded',
        refunded: '50.00',
        paid_at: new Date(payment.paid_at!).toISOString(),
      });
      expect(overlayHas('50')).toBe(true); // a part refund keeps the car reserved
      // Past the hold's end the car stays reserved for this shopper: another buyer cannot hold it.
      clock += api().tenants.get('alpha')!.site.payments.hold_minutes * 60_000 + 1;
      await api().payments.expireHolds();
      const [hold] = await database.db.query<{ state: string; payment_id: string }>(
        "SELECT state, payment_id FROM car_holds WHERE tenant = 'alpha' AND car_id = '50'",
        [],
      );
      expect(hold).toMatchObject({ state: 'reserved', payment_id: paymentId });
      expect((await row(paymentId)).status).toBe('partially_refunded');
    });

    it("an invoice payment's part refund event arriving before its succeeded event: the invoice is recorded paid first, then the refund", async () => {
      const reference = `REFUNDFIRST-${kind}`;
      await issue(reference, 30_000);
      const id = (await pay(reference, '300')).json().payment_id as string;
      expect((await card(id)).statusCode).toBe(201);
      const ref = intentOf(id)!.id;
      const succeeded = stripe.pay(ref); // its delivery late
      await dashboard().refund(ref, 5_000, `dashboard-${id}`);
      expect((await post(stripe.signedEvent('charge.refunded', ref))).json()).toMatchObject({ outcome: 'partially_refunded' });
      expect((await post(succeeded)).json()).toMatchObject({ outcome: 'already settled' });
      const payment = await row(id);
      expect(payment).toMatchObject({ status: 'partially_refunded', refunded_cents: 5_000 });
      expect(payment.paid_at).toBeTypeOf('number');
      expect((await api().payments.invoices('alpha')).find((invoice) => invoice.reference === reference)?.paid_payment_id).toBe(id);
      expect((await leadOf(payment.lead_id!)).data.payment).toMatchObject({ status: 'partially refunded', refunded: '50.00', invoice_reference: reference });
    });

    it("a deposit's first recording, the dealer's part refund recorded after its lead is saved and before its car is marked: the car is marked reserved (a part refund keeps the reservation)", async () => {
      const { paymentId, leadId, event } = await depositPaidEventHeld('51');
      const leads = api().stores.leads;
      const original = leads.save.bind(leads);
      let refunded: Promise<unknown> | undefined;
      leads.save = async (write) => {
        const answer = await original(write);
        if (write.leadId === leadId && (write.values.payment as { status?: string } | undefined)?.status === 'paid' && !refunded) {
          refunded = api().payments.refund(api().tenants.get('alpha')!, paymentId, 5_000, 'part');
          await refunded;
        }
        return answer;
      };
      try {
        expect((await post(event)).json()).toMatchObject({ outcome: 'paid' });
      } finally {
        leads.save = original;
      }
      expect(refunded).toBeDefined();
      expect(await row(paymentId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 5_000 });
      expect(overlayHas('51')).toBe(true);
      expect((await leadOf(leadId)).data.payment).toMatchObject({ status: 'partially refunded', refunded: '50.00' });
    });

    it("a deposit's first recording, the dealer's full refund recorded after its payment's last read and before its car's overlay entry is written: the car is not left in the reserved overlay", async () => {
      const { paymentId, leadId } = await depositCardSubmitted('54');
      expect((await card(paymentId)).statusCode).toBe(201);
      const event = stripe.pay(intentOf(paymentId)!.id);
      const payments = api().payments;
      const original = payments.markReserved.bind(payments);
      let refunded = false;
      // The overlay's writer is outside the database's transactions: the refund (and its overlay removal) runs before the entry is written.
      payments.markReserved = async (...args) => {
        if (args[1] === '54' && !refunded) {
          refunded = true;
          await payments.refund(api().tenants.get('alpha')!, paymentId, undefined, 'full');
        }
        return original(...args);
      };
      try {
        await post(event);
      } finally {
        payments.markReserved = original;
      }
      expect(refunded).toBe(true);
      expect(overlayHas('54')).toBe(false);
      expect(await row(paymentId)).toMatchObject({ status: 'refunded', refunded_cents: 25_000 });
      expect((await leadOf(leadId)).data.payment).toMatchObject({ status: 'refunded', refunded: '250.00' });
    });

    it("an older attempt's late succeeded event (Stripe took its card before its cancel; refunded, the car being the newer attempt's) leaves the lead showing the newer payment paid; the older payment's own row records it", async () => {
      const { paymentId: older, leadId } = await depositCardSubmitted('52');
      expect((await card(older)).statusCode).toBe(201);
      const olderRef = intentOf(older)!.id;
      // A new attempt of the lead a minute later (no card paid on the first yet): it takes over the hold, the first is cancelled.
      clock += 60_000;
      const newer = await reserve(leadId);
      expect(newer.statusCode).toBe(201);
      const paymentId = newer.json().payment_id as string;
      expect((await card(paymentId)).statusCode).toBe(201);
      expect((await post(stripe.pay(intentOf(paymentId)!.id))).json()).toMatchObject({ outcome: 'paid' });
      const before = await leadOf(leadId);
      expect(before.data.payment).toMatchObject({ status: 'paid', payment_id: paymentId });
      expect((await post(stripe.pay(olderRef))).json()).toMatchObject({ outcome: 'refunded: car taken' });
      expect(await row(older)).toMatchObject({ status: 'conflict', refunded_cents: 25_000 });
      const after = await leadOf(leadId);
      expect([after.revision, after.data.payment]).toEqual([before.revision, before.data.payment]);
      expect(overlayHas('52')).toBe(true);
    });

    it("the full refund of a lead's older deposit, its lead saved after a newer deposit of the lead was recorded paid: the lead keeps showing the newer payment", async () => {
      const { paymentId: older, leadId } = await depositCardSubmitted('53');
      expect((await card(older)).statusCode).toBe(201);
      expect((await post(stripe.pay(intentOf(older)!.id))).json()).toMatchObject({ outcome: 'paid' });
      const leads = api().stores.leads;
      const original = leads.save.bind(leads);
      let newer: string | undefined;
      // The refund frees the car; before its lead is saved, the shopper reserves the car again and pays.
      leads.save = async (write) => {
        const payment = write.values.payment as { status?: string; payment_id?: string } | undefined;
        if (write.leadId === leadId && payment?.payment_id === older && payment.status === 'refunded' && !newer) {
          clock += 60_000;
          const again = await reserve(leadId);
          expect(again.statusCode).toBe(201);
          newer = again.json().payment_id as string;
          expect((await card(newer)).statusCode).toBe(201);
          expect((await post(stripe.pay(intentOf(newer)!.id))).json()).toMatchObject({ outcome: 'paid' });
        }
        return original(write);
      };
      try {
        await api().payments.refund(api().tenants.get('alpha')!, older, undefined, 'full');
      } finally {
        leads.save = original;
      }
      expect(newer).toBeDefined();
      expect(await row(older)).toMatchObject({ status: 'refunded', refunded_cents: 25_000 });
      expect((await leadOf(leadId)).data.payment).toMatchObject({ status: 'paid', payment_id: newer });
      expect(overlayHas('53')).toBe(true);
    });
  });
}
