/**
 * A location's Google review count as its card and its page print it: grouped in thousands
 * ('1,012 reviews'), and one review in the singular.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteImageOptions } from '../../lib/images.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import LocationCard from './LocationCard.astro';
import LocationDetail from './LocationDetail.astro';
import { paragraphText } from '../../../tests/support/html-text.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const { site } = loadTenant('tests/fixtures/tenants/site-locations', NOW);
const rated = site.locations.find((location) => location.reviews)!;

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
  // The opening status and the map are React islands.
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
});

const withCount = (count: number) => ({ ...rated, reviews: { average_rating: 4.8, count } });
describe("a location's review count", () => {
  it('on its card: grouped, and singular for one', async () => {
    const card = async (count: number) =>
      paragraphText(
        await container.renderToString(LocationCard, { props: { location: withCount(count), timeZone: site.timezone } }),
        'class="location-card__rating"',
      );
    expect(await card(1012)).toBe('★ Rated 4.8 out of 5 (1,012 reviews)');
    expect(await card(1)).toBe('★ Rated 4.8 out of 5 (1 review)');
  });

  it("on its page's rating badge: grouped, and singular for one", async () => {
    const badge = async (count: number) => {
      const location = withCount(count);
      const props = { location, all: [location], timeZone: site.timezone, now: NOW, imageOptions: siteImageOptions(site) };
      return paragraphText(await container.renderToString(LocationDetail, { props }), 'data-testid="rating-badge"');
    };
    expect(await badge(1012)).toBe('★ 4.8 Google rating · Based on 1,012 reviews');
    expect(await badge(1)).toBe('★ 4.8 Google rating · Based on 1 review');
  });
});
