/**
 * What this tab keeps of the payment being confirmed (docs/payments.md, step 3): sessionStorage
 * `pending_payment`, written and read by the payment islands (payment.ts). Once the payment's
 * hold time has passed, every page clears what the shopper typed from it
 * (pending-payment-values.ts), told here when this page keeps one. Kept with the shopper signed in
 * then (their user id), it is never resumed for another signed-in shopper; with nobody signed in it
 * is resumed (a gated site answers its status 401 and sends the shopper to sign in).
 */
import { $session, signedInUser } from '../../stores/session.ts';
import type { StartedPayment } from './payment-types.ts';
import { paymentReturnUrl } from './payment-return-url.ts';

/** The same key as pending-payment-values.ts, which every page loads without this file (pending-payment.test.ts runs the two together). */
const PENDING_KEY = 'pending_payment';

/** What is kept (rememberPendingPayment); what the shopper typed only until `expiresAt`. */
interface PendingRecord {
  form?: string;
  /** The page the card was submitted on (location.pathname): the provider returns to it. */
  path?: string;
  /** That page's query (without a provider return's parameters): the journey's ?car_id=. */
  search?: string;
  paymentId?: string;
  /** The provider's id of the payment (Stripe's payment_intent), once the server created it (notePaymentIntent). */
  intentId?: string;
  leadId?: string | null;
  amountCents?: number;
  values?: unknown;
  expiresAt?: number;
  /** The provider took the card (on the page, or back from its redirect): the server's verdict was awaited, and the page asks it again when opened. */
  awaited?: boolean;
  /** The signed-in shopper's user id when it was kept (absent: nobody was signed in): no other signed-in shopper resumes it. */
  who?: string;
}

function readPending(): PendingRecord | null {
  return JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingRecord | null;
}

function writePending(record: PendingRecord): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(record));
}

/** The same event name as pending-payment-values.ts (whose script is inline in every page, so nothing imports it): a payment was kept on this page. */
const PAYMENT_KEPT_EVENT = 'pending-payment-kept';

/** This page's query without a provider return's parameters. */
const searchWithoutReturn = (): string => new URL(paymentReturnUrl(location.href)).search;

/**
 * Remember the payment being confirmed, and what the shopper typed: a redirect-based method
 * (3-D Secure) comes back to this page as a new page, which has only what was kept here (this
 * tab's sessionStorage, while the verdict is awaited; what was typed for at most `keepMs`, the
 * site's payment hold time: read later, it is dropped, the payment's id still kept).
 */
export function rememberPendingPayment(
  form: string,
  payment: StartedPayment,
  leadId: string | undefined,
  values: Record<string, unknown>,
  keepMs: number,
): void {
  try {
    // The same payment again (its card tried again after the page stopped waiting): what is known of it stays.
    const saved = readPending();
    const same = saved?.paymentId === payment.payment_id ? { intentId: saved.intentId, awaited: saved.awaited } : {};
    // Who is signed in (a stored session past its expiry is nobody's).
    const who = signedInUser($session.get());
    writePending({
      ...same,
      ...(who ? { who } : {}),
      form,
      path: location.pathname,
      search: searchWithoutReturn(),
      paymentId: payment.payment_id,
      leadId: leadId ?? payment.lead_id ?? null,
      amountCents: payment.amount_cents,
      values,
      expiresAt: Date.now() + keepMs,
    });
  } catch {
    /* storage is a convenience only */
  }
  // The layout's script found nothing kept when this page opened: it sets the drop now.
  window.dispatchEvent(new Event(PAYMENT_KEPT_EVENT));
}

/** The remembered payment `paymentId`, changed by `change` (nothing when another payment is remembered). */
function updatePending(paymentId: string, change: Partial<PendingRecord>): void {
  try {
    const saved = readPending();
    if (saved?.paymentId !== paymentId) return;
    writePending({ ...saved, ...change });
  } catch {
    /* storage is a convenience only */
  }
}

/** The provider's intent of the remembered payment (Stripe's payment_intent, its client secret before '_secret_'): only its return URL resumes it. */
export function notePaymentIntent(paymentId: string, clientSecret: string): void {
  updatePending(paymentId, { intentId: clientSecret.split('_secret_')[0] });
}

/** The provider took the card of the remembered payment on the page (no redirect): its verdict is awaited, and a reload of the page asks for it again. */
export function noteVerdictAwaited(paymentId: string): void {
  updatePending(paymentId, { awaited: true });
}

/**
 * The payment this form was confirming when this page was opened, if any: the provider
 * redirected back here (redirect_status, and payment_intent naming its intent), or the server's
 * verdict on it was awaited on this page (its card taken, the page reloaded, or left when it
 * stopped waiting with the bank still confirming). It stays remembered until the server's
 * verdict, so opening the page again asks the server again. Past its time (a slow return),
 * what the shopper typed is dropped (`values` empty) but the verdict is still asked by the
 * payment's id, which is not personal: the shopper may have paid. A payment whose verdict was
 * awaited is kept, not asked, on another page or form (its own page asks when opened); anything
 * else kept is discarded here: a page opened without the return (a redirect abandoned at the
 * bank), another page's or another payment's return URL (Back, Forward), another form's, or one
 * without a lead to complete. One kept for a shopper is dropped when another shopper is signed in.
 */
export function resumedPayment(form: string): { paymentId: string; leadId: string; amountCents: number; values: Record<string, unknown> } | undefined {
  try {
    const saved = readPending();
    if (!saved) return undefined;
    // Kept for a shopper: another shopper signed in (the first's session ended without Sign out) drops it. With nobody
    // signed in (their session lapsed at the bank) it is resumed: a gated site answers its status 401 and sends them to sign in.
    const who = typeof saved.who === 'string' && saved.who !== '' ? saved.who : undefined;
    const signedIn = signedInUser($session.get());
    if (who !== undefined && signedIn !== undefined && signedIn !== who) {
      forgetPendingPayment();
      return undefined;
    }
    const query = new URLSearchParams(location.search);
    const complete = typeof saved.paymentId === 'string' && typeof saved.leadId === 'string';
    const ownPage = saved.form === form && saved.path === location.pathname;
    const returned =
      query.has('redirect_status') &&
      typeof saved.intentId === 'string' &&
      saved.intentId !== '' &&
      // The last one: the provider appends its parameters to the return_url (an older return's would come first).
      query.getAll('payment_intent').at(-1) === saved.intentId;
    const awaited = saved.awaited === true && complete;
    if (!(complete && ownPage && (returned || (awaited && (saved.search ?? '') === searchWithoutReturn())))) {
      if (!awaited) forgetPendingPayment();
      return undefined;
    }
    const fresh = typeof saved.expiresAt === 'number' && saved.expiresAt > Date.now();
    writePending({ ...saved, awaited: true, values: fresh ? saved.values : undefined });
    const values = fresh && saved.values && typeof saved.values === 'object' && !Array.isArray(saved.values) ? (saved.values as Record<string, unknown>) : {};
    return { paymentId: saved.paymentId!, leadId: saved.leadId!, amountCents: Number(saved.amountCents ?? 0), values };
  } catch {
    forgetPendingPayment();
    return undefined;
  }
}

/**
 * The provider refused the card of the remembered payment `paymentId` before taking it: the
 * payment is forgotten, unless its verdict was awaited before (its card taken earlier, the page
 * stopped waiting, the card tried again): the bank may still be confirming that one.
 */
export function forgetRefusedPayment(paymentId: string): void {
  try {
    const saved = readPending();
    if (saved?.paymentId === paymentId && saved.awaited === true) return;
  } catch {
    /* storage is a convenience only */
  }
  forgetPendingPayment();
}

/** The wait for the remembered payment's verdict has ended with one (paid, a final failure, a declined card), or the shopper signed out: nothing is kept. */
export function forgetPendingPayment(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    /* storage is a convenience only */
  }
}
