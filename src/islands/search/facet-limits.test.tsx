// @vitest-environment happy-dom
/**
 * Spec §9 facet limits (audit 9.6), each facet on a stock with more values than its limit
 * (tests/fixtures/facet-limits.ts): the spec's numbers are the config's, the engine answers
 * more values than a panel may show (so the cut is the panel's), the search page as built
 * shows each panel's limit (make and model with 'Show all' up to theirs), and the home hero's
 * selects list at most theirs. The live page's panels are tested in the browser
 * (tests/e2e/search-facet-limits-9-6.spec.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { CAR_TYPES } from '../../schemas/car.ts';
import { heroQueries, heroSelects, facetOptions, makeOptionGroups, HERO_SELECTS } from '../../search/browser/hero.ts';
import { searchBuildData, type SearchBuildData } from '../../search/build-time/page-data.ts';
import { snapshotResults } from '../../search/build-time/snapshot.ts';
import { DEFAULT_INDEX, FACET_LIMITS, MAKES_SHOWN, MAX_VALUES_PER_FACET, MODELS_FOR_MAKE, POPULAR_MAKES } from '../../search/core/config.ts';
import { BAND_LABELS } from '../../schemas/price-band.ts';
import { FACET_VALUES, facetLimitStock } from '../../../tests/fixtures/facet-limits.ts';
import SearchPage from './SearchPage.tsx';

const NOW = Date.parse('2026-11-21T00:00:00Z');

/** Spec §9: "body 30, make 100, model 250, colour 30, car type 6, price range 30, location 30, fuel 30, city 20, location name 40". */
const SPEC_LIMITS = { body: 30, make: 100, model: 250, colour: 30, car_type: 6, price_range: 30, state: 30, fuel: 30, city: 20, location_name: 40 } as const;

let dir = '';
let data: SearchBuildData;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'facet-limits-'));
  const tenant = join(dir, 'facet-limits');
  mkdirSync(tenant);
  const site = JSON.parse(readFileSync('tests/fixtures/tenants/search-demo/site.json', 'utf8')) as Record<string, unknown>;
  writeFileSync(
    join(tenant, 'site.json'),
    JSON.stringify({ ...site, slug: 'facet-limits', name: 'Facet Limits Motors', url: 'https://facet-limits.example.com.au' }),
  );
  writeFileSync(join(tenant, 'stock.json'), JSON.stringify(facetLimitStock()));
  data = await searchBuildData(createBundle(loadTenant(tenant, NOW), NOW));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The search page of `path` as the build renders it, in a document to query. */
function builtPage(path: string): Document {
  const route = data.routes.routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const result = snapshotResults(data.engine, route.preset, data.config.pageSize, data.config.index);
  const initial = { hits: result.hits, nbHits: result.nbHits, page: 0, nbPages: result.nbPages, facets: result.facets, facets_stats: result.facets_stats };
  const page = document.implementation.createHTMLDocument('search');
  page.body.innerHTML = renderToString(<SearchPage config={data.config} route={route} initial={initial} />);
  return page;
}

/** The options of the panel titled `title` (not counting a nested panel's). */
function panelOptions(page: Document, title: string): string[] {
  const legend = [...page.querySelectorAll('fieldset.search-facet > legend.search-facet__title')].find((element) => element.textContent === title);
  if (!legend) throw new Error(`no panel ${title}`);
  const list = legend.parentElement!.querySelector(':scope > ul')!;
  return [...list.querySelectorAll(':scope > li > label span:first-of-type')].map((span) => span.textContent ?? '');
}

describe('spec §9 facet limits', () => {
  it('are the config’s numbers; car type can never pass its limit (the feed allows three values)', () => {
    for (const [attribute, limit] of Object.entries(SPEC_LIMITS)) expect(FACET_LIMITS[attribute as keyof typeof FACET_LIMITS], attribute).toBe(limit);
    expect(CAR_TYPES.length).toBeLessThanOrEqual(FACET_LIMITS.car_type);
    expect(MAX_VALUES_PER_FACET).toBe(FACET_LIMITS.model);
  });

  it('the fixture has more values than each limit, and the engine answers them (the cut is the page’s)', () => {
    const answer = data.engine.search(DEFAULT_INDEX, { hitsPerPage: 0, facets: Object.keys(FACET_VALUES) });
    for (const [attribute, values] of Object.entries(FACET_VALUES)) {
      const limit = FACET_LIMITS[attribute as keyof typeof FACET_LIMITS];
      expect(values, attribute).toBeGreaterThan(limit);
      expect(Object.keys(answer.facets[attribute] ?? {}).length, attribute).toBe(Math.min(values, MAX_VALUES_PER_FACET));
    }
  });

  it('each search panel shows its limit, the most stock first', () => {
    const page = builtPage('/search/new-used-and-demo-cars');
    const expectPanel = (title: string, attribute: keyof typeof FACET_VALUES, prefix: string) => {
      const limit = FACET_LIMITS[attribute];
      const options = panelOptions(page, title);
      expect(options, title).toHaveLength(limit);
      // Value 1 has the most cars, value `limit` the fewest of those shown; the rest are cut.
      expect(options[0], title).toBe(`${prefix} 001`);
      expect(options, title).not.toContain(`${prefix} ${String(limit + 1).padStart(3, '0')}`);
    };
    expectPanel('Body type', 'body', 'Body');
    expectPanel('Colour', 'colour', 'Colour');
    expectPanel('Fuel', 'fuel', 'Fuel');
    expectPanel('State', 'state', 'State');
    expectPanel('City', 'city', 'City');
    expectPanel('Location', 'location_name', 'Yard');
    // Price bands are the product's own scheme, fewer than the limit: every band is listed.
    expect(BAND_LABELS.length).toBeLessThan(FACET_LIMITS.price_range);
    expect(panelOptions(page, 'Price range')).toHaveLength(BAND_LABELS.length);
    // Make: 7 before 'Show all makes', which goes up to the make limit.
    expect(panelOptions(page, 'Make')).toHaveLength(MAKES_SHOWN);
    expect(page.querySelector('.search-facet__more')?.textContent).toBe('Show all makes');
  });

  it('a make’s models: 30 before Show all models, nested under the make', () => {
    const page = builtPage('/search/toyota');
    const nested = page.querySelector('fieldset.search-facet--nested');
    expect(nested?.querySelector('legend')?.textContent).toBe('Toyota models');
    expect(nested!.querySelectorAll('input[type="checkbox"]')).toHaveLength(MODELS_FOR_MAKE);
    expect([...page.querySelectorAll('.search-facet__more')].map((button) => button.textContent)).toContain('Show all models');
  });

  it('the hero’s selects list at most their facet’s limit; the make select 20 popular, then up to 100', () => {
    const selection = { carType: 'all', values: {} };
    const selects = [...HERO_SELECTS, ...heroSelects('franchise'), ...heroSelects('caravan'), ...heroSelects('used-group', 2)];
    for (const { attribute, params } of heroQueries(selection, selects)) {
      if (!attribute || attribute === 'make' || attribute === 'model') continue;
      const select = selects.find((candidate) => candidate.attribute === attribute)!;
      expect(select.limit, attribute).toBe(FACET_LIMITS[attribute as keyof typeof FACET_LIMITS]);
      const distribution = data.engine.search(DEFAULT_INDEX, params).facets[attribute] ?? {};
      const options = facetOptions(distribution, select.limit);
      if (attribute in FACET_VALUES) expect(options, attribute).toHaveLength(select.limit);
    }
    const makes = data.engine.search(DEFAULT_INDEX, { hitsPerPage: 0, facets: ['make'] }).facets.make!;
    const groups = makeOptionGroups(makes);
    expect(groups.map((group) => [group.label, group.options.length])).toEqual([
      ['Popular Makes', POPULAR_MAKES],
      ['All Makes', FACET_LIMITS.make],
    ]);
    // The one make left out is the one with the least stock (Toyota, with the most, stays).
    expect(groups[1]!.options.map((option) => option.value)).toContain('Toyota');
    expect(Object.keys(makes)).toHaveLength(FACET_VALUES.make);
  });
});
