/**
 * Stripe behind the PaymentProvider seam: PaymentIntents (automatic payment methods, so
 * the Payment Element offers what the dealer's account enables), refunds, and webhook
 * events verified with the endpoint secret over the raw body (Stripe's signature carries
 * a timestamp; events older than the tolerance are refused, which with the event-id
 * ledger makes webhooks replay-safe).
 */
import Stripe from 'stripe';
import { AlreadyRefundedError, WebhookSignatureError, type PaymentProvider, type ProviderEvent, type ProviderPayment } from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Another Stripe API endpoint (a local stand-in in tests): host, port, protocol. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Webhook timestamp tolerance in seconds. Default 300 (Stripe's). */
  toleranceSeconds?: number;
}

/** The fields of a Stripe PaymentIntent this provider reads. */
type Intent = Pick<Stripe.PaymentIntent, 'id' | 'client_secret' | 'status' | 'amount' | 'currency' | 'metadata' | 'last_payment_error'>;

function paymentOf(intent: Intent): ProviderPayment {
  const error = intent.last_payment_error;
  return {
    ref: intent.id,
    clientSecret: intent.client_secret ?? null,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
    ...(error ? { failure: error.message ?? error.code ?? 'the payment failed' } : {}),
  };
}

/** Stripe's answer that the object asked for does not exist on this account (HTTP 404, code resource_missing). */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404 && error.code === 'resource_missing';
}

/** A value quoted in Stripe's search query language (a quote or a backslash escaped with a backslash). */
const searchText = (value: string) => value.replace(/[\\']/g, (character) => `\\${character}`);

/** How long one try of a Stripe call may take, and how many times the SDK tries it again. */
const STRIPE_TIMEOUT_MS = 20_000;
const STRIPE_NETWORK_RETRIES = 2;
/** The SDK's longest wait between two tries (the stripe package's MAX_NETWORK_RETRY_DELAY_SEC; it does not honour Retry-After). */
const STRIPE_RETRY_WAIT_MS = 5_000;

/** How many pages of 100 PaymentIntents listPayments reads at most. */
const LIST_PAGES = 10;

/** The longest one Stripe call of this provider can take, every try timed out: after it, a call started then has answered or failed. */
export const STRIPE_CALL_MAX_MS = (STRIPE_NETWORK_RETRIES + 1) * STRIPE_TIMEOUT_MS + STRIPE_NETWORK_RETRIES * STRIPE_RETRY_WAIT_MS;

export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
  });
  const tolerance = options.toleranceSeconds ?? 300;
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    async createPayment(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          description: input.description.slice(0, 500),
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return paymentOf(intent);
    },
    async getPayment(ref) {
      try {
        return paymentOf(await stripe.paymentIntents.retrieve(ref));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async cancelPayment(ref, idempotencyKey) {
      await stripe.paymentIntents.cancel(ref, {}, { idempotencyKey });
    },
    async findPayments(metadata) {
      const query = Object.entries(metadata)
        .map(([key, value]) => `metadata['${searchText(key)}']:'${searchText(value)}'`)
        .join(' AND ');
      const found = await stripe.paymentIntents.search({ query, limit: 10 });
      return found.data.map(paymentOf);
    },
    async listPayments(metadata, created, from) {
      const found: ProviderPayment[] = [];
      const window = { gte: Math.floor(created.from / 1000), lte: Math.ceil(created.to / 1000) };
      let after = from;
      for (let page = 1; ; page++) {
        const listed = await stripe.paymentIntents.list({ created: window, limit: 100, ...(after ? { starting_after: after } : {}) });
        found.push(...listed.data.filter((intent) => Object.entries(metadata).every(([key, value]) => intent.metadata?.[key] === value)).map(paymentOf));
        const last = listed.data.at(-1);
        if (!listed.has_more || !last) return { found };
        // The window holds more than the pages read: those found are answered (a payment id names one PaymentIntent); none found, where a later list goes on.
        if (page === LIST_PAGES) return found.length > 0 ? { found } : { found, after: last.id };
        after = last.id;
      }
    },
    async refund(ref, amountCents, idempotencyKey) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create({ payment_intent: ref, ...(amountCents !== undefined ? { amount: amountCents } : {}) }, { idempotencyKey });
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded')) throw error;
        // Refunded in full already (the dashboard): the amounts as Stripe reports them now, what the PaymentIntent took and
        // its refunds not failed or cancelled (read with the PaymentIntents and Refunds permissions the restricted key has).
        const [intent, refunds] = await Promise.all([stripe.paymentIntents.retrieve(ref), stripe.refunds.list({ payment_intent: ref, limit: 100 })]);
        const refunded = refunds.data.filter((made) => made.status === 'succeeded' || made.status === 'pending').reduce((sum, made) => sum + made.amount, 0);
        throw new AlreadyRefundedError(intent.amount_received, refunded);
      }
      return { ref: refund.id, status: refund.status ?? 'pending', amountCents: refund.amount };
    },
    verifyEvent(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, tolerance);
      } catch (error) {
        throw new WebhookSignatureError(`Webhook signature not valid: ${(error as Error).message.slice(0, 200)}`);
      }
      return eventOf(event);
    },
  };
}

function eventOf(event: Stripe.Event): ProviderEvent {
  // Every event's object, whatever its type, for the fields all of them may carry.
  const object: Record<string, unknown> = { ...event.data?.object };
  const base = { id: String(event.id), type: String(event.type), metadata: { ...((object.metadata as Record<string, string> | undefined) ?? {}) }, currency: String(object.currency ?? '') };
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      const kind = event.type === 'payment_intent.succeeded' ? 'succeeded' : event.type === 'payment_intent.canceled' ? 'canceled' : 'failed';
      return { ...base, kind, paymentRef: intent.id, amountCents: Number(intent.amount), failure: intent.last_payment_error?.message };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentRef = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      return { ...base, kind: 'refunded', paymentRef, amountCents: Number(charge.amount ?? 0), refundedCents: Number(charge.amount_refunded ?? 0) };
    }
    default:
      return { ...base, kind: 'ignored', paymentRef: null, amountCents: 0 };
  }
}
