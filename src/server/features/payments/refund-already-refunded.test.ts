/**
 * A payment that came after another buyer took the car, refunded in full from the Stripe dashboard
 * before the platform refunds it (webhook.ts refundTaken; SQLite and, when available, PostgreSQL):
 * Stripe answers the platform's refund 'charge_already_refunded', which is the refund having
 * happened. The first delivery of the event records it refunded with the amounts Stripe reports
 * (the shopper reads refunded), whichever of its succeeded and charge.refunded events comes first.
 * So too the dealer's refund (npm run refund) of a deposit refunded in full from the dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payDeposit, reserveDeposit } from '../../../../tests/support/paid-deposit.ts';
import { postWebhookEvent, standInPayments, standInProvider, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';
import { DATABASES, POSTGRES_SKIP_REASON } from '../../../../tests/support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`a late payment refunded from the Stripe dashboard first (${kind})`, () => {
    let started: PaymentsApp | undefined;
    let app: PaymentsApp['app'];
    let clock = Date.now();

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'refund-already-refunded-', {
        cars: [81, 82, 83, 84],
        options: (stripe) => ({ now: () => clock, payments: standInPayments(stripe) }),
      });
      app = started.app;
    });
    afterAll(() => started?.stop());

    const status = async (paymentId: string) =>
      (await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ALPHA })).json().status as string;
    const refundRequests = () => started!.stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds').length;

    /** `email` reserves car `carId` and submits a card: the payment, its lead and its intent (reserveDeposit). */
    const reserve = (carId: number, email: string) => reserveDeposit(started!, carId, `${kind}-${carId}-${email.split('@')[0]}`, email);

    /** The late shopper's hold runs out, another buyer pays for car `carId`, then the late card is paid and the dealer refunds it in full from the dashboard. */
    const lateAndRefundedAtStripe = async (carId: number) => {
      const late = await reserve(carId, 'late@example.com');
      clock += 2 * 3_600_000;
      await app.payments.expireHolds();
      const other = await reserve(carId, 'other@example.com');
      expect((await postWebhookEvent(app, started!.stripe.pay(other.ref))).json()).toMatchObject({ outcome: 'paid' });
      const succeeded = started!.stripe.pay(late.ref);
      await standInProvider(started!.stripe).refund(late.ref, undefined, `dashboard-${late.ref}`);
      return { ...late, succeeded, refunded: started!.stripe.signedEvent('charge.refunded', late.ref) };
    };

    const expectRefundedTaken = async (late: { paymentId: string; leadId: string }) => {
      expect(await status(late.paymentId)).toBe('refunded');
      const row = (await app.payments.list('alpha', { id: late.paymentId }))[0]!;
      // The total Stripe reports refunded: all it took.
      expect(row).toMatchObject({ status: 'conflict', refunded_cents: row.amount_cents });
      expect((await app.stores.leads.get('alpha', late.leadId))!.data.payment).toMatchObject({
        status: 'refunded: car taken by another buyer',
        refunded: (row.amount_cents / 100).toFixed(2),
      });
    };

    it('its succeeded event, first, records it refunded: Stripe refused the refund as made already', async () => {
      const late = await lateAndRefundedAtStripe(81);
      const before = refundRequests();
      const first = await postWebhookEvent(app, late.succeeded);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ outcome: 'refunded: car taken' });
      expect(refundRequests()).toBe(before + 1);
      await expectRefundedTaken(late);
      // The dashboard refund's own event then changes nothing.
      expect((await postWebhookEvent(app, late.refunded)).statusCode).toBe(200);
      await expectRefundedTaken(late);
      expect(refundRequests()).toBe(before + 1);
    });

    it('its charge.refunded event, first, records it refunded; the succeeded event then changes nothing', async () => {
      const late = await lateAndRefundedAtStripe(82);
      const first = await postWebhookEvent(app, late.refunded);
      expect(first.statusCode, first.body).toBe(200);
      await expectRefundedTaken(late);
      const then = await postWebhookEvent(app, late.succeeded);
      expect(then.statusCode, then.body).toBe(200);
      await expectRefundedTaken(late);
    });

    /** A deposit paid for car `carId` (payDeposit), with its PaymentIntent. */
    const paidDeposit = async (carId: number) => {
      const { paymentId } = await payDeposit(started!, carId, `${kind}-${carId}-deposit`);
      return { paymentId, ref: (await app.payments.list('alpha', { id: paymentId }))[0]!.provider_ref! };
    };

    it("the dealer's refund of a deposit refunded in full from the dashboard, its event not recorded yet, records it refunded and refunds nothing again", async () => {
      const deposit = await paidDeposit(83);
      await standInProvider(started!.stripe).refund(deposit.ref, undefined, `dashboard-${deposit.ref}`);
      expect(await app.payments.refund(app.tenants.get('alpha')!, deposit.paymentId, undefined, 'car sold elsewhere')).toEqual({
        refund: null,
        amountCents: 0,
        status: 'already refunded',
      });
      const row = (await app.payments.list('alpha', { id: deposit.paymentId }))[0]!;
      expect(row).toMatchObject({ status: 'refunded', refunded_cents: row.amount_cents });
      expect(await status(deposit.paymentId)).toBe('refunded');
    });

    it("the dealer's full refund of a deposit refunded in part from the dashboard, its event not recorded yet, answers what Stripe refunded now", async () => {
      const deposit = await paidDeposit(84);
      // $50 refunded from the dashboard: Stripe refunds only the rest.
      await standInProvider(started!.stripe).refund(deposit.ref, 5_000, `dashboard-${deposit.ref}`);
      const row = (await app.payments.list('alpha', { id: deposit.paymentId }))[0]!;
      const made = await app.payments.refund(app.tenants.get('alpha')!, deposit.paymentId, undefined, 'car sold elsewhere');
      expect(made).toMatchObject({ amountCents: row.amount_cents - 5_000, status: 'succeeded' });
      expect((await app.payments.list('alpha', { id: deposit.paymentId }))[0]).toMatchObject({ status: 'refunded', refunded_cents: row.amount_cents });
    });
  });
}
