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

export type ConfirmResult = { ok: true } | { ok: false; message: string };

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
