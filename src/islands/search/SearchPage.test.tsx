/**
 * The search island rendered the way the build renders it (react-dom/server, no window).
 * InstantSearch must start during render (docs/search.md "Layout shift"): without server
 * state it renders nothing until an effect has run, which blanked the island after
 * hydration. Here that would show as HTML without the route's results. The build renders the
 * island without InstantSearch (BuiltSearch): its HTML must be the InstantSearch tree's, which
 * the browser renders first and hydrates.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { searchBuildData } from '../../search/build-time/page-data.ts';
import { snapshotResults } from '../../search/build-time/snapshot.ts';
import SearchPage, { BrowserSearch } from './SearchPage.tsx';

const NOW = Date.parse('2026-11-21T00:00:00Z');

async function pageProps(path: string, tenant = 'search-demo') {
  // A fixture tenant by name, or a demo tenant by its folder ('tenants/ironbark-moto-trucks').
  const bundle = createBundle(loadTenant(tenant.includes('/') ? tenant : `tests/fixtures/tenants/${tenant}`, NOW), NOW);
  const data = await searchBuildData(bundle);
  const route = data.routes.routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const result = snapshotResults(data.engine, route.preset, data.config.pageSize, data.config.index);
  const initial = { hits: result.hits, nbHits: result.nbHits, page: 0, nbPages: result.nbPages, facets: result.facets, facets_stats: result.facets_stats };
  return { config: data.config, route, initial };
}

describe('SearchPage on the server', () => {
  it("renders the route's build results inside InstantSearch, idle, with an empty search box", async () => {
    const props = await pageProps('/search/used-cars');
    expect(props.initial.nbHits).toBeGreaterThan(0);
    const html = renderToString(<SearchPage {...props} />);
    expect(html).toContain('data-search-phase="static"');
    expect(html).toMatch(new RegExp(`<strong>${props.initial.nbHits}</strong> (<!-- -->)?cars(<!-- -->)? found`));
    const firstNames = props.initial.hits.slice(0, 3).map((hit) => hit.name);
    for (const name of firstNames) expect(html).toContain(name);
    // Not marked busy: nothing is loading until the browser sends the first search.
    expect(html).not.toContain('aria-busy="true"');
    expect(html).toMatch(/<input[^>]*type="search"[^>]*value=""/);
  });
});

describe('issue14-1 search facets in the build HTML', () => {
  it('renders the year and kilometre ranges (whole thousands) and the new panels before any script', async () => {
    const props = await pageProps('/search/toyota');
    const html = renderToString(<SearchPage {...props} />);
    for (const title of ['Year', 'Kilometres', 'Drive', 'Certified', 'Badge']) expect(html).toContain(`<legend class="search-facet__title">${title}</legend>`);
    expect(html).toContain('aria-label="Minimum kilometres"');
    const minKm = /aria-label="Minimum kilometres" aria-valuemin="(\d+)" aria-valuemax="(\d+)"/.exec(html);
    expect(minKm).not.toBeNull();
    expect(Number(minKm![1]) % 1000).toBe(0);
    expect(Number(minKm![2]) % 1000).toBe(0);
    // The route's make opens its models nested under it (make > model).
    expect(html).toContain('<legend class="visually-hidden">Toyota models</legend>');
    expect(html).not.toContain('Subscription price');
  });
});

/** The option labels of the facet group titled `title` in a page's HTML (null: no such group). */
function groupValues(html: string, title: string): string[] | null {
  const group = new RegExp(`<legend class="search-facet__title">${title}</legend><ul class="search-facet__list">(.*?)</ul>`).exec(html);
  if (!group) return null;
  return [...group[1]!.matchAll(/<label class="search-facet__option">.*?<span>(.*?)<\/span>/g)].map((option) => option[1]!);
}

describe("a bike's final drive in the build HTML", () => {
  it("shows a 'Final drive' group where the stock has final drives, and no Chain, Belt or Shaft under 'Drive'", async () => {
    const bikes = renderToString(<SearchPage {...await pageProps('/search/new-used-and-demo-cars', 'tenants/ironbark-moto-trucks')} />);
    expect(groupValues(bikes, 'Final drive')).toEqual(['Chain', 'Belt', 'Shaft']);
    expect((groupValues(bikes, 'Drive') ?? []).filter((value) => /chain|belt|shaft/i.test(value))).toEqual([]);
    // The car dealer of the browser test (templates-wording.spec.ts): its few bikes give the group; Drive stays drive types.
    const cars = renderToString(<SearchPage {...await pageProps('/search/used-cars', 'tenants/sunstate-motor-group')} />);
    expect(groupValues(cars, 'Final drive')).toEqual(['Chain', 'Belt']);
    expect(groupValues(cars, 'Drive')!.length).toBeGreaterThan(1);
    expect(groupValues(cars, 'Drive')!.filter((value) => /chain|belt|shaft/i.test(value))).toEqual([]);
    // A stock without final drives has no such group.
    expect(groupValues(renderToString(<SearchPage {...await pageProps('/search/used-cars')} />), 'Final drive')).toBeNull();
  });
});

describe('chips in the build HTML', () => {
  it("names a route's preset as a removable chip, and leaves the car type to its own filter", async () => {
    const make = renderToString(<SearchPage {...await pageProps('/search/toyota')} />);
    expect(make).toMatch(
      /<ul class="search-chips" aria-label="Chosen filters"><li><button type="button" class="search-chip"><span class="visually-hidden">Remove <\/span>Toyota/,
    );
    const carType = renderToString(<SearchPage {...await pageProps('/search/used-cars')} />);
    expect(carType).not.toContain('search-chips');
  });
});

describe("the build's HTML without InstantSearch", () => {
  // The build renders BuiltSearch; the browser's first render is the InstantSearch tree
  // (BrowserSearch), which must hydrate that HTML: same elements, text and useId values.
  const pages: [string, string][] = [
    ['search-demo', '/search/used-cars'],
    ['search-demo', '/search/toyota'],
    ['search-demo', '/search/new-used-and-demo-cars'],
    ['search-demo', '/search/brisbane-yard'],
    ['search-options', '/used-car/new-cars'],
    ['search-options', '/used-car/jayco/journey'],
  ];
  it.each(pages)('%s %s: the same HTML as the InstantSearch tree, with the Quick Enquiry dialog in place', async (tenant, path) => {
    const props = await pageProps(path, tenant);
    const dialog = <div className="quick-enquiry-stand-in">dialog</div>;
    const options = { identifierPrefix: 'r7-' };
    const built = renderToString(<SearchPage {...props} quickEnquiry={dialog} />, options);
    const browser = renderToString(<BrowserSearch {...props} quickEnquiry={dialog} />, options);
    expect(built).toContain('quick-enquiry-stand-in');
    expect(built).toMatch(/id="_r7-/);
    expect(built).toBe(browser);
  });
});

describe('the count of a large stock in the build HTML', () => {
  it("above 1,999 cars, a car-type page counts its own types' cars, as the live island does (docs/search.md)", async () => {
    const props = await pageProps('/search/used-cars');
    // 2,400 used and 600 new cars: the engine caps nbHits at 2,000, the car_type facet has the totals.
    const initial = { ...props.initial, nbHits: 2000, facets: { ...props.initial.facets, car_type: { used: 2400, new: 600 } } };
    const html = renderToString(<SearchPage {...props} initial={initial} />);
    expect(html).toMatch(/<strong>2,?400<\/strong> (<!-- -->)?cars(<!-- -->)? found/);
  });
});

describe('timed promos in the build HTML', () => {
  it("draws a promo that starts after the build hidden, with its window, for the page's inline script to show at its start; an expired one is left out", async () => {
    // search-options: 'not-started' runs through 2099, 'expired' ended in 2025, 'evergreen-used' runs now.
    const html = renderToString(<SearchPage {...await pageProps('/used-car/used-cars', 'search-options')} />);
    const itemOf = (id: string) => new RegExp(`<li [^>]*>(?:(?!</li>).)*data-promo-node="${id}"`).exec(html)?.[0].replace(/>.*/, '>');
    const upcoming = itemOf('not-started');
    expect(upcoming).toBeDefined();
    expect(upcoming).toMatch(/ hidden=""/);
    expect(upcoming).toContain(`data-promo-starts="${Date.parse('2099-01-01T00:00:00+10:00')}"`);
    expect(itemOf('evergreen-used')).not.toMatch(/ hidden/);
    expect(itemOf('expired')).toBeUndefined();
  });

  it("places the hidden promo so that the grid's other items keep the build's places: the 'We Want Your Car!' card does not move up while it is hidden", async () => {
    const props = await pageProps('/used-car/used-cars', 'search-options');
    const kinds = (html: string, dropHidden: boolean) =>
      [...html.matchAll(/<li class="search-grid__item( search-grid__item--\w+)?"([^>]*)>/g)]
        .filter((item) => !(dropHidden && / hidden=""/.test(item[2]!)))
        .map((item) => item[1]?.trim().replace('search-grid__item--', '') ?? 'car');
    const built = renderToString(<SearchPage {...props} />);
    // The same page with no promo starting later: what the build's grid shows.
    const now = renderToString(
      <SearchPage
        {...props}
        config={{ ...props.config, promo: { ...props.config.promo, nodes: props.config.promo.nodes.filter((node) => node.id !== 'not-started') } }}
      />,
    );
    expect(kinds(built, false)).toContain('node');
    expect(kinds(built, true)).toEqual(kinds(now, false));
  });
});

describe("a location's View Our Stock page with none of its cars in stock", () => {
  it("shows the empty results card: 'No Results Available' and Clear Filters to all stock (spec §8)", async () => {
    // site-dealerships: Newstead's stock link is /search/newstead; its one car sold out.
    const tenant = loadTenant('tests/fixtures/tenants/site-dealerships', NOW);
    const bundle = createBundle({ ...tenant, visible: tenant.visible.filter((car) => car.location?.slug !== 'newstead') }, NOW);
    const data = await searchBuildData(bundle);
    const route = data.routes.routes.find((candidate) => candidate.path === '/search/newstead');
    expect(route).toMatchObject({ preset: { location_name: ['Brisbane Cars Newstead'] } });
    const result = snapshotResults(data.engine, route!.preset, data.config.pageSize, data.config.index);
    expect(result.nbHits).toBe(0);
    const initial = { hits: result.hits, nbHits: 0, page: 0, nbPages: result.nbPages, facets: result.facets, facets_stats: result.facets_stats };
    const html = renderToString(<SearchPage config={data.config} route={route!} initial={initial} />);
    expect(html).toContain('<h2>No Results Available</h2>');
    expect(html).toContain('No results found for your search at this time. Please try adjusting the filters for more results.');
    expect(html).toMatch(new RegExp(`<a class="button" href="${data.routes.base}"[^>]*>Clear Filters</a>`));
  });
});
