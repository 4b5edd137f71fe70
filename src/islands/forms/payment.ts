/**
 * The payment step of the reserve and online-payment islands (docs/payments.md). The server
 * decides everything that costs money: it starts the payment (its amount), creates the
 * provider's intent only when a card is submitted, and says when the payment is paid (the
 * provider's signed webhook); what the provider's client reports is never sent as proof.
 * The provider's card form is the ONE seam: `loadProviderForm()` imports payment-stripe.tsx,
 * or payment-stand-in.tsx in a PUBLIC_PAYMENT_CLIENT=stand-in build (the browser tests; never
 * in production), only when the shopper reaches the payment step. Props: payment-types.ts.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { newRequestKey } from '../ui/form-kit/request-key.ts';
import { callApi } from './api.ts';
import { LEAD_MESSAGES } from '../../schemas/forms/messages.ts';
import type { FormSiteConfig } from '../../lib/forms/form-config.ts';
import { PAYMENT_ENDED_MESSAGE, PAYMENT_EXPIRED_MESSAGES, type PaymentKind } from '../../schemas/payments.ts';
import type { ConfirmResult, IntentAnswer, ProviderFormProps, StartedPayment } from './payment-types.ts';
import { forgetPendingPayment, forgetRefusedPayment, notePaymentIntent, noteVerdictAwaited, rememberPendingPayment, resumedPayment } from './pending-payment.ts';

/** Load the provider's client (dynamic import: nothing of it is loaded before the payment step). */
export function loadProviderForm(): Promise<{ default: ComponentType<ProviderFormProps> }> {
  if (import.meta.env.PUBLIC_PAYMENT_CLIENT === 'stand-in') return import('./payment-stand-in.tsx');
  return import('./payment-stripe.tsx');
}

export type StartResult = { ok: true; payment: StartedPayment } | { ok: false; message: string; fieldErrors: Record<string, string> };

/** Hold the car and start its deposit payment; `attempt` is the idempotency key of this attempt. */
export async function startReservationPayment(apiBase: string, input: { leadId: string; carId: string; attempt: string }): Promise<StartResult> {
  const result = await callApi<StartedPayment>(apiBase, '/payments/reservations', { body: { lead_id: input.leadId, car_id: input.carId, attempt: input.attempt, terms_conditions: true } });
  if (result.ok && result.data?.payment_id) return { ok: true, payment: result.data };
  return { ok: false, message: (!result.ok && result.message) || LEAD_MESSAGES.unexpected, fieldErrors: result.ok ? {} : result.fieldErrors };
}

/** A card is submitted: the server creates the provider's intent for this payment (once; a retry gets the same). */
export async function requestPaymentIntent(apiBase: string, paymentId: string): Promise<IntentAnswer> {
  const result = await callApi<{ client_secret?: string }>(apiBase, `/payments/${encodeURIComponent(paymentId)}/intent`, { method: 'POST', body: {} });
  if (result.ok && result.data?.client_secret) return { ok: true, clientSecret: result.data.client_secret };
  return { ok: false, message: (!result.ok && result.message) || LEAD_MESSAGES.unexpected };
}

/** /online-payment: start a payment of the amount the dealer asked for. */
export async function startOnlinePayment(apiBase: string, values: Record<string, unknown>, attempt: string): Promise<StartResult> {
  const result = await callApi<StartedPayment>(apiBase, '/payments/online-payment', { body: { ...values, attempt } });
  if (result.ok && result.data?.payment_id) return { ok: true, payment: result.data };
  return { ok: false, message: (!result.ok && result.message) || LEAD_MESSAGES.unexpected, fieldErrors: result.ok ? {} : result.fieldErrors };
}

export type ServerPaymentStatus = 'processing' | 'paid' | 'failed' | 'expired' | 'refunded' | 'canceled';

/** Wait for the server's verdict (its webhook from the provider): 'paid', a final failure, or 'processing' at the timeout. */
export async function waitForPayment(apiBase: string, paymentId: string, timeoutMs = 90_000): Promise<ServerPaymentStatus> {
  const until = Date.now() + timeoutMs;
  let delay = 500;
  for (;;) {
    const result = await callApi<{ status?: ServerPaymentStatus }>(apiBase, `/payments/${encodeURIComponent(paymentId)}`);
    const status = result.ok ? result.data?.status : undefined;
    if (status && status !== 'processing') return status;
    if (Date.now() + delay > until) return 'processing';
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(3000, Math.round(delay * 1.5));
  }
}

/** A fresh attempt key (a declined card starts a new attempt). */
export const newAttemptKey = (): string => newRequestKey();

/** The islands that take a payment (the reserve deposit, /online-payment), each named in what is kept across the provider's redirect. */
type PaymentForm = 'reserve' | 'online-payment';

/** What each form's payment pays for. */
const PAYS_FOR: Record<PaymentForm, PaymentKind> = { reserve: 'reservation', 'online-payment': 'online-payment' };

/**
 * What the shopper is told when the server's verdict on a payment of `kind` is not "paid", one
 * message per state wherever the verdict is heard (after a card taken, a redirect's return, an
 * intent found ended): cancelled, the payment ended before a card was taken on it (the dealer's
 * invoice change, a sweep, a newer attempt), the lead API's own answer to a card on it; refunded,
 * the money taken and then given back in full (the car or the invoice taken by another payment
 * first, or the dealer's refund): never "nothing was charged" (the spec has no wording:
 * docs/payments.md); failed, a declined card.
 */
export function paymentOutcomeMessage(status: ServerPaymentStatus, phone: string, kind: PaymentKind): string {
  switch (status) {
    case 'processing':
      return `We are still waiting for your bank to confirm the payment. We will e-mail your receipt once it is confirmed; if you have questions, call us on ${phone}.`;
    case 'expired':
      return PAYMENT_EXPIRED_MESSAGES[kind];
    case 'canceled':
      return PAYMENT_ENDED_MESSAGE;
    case 'refunded':
      return kind === 'reservation'
        ? `Your deposit was refunded in full and the car is not reserved for you. If you have questions, call us on ${phone}.`
        : `Your payment was refunded in full. If you have questions, call us on ${phone}.`;
    default:
      return `The payment did not go through and nothing was charged. Please try again, or call us on ${phone}.`;
  }
}

/** How a payment ended for the shopper: paid (under its lead), or what to tell them. */
export type PaymentOutcome = { paid: true; leadId: string } | { paid: false; message: string };

/** A payment this form was confirming when the provider redirected back here (or this page was opened again before its verdict): its lead, its amount, what the shopper had typed, and the server's verdict to come. */
export interface ResumedPayment {
  leadId: string;
  amountCents: number;
  /** The form's values when the card was submitted (the form shows them again: a failed payment is tried again with them); empty once the payment's hold time has passed. */
  values: Record<string, unknown>;
  outcome: Promise<PaymentOutcome>;
}

/**
 * The wait for the remembered payment's verdict ended with `status`: a verdict forgets the
 * payment; still processing (the page stopped waiting) is none, so the payment and its lead
 * stay kept and the page asks the server again when opened (what was typed goes at the end of
 * the hold time: pending-payment.ts).
 */
function waitEnded(status: ServerPaymentStatus): void {
  if (status !== 'processing') forgetPendingPayment();
}

/** The server's verdict on a payment of `kind` as the shopper's outcome: paid only with a lead to complete. */
function outcomeOf(status: ServerPaymentStatus, leadId: string | null | undefined, phone: string, kind: PaymentKind): PaymentOutcome {
  return status === 'paid' && leadId ? { paid: true, leadId } : { paid: false, message: paymentOutcomeMessage(status, phone, kind) };
}

/**
 * The payment step's state, shared by the reserve and online-payment islands: the payment the
 * server started, whether the card form is ready, whether the server's verdict is awaited, the
 * attempt key, the provider form's confirm, and the two ways a payment ends: paid on this page
 * (`pay`), or resumed on the first render after the provider's redirect, or of this page opened
 * again before the verdict (`onResume` hears of it).
 * `form` names the island in what is kept across that redirect.
 */
export function usePaymentStep(form: PaymentForm, site: Pick<FormSiteConfig, 'apiBase' | 'phone' | 'payments'>, onResume: (resumed: ResumedPayment) => void) {
  const [payment, setPayment] = useState<StartedPayment | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const attempt = useRef(newAttemptKey());
  const confirmRef = useRef<(() => Promise<ConfirmResult>) | null>(null);
  /** The provider form takes the card (a form still loading says so). */
  const confirm = (): Promise<ConfirmResult> => (confirmRef.current ? confirmRef.current() : Promise.resolve({ ok: false, message: 'The payment form is still loading. Please wait a moment and try again.' }));
  /** A declined card or a failed payment closes this attempt on the server: the next try starts a new one. */
  const restart = () => {
    attempt.current = newAttemptKey();
    setPayment(null);
    setCardReady(false);
  };
  // Back from the provider's redirect (3-D Secure), or this page opened again while a verdict was awaited: wait for the server's verdict on that payment.
  useEffect(() => {
    const resumed = resumedPayment(form);
    if (!resumed) return;
    const { leadId, amountCents, values } = resumed;
    setWaiting(true);
    const outcome = waitForPayment(site.apiBase, resumed.paymentId).then((status) => {
      setWaiting(false);
      waitEnded(status);
      return outcomeOf(status, leadId, site.phone, PAYS_FOR[form]);
    });
    onResume({ leadId, amountCents, values, outcome });
  }, []); // once: the redirect lands on a new page
  return {
    payment,
    setPayment,
    cardReady,
    setCardReady,
    waiting,
    attempt,
    confirmRef,
    /** The provider's intent for the started payment (the card form asks for it when the card is submitted); remembered with the payment for its return. */
    intent: async (paymentId: string): Promise<IntentAnswer> => {
      const answer = await requestPaymentIntent(site.apiBase, paymentId);
      if (answer.ok) notePaymentIntent(paymentId, answer.clientSecret);
      return answer;
    },
    /**
     * Confirm the card of `started`, then wait for the server's verdict; a refused card or a failed
     * payment starts a new attempt. `values` (what the shopper typed) are kept for a redirect's
     * return while the verdict is awaited (at most the hold time), and forgotten with the payment
     * when the wait ends with a verdict (waitEnded) or the card is refused (forgetRefusedPayment).
     * A confirm the provider refused because its intent ended (`intentEnded`) waits for the
     * server's verdict as a card taken does and tells that outcome instead of the provider's text.
     */
    pay: async (started: StartedPayment, leadId: string | undefined, values: Record<string, unknown>): Promise<PaymentOutcome> => {
      rememberPendingPayment(form, started, leadId, values, site.payments.holdMinutes * 60_000);
      const confirmed = await confirm();
      // An intent ended before this confirm (the dealer changed the invoice meanwhile) is no refused card: the server's state of the payment is told, never the provider's raw error.
      if (!confirmed.ok && !confirmed.intentEnded) {
        forgetRefusedPayment(started.payment_id);
        restart();
        return { paid: false, message: confirmed.message };
      }
      noteVerdictAwaited(started.payment_id);
      setWaiting(true);
      const status = await waitForPayment(site.apiBase, started.payment_id);
      setWaiting(false);
      waitEnded(status);
      const outcome = outcomeOf(status, leadId, site.phone, PAYS_FOR[form]);
      if (!outcome.paid && status !== 'processing') restart();
      return outcome;
    },
  };
}

/** What the islands get from usePaymentStep. */
export type PaymentStep = ReturnType<typeof usePaymentStep>;
