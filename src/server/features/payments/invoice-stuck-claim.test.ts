/**
 * An invoice's amount change against a card's claim with no PaymentIntent (reserve.ts
 * reclaimIntent, changeInvoice; SQLite): a claim older than a Stripe call can take is dead and
 * refuses no change, which cancels it; a claim is stamped again right before the Stripe call,
 * under the change's lock, so a change and a PaymentIntent's creation are ordered: no
 * PaymentIntent is made at the amount the invoice asked before the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from './provider.ts';
import { standInPayments, standInProvider, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
const DAY = 86_400_000;
const ENDED = { success: false, error: 'This payment has ended. Please start again.' };

describe("the invoice command and a card's claim with no PaymentIntent (SQLite)", () => {
  let started: PaymentsApp | undefined;
  let app: PaymentsApp['app'];
  let attempts = 0;
  /** Run inside the provider's calls: after a cancel at Stripe, before a create. */
  let afterCancel: (() => Promise<void>) | undefined;
  let beforeCreate: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    started = await startPaymentsApp('sqlite', 'invoice-claim-', {
      options: (on) => {
        const base = standInProvider(on);
        const provider: PaymentProvider = {
          ...base,
          cancelPayment: async (ref, key) => {
            await base.cancelPayment(ref, key);
            const hook = afterCancel;
            afterCancel = undefined;
            await hook?.();
          },
          createPayment: async (input) => {
            const hook = beforeCreate;
            beforeCreate = undefined;
            await hook?.();
            return base.createPayment(input);
          },
        };
        return { payments: { ...standInPayments(on, { intentsPerClientHour: 100 }), providerFor: () => provider } };
      },
    });
    app = started.app;
  });
  afterAll(() => started?.stop());

  const db = () => started!.database.db;
  const issue = (reference: string, cents: number) => app.payments.issueInvoice('alpha', { reference, amountCents: cents, expiresAt: Date.now() + DAY });
  const start = async (reference: string, cents: number) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/payments/online-payment',
      headers: ALPHA,
      payload: { ...shopper, reference, amount: (cents / 100).toFixed(2), terms_conditions: true, attempt: `claim-key-${++attempts}` },
    });
    expect(answer.statusCode).toBe(201);
    return answer.json().payment_id as string;
  };
  const card = (paymentId: string) => app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
  const intentsOf = (paymentId: string) => [...started!.stripe.intents.values()].filter((intent) => intent.metadata.payment_id === paymentId);
  const claimedAgo = (paymentId: string, ms: number) => db().run('UPDATE payments SET intent_at = $1 WHERE id = $2', [Date.now() - ms, paymentId]);
  const rowOf = async (paymentId: string) =>
    (await db().query<{ status: string; failure: string | null }>('SELECT status, failure FROM payments WHERE id = $1', [paymentId]))[0];
  const amountOf = async (reference: string) =>
    (await db().query<{ amount_cents: number }>('SELECT amount_cents FROM payment_invoices WHERE tenant = $1 AND reference = $2', ['alpha', reference]))[0]
      ?.amount_cents;
  /** A payment of `reference` whose PaymentIntent awaits the shopper's 3-D Secure: a card on another payment of it cancels that one at Stripe first (afterCancel runs then). */
  async function atAuthentication(reference: string, cents: number) {
    const paymentId = await start(reference, cents);
    expect((await card(paymentId)).statusCode).toBe(201);
    intentsOf(paymentId)[0]!.status = 'requires_action';
  }

  it('a claim stuck with no PaymentIntent (the API stopped during the Stripe call ten minutes ago) refuses no change: the change cancels it, and its card again is refused with no PaymentIntent made', async () => {
    await issue('CLAIM-STUCK', 30_000);
    const paymentId = await start('CLAIM-STUCK', 30_000);
    await claimedAgo(paymentId, 600_000);
    await issue('CLAIM-STUCK', 35_000);
    expect(await amountOf('CLAIM-STUCK')).toBe(35_000);
    expect(await rowOf(paymentId)).toEqual({ status: 'canceled', failure: 'cancelled: the dealer changed the amount of the invoice' });
    const again = await card(paymentId);
    expect([again.statusCode, again.json()]).toEqual([409, ENDED]);
    expect(intentsOf(paymentId)).toEqual([]);
  });

  it('a claim made within a Stripe call of now refuses the change and the withdrawal (its PaymentIntent may be being made)', async () => {
    await issue('CLAIM-FRESH', 30_000);
    const paymentId = await start('CLAIM-FRESH', 30_000);
    await claimedAgo(paymentId, 1_000);
    await expect(issue('CLAIM-FRESH', 35_000)).rejects.toThrow(`payment ${paymentId} is having its PaymentIntent made at Stripe`);
    await expect(app.payments.withdrawInvoice('alpha', 'CLAIM-FRESH')).rejects.toThrow('cannot withdraw invoice CLAIM-FRESH of alpha');
    expect([await amountOf('CLAIM-FRESH'), (await rowOf(paymentId))!.status]).toEqual([30_000, 'pending']);
  });

  it("a stuck claim retried by the shopper's browser, the change made while that retry asks Stripe about another payment: no PaymentIntent is made for it at the old amount", async () => {
    await issue('CLAIM-RETRY', 30_000);
    await atAuthentication('CLAIM-RETRY', 30_000);
    const paymentId = await start('CLAIM-RETRY', 30_000);
    await claimedAgo(paymentId, 600_000);
    let change: Promise<unknown> | undefined;
    afterCancel = async () => {
      change = issue('CLAIM-RETRY', 35_000);
      await change.catch(() => undefined);
    };
    const retried = await card(paymentId);
    await expect(change).resolves.toBeUndefined();
    expect([retried.statusCode, retried.json()]).toEqual([409, ENDED]);
    expect(await amountOf('CLAIM-RETRY')).toBe(35_000);
    expect(intentsOf(paymentId)).toEqual([]);
  });

  it('a first card whose claim is older than a Stripe call by the time Stripe is called (slow lookups between): claimed again at the call, so a change made during the call is refused and the PaymentIntent is at the amount the invoice still asks', async () => {
    await issue('CLAIM-SLOW', 30_000);
    await atAuthentication('CLAIM-SLOW', 30_000);
    const paymentId = await start('CLAIM-SLOW', 30_000);
    afterCancel = async () => {
      await claimedAgo(paymentId, 600_000); // the lookups after the first claim took ten minutes
    };
    let change: Promise<unknown> | undefined;
    beforeCreate = async () => {
      change = issue('CLAIM-SLOW', 35_000);
      await change.catch(() => undefined);
    };
    const submitted = await card(paymentId);
    await expect(change).rejects.toThrow(`payment ${paymentId} is having its PaymentIntent made at Stripe`);
    expect(submitted.statusCode).toBe(201);
    expect(intentsOf(paymentId).map((intent) => intent.amount)).toEqual([30_000]);
    expect(await amountOf('CLAIM-SLOW')).toBe(30_000);
  });
});
