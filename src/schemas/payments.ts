/**
 * Request bodies of the payments API (docs/payments.md) and the /online-payment
 * form. Amounts from the browser exist only on /online-payment (the amount the dealer asked
 * for, bounded by the site's setting on the server); the deposit never comes from the browser.
 */
import * as v from 'valibot';
import { FORM_MESSAGES } from './forms/messages.ts';
import { checkbox, contactEntriesWithoutOptIn, idValue, requiredText } from './forms/fields.ts';
import { leadId } from './lead.ts';

/** The lead API's answer to "start a payment" (POST /api/payments/...): what the provider's card form needs before a card is submitted. */
export interface StartedPayment {
  payment_id: string;
  provider: string;
  publishable_key: string;
  amount_cents: number;
  currency: 'AUD';
  hold_expires_at?: string;
}

/** The answer to POST /api/payments/:id/intent (a card is submitted): the provider's intent to confirm it with. */
export interface PaymentIntentSecret {
  payment_id: string;
  client_secret: string;
}

/** What a payment pays for: a reservation's deposit (a car held while the shopper pays), or an invoice the dealer issued (/online-payment). */
export type PaymentKind = 'reservation' | 'online-payment';

/**
 * What the shopper is told of a payment whose time to pay ran out (its status `expired`), by what
 * it pays for: the spec has no wording; an invoice holds no car, so its words name none
 * (docs/payments.md).
 */
export const PAYMENT_EXPIRED_MESSAGES: Record<PaymentKind, string> = {
  reservation: 'The time to pay ran out and the car is no longer held for you. Please start again.',
  'online-payment': 'The time to pay ran out. Please start again.',
};

/**
 * What the shopper is told of a payment that ended before its card was taken (cancelled: the dealer
 * changed or withdrew its invoice, a sweep, a new attempt): the lead API's answer to a card submitted
 * on it, and the payment step's whenever the server says it is cancelled (paymentOutcomeMessage,
 * payment.ts). The spec has no wording.
 */
export const PAYMENT_ENDED_MESSAGE = 'This payment has ended. Please start again.';

/** A browser's payment attempt key: one payment per attempt (retries of the same attempt are the same payment). */
export const attemptKey = v.pipe(v.string('attempt is required'), v.regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'attempt is 8-100 letters, digits or _ . : -'));

export const StartReservationSchema = v.object({
  lead_id: leadId,
  car_id: v.optional(idValue),
  attempt: attemptKey,
  terms_conditions: v.pipe(v.optional(checkbox, false), v.check((ticked) => ticked, FORM_MESSAGES.terms)),
});

/** An amount in dollars as typed: "1,250.50" or "$1250" -> 125050 cents. */
export const dollarAmount = v.pipe(
  v.union([v.string(), v.number()], 'Please enter the amount to pay.'),
  v.transform((input) => String(input).replace(/[$,\s]/g, '')),
  v.regex(/^\d{1,7}(\.\d{1,2})?$/, 'Please enter the amount in dollars and cents, e.g. 250.00.'),
  v.transform((text) => Math.round(Number(text) * 100)),
  v.minValue(100, 'The amount must be at least $1.00.'),
);

/**
 * The /online-payment form: who is paying, what for (invoice or reference number) and how much.
 * The page has no opt-in box, so it asks no opt_in and keeps none posted: its lead records no consent.
 */
export const OnlinePaymentFormSchema = v.object({
  ...contactEntriesWithoutOptIn,
  reference: v.pipe(requiredText(40), v.regex(/^[A-Za-z0-9][A-Za-z0-9 /_.-]*$/, 'Please enter the invoice or reference number as it appears on your invoice.')),
  amount: dollarAmount,
  terms_conditions: v.pipe(v.optional(checkbox, false), v.check((ticked) => ticked, FORM_MESSAGES.terms)),
});

export const StartOnlinePaymentSchema = v.object({
  ...OnlinePaymentFormSchema.entries,
  attempt: attemptKey,
});
