/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** 'stand-in' in browser-test builds only: the payment seam loads the Stripe stand-in client (docs/payments.md). */
  readonly PUBLIC_PAYMENT_CLIENT?: string;
}
