// @vitest-environment happy-dom
/**
 * The search page island's props as the page carries them (SearchRoutePage.astro): two inert
 * JSON data blocks (the route table and the rest) and a short key as the island's one prop. The
 * server's render takes the props object back by the key; the browser reads the blocks, and
 * renders the same island from them.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { searchBuildData } from '../../search/build-time/page-data.ts';
import { snapshotResults } from '../../search/build-time/snapshot.ts';
import type { RouteTable } from '../../search/core/routes.ts';
import { jsonLdText } from '../../lib/text/seo.ts';
import SearchPage, { PROPS_ID, ROUTE_TABLE_ID, routeTableOfText, routeTableText, searchIslandProps } from './SearchPage.tsx';
import { dataBlock } from '../../../tests/support/data-block.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');

async function pageProps(path: string) {
  const bundle = createBundle(loadTenant('tests/fixtures/tenants/search-demo', NOW), NOW);
  const data = await searchBuildData(bundle);
  const route = data.routes.routes.find((candidate) => candidate.path === path)!;
  const result = snapshotResults(data.engine, route.preset, data.config.pageSize, data.config.index);
  const initial = { hits: result.hits, nbHits: result.nbHits, page: 0, nbPages: result.nbPages, facets: result.facets, facets_stats: result.facets_stats };
  return { config: data.config, route, initial };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the search island props', () => {
  it("carries the props in the page's data block, without the route table, and only a short key as the island prop", async () => {
    const props = await pageProps('/search/used-cars');
    const island = searchIslandProps(props);
    expect(island.props).toMatch(/^\/search\/used-cars [0-9a-z]+$/);
    expect(island.text).not.toMatch(/[<>&]/);
    const parsed = JSON.parse(island.text) as typeof props;
    expect(parsed.config.routes).toBeUndefined();
    expect(parsed).toEqual(JSON.parse(JSON.stringify({ ...props, config: { ...props.config, routes: undefined } })));
    // Other results under the same path make another key.
    expect(searchIslandProps({ ...props, initial: { ...props.initial, nbHits: props.initial.nbHits + 1 } }).props).not.toBe(island.props);
  });

  it('carries the text jsonLdText writes of the props without the route table, characters that could close the script escaped in every member', async () => {
    const props = await pageProps('/search/used-cars');
    const unsafe = 'A </script> & <!-- \u2028 \u2029 >';
    const odd = {
      ...props,
      config: { ...props.config, index: `${props.config.index}${unsafe}` },
      initial: { ...props.initial, hits: props.initial.hits.map((hit, at) => (at === 0 ? { ...hit, name: `${hit.name}${unsafe}` } : hit)) },
    };
    for (const each of [props, odd, odd]) expect(searchIslandProps(each).text).toBe(jsonLdText({ ...each, config: { ...each.config, routes: undefined } }));
  });

  it('makes another key for props that differ only in their route table (the server takes the whole props object back by the key)', async () => {
    const props = await pageProps('/search/used-cars');
    const fewer = { ...props, config: { ...props.config, routes: { ...props.config.routes, routes: props.config.routes.routes.slice(1) } } };
    const [island, other] = [searchIslandProps(props), searchIslandProps(fewer)];
    expect(other.text).toBe(island.text);
    expect(other.props).not.toBe(island.props);
    // The same props again: the same key.
    expect(searchIslandProps({ ...props }).props).toBe(island.props);
  });

  it('renders the same island from the data blocks (the browser) as from the props object (the server)', async () => {
    const props = await pageProps('/search/used-cars');
    const island = searchIslandProps(props);
    const onServer = renderToString(<SearchPage props={island.props} />);
    expect(onServer).toContain(props.initial.hits[0]!.name);
    dataBlock(ROUTE_TABLE_ID, routeTableText(props.config.routes));
    dataBlock(PROPS_ID, island.text);
    // A key this module did not make: what a browser has.
    expect(renderToString(<SearchPage props="/search/used-cars elsewhere" />)).toBe(onServer);
  });

  it("writes the route table's make and model routes short, and reads back the very table; a route the short form would change stays whole", async () => {
    const { config } = await pageProps('/search/used-cars');
    const table = config.routes;
    expect(table.routes.some((route) => route.preset.model)).toBe(true);
    const text = routeTableText(table);
    expect(routeTableOfText(text)).toEqual(table);
    expect(text.length).toBeLessThan(JSON.stringify(table).length * 0.6);
    const odd: RouteTable = {
      ...table,
      routes: [
        { path: '/search/toyota', preset: { make: ['Toyota'] }, title: 'Toyota </script>' },
        { path: '/search/toyota/86', preset: { make: ['Toyota'], model: ['86'] }, title: 'Toyota 86' },
        { path: '/search/toyota-hilux', preset: { model: ['Hilux'], make: ['Toyota'] }, title: 'Toyota Hilux' },
      ],
    };
    const oddText = routeTableText(odd);
    expect(oddText).not.toMatch(/[<>&]/);
    expect(JSON.parse(oddText).routes).toEqual([odd.routes[0], ['/search/toyota/86', 'Toyota', '86'], odd.routes[2]]);
    expect(routeTableOfText(oddText)).toEqual(odd);
  });
});
