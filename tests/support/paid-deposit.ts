/**
 * A deposit paid on the payments tests' lead API (payments-app.ts): alpha's Reserve lead for a car,
 * its reservation and card, and Stripe's signed payment_intent.succeeded posted to the webhook, each
 * step checked (reserveDeposit: up to the card's PaymentIntent, not paid); and an invoice's
 * /online-payment up to its card's PaymentIntent (invoiceIntent). Shared by the refund tests.
 */
import { expect } from 'vitest';
import { postWebhookEvent, type PaymentsApp } from './payments-app.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };

interface PaidDeposit {
  leadId: string;
  paymentId: string;
  /** The payment record the lead was sent with when paid. */
  paidRecord: Record<string, string>;
  /** The car's hold, reserved: its end is the record's reserved_until. */
  hold: { state: string; expires_at: number | string };
}

/** `email` reserves alpha's car `carId` (attempt key `attempt`) and submits a card: the lead, the payment and its PaymentIntent (not paid). */
export async function reserveDeposit(
  started: PaymentsApp,
  carId: number,
  attempt: string,
  email = shopper.email,
): Promise<{ leadId: string; paymentId: string; ref: string }> {
  const { app, stripe } = started;
  const lead = await app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: ALPHA,
    payload: { ...shopper, email, category: 'Reserve', subcategory: 'Reserve Online', car_id: String(carId), form_completed: false },
  });
  const leadId = lead.json().lead_id as string;
  const reservation = await app.inject({
    method: 'POST',
    url: '/api/payments/reservations',
    headers: ALPHA,
    payload: { lead_id: leadId, attempt, terms_conditions: true },
  });
  expect(reservation.statusCode, reservation.body).toBe(201);
  const paymentId = reservation.json().payment_id as string;
  const made = await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
  expect(made.statusCode, made.body).toBe(201);
  const intent = [...stripe.intents.values()].find((candidate) => candidate.metadata.payment_id === paymentId)!;
  return { leadId, paymentId, ref: intent.id };
}

/** alpha issues invoice `reference` of `amountCents` (a day to pay) and a shopper pays it online (attempt key `attempt`) and submits a card: the lead, the payment and its PaymentIntent (not paid). */
export async function invoiceIntent(
  started: PaymentsApp,
  reference: string,
  attempt: string,
  amountCents = 30_000,
): Promise<{ leadId: string; paymentId: string; ref: string }> {
  const { app, stripe } = started;
  await app.payments.issueInvoice('alpha', { reference, amountCents, expiresAt: Date.now() + 86_400_000 });
  const start = await app.inject({
    method: 'POST',
    url: '/api/payments/online-payment',
    headers: ALPHA,
    payload: { ...shopper, reference, amount: (amountCents / 100).toFixed(2), terms_conditions: true, attempt },
  });
  expect(start.statusCode, start.body).toBe(201);
  const { payment_id: paymentId, lead_id: leadId } = start.json() as { payment_id: string; lead_id: string };
  const made = await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} });
  expect(made.statusCode, made.body).toBe(201);
  const intent = [...stripe.intents.values()].find((candidate) => candidate.metadata.payment_id === paymentId)!;
  return { leadId, paymentId, ref: intent.id };
}

/** Reserve alpha's car `carId` (attempt key `attempt`) and pay its deposit: checks it paid, its lead saying until when the car is reserved (its hold's end). */
export async function payDeposit(started: PaymentsApp, carId: number, attempt: string): Promise<PaidDeposit> {
  const { app, stripe } = started;
  const { leadId, paymentId, ref } = await reserveDeposit(started, carId, attempt);
  stripe.pay(ref);
  const paid = await postWebhookEvent(app, stripe.signedEvent('payment_intent.succeeded', ref));
  expect(paid.json()).toMatchObject({ outcome: 'paid' });
  const paidRecord = (await app.stores.leads.get('alpha', leadId))!.data.payment as Record<string, string>;
  expect(paidRecord.reserved_until).toBeDefined();
  const [hold] = await started.database.db.query<{ state: string; expires_at: number | string }>(
    'SELECT state, expires_at FROM car_holds WHERE payment_id = $1',
    [paymentId],
  );
  expect(hold?.state).toBe('reserved');
  expect(paidRecord.reserved_until).toBe(new Date(Number(hold!.expires_at)).toISOString());
  return { leadId, paymentId, paidRecord, hold: hold! };
}
