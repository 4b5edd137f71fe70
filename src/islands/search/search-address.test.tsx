// @vitest-environment happy-dom
/**
 * The island's address (spec §2), written by its router with the real InstantSearch and the
 * fixture's engine. A page opened adds no history entry of its own (Back leaves it), nor does an
 * old link rewritten in the current spelling (in place); each new search adds one. A search
 * address past the last page ('page=<n>': an old link, a bookmark from when there was more
 * stock) goes to the last page, replacing the address's page, instead of 'N cars found' over an
 * empty grid. An island unmounted writes no address afterwards (react-instantsearch leaves its
 * router running under InstantSearchSSRProvider), so a case starts without waiting for the last.
 */
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { searchBuildData } from '../../search/build-time/page-data.ts';
import { snapshotResults } from '../../search/build-time/snapshot.ts';
import type { SearchClientLike, SearchRequest } from '../../search/browser/client.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { BrowserSearch, type SearchPageProps } from './SearchPage.tsx';

/** The fixture's engine answers the island's searches (the embedded client would fetch its index file). */
const engine = vi.hoisted(() => ({ client: null as SearchClientLike | null }));
vi.mock('../../search/browser/create-client.ts', () => ({
  createSearchClient: () => ({ search: (requests: readonly SearchRequest[]) => engine.client!.search(requests) }),
}));

const NOW = Date.parse('2026-11-21T00:00:00Z');
const mounted = mountRoot();
let props: SearchPageProps;

beforeAll(async () => {
  const bundle = createBundle(loadTenant('tests/fixtures/tenants/search-demo', NOW), NOW);
  const data = await searchBuildData(bundle);
  const route = data.routes.routes.find((candidate) => candidate.path === '/search/used-cars')!;
  const result = snapshotResults(data.engine, route.preset, data.config.pageSize, data.config.index);
  props = {
    config: data.config,
    route,
    initial: { hits: result.hits, nbHits: result.nbHits, page: 0, nbPages: result.nbPages, facets: result.facets, facets_stats: result.facets_stats },
  };
  engine.client = {
    search: async (requests) => ({ results: requests.map((request) => data.engine.search(request.indexName, request.params ?? {})) }),
  };
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  delete (window as { dataLayer?: unknown[] }).dataLayer;
});

/** Choose the sort select's third option (price, high to low), as a shopper does. */
function chooseThirdSort(): void {
  const select = mounted.host.querySelector<HTMLSelectElement>('select')!;
  act(() => {
    select.value = select.options[2].value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Let the searches answer and the router write the address (InstantSearch writes it 400 ms after a change). */
async function settle(ms = 1000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 50) await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 50))));
}

describe('a search page number past the last page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes to the last page: its cars, its number current, the page in the address replaced', async () => {
    expect(props.initial.nbPages).toBeGreaterThan(1);
    const last = props.initial.nbPages;
    window.history.replaceState(null, '', '/search/used-cars?page=99');
    const entries = window.history.length;
    mounted.render(<BrowserSearch {...props} />);
    await settle();
    const host = mounted.host;
    expect(host.querySelector('[data-search-phase]')!.getAttribute('data-search-phase')).toBe('live');
    expect(window.location.pathname + window.location.search).toBe(`/search/used-cars?page=${last}`);
    expect(window.history.length).toBe(entries);
    const pages = host.querySelector('nav[aria-label="Pagination"]')!;
    expect(pages.querySelector('[aria-current="page"]')!.textContent).toBe(String(last));
    expect(pages.querySelector('[aria-label="Previous page"]')!.getAttribute('href')).toBe(`/search/used-cars${last - 1 > 1 ? `?page=${last - 1}` : ''}`);
    expect(host.querySelectorAll('#search-results .search-grid__item:not(.search-grid__item--promo):not(.search-grid__item--node)').length).toBeGreaterThan(0);
    expect(host.querySelector('#search-results')!.getAttribute('aria-busy')).toBe('false');
    // The search remembered and logged (event 49) is the last page's, not the one past it.
    const logged = ((window as { dataLayer?: { url?: string }[] }).dataLayer ?? []).map((entry) => entry.url).filter(Boolean);
    expect(logged).toEqual([`/search/used-cars?page=${last}`]);
    expect(window.localStorage.getItem('search_history')).not.toContain('page=99');
  });

  it('a page chosen afterwards adds to the history as any search does', async () => {
    window.history.replaceState(null, '', '/search/used-cars?page=99');
    mounted.render(<BrowserSearch {...props} />);
    await settle();
    const entries = window.history.length;
    const previous = mounted.host.querySelector<HTMLAnchorElement>('nav[aria-label="Pagination"] [aria-label="Previous page"]')!;
    act(() => previous.click());
    await settle();
    expect(window.location.search).toBe(props.initial.nbPages - 1 > 1 ? `?page=${props.initial.nbPages - 1}` : '');
    expect(window.history.length).toBe(entries + 1);
  });

  it('Back pressed before the router writes: the next page chosen adds to the history, not in place of the page Back reached', async () => {
    window.history.replaceState(null, '', '/search/used-cars');
    window.history.pushState({}, '', '/search/used-cars?page=99');
    mounted.render(<BrowserSearch {...props} />);
    // Back before the router would write the last page's address (it writes 400 ms after a change).
    await settle(150);
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await settle();
    expect(window.location.pathname + window.location.search).toBe('/search/used-cars');
    const push = vi.spyOn(window.history, 'pushState');
    const replace = vi.spyOn(window.history, 'replaceState');
    const next = mounted.host.querySelector<HTMLAnchorElement>('nav[aria-label="Pagination"] [aria-label="Next page"]')!;
    act(() => next.click());
    await settle();
    expect(window.location.pathname + window.location.search).toBe('/search/used-cars?page=2');
    expect(push).toHaveBeenCalledTimes(1);
    expect(replace).not.toHaveBeenCalled();
    // Back from page 2 returns to page 1 (the page replaced, Back would leave the search).
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await settle();
    expect(window.location.pathname + window.location.search).toBe('/search/used-cars');
  });
});

describe('the address a search page opens at', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['/search/used-cars', '/search/used-cars?query=toyota&sortBy=price-desc&range[price]=1000:90000'])(
    'adds no history entry when the island goes live at %s (Back leaves the page)',
    async (address) => {
      window.history.replaceState(null, '', address);
      const entries = window.history.length;
      const push = vi.spyOn(window.history, 'pushState');
      mounted.render(<BrowserSearch {...props} />);
      await settle();
      expect(mounted.host.querySelector('[data-search-phase]')!.getAttribute('data-search-phase')).toBe('live');
      expect(window.location.pathname + window.location.search).toBe(address);
      expect(push).not.toHaveBeenCalled();
      expect(window.history.length).toBe(entries);
    },
  );

  it.each([
    ['percent-encoded brackets and an indexed array', '/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Toyota'],
    ['a trailing slash and an encoded range', '/search/used-cars/?range%5Bprice%5D=1000%3A90000&refinementList[make][0]=Toyota'],
  ])('an old link (%s) is written in its current form in place of the address: Back leaves the page in one step', async (_, address) => {
    window.history.replaceState(null, '', '/search/new-cars');
    window.history.pushState({}, '', address);
    const entries = window.history.length;
    const push = vi.spyOn(window.history, 'pushState');
    mounted.render(<BrowserSearch {...props} />);
    await settle();
    expect(mounted.host.querySelector('[data-search-phase]')!.getAttribute('data-search-phase')).toBe('live');
    expect(window.location.pathname + window.location.search).toMatch(/^\/search\/used-cars\?(range\[price\]=1000:90000&)?refinementList\[make\]\[\]=Toyota$/);
    expect(push).not.toHaveBeenCalled();
    expect(window.history.length).toBe(entries);
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(window.location.pathname + window.location.search).toBe('/search/new-cars');
  });

  // Fault: the rewrite in place dropped the link's campaign parameters (utm_source) from the address bar.
  it("an old link with a campaign's parameters keeps them, as written, when it is rewritten in place; the page past the last keeps them too", async () => {
    window.history.replaceState(null, '', '/search/used-cars?utm_source=mail&refinementList%5Bmake%5D%5B0%5D=Toyota&utm_campaign=spring');
    const entries = window.history.length;
    mounted.render(<BrowserSearch {...props} />);
    await settle();
    expect(mounted.host.querySelector('[data-search-phase]')!.getAttribute('data-search-phase')).toBe('live');
    expect(window.location.pathname + window.location.search).toBe('/search/used-cars?refinementList[make][]=Toyota&utm_source=mail&utm_campaign=spring');
    expect(window.history.length).toBe(entries);
    mounted.reset();
    window.history.replaceState(null, '', '/search/used-cars?page=99&utm_source=mail');
    mounted.render(<BrowserSearch {...props} />);
    await settle();
    expect(window.location.pathname + window.location.search).toBe(`/search/used-cars?page=${props.initial.nbPages}&utm_source=mail`);
  });

  it('a search chosen afterwards adds one entry', async () => {
    window.history.replaceState(null, '', '/search/used-cars');
    const entries = window.history.length;
    mounted.render(<BrowserSearch {...props} />);
    await settle();
    chooseThirdSort();
    await settle();
    expect(window.location.pathname + window.location.search).toBe('/search/used-cars?sortBy=price-desc');
    expect(window.history.length).toBe(entries + 1);
  });

  it('an island unmounted writes no address afterwards, not even the search it had not yet written', async () => {
    window.history.replaceState(null, '', '/search/used-cars');
    mounted.render(<BrowserSearch {...props} />);
    await settle();
    chooseThirdSort();
    // Unmounted before the router's write delay (400 ms) has passed.
    mounted.reset();
    window.history.replaceState(null, '', '/elsewhere');
    const entries = window.history.length;
    const push = vi.spyOn(window.history, 'pushState');
    const replace = vi.spyOn(window.history, 'replaceState');
    // settle() outlasts the write delay: neither the sort chosen nor the search the unmount emptied is written.
    await settle();
    expect(push).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(window.location.pathname + window.location.search).toBe('/elsewhere');
    expect(window.history.length).toBe(entries);
  });
});
