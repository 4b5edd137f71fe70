/**
 * Payment endpoints of the lead API (docs/payments.md):
 *
 *   POST /api/payments/reservations     hold the lead's car and start its deposit payment
 *   POST /api/payments/online-payment   /online-payment: an invoice the dealer issued, for its amount
 *   POST /api/payments/:id/intent       a card is submitted: the provider's intent (client secret)
 *   GET  /api/payments/:id              the server's view of a payment (the browser polls it; gated as its card is)
 *   POST /api/payments/webhook/:slug    the provider's signed events (raw body, no tenant host)
 */
import * as v from 'valibot';
import { StartOnlinePaymentSchema, StartReservationSchema } from '../../../schemas/payments.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseOr400, sendError } from '../../kernel/http.ts';
import { gatedOnly, leadShopper, passesGate, type GatedAction } from '../../kernel/gated-actions.ts';
import { currentUser, type SessionStore } from '../../kernel/session.ts';
import { leadKey, type LeadRepository } from '../../leads/repository.ts';
import { leadOpenTo } from '../../leads/row.ts';
import { ATTEMPT_TAKEN_MESSAGE, INVOICE_PAID_MESSAGE, NO_ONLINE_PAYMENT_MESSAGE, PAYMENT_UNKNOWN_MESSAGE, type Payments, type PaymentRow } from './payments.ts';
import { LEAD_MESSAGES } from '../../../schemas/forms/messages.ts';
import { onlinePaymentLimitRefusal } from '../../../lib/forms/online-payment.ts';

const FIX_ERRORS = LEAD_MESSAGES.fixErrors;

/**
 * What the browser learns about a payment: its state, never anything it could have forged. A
 * payment that came after another buyer took the car ('conflict') reads refunded once its
 * money went back, processing until then (a refund the provider failed is made on its retry).
 * Refunded is money given back in full (the shopper is told so: payment.ts paymentOutcomeMessage);
 * a part refund keeps the payment paid (a deposit's car stays reserved), so it reads paid.
 */
function publicStatus(payment: { status: string; refunded_cents: number; amount_cents: number }): 'processing' | 'paid' | 'failed' | 'expired' | 'refunded' | 'canceled' {
  const { status } = payment;
  if (status === 'conflict' && payment.refunded_cents < payment.amount_cents) return 'processing';
  switch (status) {
    case 'paid':
    case 'partially_refunded':
      return 'paid';
    case 'pending':
    case 'review':
      return 'processing';
    case 'expired':
      return 'expired';
    case 'refunded':
    case 'conflict':
      return 'refunded';
    case 'canceled':
      return 'canceled';
    default:
      return 'failed';
  }
}

/** The gated action a payment of `kind` belongs to (a reservation: checkout; an invoice: online-payment). */
const paymentAction = (kind: string): GatedAction => (kind === 'reservation' ? 'reserve' : 'online-payment');

/** What the payments plugin is registered with. */
export interface PaymentsPluginOptions {
  payments: Payments;
  leads: LeadRepository;
  now: () => number;
  destinations: (slug: string) => string[];
  /** The shoppers' sessions: a gated family's payment calls need one where the site gates it (kernel/gated-actions.ts). */
  sessions: SessionStore;
}

/** The payments feature's routes (the Payments service itself is built by app.ts: its worker runs beside the outbox). */
export const paymentsPlugin: FastifyPluginAsync<PaymentsPluginOptions> = async (app, deps) => {
  const { payments, sessions, now } = deps;

  /**
   * Whether the caller may name `payment` (its card, its status): its lead is open to them (leadOpenTo, the lead routes' rule),
   * so a payment of a lead another shopper started is answered as an unknown id; a payment whose lead recorded no shopper stays open.
   */
  async function paymentOpenTo(request: FastifyRequest, payment: PaymentRow): Promise<boolean> {
    const lead = payment.lead_id ? await deps.leads.get(request.tenant.slug, payment.lead_id) : undefined;
    return !lead || leadOpenTo(lead, await leadShopper(sessions, request, now(), [], lead));
  }

  app.post('/api/payments/reservations', { preHandler: gatedOnly(sessions, now, 'reserve') }, async (request, reply) => {
    const body = parseOr400(StartReservationSchema, request.body, reply);
    if (!body) return reply;
    const result = await payments.startReservation(request.tenant, {
      leadId: body.lead_id,
      shopper: (await currentUser(sessions, request, now()))?.user_id,
      carId: body.car_id,
      attemptKey: body.attempt,
      client: request.client,
    });
    if (!result.ok) return sendError(reply, result.status, result.error, result.field ? { car_id: result.field } : undefined);
    request.log.info({ tenant: request.tenant.slug, payment: result.payment.payment_id }, 'reservation payment started');
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ success: true, ...result.payment });
  });

  app.post('/api/payments/online-payment', { preHandler: gatedOnly(sessions, now, 'online-payment') }, async (request, reply) => {
    const parsed = parseOr400(StartOnlinePaymentSchema, request.body, reply);
    if (!parsed) return reply;
    const tenant = request.tenant;
    const { attempt, terms_conditions: _terms, amount, reference, ...contact } = parsed;
    const overLimit = onlinePaymentLimitRefusal(amount, tenant.site.payments.online_payment_max);
    if (overLimit) return sendError(reply, 422, FIX_ERRORS, { amount: overLimit });
    if (!payments.provider(tenant)) return sendError(reply, 409, NO_ONLINE_PAYMENT_MESSAGE);
    // Only an invoice the dealer issued, for its exact amount: checked before any lead is stored.
    const refused = await payments.invoiceRefused(tenant.slug, reference, amount);
    if (refused) return sendError(reply, 422, FIX_ERRORS, { reference: refused });
    // Not while another payment of it is being confirmed (the shopper back before the bank's verdict); a retried start of the same attempt is that payment.
    // One the provider has paid meanwhile (its webhook lost or late) is recorded paid by invoiceConfirming: the invoice is then answered as paid, as above.
    // One left at 3-D Secure in another window is not in the way and is left be: a start has no intent limit, so only this payment's card (createIntent) cancels it.
    const confirming = await payments.invoiceConfirming(tenant, reference, { attemptKey: attempt });
    if (confirming === INVOICE_PAID_MESSAGE) return sendError(reply, 422, FIX_ERRORS, { reference: confirming });
    if (confirming) return sendError(reply, 409, confirming);
    // The lead the dealer receives once the payment is confirmed (not delivered before: form_completed false); where the
    // site gates online payment it is the signed-in shopper's the gate let through (leadShopper), as every gated lead is.
    const lead = await deps.leads.save({
      tenant: tenant.slug,
      clientKey: leadKey('online-payment', attempt),
      shopper: await leadShopper(sessions, request, now(), ['online-payment']),
      caller: (stored) => leadShopper(sessions, request, now(), ['online-payment'], stored),
      values: {
        ...contact,
        category: 'Online Payment',
        subcategory: 'Invoice Payment',
        form_completed: false,
        custom_params: { invoice_reference: reference, amount: (amount / 100).toFixed(2) },
      },
      destinations: deps.destinations(tenant.slug),
      now: deps.now(),
    });
    // An attempt of a lead another shopper started is taken, as an attempt of another lead is.
    if (lead.status === 'key-taken') return sendError(reply, 409, ATTEMPT_TAKEN_MESSAGE);
    if (lead.status !== 'created' && lead.status !== 'replayed') return sendError(reply, 500, LEAD_MESSAGES.unexpected);
    const result = await payments.startOnlinePayment(tenant, { leadId: lead.id, reference, amountCents: amount, attemptKey: attempt, client: request.client });
    if (!result.ok) return sendError(reply, result.status, result.error, result.field ? { reference: result.field } : undefined);
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ success: true, lead_id: lead.id, ...result.payment });
  });

  const PaymentParams = v.object({ id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'expected a payment id')) });

  app.post('/api/payments/:id/intent', async (request, reply) => {
    const params = parseOr400(PaymentParams, request.params, reply);
    if (!params) return reply;
    // The card of a gated family's payment (a reservation: checkout; an invoice: online-payment); an unknown id is createIntent's 404, and so is another shopper's.
    const payment = await payments.get(request.tenant.slug, params.id);
    if (payment && !(await passesGate(sessions, request, reply, now(), paymentAction(payment.kind)))) return reply;
    if (payment && !(await paymentOpenTo(request, payment))) return sendError(reply, 404, PAYMENT_UNKNOWN_MESSAGE);
    const result = await payments.createIntent(request.tenant, params.id, request.client);
    if (!result.ok) return sendError(reply, result.status, result.error);
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ success: true, ...result.intent });
  });

  app.get('/api/payments/:id', async (request, reply) => {
    const params = parseOr400(PaymentParams, request.params, reply);
    if (!params) return reply;
    // The payer's status, held to its family's gate and to its lead's shopper as its card is (before the provider is asked for it); an unknown id is the 404 below.
    const stored = await payments.get(request.tenant.slug, params.id);
    if (stored && !(await passesGate(sessions, request, reply, now(), paymentAction(stored.kind)))) return reply;
    // Its verdict asked of the provider when the webhook is late (at most once in a while: the server decides, not the polling).
    const payment = stored && (await paymentOpenTo(request, stored)) ? await payments.polled(request.tenant, params.id) : undefined;
    if (!payment) return sendError(reply, 404, 'Not found');
    reply.header('cache-control', 'no-store');
    return {
      success: true,
      payment_id: payment.id,
      status: publicStatus(payment),
      kind: payment.kind,
      amount_cents: payment.amount_cents,
      currency: 'AUD',
      lead_id: payment.lead_id,
      car_id: payment.car_id,
    };
  });

  // The provider's events: verified over the exact bytes received, so this route keeps the raw body.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const WebhookParams = v.object({ slug: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,80}$/, 'expected a site slug')) });
    scope.post('/api/payments/webhook/:slug', { config: { tenantless: true, rateLimit: false } }, async (request, reply) => {
      const params = v.safeParse(WebhookParams, request.params);
      if (!params.success) return sendError(reply, 404, 'Not found');
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await payments.handleWebhook(params.output.slug, body, typeof signature === 'string' ? signature : undefined);
      return reply.code(result.status).send(result.body);
    });
  });
};
