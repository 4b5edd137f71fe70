/**
 * /sell-my-car's trade-in text says what the site buys (docs/decisions.md "Wording by the kinds
 * of vehicle sold"): a car site keeps the spec's FAQ facts, kilometres and odometer included
 * (spec §9 trade-in FAQ); a caravan-only site, whose vans have no odometer, names neither in
 * the FAQ, the How it works steps or the Online offers card.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../lib/site/tenant.ts';
import type { Site } from '../../schemas/site.ts';
import InstantOfferPage from './InstantOfferPage.astro';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const car = loadTenant('tests/fixtures/tenants/forms-demo', NOW).site;
const caravan = loadTenant('tests/fixtures/tenants/search-options', NOW).site;

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
  // The instant offer form is a React island.
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
});

/** The page's trade-in text (FAQ, How it works, Online offers) on `site`, one string per block. */
async function tradeInText(site: Site): Promise<{ faq: string; steps: string; limits: string }> {
  const html = await container.renderToString(InstantOfferPage, {
    props: { title: 'Sell My Car', intro: 'Get an offer.', mode: 'instant-offer', chrome: { site, menu: [], buttons: [], footer: [], buildTime: NOW } },
    request: new Request(`${site.url}/sell-my-car`),
  });
  const root = new Window().document.createElement('div');
  root.innerHTML = html;
  const text = (selector: string) => (root.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return { faq: text('.trade-in-faq'), steps: text('.how-it-works'), limits: text('.instant-offer-page__limits p') };
}

describe('InstantOfferPage trade-in text', () => {
  it("a car site keeps the spec's facts: the km limit, a matching odometer, the kilometres that value it", async () => {
    const { faq, steps, limits } = await tradeInText(car);
    expect(steps).toContain('Photos are optional; the kilometres and condition help us value it.');
    expect(faq).toContain("We can't give an online estimate for vehicles over 7 years old or with more than 100,000 km.");
    expect(faq).toContain('an odometer reading that matches what you told us');
    expect(limits).toBe('For vehicles up to 7 years old and 100,000 km. Outside those limits, our buying team values your car in person.');
  });

  it('a caravan-only site names no odometer or kilometres anywhere on the page', async () => {
    const { faq, steps, limits } = await tradeInText(caravan);
    for (const text of [faq, steps, limits]) expect(text).not.toMatch(/odometer|kilometre|\bkms?\b/i);
    expect(steps).toContain('Photos are optional; its age and condition help us value it.');
    expect(faq).toContain(
      "We can't give an online estimate for vehicles over 7 years old. Please contact our buying team and we will value your caravan in person.",
    );
    expect(faq).toContain('The caravan must have current registration, its service history,');
    expect(limits).toBe('For vehicles up to 7 years old. Outside that limit, our buying team values your caravan in person.');
  });
});
