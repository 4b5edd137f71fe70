/**
 * The payment provider seam of the lead API (docs/payments.md): everything the
 * payments module needs from a card processor. Stripe is the first implementation
 * (stripe-provider.ts); a test stand-in for Stripe's HTTP API drives the same code.
 * Amounts are integer cents; the currency is AUD.
 */

/** A payment as the provider reports it. */
export interface ProviderPayment {
  /** The provider's payment reference (Stripe: the PaymentIntent id, pi_...). */
  ref: string;
  /** What the browser needs to confirm the payment with the provider's client (Stripe: client_secret). */
  clientSecret: string | null;
  status: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** Why its last try to pay failed (Stripe: last_payment_error), when one did: a declined card. */
  failure?: string;
}

/** A verified provider event, reduced to what the payments module acts on. */
export interface ProviderEvent {
  id: string;
  kind: 'succeeded' | 'failed' | 'canceled' | 'refunded' | 'ignored';
  /** The provider's type name (payment_intent.succeeded ...). */
  type: string;
  paymentRef: string | null;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** refunded: cents refunded so far. */
  refundedCents?: number;
  /** failed: the provider's reason. */
  failure?: string;
}

export interface CreatePaymentInput {
  amountCents: number;
  currency: 'aud';
  description: string;
  metadata: Record<string, string>;
  /** Same key, same payment: a retried create never makes a second one. */
  idempotencyKey: string;
  receiptEmail?: string;
}

/** A bad or missing webhook signature (answered 400, never processed). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The provider's answer to a refund of a payment it has refunded in full already (Stripe:
 * charge_already_refunded, e.g. the dealer refunded it from the dashboard first): the refund has
 * happened. Carries the amounts the provider reports, what it took and the total refunded.
 */
export class AlreadyRefundedError extends Error {
  readonly takenCents: number;
  readonly refundedCents: number;
  constructor(takenCents: number, refundedCents: number) {
    super(`the payment was refunded in full already (${refundedCents} of ${takenCents} cents)`);
    this.name = 'AlreadyRefundedError';
    this.takenCents = takenCents;
    this.refundedCents = refundedCents;
  }
}

export interface PaymentProvider {
  readonly name: string;
  /** Public key for the browser's client (Stripe: pk_...). */
  readonly publishableKey: string;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /**
   * The payment as the provider reports it now, or undefined when the provider says it has no such
   * payment (Stripe: 404 resource_missing, e.g. the keys now name another account): a lasting
   * answer, unlike a failure to reach the provider, which throws.
   */
  getPayment(ref: string): Promise<ProviderPayment | undefined>;
  cancelPayment(ref: string, idempotencyKey: string): Promise<void>;
  /**
   * The provider's payments whose metadata has all of `metadata`'s values (Stripe: the Search API,
   * eventually consistent: a PaymentIntent made or changed a moment ago may not be found yet, in an
   * outage up to an hour later); the first page only (a payment id names one PaymentIntent).
   */
  findPayments(metadata: Record<string, string>): Promise<ProviderPayment[]>;
  /**
   * The provider's payments created between `created.from` and `created.to` (ms) whose metadata has all
   * of `metadata`'s values (Stripe: the list of PaymentIntents by creation time, filtered here): no
   * search index, so current, and offered to every account (Stripe offers no search in India). Newest
   * first, from the one after `after` (a previous list's `after`) when given. When the window holds more
   * payments than it lists (LIST_PAGES pages), answers those it found, or, finding none, `after`: the
   * last payment it read, where a later list of the same window goes on.
   */
  listPayments(metadata: Record<string, string>, created: { from: number; to: number }, after?: string): Promise<{ found: ProviderPayment[]; after?: string }>;
  /** Refund all (amountCents undefined) or part of a payment; throws AlreadyRefundedError when the provider refunded all of it already. */
  refund(ref: string, amountCents: number | undefined, idempotencyKey: string): Promise<{ ref: string; status: string; amountCents: number }>;
  /** Verify a webhook over its raw body; throws WebhookSignatureError when it is not the provider's. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
