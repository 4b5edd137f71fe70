/**
 * The vehicle page's "Why Buy From Us?" section states the reserve deposit in the site's terms,
 * from their one owner (`depositTerms`, src/lib/forms/deposit-terms.ts; docs/payments.md): how
 * long the deposit holds the car, whether it is refundable, and the site's extra terms; and only
 * on the page of a car that can be reserved (the car's reserve action, vehicleActions).
 */
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../lib/site/tenant.ts';
import { depositTerms } from '../../lib/forms/deposit-terms.ts';
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { plainText, renderedRoot } from '../../../tests/support/astro-render.ts';
import VehiclePage from './VehiclePage.astro';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const tenant = loadTenant('tests/fixtures/tenants/payments-demo', NOW);
const inStock = tenant.visible.find((item) => item.status === 'in_stock')!;

/** The items of the page's "Why Buy From Us?" list and its Reserve Online tab's text, for `car` on `site`. */
async function render(site: Site, car: Car = inStock): Promise<{ whyBuy: string[]; reserveTab: string }> {
  const root = await renderedRoot(VehiclePage, {
    props: { car, similar: [], chrome: { site, menu: [], buttons: [], footer: [], buildTime: NOW }, search: async () => ({ config: {} }) },
    request: new Request(`${site.url}/cars/${car.slug}`),
  });
  return { whyBuy: [...root.querySelectorAll('#why-title + ul li')].map(plainText), reserveTab: plainText(root.querySelector('#panel-reserve')) };
}

describe('VehiclePage: Why Buy From Us?', () => {
  it("states the reserve deposit in the site's terms: hold hours, refund and the extra terms", async () => {
    const payments = { ...tenant.site.payments, deposit_hold_hours: 72, deposit_refundable: false, deposit_terms: 'Refunds are made within 5 business days.' };
    const site = { ...tenant.site, reserve_deposit: 500, payments };
    expect((await render(site)).whyBuy).toContain(`Reserve online: ${depositTerms(500, inStock.name, payments)}`);
  });

  it.each<[string, Partial<Car>]>([
    ['sold', { status: 'sold' }],
    ['already reserved', { reserved: true }],
    ['coming soon', { status: 'coming_soon' }],
    ['Test Drive Only', { tag: 'Test Drive Only' }],
    ['without a price', { price: 0 }],
  ])('promises no deposit hold on the page of a car that cannot be reserved (%s)', async (_, fields) => {
    const { whyBuy, reserveTab } = await render(tenant.site, { ...inStock, ...fields });
    expect(whyBuy.length).toBeGreaterThan(0);
    expect(whyBuy.filter((item) => /reserve|deposit|holds/i.test(item))).toEqual([]);
    expect(reserveTab).not.toContain('deposit holds');
  });
});
