/**
 * docs/payments.md "/online-payment": an invoice is not paid twice while its bank confirms a
 * payment. Back on /online-payment with the verdict still processing, the form can be sent
 * again; the server, not the browser, refuses a new payment of that invoice (and a card on
 * another window's payment of it) while another payment of it is being confirmed, as a deposit's is
 * refused while its car's payment is. One left at the shopper's 3-D Secure in another window is
 * cancelled at Stripe instead by a card submitted on a new payment, once that card passed every
 * refusal (a refused card, or a start, changes nothing), as a deposit's new attempt cancels the old
 * one (refused when that cancel fails: it went on to be paid or processed). A declined payment does not stand in the
 * way; the same attempt again is the same payment. The refusal lasts only while Stripe says the
 * payment may still take the money (or cannot be asked, for at most as long as an abandoned
 * payment is kept): a verdict Stripe has whose webhook is lost is recorded as the webhook records
 * it, and a payment Stripe has no record of does not stand in the way. The dealer's invoice command
 * does not change the amount of an invoice a card is being paid on (or whose PaymentIntent is being
 * made), and cancels one made at the old amount that has taken no card. Runs on SQLite and, when
 * available, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { DEFAULT_PAYMENT_TIMINGS } from '../../src/config/server-settings.ts';
import {
  INTENTS_PER_CLIENT_MESSAGE,
  INVOICE_CONFIRMING_MESSAGE,
  INVOICE_PAID_MESSAGE,
  type PaymentProvider,
} from '../../src/server/features/payments/payments.ts';
import { paymentLine } from '../../src/server/leads/formats.ts';
import { postWebhookEvent, standInPayments, standInProvider, startPaymentsApp, unreachableAsking, type PaymentsApp } from '../support/payments-app.ts';
import type { SignedEvent, StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON, testApp } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`an invoice whose payment is being confirmed, on ${kind}`, () => {
    let started: PaymentsApp | undefined;
    let stripe: StripeStandIn;
    let database: PaymentsApp['database'];
    let app: LeadApi;
    let attempts = 0;

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'payments-invoice-confirming-', {
        options: (on) => ({ payments: standInPayments(on, { intentsPerClientHour: 100 }) }),
      });
      ({ stripe, database, app } = started);
    });
    afterAll(() => started?.stop());

    const pay = (reference: string, amount: string, attempt = `confirming-${kind}-${++attempts}`, on: LeadApi = app) =>
      on.inject({
        method: 'POST',
        url: '/api/payments/online-payment',
        headers: ALPHA,
        payload: { ...shopper, reference, amount, terms_conditions: true, attempt },
      });
    const card = (paymentId: string, on: LeadApi = app) => on.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
    const status = async (paymentId: string) =>
      (await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ALPHA })).json().status as string;
    const intentOf = (paymentId: string) => [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId)!;
    const leadCount = async () => Number((await database.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM leads WHERE tenant = 'alpha'", []))[0]!.n);
    /** Invoice `reference` issued, a payment of it started and its card submitted: the payment id and its intent. */
    const cardSubmitted = async (reference: string, cents: number, on: LeadApi = app) => {
      await app.payments.issueInvoice('alpha', { reference, amountCents: cents, expiresAt: Date.now() + 86_400_000 });
      const first = await pay(reference, (cents / 100).toFixed(2), undefined, on);
      expect(first.statusCode).toBe(201);
      const paymentId = first.json().payment_id as string;
      expect((await card(paymentId, on)).statusCode).toBe(201);
      return { paymentId, leadId: first.json().lead_id as string, attempt: `confirming-${kind}-${attempts}`, intent: intentOf(paymentId) };
    };

    it('refuses a new payment of the invoice while the bank confirms one (409, nothing stored), then takes it once that payment failed', async () => {
      // The payment being confirmed was typed with a space: its stored reference is compared without spaces, upper case (the SQL of invoicePaymentsAwaiting).
      const { intent } = await cardSubmitted(`CONF ${kind}`, 35_025);
      intent.status = 'processing';
      const leadsBefore = await leadCount();
      const paymentsBefore = stripe.intents.size;
      // As typed again on /online-payment (case and spaces do not make another invoice).
      for (const reference of [`CONF ${kind}`, `conf ${kind}`, `CONF${kind}`, `C ONF  ${kind.toUpperCase()}`]) {
        const again = await pay(reference, '350.25');
        expect([reference, again.statusCode, again.json()]).toEqual([reference, 409, { success: false, error: INVOICE_CONFIRMING_MESSAGE }]);
      }
      expect(await leadCount()).toBe(leadsBefore);
      expect(stripe.intents.size).toBe(paymentsBefore);
      // The bank declines it: the invoice can be paid again.
      intent.status = 'requires_payment_method';
      expect((await pay(`CONF${kind}`, '350.25')).statusCode).toBe(201);
    });

    it("a payment of the invoice left at the shopper's 3-D Secure (requires_action) in one window is cancelled at Stripe, then here, when another window submits a card on its own payment of it, which is taken; a new payment started (no card yet) is taken and cancels nothing", async () => {
      await app.payments.issueInvoice('alpha', { reference: `AUTH-${kind}`, amountCents: 4_200, expiresAt: Date.now() + 86_400_000 });
      const first = await pay(`AUTH-${kind}`, '42');
      const second = await pay(`AUTH-${kind}`, '42');
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect((await card(first.json().payment_id)).statusCode).toBe(201);
      const intent = intentOf(first.json().payment_id);
      intent.status = 'requires_action'; // at the bank's 3-D Secure page, left there
      expect((await card(second.json().payment_id)).statusCode).toBe(201);
      expect(intent.status).toBe('canceled');
      expect(await status(first.json().payment_id)).toBe('canceled');
      // A new payment started (no card yet) while the second waits at 3-D Secure in its turn: taken, the second left at its check.
      const next = intentOf(second.json().payment_id);
      next.status = 'requires_action';
      const leadsBefore = await leadCount();
      const third = await pay(`AUTH-${kind}`, '42');
      expect(third.statusCode).toBe(201);
      expect(await leadCount()).toBe(leadsBefore + 1);
      expect([next.status, await status(second.json().payment_id)]).toEqual(['requires_action', 'processing']);
      // Its card submitted: the second is cancelled then.
      expect((await card(third.json().payment_id)).statusCode).toBe(201);
      expect([next.status, await status(second.json().payment_id)]).toEqual(['canceled', 'canceled']);
    });

    it("a card submit refused (the client's hourly limit of intents) changes nothing: another window's payment of the invoice at 3-D Secure is not cancelled, and no start cancels it however often repeated", async () => {
      const limited = await testApp(database.db, started!.tenants, { payments: standInPayments(stripe, { intentsPerClientHour: 1 }) });
      const from = `10.32.5.${kind === 'sqlite' ? 1 : 2}`;
      const startFrom = (on: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/payments/online-payment',
          headers: ALPHA,
          remoteAddress: on,
          payload: { ...shopper, reference: `LIMIT-${kind}`, amount: '50', terms_conditions: true, attempt: `confirming-${kind}-${++attempts}` },
        });
      const cardFrom = (paymentId: string, on: string) =>
        limited.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, remoteAddress: on, payload: {} });
      try {
        await limited.payments.issueInvoice('alpha', { reference: `LIMIT-${kind}`, amountCents: 5_000, expiresAt: Date.now() + 86_400_000 });
        const first = (await startFrom(from)).json().payment_id as string;
        const second = (await startFrom(from)).json().payment_id as string;
        expect((await cardFrom(first, from)).statusCode).toBe(201);
        const intent = intentOf(first);
        intent.status = 'requires_action'; // window one: the shopper is at the bank's 3-D Secure check
        const refused = await cardFrom(second, from);
        expect([refused.statusCode, refused.json()]).toEqual([429, { success: false, error: INTENTS_PER_CLIENT_MESSAGE }]);
        expect([intent.status, await status(first)]).toEqual(['requires_action', 'processing']);
        // Starts have no intent limit: however many, from anywhere, the shopper's check is left alone.
        for (let i = 0; i < 3; i++) expect((await startFrom(`10.32.6.${i}`)).statusCode).toBe(201);
        expect([intent.status, await status(first)]).toEqual(['requires_action', 'processing']);
      } finally {
        await limited.close();
      }
    });

    it("a payment of the invoice at 3-D Secure that goes on to be paid, or to the bank processing it, before another window's card cancels it: the cancel fails and that card is refused (the paid one recorded paid), no intent made for it and its claim given back", async () => {
      let beforeCancel: ((ref: string) => void) | undefined;
      const base = standInProvider(stripe);
      const provider: PaymentProvider = {
        ...base,
        cancelPayment: async (ref, key) => {
          beforeCancel?.(ref);
          beforeCancel = undefined;
          return base.cancelPayment(ref, key);
        },
      };
      const racing = await testApp(database.db, started!.tenants, {
        payments: { ...standInPayments(stripe, { intentsPerClientHour: 100 }), providerFor: () => provider },
      });
      const intentClaim = async (paymentId: string) =>
        (await database.db.query<{ intent_at: number | null }>('SELECT intent_at FROM payments WHERE id = $1', [paymentId]))[0]!.intent_at;
      try {
        const passed = await cardSubmitted(`PASSED-${kind}`, 4_400, racing);
        const other = (await pay(`PASSED-${kind}`, '44', undefined, racing)).json().payment_id as string;
        passed.intent.status = 'requires_action';
        beforeCancel = (ref) => {
          stripe.pay(ref); // the shopper passes the check in the first window just before the cancel
        };
        const paid = await card(other, racing);
        expect([paid.statusCode, paid.json()]).toEqual([409, { success: false, error: INVOICE_PAID_MESSAGE }]);
        expect(await status(passed.paymentId)).toBe('paid');
        expect([intentOf(other), await intentClaim(other)]).toEqual([undefined, null]);
        const processing = await cardSubmitted(`PROC-${kind}`, 4_500, racing);
        const another = (await pay(`PROC-${kind}`, '45', undefined, racing)).json().payment_id as string;
        processing.intent.status = 'requires_action';
        beforeCancel = (ref) => {
          stripe.intents.get(ref)!.status = 'processing';
        };
        const refused = await card(another, racing);
        expect([refused.statusCode, refused.json()]).toEqual([409, { success: false, error: INVOICE_CONFIRMING_MESSAGE }]);
        expect([processing.intent.status, await status(processing.paymentId)]).toEqual(['processing', 'processing']);
        expect([intentOf(another), await intentClaim(another)]).toEqual([undefined, null]);
      } finally {
        await racing.close();
      }
    });

    it('a payment of the invoice left at 3-D Secure, no other payment of it started, is cancelled by the sweep of abandoned payments (abandonedAfterMs after its card)', async () => {
      let clock = Date.now();
      const swept = await testApp(database.db, started!.tenants, { now: () => clock, payments: standInPayments(stripe, { intentsPerClientHour: 100 }) });
      try {
        await swept.payments.issueInvoice('alpha', { reference: `LEFT-${kind}`, amountCents: 4_300, expiresAt: clock + 30 * 86_400_000 });
        const first = await pay(`LEFT-${kind}`, '43', undefined, swept);
        expect((await card(first.json().payment_id, swept)).statusCode).toBe(201);
        const intent = intentOf(first.json().payment_id);
        intent.status = 'requires_action';
        clock += DEFAULT_PAYMENT_TIMINGS.abandonedAfterMs;
        expect(await swept.payments.sweepOnlinePayments()).toBeGreaterThanOrEqual(1);
        expect(intent.status).toBe('canceled');
        expect((await pay(`LEFT-${kind}`, '43', undefined, swept)).statusCode).toBe(201);
      } finally {
        await swept.close();
      }
    });

    it("a card Stripe took whose webhook is lost is not 'being confirmed' forever: it is recorded paid, as the webhook would, and the invoice answered paid", async () => {
      const { paymentId, leadId, intent } = await cardSubmitted(`DONE-${kind}`, 12_000);
      const lost = stripe.pay(intent.id); // paid at Stripe; its webhook never arrives (yet)
      const leadsBefore = await leadCount();
      const again = await pay(`DONE-${kind}`, '120');
      expect([again.statusCode, again.json().fields]).toEqual([422, { reference: INVOICE_PAID_MESSAGE }]);
      expect(await leadCount()).toBe(leadsBefore);
      expect(await status(paymentId)).toBe('paid');
      const lead = (await app.stores.leads.get('alpha', leadId))!;
      expect([lead.form_completed, lead.data.payment]).toMatchObject([true, { status: 'paid', reference: intent.id, invoice_reference: `DONE-${kind}` }]);
      // The webhook, when it comes, changes nothing more.
      const webhook = await postWebhookEvent(app, lost);
      expect(webhook.json()).toMatchObject({ outcome: 'paid' });
      expect((await app.stores.leads.get('alpha', leadId))!.revision).toBe(lead.revision);
    });

    it('a payment cancelled at Stripe whose webhook is lost does not stand in the way, and is recorded cancelled', async () => {
      const { paymentId, intent } = await cardSubmitted(`GONE-${kind}`, 8_000);
      intent.status = 'canceled';
      expect((await pay(`GONE-${kind}`, '80')).statusCode).toBe(201);
      expect(await status(paymentId)).toBe('canceled');
    });

    it('a card Stripe declined whose webhook is lost does not stand in the way, and is recorded declined (its intent cancelled, as the webhook does)', async () => {
      const { paymentId, intent } = await cardSubmitted(`DECL-${kind}`, 9_000);
      stripe.decline(intent.id);
      expect((await pay(`DECL-${kind}`, '90')).statusCode).toBe(201);
      expect(await status(paymentId)).toBe('failed');
      expect(intent.status).toBe('canceled');
    });

    it('while Stripe cannot be asked for the state of a payment of the invoice, a new payment of it is refused (the safe side), and taken once Stripe answers', async () => {
      let unreachable = false;
      const provider = unreachableAsking(standInProvider(stripe), () => unreachable);
      const cut = await testApp(database.db, started!.tenants, {
        payments: { ...standInPayments(stripe, { intentsPerClientHour: 100 }), providerFor: () => provider },
      });
      try {
        const { paymentId } = await cardSubmitted(`CUT-${kind}`, 6_000, cut);
        unreachable = true;
        const again = await pay(`CUT-${kind}`, '60', undefined, cut);
        expect([again.statusCode, again.json()]).toEqual([409, { success: false, error: INVOICE_CONFIRMING_MESSAGE }]);
        expect(await status(paymentId)).toBe('processing');
        unreachable = false;
        expect((await pay(`CUT-${kind}`, '60', undefined, cut)).statusCode).toBe(201);
      } finally {
        await cut.close();
      }
    });

    it('a payment of the invoice Stripe has no record of (404 resource_missing: the keys now name another account) does not stand in the way', async () => {
      const { paymentId, intent } = await cardSubmitted(`NONE-${kind}`, 8_500);
      stripe.intents.delete(intent.id);
      const again = await pay(`NONE-${kind}`, '85');
      expect(again.statusCode).toBe(201);
      // Nor does it refuse the new payment's card; the old one stays pending until the sweep of abandoned payments.
      expect((await card(again.json().payment_id)).statusCode).toBe(201);
      expect(await status(paymentId)).toBe('processing');
    });

    it('Stripe unreachable refuses a new payment of the invoice only until the card of the one it cannot confirm was submitted abandonedAfterMs ago', async () => {
      let clock = Date.now();
      const provider = unreachableAsking(standInProvider(stripe));
      const cut = await testApp(database.db, started!.tenants, {
        now: () => clock,
        payments: { ...standInPayments(stripe, { intentsPerClientHour: 100 }), providerFor: () => provider },
      });
      try {
        await cut.payments.issueInvoice('alpha', { reference: `LONG-${kind}`, amountCents: 6_500, expiresAt: clock + 30 * 86_400_000 });
        const first = await pay(`LONG-${kind}`, '65', undefined, cut);
        expect((await card(first.json().payment_id, cut)).statusCode).toBe(201);
        clock += DEFAULT_PAYMENT_TIMINGS.abandonedAfterMs - 1;
        const refused = await pay(`LONG-${kind}`, '65', undefined, cut);
        expect([refused.statusCode, refused.json()]).toEqual([409, { success: false, error: INVOICE_CONFIRMING_MESSAGE }]);
        clock += 1;
        expect((await pay(`LONG-${kind}`, '65', undefined, cut)).statusCode).toBe(201);
      } finally {
        await cut.close();
      }
    });

    it("refuses a card on another window's payment of the invoice while the first is being confirmed; the first's own retry is the same payment", async () => {
      await app.payments.issueInvoice('alpha', { reference: `WIN-${kind}`, amountCents: 5_000, expiresAt: Date.now() + 86_400_000 });
      const first = await pay(`WIN-${kind}`, '50');
      const second = await pay(`WIN-${kind}`, '50');
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect((await card(first.json().payment_id)).statusCode).toBe(201);
      const intent = intentOf(first.json().payment_id);
      intent.status = 'processing';
      const refused = await card(second.json().payment_id);
      expect([refused.statusCode, refused.json()]).toEqual([409, { success: false, error: INVOICE_CONFIRMING_MESSAGE }]);
      expect([...stripe.intents.values()].filter((each) => each.metadata.payment_id === second.json().payment_id)).toEqual([]);
      // The first window's card submitted again (a retried request) gets its own intent again.
      const own = await card(first.json().payment_id);
      expect([own.statusCode, own.json().client_secret]).toEqual([201, intent.client_secret]);
    });

    const webhook = async (event: SignedEvent) => (await postWebhookEvent(app, event)).json() as Record<string, unknown>;
    const invoice = async (reference: string) => (await app.payments.invoices('alpha')).find((each) => each.reference === reference)!;

    /** The invoice's amount changed under a live PaymentIntent, as only a change the command could not stop makes it (Stripe not answering about that payment for abandonedAfterMs). */
    const amountChangedUnder = (reference: string, cents: number) =>
      database.db.run('UPDATE payment_invoices SET amount_cents = $1 WHERE tenant = $2 AND reference = $3', [cents, 'alpha', reference]);

    it('an invoice whose amount was raised under a payment whose card was submitted: the payment paid what it was asked, but the invoice is not fully paid (it stays open at its new amount)', async () => {
      const { paymentId, leadId, intent } = await cardSubmitted(`RAISED-${kind}`, 30_000);
      await amountChangedUnder(`RAISED-${kind}`, 35_000);
      expect(await webhook(stripe.pay(intent.id))).toMatchObject({ outcome: 'paid' });
      expect(await status(paymentId)).toBe('paid');
      expect(await invoice(`RAISED-${kind}`)).toMatchObject({ amount_cents: 35_000, paid_payment_id: null });
      const lead = (await app.stores.leads.get('alpha', leadId))!;
      expect(lead.data.payment).toMatchObject({ status: 'paid', amount: '300.00', invoice_reference: `RAISED-${kind}` });
      expect(paymentLine(lead, 'UTC')).toBe(`Payment for RAISED-${kind}: $300.00 AUD paid online (stripe reference ${intent.id})`);
      // Open at its new amount: a payment of the rest issued by the dealer, or of the new amount, is taken.
      expect((await pay(`RAISED-${kind}`, '350')).statusCode).toBe(201);
    });

    it('an invoice whose amount was lowered under a payment whose card was submitted is paid by it (the payment paid what it was asked, more than the invoice asks now)', async () => {
      const { paymentId, leadId, intent } = await cardSubmitted(`LOWERED-${kind}`, 30_000);
      await amountChangedUnder(`LOWERED-${kind}`, 25_000);
      expect(await webhook(stripe.pay(intent.id))).toMatchObject({ outcome: 'paid' });
      expect(await invoice(`LOWERED-${kind}`)).toMatchObject({ paid_payment_id: paymentId });
      const lead = (await app.stores.leads.get('alpha', leadId))!;
      expect(lead.data.payment).toMatchObject({ status: 'paid', amount: '300.00' });
      expect((await pay(`LOWERED-${kind}`, '250')).json().fields).toEqual({ reference: INVOICE_PAID_MESSAGE });
    });

    it('the same attempt again (a retried start) is the same payment, not refused by itself', async () => {
      const { paymentId, attempt, intent } = await cardSubmitted(`SAME-${kind}`, 7_500);
      intent.status = 'processing';
      const retried = await pay(`SAME-${kind}`, '75', attempt);
      expect([retried.statusCode, retried.json().payment_id]).toEqual([201, paymentId]);
    });

    it("the invoice command does not change an invoice's amount while a payment's PaymentIntent is being made (its card just submitted): the refusal says so", async () => {
      const reference = `MAKING-${kind}`;
      await app.payments.issueInvoice('alpha', { reference, amountCents: 30_000, expiresAt: Date.now() + 86_400_000 });
      const paymentId = (await pay(reference, '300')).json().payment_id as string;
      // The card submitted: its intent claimed (claimIntent), the PaymentIntent not yet made at Stripe.
      await database.db.run('UPDATE payments SET intent_at = $1 WHERE id = $2', [Date.now(), paymentId]);
      await expect(app.payments.issueInvoice('alpha', { reference, amountCents: 35_000, expiresAt: Date.now() + 86_400_000 })).rejects.toThrow(
        `cannot change invoice ${reference} of alpha while a card is being paid on it: payment ${paymentId} is having its PaymentIntent made at Stripe (its card was just submitted).`,
      );
      expect(await invoice(reference)).toMatchObject({ amount_cents: 30_000 });
    });

    it('an amount change cancels a PaymentIntent made at the old amount that has taken no card (requires_payment_method), at Stripe and here: that payment ends, a payment at the new amount is taken', async () => {
      const reference = `OPEN-${kind}`;
      const { paymentId, intent } = await cardSubmitted(reference, 30_000);
      expect(intent.status).toBe('requires_payment_method');
      await app.payments.issueInvoice('alpha', { reference, amountCents: 35_000, expiresAt: Date.now() + 86_400_000 });
      expect(await invoice(reference)).toMatchObject({ amount_cents: 35_000, paid_payment_id: null });
      expect([intent.status, await status(paymentId)]).toEqual(['canceled', 'canceled']);
      // The card submitted on it again: no client secret at the old amount.
      const again = await card(paymentId);
      expect([again.statusCode, again.json()]).toEqual([409, { success: false, error: 'This payment has ended. Please start again.' }]);
      const next = await pay(reference, '350');
      expect(next.statusCode).toBe(201);
      expect((await card(next.json().payment_id)).statusCode).toBe(201);
      expect(intentOf(next.json().payment_id).amount).toBe(35_000);
    });

    it("the invoice command does not change an invoice's amount while a card is being paid on it (the bank processing it, 3-D Secure): the refusal names the invoice and the payment's state", async () => {
      const reference = `BUSY-${kind}`;
      const { paymentId, intent } = await cardSubmitted(reference, 30_000);
      const change = (cents: number) => app.payments.issueInvoice('alpha', { reference, amountCents: cents, expiresAt: Date.now() + 86_400_000 });
      intent.status = 'processing';
      await expect(change(35_000)).rejects.toThrow(
        `cannot change invoice ${reference} of alpha while a card is being paid on it: payment ${paymentId} is being processed by the bank at Stripe (processing). Change it once that payment is settled (--list shows whether it paid the invoice).`,
      );
      intent.status = 'requires_action';
      await expect(change(25_000)).rejects.toThrow(`payment ${paymentId} is awaiting the shopper's 3-D Secure check (requires_action).`);
      expect(await invoice(reference)).toMatchObject({ amount_cents: 30_000, paid_payment_id: null });
      await change(30_000); // its validity only: the amount the card pays stays
      expect(intent.status).toBe('requires_action'); // the dealer's command cancels nothing
      stripe.decline(intent.id); // the shopper fails the check: no card is being paid on it now
      await change(35_000);
      expect(await invoice(reference)).toMatchObject({ amount_cents: 35_000, paid_payment_id: null });
      expect(await status(paymentId)).toBe('failed');
    });

    it('the invoice command does not withdraw an invoice while a card is being paid on it (3-D Secure), nor issue a withdrawn one again at another amount; a withdrawal cancels a PaymentIntent that has taken no card, as an amount change does', async () => {
      const reference = `WITHDRAW-${kind}`;
      const { paymentId, intent } = await cardSubmitted(reference, 30_000);
      intent.status = 'requires_action';
      await expect(app.payments.withdrawInvoice('alpha', reference)).rejects.toThrow(
        `cannot withdraw invoice ${reference} of alpha while a card is being paid on it: payment ${paymentId} is awaiting the shopper's 3-D Secure check (requires_action). Withdraw it once that payment is settled (--list shows whether it paid the invoice).`,
      );
      expect(await invoice(reference)).toMatchObject({ amount_cents: 30_000, paid_payment_id: null });
      // Withdrawn under it all the same (as the command did before it asked): issued again at another amount, it is checked as a change.
      await database.db.run('DELETE FROM payment_invoices WHERE tenant = $1 AND reference = $2', ['alpha', reference]);
      await expect(app.payments.issueInvoice('alpha', { reference, amountCents: 35_000, expiresAt: Date.now() + 86_400_000 })).rejects.toThrow(
        `cannot change invoice ${reference} of alpha while a card is being paid on it: payment ${paymentId} is awaiting the shopper's 3-D Secure check (requires_action).`,
      );
      expect(await invoice(reference)).toBeUndefined();
      expect(intent.status).toBe('requires_action');
      // A PaymentIntent that has taken no card is cancelled by the withdrawal, at Stripe and here.
      const open = await cardSubmitted(`WITHDRAW-OPEN-${kind}`, 30_000);
      expect(await app.payments.withdrawInvoice('alpha', `WITHDRAW-OPEN-${kind}`)).toBe(true);
      expect(await invoice(`WITHDRAW-OPEN-${kind}`)).toBeUndefined();
      expect([open.intent.status, await status(open.paymentId)]).toEqual(['canceled', 'canceled']);
      const failure = await database.db.query<{ failure: string }>('SELECT failure FROM payments WHERE id = $1', [open.paymentId]);
      expect(failure[0]!.failure).toBe('cancelled: the dealer withdrew the invoice');
    });
  });
}
