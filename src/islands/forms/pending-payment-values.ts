/**
 * Every page of the site (SiteLayout's script): what the shopper typed for a payment is kept in
 * this tab (sessionStorage `pending_payment`, pending-payment.ts) only for the payment's hold
 * time, wherever the shopper went meanwhile: a redirect abandoned at the bank leaves it kept,
 * and only the payment's own page would clear it. Imports nothing, so every page's script
 * carries it inline; the payment islands (pending-payment.ts) tell it by an event when they
 * keep a payment on a page already open.
 */

/** The same key as pending-payment.ts. */
const PENDING_KEY = 'pending_payment';

/** The same event name as pending-payment.ts: a payment was kept on this page. */
const PAYMENT_KEPT_EVENT = 'pending-payment-kept';

/** The longest delay a browser's setTimeout takes (about 24.8 days); a longer one fires at once. */
const LONGEST_TIMEOUT_MS = 2_147_483_647;

/**
 * Drop what the shopper typed from the kept payment once its hold time (`expiresAt`) has
 * passed: now, or when that time comes while this page is open. The payment's ids stay: they
 * are not personal, and its page asks the server for its verdict with them.
 */
export function dropExpiredPaymentValues(): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { values?: unknown; expiresAt?: unknown } | null;
    if (!saved || typeof saved !== 'object' || saved.values === undefined) return;
    const left = (typeof saved.expiresAt === 'number' ? saved.expiresAt : 0) - Date.now();
    if (left > 0) {
      // Read again then: another payment may be kept by that time.
      setTimeout(dropExpiredPaymentValues, Math.min(left, LONGEST_TIMEOUT_MS));
      return;
    }
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...saved, values: undefined }));
  } catch {
    /* storage is a convenience only */
  }
}

/**
 * The layout's script: drop what has expired now, set the drop of a payment kept later on this
 * page (the page the card is submitted on), and check again whenever the page is shown from the
 * back/forward cache (its script is not run again, and what is kept may have changed meanwhile).
 */
export function dropPaymentValuesWhenExpired(): void {
  dropExpiredPaymentValues();
  window.addEventListener(PAYMENT_KEPT_EVENT, dropExpiredPaymentValues);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) dropExpiredPaymentValues();
  });
}
