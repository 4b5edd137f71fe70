/**
 * docs/payments.md "/online-payment": an invoice is not paid twice while its bank confirms a
 * payment. Back on /online-payment with the verdict still processing, the form can be sent
 * again; the server, not the browser, refuses a new payment of that invoice (and a card on
 * another window's payment of it) while another payment of it is being confirmed, as a
 * deposit's is refused while its car's payment is. A declined payment does not stand in the
 * way; the same attempt again is the same payment. Runs on SQLite and, when available, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { INVOICE_CONFIRMING_MESSAGE } from '../../src/server/features/payments/payments.ts';
import { standInPayments, startPaymentsApp, type PaymentsApp } from '../support/payments-app.ts';
import type { StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON } from '../support/server-helpers.ts';

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

    const pay = (reference: string, amount: string, attempt = `confirming-${kind}-${++attempts}`) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/online-payment',
        headers: ALPHA,
        payload: { ...shopper, reference, amount, terms_conditions: true, attempt },
      });
    const card = (paymentId: string) => app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
    const intentOf = (paymentId: string) => [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId)!;
    const leadCount = async () => Number((await database.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM leads WHERE tenant = 'alpha'", []))[0]!.n);
    /** Invoice `reference` issued, a payment of it started and its card submitted: the payment id and its intent. */
    const cardSubmitted = async (reference: string, cents: number) => {
      await app.payments.issueInvoice('alpha', { reference, amountCents: cents, expiresAt: Date.now() + 86_400_000 });
      const first = await pay(reference, (cents / 100).toFixed(2));
      expect(first.statusCode).toBe(201);
      const paymentId = first.json().payment_id as string;
      expect((await card(paymentId)).statusCode).toBe(201);
      return { paymentId, attempt: `confirming-${kind}-${attempts}`, intent: intentOf(paymentId) };
    };

    it('refuses a new payment of the invoice while the bank confirms one (409, nothing stored), then takes it once that payment failed', async () => {
      const { intent } = await cardSubmitted(`CONF-${kind}`, 35_025);
      intent.status = 'processing';
      const leadsBefore = await leadCount();
      const paymentsBefore = stripe.intents.size;
      // As typed again on /online-payment (case and spaces do not make another invoice).
      for (const reference of [`CONF-${kind}`, `conf-${kind}`]) {
        const again = await pay(reference, '350.25');
        expect([reference, again.statusCode, again.json()]).toEqual([reference, 409, { success: false, error: INVOICE_CONFIRMING_MESSAGE }]);
      }
      expect(await leadCount()).toBe(leadsBefore);
      expect(stripe.intents.size).toBe(paymentsBefore);
      // The bank declines it: the invoice can be paid again.
      intent.status = 'requires_payment_method';
      expect((await pay(`CONF-${kind}`, '350.25')).statusCode).toBe(201);
    });

    it('a confirmed card not yet reported by the webhook (succeeded at the provider) is still being confirmed', async () => {
      const { intent } = await cardSubmitted(`DONE-${kind}`, 12_000);
      intent.status = 'succeeded';
      const again = await pay(`DONE-${kind}`, '120');
      expect([again.statusCode, again.json().error]).toEqual([409, INVOICE_CONFIRMING_MESSAGE]);
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

    it('the same attempt again (a retried start) is the same payment, not refused by itself', async () => {
      const { paymentId, attempt, intent } = await cardSubmitted(`SAME-${kind}`, 7_500);
      intent.status = 'processing';
      const retried = await pay(`SAME-${kind}`, '75', attempt);
      expect([retried.statusCode, retried.json().payment_id]).toEqual([201, paymentId]);
    });
  });
}
