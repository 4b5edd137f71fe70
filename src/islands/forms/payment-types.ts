/**
 * The types of the payment seam (docs/payments.md): the server's started payment and what a
 * provider's card form (payment-stripe.tsx, payment-stand-in.tsx) takes and answers. They sit
 * below payment.ts, which loads those forms, so a form needs nothing back from its loader.
 */
import type { MutableRefObject } from 'react';
import type { StartedPayment as PaymentStart } from '../../schemas/payments.ts';

/** The server's answer to "start a payment": what the provider's client needs (and the new lead of /online-payment). */
export interface StartedPayment extends PaymentStart {
  lead_id?: string;
}

/**
 * The card form's answer. `intentEnded`: the provider refused to confirm because the intent is no
 * longer open (Stripe's payment_intent_unexpected_state: cancelled, e.g. by the dealer's invoice
 * change between the intent and the confirm, or settled already): its `message` is the provider's
 * own, not for the shopper; the payment step asks the server for the payment's state instead.
 */
export type ConfirmResult = { ok: true } | { ok: false; message: string; intentEnded?: boolean };

/** The server's intent for a submitted card: its client secret, or why there is none (the hold ran out, too many attempts). */
export type IntentAnswer = { ok: true; clientSecret: string } | { ok: false; message: string };

/** Props of a provider's card form (the seam). */
export interface ProviderFormProps {
  payment: StartedPayment;
  /** Set by the form: the island calls it when the shopper submits. */
  confirmRef: MutableRefObject<(() => Promise<ConfirmResult>) | null>;
  /** The form calls it once the card is complete, just before confirming: the server creates the provider's intent. */
  intent: () => Promise<IntentAnswer>;
  /** The card form is on screen and can take input. */
  onReady?: () => void;
}
