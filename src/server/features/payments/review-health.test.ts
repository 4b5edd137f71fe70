/**
 * A payment in review on the operator's /api/health (SQLite and, when available, PostgreSQL): Stripe
 * took another amount than the one asked (webhook.ts paid()), so a person must settle it. The full
 * /api/health lists it with why (`reason: 'amount mismatch'`, `failure`: what was paid and asked),
 * still answering 200; it stays listed while refunded in part, and leaves once refunded in full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedEvent } from '../../../../tests/support/stripe-stand-in.ts';
import { invoiceIntent } from '../../../../tests/support/paid-deposit.ts';
import { postWebhookEvent, standInProvider, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';
import { DATABASES, POSTGRES_SKIP_REASON } from '../../../../tests/support/server-helpers.ts';

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`a payment in review on the operator's /api/health (${kind})`, () => {
    let started: PaymentsApp | undefined;
    let app: PaymentsApp['app'];

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'review-health-');
      app = started.app;
    });
    afterAll(() => started?.stop());

    const deliver = async (event: SignedEvent) => (await postWebhookEvent(app, event)).json();
    /** The full /api/health's entries of `paymentId` (the test's request comes from loopback, no proxy); it answers 200. */
    const listed = async (paymentId: string) => {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(200);
      const body = health.json() as { ok: boolean; payments_needing_attention: { payment_id: string }[] };
      expect(body.ok).toBe(true);
      return body.payments_needing_attention.filter((entry) => entry.payment_id === paymentId);
    };

    it('listed with the mismatch while in review (refunded in part too), gone once refunded in full', async () => {
      const { stripe } = started!;
      const { paymentId, ref } = await invoiceIntent(started!, 'REVIEW-H1', 'review-h1');
      expect(await listed(paymentId)).toEqual([]);
      const intent = stripe.intents.get(ref)!;
      intent.amount = 25_000; // Stripe took another amount than the one asked
      expect(await deliver(stripe.pay(intent.id))).toMatchObject({ outcome: 'amount mismatch' });
      const entry = { tenant: 'alpha', payment_id: paymentId, reason: 'amount mismatch', failure: 'paid 25000 aud, asked 30000 aud' };
      expect(await listed(paymentId)).toEqual([entry]);

      const provider = standInProvider(stripe);
      await provider.refund(intent.id, 10_000, 'dashboard-1');
      expect(await deliver(stripe.signedEvent('charge.refunded', intent.id))).toMatchObject({ outcome: 'partially refunded: in review' });
      expect(await listed(paymentId)).toEqual([entry]);

      await provider.refund(intent.id, 15_000, 'dashboard-2');
      expect(await deliver(stripe.signedEvent('charge.refunded', intent.id))).toMatchObject({ outcome: 'refunded' });
      expect(await listed(paymentId)).toEqual([]);
    });
  });
}
