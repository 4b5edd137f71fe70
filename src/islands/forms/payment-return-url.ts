/**
 * The return_url given to the payment provider (payment-stripe.tsx): this page without an
 * earlier return's parameters (docs/payments.md, step 3).
 */

/** What the provider appends to the return URL (Stripe's return from a redirect, 3-D Secure). */
const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/**
 * This page (`href`, by default where the browser is) without an earlier return's parameters,
 * so a payment tried again after a failed redirect returns naming only its own payment.
 */
export function paymentReturnUrl(href: string = location.href): string {
  const url = new URL(href);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  return url.href;
}
