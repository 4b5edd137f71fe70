/**
 * The online purchase journey (/checkout-journey, src/pages/checkout-journey.astro) states the
 * reserve deposit as the deposit step, the reserve page and /success do, from their one owner
 * (`depositTerms`, src/lib/forms/deposit-terms.ts; docs/payments.md): how long the deposit holds
 * the car, whether it is refundable, and the site's extra terms.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadTenant } from '../../lib/site/tenant.ts';
import { depositTerms } from '../../lib/forms/deposit-terms.ts';
import type { Site } from '../../schemas/site.ts';
import { plainText, renderedRoot } from '../../../tests/support/astro-render.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const tenant = loadTenant('tests/fixtures/tenants/payments-demo', NOW);
// The page reads its site through siteData(); here it is the site each test sets.
const current = vi.hoisted(() => ({ site: null as unknown }));
vi.mock('../../site-data/site-data.ts', () => ({
  siteData: () => ({ site: current.site, chrome: () => ({ site: current.site, menu: [], buttons: [], footer: [], buildTime: NOW }) }),
}));

/** The text of the journey's introduction (the paragraph under its heading) on `site`. */
async function introduction(site: Site): Promise<string> {
  current.site = site;
  const { default: CheckoutJourney } = await import('../../pages/checkout-journey.astro');
  const root = await renderedRoot(CheckoutJourney, { request: new Request(`${site.url}/checkout-journey?car_id=x`) });
  return plainText(root.querySelector('h1 + p'));
}

describe('/checkout-journey', () => {
  it("states the site's deposit terms: hold hours, refund and the extra terms", async () => {
    const payments = { ...tenant.site.payments, deposit_hold_hours: 72, deposit_refundable: false, deposit_terms: 'Refunds are made within 5 business days.' };
    const site = { ...tenant.site, reserve_deposit: 1500, payments, features: { ...tenant.site.features, online_purchase: true } };
    expect(await introduction(site)).toBe(`Buy your next car online in three steps. ${depositTerms(1500, 'car', payments)}`);
  });

  it('adds that no card is taken online on a site without a payment provider', async () => {
    const payments = { ...tenant.site.payments, provider: 'none' as const };
    const site = { ...tenant.site, payments, features: { ...tenant.site.features, online_purchase: true } };
    expect(await introduction(site)).toBe(
      `Buy your next car online in three steps. ${depositTerms(site.reserve_deposit, 'car', payments)} No card is taken online: our team will call you to take the deposit.`,
    );
  });
});
