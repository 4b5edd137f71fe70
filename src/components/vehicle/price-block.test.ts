/**
 * The vehicle page's price panel and the print sheet lead with the headline price (spec §4
 * order: a subscription first where the site offers one), and where a sale price is shown
 * below it the drive-away total is at least as prominent as the excl. government charges
 * component (ACL s48; docs/vehicle-page.md "ACL total price"). The was-price follows the tiles'
 * rule (price.ts wasPrice): only above the headline it is printed after.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer } from 'astro/container';
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../lib/site/tenant.ts';
import { tilePrice, priceOptions } from '../../lib/vehicle/price.ts';
import { vehicleView } from '../../lib/vehicle/view.ts';
import PricePanel from './PricePanel.astro';
import PrintSheet from './PrintSheet.astro';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
// The showroom site offers subscriptions (site.json offers_subscription).
const { site, visible } = loadTenant('tests/fixtures/tenants/vehicle-showroom', NOW);
const rav4 = visible.find((item) => item.price === 40000 && item.price_type === 'Excl. Govt. Charges')!;
const subscribed = { ...rav4, subscription_price: 189 };

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
  container.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
});

/** The price lines of `html` (elements matching `selector`) as [text, classes]; a label set apart by its element is a word apart. */
function lines(html: string, selector: string): [string, string[]][] {
  const root = new Window().document.createElement('div');
  root.innerHTML = html;
  const scope = root.querySelector('template')?.content ?? root;
  return [...scope.querySelectorAll(selector)].map((line) => [
    line.innerHTML
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    [...line.classList],
  ]);
}

/** The font size (rem) `css` gives a line of `classes` (rules `{scope}.{class}`), else 1 (the body's). */
function fontSize(css: string, classes: string[], scope = ''): number {
  for (const name of classes) {
    const rule = new RegExp(`${scope.replace(/\./g, '\\.')}\\.${name}\\s*\\{[^}]*font-size:\\s*([\\d.]+)rem`).exec(css);
    if (rule) return Number(rule[1]);
  }
  return 1;
}

/** The lines of `all` whose text starts with `money`. */
const line = (all: [string, string[]][], money: string) => all.find(([text]) => text.startsWith(money))!;

describe('the price panel', () => {
  const css = readFileSync('src/components/vehicle/vehicle.css', 'utf8');
  const panel = async (car: typeof rav4) => {
    const view = vehicleView(car, site, NOW);
    return lines(await container.renderToString(PricePanel, { props: { block: view.priceBlock, was: view.was, market: view.market } }), '.price-panel > p');
  };

  it('leads with the subscription where the site offers one, the drive-away total and then its component below', async () => {
    const shown = await panel(subscribed);
    expect(shown.map(([text]) => text)).toEqual(['$189/week Subscription', '$44,500 Drive Away', '$40,000 Excl. Govt. Charges']);
    expect(fontSize(css, line(shown, '$44,500')[1])).toBeGreaterThanOrEqual(fontSize(css, line(shown, '$40,000')[1]));
  });

  it('leads with the drive-away total where no subscription is shown, its component below and smaller', async () => {
    const shown = await panel(rav4);
    expect(shown.map(([text]) => text)).toEqual(['$44,500 Drive Away', '$40,000 Excl. Govt. Charges']);
    expect(fontSize(css, line(shown, '$44,500')[1])).toBeGreaterThan(fontSize(css, line(shown, '$40,000')[1]));
  });
});

// Spec §4: a was-price when before_price exceeds the price; a $42,000 was under a $44,500
// drive-away headline (its $40,000 component below it) would read as a rise, so the page, the
// print sheet and the tiles all show it only above the headline.
describe('the was-price on the panel and the print sheet, as on the tiles', () => {
  const wasLines = async (car: typeof rav4) => {
    const view = vehicleView(car, site, NOW);
    const panel = lines(
      await container.renderToString(PricePanel, { props: { block: view.priceBlock, was: view.was, market: view.market } }),
      '.price-panel > p',
    );
    const sheet = lines(await container.renderToString(PrintSheet, { props: { view, site } }), '.top p');
    return [panel, sheet].map((all) => all.map(([text]) => text).filter((text) => text.startsWith('Was')));
  };

  it('before_price between the excl. government charges price and the drive-away headline: no was-price anywhere', async () => {
    const car = { ...rav4, before_price: 42000 };
    expect(await wasLines(car)).toEqual([[], []]);
    expect(tilePrice(car, priceOptions(site)).was).toBeNull();
  });

  it('before_price above the drive-away headline: the was-price on the panel, the print sheet and the tile', async () => {
    const car = { ...rav4, before_price: 46000 };
    expect(await wasLines(car)).toEqual([['Was $46,000'], ['Was $46,000']]);
    expect(tilePrice(car, priceOptions(site)).was).toBe(46000);
  });
});

describe('the print sheet', () => {
  const css = readFileSync('src/pages/print.astro', 'utf8');
  const sheet = async (car: typeof rav4) =>
    lines(await container.renderToString(PrintSheet, { props: { view: vehicleView(car, site, NOW), site } }), '.top p').filter(([text]) =>
      text.startsWith('$'),
    );

  it('prints the subscription first, the drive-away total and then its component, the total at least as prominent', async () => {
    const shown = await sheet(subscribed);
    expect(shown.map(([text]) => text)).toEqual(['$189/week Subscription', '$44,500 Drive Away', '$40,000 Excl. Govt. Charges']);
    expect(fontSize(css, line(shown, '$44,500')[1], '.print-sheet ')).toBeGreaterThanOrEqual(fontSize(css, line(shown, '$40,000')[1], '.print-sheet '));
  });

  it('prints the drive-away total first where no subscription is shown', async () => {
    const shown = await sheet(rav4);
    expect(shown.map(([text]) => text)).toEqual(['$44,500 Drive Away', '$40,000 Excl. Govt. Charges']);
  });
});
