/**
 * A withdrawn invoice issued again (reserve.ts issueInvoice; SQLite). A payment of it left
 * pending by the withdrawal (Stripe not answering about it for abandonedAfterMs) may still be
 * paid: issued again at the amount that payment pays, the invoice is issued, not changed (that
 * payment is neither in the way nor cancelled, and pays the invoice); at another amount it is
 * checked as a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from './provider.ts';
import {
  postWebhookEvent,
  standInPayments,
  standInProvider,
  startPaymentsApp,
  unreachableAsking,
  type PaymentsApp,
} from '../../../../tests/support/payments-app.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
const DAY = 86_400_000;

describe('a withdrawn invoice issued again (SQLite)', () => {
  let started: PaymentsApp | undefined;
  let app: PaymentsApp['app'];
  let unreachable = false;
  let attempts = 0;

  beforeAll(async () => {
    started = await startPaymentsApp('sqlite', 'invoice-reissue-', {
      options: (on) => {
        const provider: PaymentProvider = unreachableAsking(standInProvider(on), () => unreachable);
        return { payments: { ...standInPayments(on, { intentsPerClientHour: 100 }), providerFor: () => provider } };
      },
    });
    app = started.app;
  });
  afterAll(() => started?.stop());

  const db = () => started!.database.db;
  const issue = (reference: string, cents: number) => app.payments.issueInvoice('alpha', { reference, amountCents: cents, expiresAt: Date.now() + DAY });
  const rowOf = async (paymentId: string) =>
    (await db().query<{ status: string; failure: string | null }>('SELECT status, failure FROM payments WHERE id = $1', [paymentId]))[0];
  const invoiceOf = async (reference: string) =>
    (
      await db().query<{ amount_cents: number; paid_payment_id: string | null }>(
        'SELECT amount_cents, paid_payment_id FROM payment_invoices WHERE tenant = $1 AND reference = $2',
        ['alpha', reference],
      )
    )[0];

  /** Invoice `reference` at `cents`, a card submitted on a payment of it two days ago, then withdrawn while Stripe did not answer: that payment is left pending. */
  async function withdrawnWithPaymentLeft(reference: string, cents: number) {
    await issue(reference, cents);
    const start = await app.inject({
      method: 'POST',
      url: '/api/payments/online-payment',
      headers: ALPHA,
      payload: { ...shopper, reference, amount: (cents / 100).toFixed(2), terms_conditions: true, attempt: `reissue-${++attempts}` },
    });
    const paymentId = start.json().payment_id as string;
    expect((await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} })).statusCode).toBe(201);
    await db().run('UPDATE payments SET intent_at = $1 WHERE id = $2', [Date.now() - 2 * DAY, paymentId]);
    unreachable = true;
    try {
      expect(await app.payments.withdrawInvoice('alpha', reference)).toBe(true);
    } finally {
      unreachable = false;
    }
    expect(await rowOf(paymentId)).toMatchObject({ status: 'pending' });
    const intent = [...started!.stripe.intents.values()].find((candidate) => candidate.metadata.payment_id === paymentId)!;
    return { paymentId, intent };
  }

  it("issued again at its amount while that payment's shopper is at 3-D Secure: issued (at another amount: refused, the card pays the old one)", async () => {
    const { paymentId, intent } = await withdrawnWithPaymentLeft('AGAIN-3DS', 30_000);
    intent.status = 'requires_action';
    await expect(issue('AGAIN-3DS', 35_000)).rejects.toThrow(`cannot change invoice AGAIN-3DS of alpha while a card is being paid on it: payment ${paymentId}`);
    expect(await invoiceOf('AGAIN-3DS')).toBeUndefined();
    await issue('AGAIN-3DS', 30_000);
    expect(await invoiceOf('AGAIN-3DS')).toEqual({ amount_cents: 30_000, paid_payment_id: null });
    expect([intent.status, (await rowOf(paymentId))!.status]).toEqual(['requires_action', 'pending']);
  });

  it('issued again at its amount: a PaymentIntent of that amount that has taken no card is not cancelled as for a changed amount, and its card pays the invoice', async () => {
    const { paymentId, intent } = await withdrawnWithPaymentLeft('AGAIN-OPEN', 30_000);
    await issue('AGAIN-OPEN', 30_000);
    expect([intent.status, await rowOf(paymentId)]).toEqual(['requires_payment_method', { status: 'pending', failure: null }]);
    const webhook = await postWebhookEvent(app, started!.stripe.pay(intent.id));
    expect(webhook.json()).toMatchObject({ outcome: 'paid' });
    expect(await invoiceOf('AGAIN-OPEN')).toEqual({ amount_cents: 30_000, paid_payment_id: paymentId });
  });
});
