/**
 * A refund event of a payment whose paid verdict lost its recording (webhook.ts refunded; SQLite):
 * Stripe took a deposit (its succeeded event not delivered), the dealer refunds it in the Stripe
 * dashboard, and while the refund event records the payment paid first, another recorder ends the
 * payment unpaid (the dealer's release of the hold: cancelled; a stale decline: failed). A refund
 * proves Stripe took the money, so the payment is still recorded paid (paid at, the lead sent paid)
 * and then refunded with the refunded total, never refunded or partially refunded on a payment that
 * was never recorded taken. And what the shopper's page is told of a refunded payment (the polled
 * status): refunded only when given back in full; a part refund keeps it paid (the car reserved).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReservationOverlay } from '../../../lib/vehicle/reservation-overlay.ts';
import type { SignedEvent } from '../../../../tests/support/stripe-stand-in.ts';
import { postWebhookEvent, standInProvider, startPaymentsApp, type PaymentsApp } from '../../../../tests/support/payments-app.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };

describe('a refund event of a payment whose paid recording was lost (SQLite)', () => {
  let started: PaymentsApp | undefined;
  let app: PaymentsApp['app'];
  let attempts = 0;

  beforeAll(async () => {
    started = await startPaymentsApp('sqlite', 'refund-paid-lost-', { cars: [61, 62, 63, 64] });
    app = started.app;
  });
  afterAll(() => started?.stop());

  const deliver = async (event: SignedEvent) => (await postWebhookEvent(app, event)).json();
  const rowOf = async (paymentId: string) => (await app.payments.list('alpha', { id: paymentId }))[0]!;
  const status = async (paymentId: string) => (await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ALPHA })).json().status as string;
  const overlayHas = (carId: string) => readReservationOverlay(join(started!.tenants, 'alpha'))[carId] !== undefined;

  /** A deposit on `carId` whose card Stripe took, its succeeded event not delivered: the payment, its lead and its intent. */
  const depositTakenEventLost = async (carId: string) => {
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
      payload: { lead_id: leadId, attempt: `paid-lost-${++attempts}`, terms_conditions: true },
    });
    expect(reservation.statusCode).toBe(201);
    const paymentId = reservation.json().payment_id as string;
    expect((await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} })).statusCode).toBe(201);
    const intent = [...started!.stripe.intents.values()].find((candidate) => candidate.metadata.payment_id === paymentId)!;
    started!.stripe.pay(intent.id);
    return { paymentId, leadId, intentId: intent.id };
  };

  /** The next payment read by its Stripe reference (the refund event's read) is read as it was, then `meanwhile` ends it unpaid before paid() records it. */
  const endedAfterItsRead = (meanwhile: (paymentId: string) => Promise<unknown>) => {
    const repo = app.payments.repo;
    const original = repo.byProviderRef.bind(repo);
    repo.byProviderRef = async (tenant, ref) => {
      repo.byProviderRef = original;
      const read = await original(tenant, ref);
      if (read) await meanwhile(read.id);
      return read;
    };
  };

  it('ended cancelled meanwhile (the dealer released the hold), refunded in full: recorded paid, then refunded with the total; the lead sent paid, then refunded', async () => {
    const { paymentId, leadId, intentId } = await depositTakenEventLost('61');
    await standInProvider(started!.stripe).refund(intentId, undefined, 'dashboard-full-61');
    endedAfterItsRead((id) => app.payments.release(app.tenants.get('alpha')!, id));
    expect(await deliver(started!.stripe.signedEvent('charge.refunded', intentId))).toMatchObject({ outcome: 'refunded' });
    const row = await rowOf(paymentId);
    expect(row).toMatchObject({ status: 'refunded', refunded_cents: 25_000, amount_cents: 25_000 });
    expect(row.paid_at).not.toBeNull();
    const lead = (await app.stores.leads.get('alpha', leadId))!;
    expect(lead.data.payment).toMatchObject({ status: 'refunded', amount: '250.00', refunded: '250.00', paid_at: expect.any(String) });
    expect(overlayHas('61')).toBe(false);
    expect(await status(paymentId)).toBe('refunded');
  });

  it('ended failed meanwhile (a stale decline), refunded in part: recorded paid (the car reserved), then partially refunded with the total', async () => {
    const { paymentId, leadId, intentId } = await depositTakenEventLost('62');
    await standInProvider(started!.stripe).refund(intentId, 5_000, 'dashboard-part-62');
    endedAfterItsRead((id) =>
      started!.database.db.run("UPDATE payments SET status = 'failed', failure = 'Your card was declined.' WHERE id = $1 AND status = 'pending'", [id]),
    );
    expect(await deliver(started!.stripe.signedEvent('charge.refunded', intentId))).toMatchObject({ outcome: 'partially_refunded' });
    const row = await rowOf(paymentId);
    expect(row).toMatchObject({ status: 'partially_refunded', refunded_cents: 5_000, amount_cents: 25_000 });
    expect(row.paid_at).not.toBeNull();
    const lead = (await app.stores.leads.get('alpha', leadId))!;
    expect(lead.data.payment).toMatchObject({ status: 'partially refunded', amount: '250.00', refunded: '50.00', paid_at: expect.any(String) });
    expect(overlayHas('62')).toBe(true);
    // The shopper's page: a part refund keeps the deposit paid (the car reserved for them), so it is not told "refunded in full".
    expect(await status(paymentId)).toBe('paid');
  });
});
