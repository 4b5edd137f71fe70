/**
 * docs/payments.md "Webhooks": every event id acted on is stored and a replayed event is ignored,
 * one endpoint per site, and sites may share one Stripe account (STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET for all). Stripe then sends each of the account's events to every site's
 * endpoint. An event another site's endpoint received first (and found no payment of its own
 * in) must still be acted on by the site whose payment it is: event ids are per site.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const contact = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`two sites of one Stripe account on ${kind}`, () => {
    let stripe: StripeStandIn;
    let folder: ReturnType<typeof tempDir>;
    let database: Awaited<ReturnType<typeof testDatabase>>;
    let app: LeadApi;

    beforeAll(async () => {
      folder = tempDir('payments-shared-');
      stripe = await startStripeStandIn();
      const tenants = join(folder.dir, 'tenants');
      writeTestTenants(tenants);
      // A second site on the same account: a copy of alpha under its own slug and host.
      cpSync(join(tenants, 'alpha'), join(tenants, 'gamma'), { recursive: true });
      for (const [slug, extra] of [
        ['alpha', {}],
        ['gamma', { slug: 'gamma', name: 'Gamma Motors', url: 'https://gamma.example.com.au' }],
      ] as const) {
        const file = join(tenants, slug, 'site.json');
        const site = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        writeFileSync(
          file,
          JSON.stringify({ ...site, ...extra, reserve_deposit: 250, payments: { provider: 'stripe', publishable_key: stripe.publishableKey } }),
        );
      }
      database = await testDatabase(kind, folder.dir);
      app = await testApp(database.db, tenants, {
        payments: { env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url }, sweepMs: 3_600_000 },
      });
    });
    afterAll(async () => {
      await app?.close();
      await database?.stop();
      await stripe?.close();
      folder?.remove();
    });

    const post = (slug: string, event: SignedEvent) =>
      app.inject({
        method: 'POST',
        url: `/api/payments/webhook/${slug}`,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
        payload: event.payload,
      });

    it("a site's payment is acted on though another site's endpoint received its event first", async () => {
      const lead = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: ALPHA,
        payload: { ...contact, category: 'Reserve', subcategory: 'Reserve Online', car_id: '1', form_completed: false },
      });
      expect(lead.statusCode).toBe(201);
      const started = await app.inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers: ALPHA,
        payload: { lead_id: lead.json().lead_id, attempt: `shared-${kind}`, terms_conditions: true },
      });
      expect(started.statusCode).toBe(201);
      const paymentId = started.json().payment_id as string;
      expect((await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} })).statusCode).toBe(201);
      const ref = [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId)!.id;
      const event = stripe.pay(ref);
      expect((await post('gamma', event)).json()).toMatchObject({ outcome: 'unknown payment' });
      expect((await post('alpha', event)).json()).toMatchObject({ outcome: 'paid' });
      expect((await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: ALPHA })).json().status).toBe('paid');
      // Replayed to alpha, it is ignored as before.
      expect((await post('alpha', event)).json()).toMatchObject({ duplicate: true });
    });
  });
}
