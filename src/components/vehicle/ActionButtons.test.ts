/**
 * The vehicle page's Reserve button states the deposit as every other place does (depositMoney,
 * src/lib/forms/deposit-terms.ts): whole dollars ('$200'), its cents when it has some.
 */
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VehicleActions } from '../../lib/vehicle/vehicle-actions.ts';
import ActionButtons from './ActionButtons.astro';

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

/** The Reserve button's text for a site whose deposit is `deposit`. */
async function reserveButton(deposit: number): Promise<string> {
  const actions: VehicleActions = {
    primary: 'test-drive',
    reserve: { deposit, href: '/cars/car-1/checkout' },
    reserveTab: true,
    buyOnline: null,
    tradeIn: null,
    historyReport: null,
    enquire: true,
    findSimilar: false,
  };
  const props = {
    actions,
    carId: '1',
    slug: 'car-1',
    enquireLabel: 'Enquire Now',
    financeLabel: 'Get Finance',
    financeHref: '/finance',
    pdfEndpoint: null,
    similarHref: '/',
  };
  const root = new Window().document.createElement('div');
  root.innerHTML = await container.renderToString(ActionButtons, { props });
  return root.querySelector('[data-testid="reserve-button"]')!.textContent!.replace(/\s+/g, ' ').trim();
}

describe('the Reserve button', () => {
  it.each([
    [200, 'Reserve This Car – $200 deposit'],
    [199.99, 'Reserve This Car – $199.99 deposit'],
  ])('a deposit of %s reads %j', async (deposit, text) => {
    expect(await reserveButton(deposit)).toBe(text);
  });
});
