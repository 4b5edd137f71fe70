/**
 * The home-page tile prints the vehicle page's headline price (docs/vehicle-page.md "ACL total
 * price"): a car whose feed gives an excl. government charges price and a drive-away total leads
 * with the total, and prints a was figure only above it.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../lib/site/tenant.ts';
import CarTile from './CarTile.astro';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const { site, visible } = loadTenant('tests/fixtures/tenants/vehicle-showroom', NOW);

const rav4 = visible.find((item) => item.price === 40000 && item.price_type === 'Excl. Govt. Charges')!;

/** The tile's price line as text. */
async function priceLine(car: typeof rav4): Promise<string> {
  const container = await experimental_AstroContainer.create();
  // The tile's picture and price line are React components.
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
  const html = await container.renderToString(CarTile, { props: { car, site } });
  return /class="car-tile__price"[^>]*>(.*?)<\/p>/.exec(html)![1]!.replace(/<[^>]+>/g, '');
}

describe('CarTile', () => {
  it("leads with the drive-away total: '$44,500 Drive Away', not '$40,000 Excl. Govt. Charges'", async () => {
    expect(await priceLine(rav4)).toBe('$44,500 Drive Away');
  });

  it('prints a was figure only above the drive-away total it leads with', async () => {
    expect(await priceLine({ ...rav4, before_price: 42000 })).toBe('$44,500 Drive Away');
    expect(await priceLine({ ...rav4, before_price: 46000 })).toBe('$44,500 Drive Away Was $46,000');
  });
});
