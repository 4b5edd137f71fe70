/**
 * The lead API of the payments integration tests: the test tenants (alpha taking deposits
 * through the Stripe stand-in, with more cars to hold) delivering to a webhook receiver, on a
 * database of the kind asked for. stop() ends all it started.
 */
import { join } from 'node:path';
import type { AppOptions, AppPaymentsOptions, LeadApi } from '../../src/server/app.ts';
import { paymentsSettings, type PaymentLimits } from '../../src/config/server-settings.ts';
import type { PaymentProvider } from '../../src/server/features/payments/payments.ts';
import { stripeProvider } from '../../src/server/features/payments/stripe-provider.ts';
import { addStockCars, takeCardPayments } from './payments-tenants.ts';
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from './stripe-stand-in.ts';
import { startWebhookReceiver, tempDir, testApp, testDatabase, writeTestTenants, type DatabaseKind, type WebhookReceiver } from './server-helpers.ts';

/** The payments options of a lead API on the Stripe stand-in: its keys and address, expired holds left to the tests (an hourly sweep), the settings with `limits` as given. */
export function standInPayments(stripe: StripeStandIn, limits: Partial<PaymentLimits> = {}): AppPaymentsOptions {
  return {
    env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url },
    sweepMs: 3_600_000,
    settings: paymentsSettings({ limits }),
  };
}

/** Post a stand-in's signed event to alpha's payments webhook, as Stripe delivers it (with no `header`: unsigned); the answer. */
export function postWebhookEvent(app: LeadApi, event: Pick<SignedEvent, 'payload'> & { header: string | null }) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook/alpha',
    headers: { 'content-type': 'application/json', ...(event.header ? { 'stripe-signature': event.header } : {}) },
    payload: event.payload,
  });
}

/** The Stripe provider (stripe-provider.ts) on the stand-in, for a test that replaces or wraps one of its calls. */
export function standInProvider(stripe: StripeStandIn): PaymentProvider {
  return stripeProvider({
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    publishableKey: stripe.publishableKey,
    api: { host: '127.0.0.1', port: stripe.port, protocol: 'http' },
  });
}

/** `provider` whose getPayment (asking Stripe for a payment's state) fails as an unreachable Stripe's does while `unreachable()` says so (by default always). */
export function unreachableAsking(provider: PaymentProvider, unreachable: () => boolean = () => true): PaymentProvider {
  return { ...provider, getPayment: (ref) => (unreachable() ? Promise.reject(new Error('connect ECONNREFUSED')) : provider.getPayment(ref)) };
}

export interface PaymentsApp {
  stripe: StripeStandIn;
  hook: WebhookReceiver;
  folder: ReturnType<typeof tempDir>;
  /** The tenants folder (inside `folder`). */
  tenants: string;
  database: Awaited<ReturnType<typeof testDatabase>>;
  app: LeadApi;
  stop(): Promise<void>;
}

/**
 * Start the stand-in, the receiver, the database and the lead API in a new folder named from
 * `prefix`. `cars`: in-stock cars added to alpha (addStockCars); `options`: the app's options
 * given the stand-in (default: its payments, standInPayments). What started is stopped when a
 * later step fails.
 */
export async function startPaymentsApp(
  kind: DatabaseKind,
  prefix: string,
  setup: { cars?: readonly number[]; options?: (stripe: StripeStandIn) => Partial<AppOptions> } = {},
): Promise<PaymentsApp> {
  const folder = tempDir(prefix);
  const started: Partial<Omit<PaymentsApp, 'folder' | 'tenants' | 'stop'>> = {};
  const stop = async () => {
    await started.app?.close();
    await started.database?.stop();
    await started.stripe?.close();
    await started.hook?.close();
    folder.remove();
  };
  try {
    const stripe = (started.stripe = await startStripeStandIn());
    const hook = (started.hook = await startWebhookReceiver());
    const tenants = join(folder.dir, 'tenants');
    writeTestTenants(tenants, hook.url);
    takeCardPayments(tenants, 'alpha', stripe);
    if (setup.cars) addStockCars(tenants, 'alpha', setup.cars);
    const database = (started.database = await testDatabase(kind, folder.dir));
    const app = (started.app = await testApp(database.db, tenants, setup.options?.(stripe) ?? { payments: standInPayments(stripe) }));
    return { stripe, hook, folder, tenants, database, app, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
