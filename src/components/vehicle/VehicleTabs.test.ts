/**
 * The vehicle tabs' offers follow the car's actions (spec §4: only an available car gets action
 * buttons; the reserve rule of src/lib/vehicle/vehicle-actions.ts): a sold car's tabs offer no
 * enquiry and no reserving, and a site that does not reserve online has no Reserve Online tab.
 */
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { vehicleActions, type ActionSiteOptions } from '../../lib/vehicle/vehicle-actions.ts';
import { SiteSchema, type Site } from '../../schemas/site.ts';
import { depositTerms } from '../../lib/forms/deposit-terms.ts';
import type { CarRecord } from '../../schemas/car.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import VehicleTabs from './VehicleTabs.astro';

const site = v.parse(SiteSchema, {
  slug: 'tab-motors',
  template: 'used-group',
  name: 'Tab Motors',
  url: 'https://tabs.example.com.au',
  phone: '+61 7 3555 0100',
});
const options: ActionSiteOptions = { testDrive: true, reserve: true, reserveBuyOnlineRoute: false, reserveDeposit: 200, tradeIn: true, onlinePurchase: false };

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

/** The tabs of a car on a site with `siteOptions`, as the vehicle page renders them. */
async function tabs(
  car: Partial<CarRecord>,
  siteOptions: Partial<ActionSiteOptions> = {},
  payments: Site['payments'] = site.payments,
  whyBuy?: { lines?: string[]; inspection?: string },
  kind?: VehicleKind,
  comments: string | null = null,
) {
  const actions = vehicleActions(makeCar({ price: 20000, ...car }), { ...options, ...siteOptions });
  const props = {
    commentsLabel: 'Dealer Comments',
    comments,
    features: [],
    warranty: '12 month warranty',
    actions,
    moneyBackGuarantee: false,
    carType: 'used',
    carName: '2021 Toyota Corolla Ascent',
    payments,
    whyBuy,
    kind,
  };
  const root = new Window().document.createElement('div');
  root.innerHTML = await container.renderToString(VehicleTabs, { props });
  return {
    labels: [...root.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent?.trim()),
    enquiries: root.querySelectorAll('[data-lead-modal]').length,
    text: root.textContent ?? '',
    whyBuy: [...root.querySelectorAll('#panel-why-buy li')].map((item) => item.textContent?.trim()),
    reserve: root.querySelector('#panel-reserve p')?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
    commentsShort: root.querySelector('#panel-comments [data-short]')?.textContent ?? null,
    commentsFull: [...root.querySelectorAll('#panel-comments p')].map((p) => p.textContent),
  };
}

describe('VehicleTabs', () => {
  it('an available car on a reserving site: Reserve Online with its deposit, and Ask about protection', async () => {
    const shown = await tabs({});
    expect(shown.labels).toEqual(['Dealer Comments', "What's Included", 'Why Buy From Us?', 'Reserve Online', 'Protect Your Car']);
    expect(shown.text).toContain('Reserve This Car');
    expect(shown.enquiries).toBe(1);
  });

  it("the Reserve Online tab states the site's deposit terms from their one owner (depositTerms): hold hours, refund and the extra terms", async () => {
    expect((await tabs({})).reserve).toBe(`Secure this car online. ${depositTerms(200, '2021 Toyota Corolla Ascent', site.payments)}`);
    const strict = { ...site.payments, deposit_hold_hours: 72, deposit_refundable: false, deposit_terms: 'Refunds are made within 5 business days.' };
    expect((await tabs({}, {}, strict)).reserve).toBe(`Secure this car online. ${depositTerms(200, '2021 Toyota Corolla Ascent', strict)}`);
  });

  it("Why Buy From Us? promises nothing of the dealer's unless the site words it (texts.why_buy, texts.why_buy_inspection, {noun} the vehicle's)", async () => {
    expect((await tabs({})).whyBuy).toEqual(['12 month warranty', `Reserve online: ${depositTerms(200, '2021 Toyota Corolla Ascent', site.payments)}`]);
    const worded = { lines: ['Trade-ins welcome: get a valuation for your current {noun}'], inspection: 'Every {noun} inspected before sale' };
    expect((await tabs({}, {}, site.payments, worded)).whyBuy.slice(0, 3)).toEqual([
      '12 month warranty',
      'Trade-ins welcome: get a valuation for your current car',
      'Every car inspected before sale',
    ]);
    // Another kind's noun, so a 'car' written into the tab fails.
    const bike = await tabs({}, {}, site.payments, worded, 'motorcycle');
    expect(bike.whyBuy).toContain('Trade-ins welcome: get a valuation for your current bike');
    expect(bike.whyBuy).toContain('Every bike inspected before sale');
    expect(bike.labels).toContain('Protect Your Bike');
    expect(bike.text).not.toMatch(/\bcar\b/i);
  });

  it('a sold car: no Reserve Online tab and no enquiry', async () => {
    const shown = await tabs({ status: 'sold' });
    expect(shown.labels).toEqual(['Dealer Comments', "What's Included", 'Why Buy From Us?', 'Protect Your Car']);
    expect(shown.text).not.toContain('enquire');
    expect(shown.enquiries).toBe(0);
  });

  it('a site that does not reserve online (features.reserve false): no Reserve Online tab; the car still takes enquiries', async () => {
    const shown = await tabs({}, { reserve: false });
    expect(shown.labels).not.toContain('Reserve Online');
    expect(shown.enquiries).toBe(1);
  });

  it('a car the reserving site cannot reserve (already reserved): the tab says so and points to an enquiry', async () => {
    const shown = await tabs({ reserved: true });
    expect(shown.labels).toContain('Reserve Online');
    expect(shown.text).toContain("This car can't be reserved online right now. Please enquire and our team will help.");
  });

  it('dealer comments collapse at exactly 400 characters (spec §4), mid-word too, with show more/less', async () => {
    const comments = 'Hybrid efficiency meets everyday practicality in this well kept Corolla Cross, serviced on time. '.repeat(6);
    const shown = await tabs({}, {}, site.payments, undefined, undefined, comments);
    expect(shown.commentsShort).toBe(`${comments.slice(0, 400)}…`);
    expect(shown.commentsShort).toHaveLength(401);
    expect(shown.text).toContain('Show more');
    const whole = await tabs({}, {}, site.payments, undefined, undefined, comments.slice(0, 400));
    expect(whole.commentsShort).toBeNull();
    expect(whole.commentsFull).toEqual([comments.slice(0, 400).trim()]);
  });
});
