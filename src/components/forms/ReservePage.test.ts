/**
 * The reserve page states the deposit terms as the deposit step and /success do, from their one
 * owner (`depositTerms`, src/lib/forms/deposit-terms.ts; docs/payments.md): how long the deposit
 * holds the car, whether it is refundable, and the site's extra terms.
 */
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../lib/site/tenant.ts';
import { depositTerms } from '../../lib/forms/deposit-terms.ts';
import type { Site } from '../../schemas/site.ts';
import { plainText, renderedRoot } from '../../../tests/support/astro-render.ts';
import ReservePage from './ReservePage.astro';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const tenant = loadTenant('tests/fixtures/tenants/payments-demo', NOW);
const car = tenant.visible.find((item) => item.status === 'in_stock')!;

/** The text of the reserve page's introduction (the paragraph under its heading) on `site`. */
async function introduction(site: Site): Promise<string> {
  const root = await renderedRoot(ReservePage, {
    props: { car, chrome: { site, menu: [], buttons: [], footer: [], buildTime: NOW } },
    request: new Request(`${site.url}/cars/${car.slug}/checkout`),
  });
  return plainText(root.querySelector('.reserve-page h1 + p'));
}

describe('ReservePage', () => {
  it("states the site's deposit terms as the deposit step does: hold hours, refund and the extra terms", async () => {
    const payments = { ...tenant.site.payments, deposit_hold_hours: 72, deposit_refundable: false, deposit_terms: 'Refunds are made within 5 business days.' };
    const site = { ...tenant.site, reserve_deposit: 500, payments };
    expect(await introduction(site)).toBe(depositTerms(500, car.name, payments));
  });

  it('adds that no card is taken online on a site without a payment provider', async () => {
    const payments = { ...tenant.site.payments, provider: 'none' as const };
    const site = { ...tenant.site, payments };
    expect(await introduction(site)).toBe(
      `${depositTerms(site.reserve_deposit, car.name, payments)} No card is taken online: our team will call you to take the deposit.`,
    );
  });
});
