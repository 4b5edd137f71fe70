/**
 * Car tiles lead with the vehicle page's headline price (docs/vehicle-page.md "ACL total
 * price", `headlinePrice`): the home-page tile, the search result card (rendered from the hit the
 * embedded index file gives back) and the similar-vehicles tile, for every car of a fixture
 * whose feed breaks a price down into an excl. government charges price and a drive-away total;
 * and each prints a was figure only above the price it leads with (`tilePrice`).
 */
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../lib/site/tenant.ts';
import { formatMoney } from '../../lib/text/format.ts';
import { headlinePrice, priceOptions } from '../../lib/vehicle/price.ts';
import { vehicleTileView } from '../../lib/vehicle/view.ts';
import { toSearchDocuments } from '../../search/core/documents.ts';
import { decodeIndex, encodeIndex } from '../../search/engine/embedded-index.ts';
import type { SearchHit } from '../../search/engine/engine.ts';
import { cardHtml as renderCard, plainCardOptions, similarHtml as renderSimilar } from '../../../tests/support/car-tiles.tsx';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const { site, visible } = loadTenant('tests/fixtures/tenants/vehicle-showroom', NOW);
const options = priceOptions(site);
const card = plainCardOptions(site, NOW);
// The hits as the browser gets them: through the index file's JSON.
const hitsOf = (cars: typeof visible) =>
  decodeIndex(JSON.parse(JSON.stringify(encodeIndex(site.slug, toSearchDocuments(cars, site))))).map((document): SearchHit => ({
    ...document,
    objectID: document.uid,
  }));
const hits = hitsOf(visible);

/** The price line's figure and label in server markup ('$44,500 Drive Away'). */
function shownPrice(html: string, className: string): string {
  const line = new RegExp(`class="${className}"><strong>(.*?)</strong>(?:<span class="muted"> (?:<!-- -->)?(.*?)</span>)?`).exec(html);
  if (!line) throw new Error(`no ${className} in ${html}`);
  return [line[1], line[2]].filter(Boolean).join(' ');
}

/** The was figure a tile prints after its price ('$46,000'); null when it prints none. */
function shownWas(html: string, block: string): string | null {
  return new RegExp(`class="${block}__was">.*?Was (?:<!-- -->)?<s>(.*?)</s>`).exec(html)?.[1] ?? null;
}

const cardHtml = (hit: SearchHit) => renderCard(hit, card);
const similarHtml = (hit: SearchHit) => renderSimilar(hit, site);

const available = visible.filter((car) => car.status !== 'sold');
const expected = (car: (typeof visible)[number]) => {
  const headline = headlinePrice(car, options);
  return [headline.text, headline.label].filter(Boolean).join(' ');
};

describe('tiles lead with the headline price', () => {
  it('the fixture has a car whose drive-away total leads ($40,000 Excl. Govt. Charges, $44,500 drive away)', () => {
    const acl = available.find((car) => car.price === 40000 && car.price_type === 'Excl. Govt. Charges');
    expect(acl && expected(acl)).toBe('$44,500 Drive Away');
  });

  it.each(available.map((car) => [car.slug, car] as const))('home-page tile of %s', (_slug, car) => {
    const tile = vehicleTileView(car, site);
    expect([tile.price.headline.text, tile.price.headline.label].filter(Boolean).join(' ')).toBe(expected(car));
  });

  it.each(available.map((car) => [car.slug, car] as const))('search result card of %s', (_slug, car) => {
    const hit = hits.find((item) => item.id === String(car.id))!;
    expect(shownPrice(cardHtml(hit), 'search-card__price')).toBe(expected(car));
  });

  it.each(available.map((car) => [car.slug, car] as const))('similar-vehicles tile of %s', (_slug, car) => {
    const hit = hits.find((item) => item.id === String(car.id))!;
    expect(shownPrice(similarHtml(hit), 'car-tile__price')).toBe(expected(car));
  });
});

describe('a tile prints a was figure only above the price it leads with', () => {
  const rav4 = available.find((car) => car.price === 40000 && car.price_type === 'Excl. Govt. Charges')!;
  it.each<[number, string | null]>([
    [42000, null],
    [46000, '$46,000'],
  ])('the car led by a 44,500 drive-away total (40,000 Excl. Govt. Charges) with before_price %s: was %s', (before, was) => {
    const car = { ...rav4, before_price: before };
    const [hit] = hitsOf([car]);
    expect(shownWas(cardHtml(hit!), 'search-card')).toBe(was);
    expect(shownWas(similarHtml(hit!), 'car-tile')).toBe(was);
    const tile = vehicleTileView(car, site).price;
    expect(tile.was === null ? null : formatMoney(tile.was)).toBe(was);
  });
});
