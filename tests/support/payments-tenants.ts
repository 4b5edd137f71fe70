/**
 * Test tenants set up for card payments (the payments integration tests): a site taking
 * deposits through the Stripe stand-in, and more in-stock cars to hold.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StripeStandIn } from './stripe-stand-in.ts';

/** The tenant's site.json with payments by the Stripe stand-in and a $250 deposit (`extra` overrides other settings). */
export function takeCardPayments(tenantsDir: string, slug: string, stripe: StripeStandIn, extra: Record<string, unknown> = {}): void {
  const file = join(tenantsDir, slug, 'site.json');
  const site = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...site, ...extra, reserve_deposit: 250, payments: { provider: 'stripe', publishable_key: stripe.publishableKey } }));
}

/** Add in-stock copies of the tenant's car 3 under `ids` (slug alpha-corolla-<id>, stock number S<id>), replacing cars of those ids. */
export function addStockCars(tenantsDir: string, slug: string, ids: readonly number[]): void {
  const file = join(tenantsDir, slug, 'stock.json');
  const stock = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  const model = stock.find((record) => record.id === 3)!;
  writeFileSync(
    file,
    JSON.stringify([
      ...stock.filter((record) => !ids.includes(Number(record.id))),
      ...ids.map((id) => ({ ...model, id, slug: `alpha-corolla-${id}`, stocknum: `S${id}` })),
    ]),
  );
}
