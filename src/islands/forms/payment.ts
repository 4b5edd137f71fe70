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
import { PAYMENT_EXPIRED_MESSAGES, type PaymentKind } from '../../schemas/payments.ts';
import type { ConfirmResult, IntentAnswer, ProviderFormProps, StartedPayment } from './payment-types.ts';

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

const PENDING_KEY = 'pending_payment';

/** What this tab keeps of the payment being confirmed (rememberPendingPayment), until `expiresAt`. */
interface PendingRecord {
  form?: string;
  /** The page the card was submitted on (location.pathname): the provider returns to it. */
  path?: string;
  paymentId?: string;
  /** The provider's id of the payment (Stripe's payment_intent), once the server created it (notePaymentIntent). */
  intentId?: string;
  leadId?: string | null;
  amountCents?: number;
  values?: unknown;
  expiresAt?: number;
}

/**
 * Remember the payment being confirmed, and what the shopper typed: a redirect-based method
 * (3-D Secure) comes back to this page as a new page, which has only what was kept here (this
 * tab's sessionStorage, while the verdict is awaited; what was typed for at most `keepMs`, the
 * site's payment hold time: read later, it is dropped, the payment's id still kept).
 */
export function rememberPendingPayment(form: string, payment: StartedPayment, leadId: string | undefined, values: Record<string, unknown>, keepMs: number): void {
  try {
    const record: PendingRecord = { form, path: location.pathname, paymentId: payment.payment_id, leadId: leadId ?? payment.lead_id ?? null, amountCents: payment.amount_cents, values, expiresAt: Date.now() + keepMs };
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(record));
  } catch {
    /* storage is a convenience only */
  }
}

/** The provider's intent of the remembered payment (Stripe's payment_intent, its client secret before '_secret_'): only its return URL resumes it. */
function notePaymentIntent(paymentId: string, clientSecret: string): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingRecord | null;
    if (saved?.paymentId !== paymentId) return;
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...saved, intentId: clientSecret.split('_secret_')[0] }));
  } catch {
    /* storage is a convenience only */
  }
}

/**
 * The payment this form was confirming when the provider redirected back here, if any: the URL
 * is this page's return from that payment (redirect_status, and payment_intent naming its
 * intent). It stays remembered while the server's verdict is awaited, so a reload of the return
 * URL asks the server again. Past its time (a slow return), what the shopper typed is dropped
 * (`values` empty) but the verdict is still asked by the payment's id, which is not personal:
 * the shopper may have paid. Anything else kept is discarded here: a page opened without the
 * return (a redirect abandoned at the bank), another page's or another payment's return URL
 * (Back, Forward), another form's, or one without a lead to complete.
 */
export function resumedPayment(form: string): { paymentId: string; leadId: string; amountCents: number; values: Record<string, unknown> } | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingRecord | null;
    if (!saved) return undefined;
    const query = new URLSearchParams(location.search);
    const resumes =
      query.has('redirect_status') &&
      saved.form === form &&
      saved.path === location.pathname &&
      typeof saved.intentId === 'string' &&
      saved.intentId !== '' &&
      // The last one: the provider appends its parameters to the return_url (an older return's would come first).
      query.getAll('payment_intent').at(-1) === saved.intentId &&
      typeof saved.paymentId === 'string' &&
      typeof saved.leadId === 'string';
    if (!resumes) {
      forgetPendingPayment();
      return undefined;
    }
    const fresh = typeof saved.expiresAt === 'number' && saved.expiresAt > Date.now();
    if (!fresh && saved.values !== undefined) sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...saved, values: undefined }));
    const values = fresh && saved.values && typeof saved.values === 'object' && !Array.isArray(saved.values) ? (saved.values as Record<string, unknown>) : {};
    return { paymentId: saved.paymentId!, leadId: saved.leadId!, amountCents: Number(saved.amountCents ?? 0), values };
  } catch {
    forgetPendingPayment();
    return undefined;
  }
}

/** The wait for the remembered payment's verdict has ended (paid, a final failure, a declined card, or still processing at its end): nothing is kept. */
export function forgetPendingPayment(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    /* storage is a convenience only */
  }
}

/** A fresh attempt key (a declined card starts a new attempt). */
export const newAttemptKey = (): string => newRequestKey();

/** The islands that take a payment (the reserve deposit, /online-payment), each named in what is kept across the provider's redirect. */
type PaymentForm = 'reserve' | 'online-payment';

/** What each form's payment pays for. */
const PAYS_FOR: Record<PaymentForm, PaymentKind> = { reserve: 'reservation', 'online-payment': 'online-payment' };

/** What the shopper is told when the server's verdict on a payment of `kind` is not "paid". */
export function paymentOutcomeMessage(status: ServerPaymentStatus, phone: string, kind: PaymentKind): string {
  switch (status) {
    case 'processing':
      return `We are still waiting for your bank to confirm the payment. We will e-mail your receipt once it is confirmed; if you have questions, call us on ${phone}.`;
    case 'expired':
      return PAYMENT_EXPIRED_MESSAGES[kind];
    default:
      return `The payment did not go through and nothing was charged. Please try again, or call us on ${phone}.`;
  }
}

/** How a payment ended for the shopper: paid (under its lead), or what to tell them. */
export type PaymentOutcome = { paid: true; leadId: string } | { paid: false; message: string };

/** A payment this form was confirming when the provider redirected back here: its lead, its amount, what the shopper had typed, and the server's verdict to come. */
export interface ResumedPayment {
  leadId: string;
  amountCents: number;
  /** The form's values when the card was submitted (the form shows them again: a failed payment is tried again with them); empty once the payment's hold time has passed. */
  values: Record<string, unknown>;
  outcome: Promise<PaymentOutcome>;
}

/** The server's verdict on a payment of `kind` as the shopper's outcome: paid only with a lead to complete. */
function outcomeOf(status: ServerPaymentStatus, leadId: string | null | undefined, phone: string, kind: PaymentKind): PaymentOutcome {
  return status === 'paid' && leadId ? { paid: true, leadId } : { paid: false, message: paymentOutcomeMessage(status, phone, kind) };
}

/**
 * The payment step's state, shared by the reserve and online-payment islands: the payment the
 * server started, whether the card form is ready, whether the server's verdict is awaited, the
 * attempt key, the provider form's confirm, and the two ways a payment ends: paid on this page
 * (`pay`), or resumed on the first render after the provider's redirect (`onResume` hears of it).
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
  // Back from the provider's redirect (3-D Secure): wait for the server's verdict on that payment.
  useEffect(() => {
    const resumed = resumedPayment(form);
    if (!resumed) return;
    const { leadId, amountCents, values } = resumed;
    setWaiting(true);
    const outcome = waitForPayment(site.apiBase, resumed.paymentId).then((status) => {
      setWaiting(false);
      forgetPendingPayment();
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
     * return while the verdict is awaited, and forgotten when the wait ends, however it ends.
     */
    pay: async (started: StartedPayment, leadId: string | undefined, values: Record<string, unknown>): Promise<PaymentOutcome> => {
      rememberPendingPayment(form, started, leadId, values, site.payments.holdMinutes * 60_000);
      const confirmed = await confirm();
      if (!confirmed.ok) {
        forgetPendingPayment();
        restart();
        return { paid: false, message: confirmed.message };
      }
      setWaiting(true);
      const status = await waitForPayment(site.apiBase, started.payment_id);
      setWaiting(false);
      forgetPendingPayment();
      const outcome = outcomeOf(status, leadId, site.phone, PAYS_FOR[form]);
      if (!outcome.paid && status !== 'processing') restart();
      return outcome;
    },
  };
}

/** What the islands get from usePaymentStep. */
export type PaymentStep = ReturnType<typeof usePaymentStep>;
