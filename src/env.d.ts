/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** 'stand-in' in browser-test builds only: the payment seam loads the Stripe stand-in client (docs/payments.md). */
  readonly PUBLIC_PAYMENT_CLIENT?: string;
}

/**
 * An .astro component imported from TypeScript (component tests render them with Astro's
 * container): `astro check` reads the component itself; plain `tsc` sees a component factory.
 */
declare module '*.astro' {
  const Component: Parameters<import('astro/container').experimental_AstroContainer['renderToString']>[0];
  export default Component;
}
