/**
 * A refund event of a payment in review (webhook.ts refundedInReview; SQLite): Stripe took another
 * amount than the one asked, and the dealer refunds it in the Stripe dashboard. The refunded total
 * is measured against what Stripe took: in part, the payment stays in review; in full, it is
 * refunded. Its lead, never sent paid, is not sent refunded. So too when the refund event comes
 * first (the paid event lost or late): the refund's charge puts the payment in review first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedEvent } from '../../../../tests/support/stripe-stand-in.ts';
import { invoiceIntent } from '../../../../tests/support/paid-deposit.ts';
import { postWebhookEvent, standInProvider, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';

describe('a refund of a payment in review (SQLite)', () => {
  let started: PaymentsApp | undefined;
  let app: PaymentsApp['app'];

  beforeAll(async () => {
    started = await startPaymentsApp('sqlite', 'refund-review-');
    app = started.app;
  });
  afterAll(() => started?.stop());

  const deliver = async (event: SignedEvent) => (await postWebhookEvent(app, event)).json();
  const rowOf = async (paymentId: string) =>
    (await started!.database.db.query<{ status: string; refunded_cents: number }>('SELECT status, refunded_cents FROM payments WHERE id = $1', [paymentId]))[0];

  it('a part refund keeps the payment in review; a refund of all Stripe took (less than asked) makes it refunded, not partially refunded; the lead is not sent refunded', async () => {
    const { stripe } = started!;
    const { paymentId, leadId, ref } = await invoiceIntent(started!, 'REVIEW-1', 'review-1');
    const intent = stripe.intents.get(ref)!;
    intent.amount = 25_000; // Stripe took another amount than the one asked
    expect(await deliver(stripe.pay(intent.id))).toMatchObject({ outcome: 'amount mismatch' });
    expect(await rowOf(paymentId)).toEqual({ status: 'review', refunded_cents: 0 });
    const revision = (await app.stores.leads.get('alpha', leadId))!.revision;

    const provider = standInProvider(stripe);
    await provider.refund(intent.id, 10_000, 'dashboard-1');
    expect(await deliver(stripe.signedEvent('charge.refunded', intent.id))).toMatchObject({ outcome: 'partially refunded: in review' });
    expect(await rowOf(paymentId)).toEqual({ status: 'review', refunded_cents: 10_000 });

    await provider.refund(intent.id, 15_000, 'dashboard-2');
    expect(await deliver(stripe.signedEvent('charge.refunded', intent.id))).toMatchObject({ outcome: 'refunded' });
    expect(await rowOf(paymentId)).toEqual({ status: 'refunded', refunded_cents: 25_000 });
    expect((await app.stores.leads.get('alpha', leadId))!.revision).toBe(revision);
  });

  it('a refund event arriving before the paid event (that one lost or late) is measured against what Stripe took too: a refund of all it took makes the payment refunded, and the lead is not sent', async () => {
    const { stripe } = started!;
    const { paymentId, leadId, ref } = await invoiceIntent(started!, 'REVIEW-2', 'review-2');
    const intent = stripe.intents.get(ref)!;
    intent.amount = 25_000; // Stripe took another amount than the one asked
    stripe.pay(intent.id); // its payment_intent.succeeded is not delivered (lost, or late)
    expect(await rowOf(paymentId)).toEqual({ status: 'pending', refunded_cents: 0 });
    const revision = (await app.stores.leads.get('alpha', leadId))!.revision;

    await standInProvider(stripe).refund(intent.id, 25_000, 'dashboard-all');
    expect(await deliver(stripe.signedEvent('charge.refunded', intent.id))).toMatchObject({ outcome: 'refunded' });
    expect(await rowOf(paymentId)).toEqual({ status: 'refunded', refunded_cents: 25_000 });
    expect((await app.stores.leads.get('alpha', leadId))!.revision).toBe(revision);
  });
});
