/**
 * The search page's live wiring (loaded by the SearchPage island after it has hydrated, in its
 * own chunk): react-instantsearch hooks, the history router with our pure routing module, and
 * the search client (embedded index, or instant-meilisearch only for tenants with a search
 * host). It renders no markup: it hands the layout props to the island, which keeps
 * rendering the same SearchLayout DOM it hydrated (docs/search.md "What loads when").
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  Configure,
  InstantSearch,
  InstantSearchSSRProvider,
  useHits,
  useInstantSearch,
  usePagination,
  useRange,
  useRefinementList,
  useSearchBox,
  useSortBy,
} from 'react-instantsearch';
import { history as historyRouter } from 'instantsearch.js/es/lib/routers';
import type { SearchClient, UiState } from 'instantsearch.js';
import { trackEvent } from '../../lib/marketing/analytics.ts';
import { carTypeOptions, needsDefaultCarType, selectedCarType, type CarTypeOption } from '../../search/car-type-filter.ts';
import { SEARCH_BOX_DEBOUNCE_MS } from '../../search/config.ts';
import type { SearchHit } from '../../search/engine.ts';
import { addToHistory, HISTORY_STORAGE_KEY, historyLabel, type HistoryEntry } from '../../search/history.ts';
import { formatRange, parseRange, sliderBounds } from '../../search/price-slider.ts';
import { displayCount, promoOffset } from '../../search/results.ts';
import { createSearchUrl, fromUiState, parseSearchUrl, toUiState, type IndexUiState } from '../../search/routing.ts';
import { createSearchClient } from './search-client.ts';
import { FACET_PANELS, rangePanels, type RangePanel } from './panels.ts';
import { facetPanels, gridItems, rangeProps, similarHref, sortOptions, staticLayout, type SearchPageProps } from './layout-props.ts';
import type { SearchLayoutProps } from './ui/SearchLayout.tsx';

/**
 * Without server state, <InstantSearch> renders nothing until its subscribe effect has started
 * it. Empty initial results make it start during render, and skip InstantSearch's own first
 * search: LiveSearch sends it after mount.
 */
const START_AT_ONCE = { initialResults: {} };

function LiveSearchPage(props: LiveProps) {
  const { config, route } = props;
  const [client] = useState(() => createSearchClient(config.engine) as unknown as SearchClient);
  const routing = useMemo(
    () => ({
      router: historyRouter<IndexUiState>({
        createURL: ({ routeState }) => createSearchUrl(routeState, config.routes),
        parseURL: ({ location }) => parseSearchUrl(location, config.routes),
        cleanUrlOnDispose: false,
        // The spec's URLs are the page's address: keep the title the page was built with.
        windowTitle: () => document.title,
        getLocation: () => (typeof window === 'undefined' ? (new URL(route.path, 'http://localhost') as unknown as Location) : window.location),
      }),
      stateMapping: {
        stateToRoute: (uiState: UiState) => fromUiState((uiState[config.index] ?? {}) as IndexUiState, config.index),
        routeToState: (routeState: IndexUiState) => ({ [config.index]: toUiState(routeState, config.index) }) as UiState,
      },
    }),
    [],
  );
  return (
    <InstantSearchSSRProvider {...START_AT_ONCE}>
      <InstantSearch searchClient={client} indexName={config.index} routing={routing as never} future={{ preserveSharedStateOnUnmount: true }} insights={false}>
        <Configure hitsPerPage={config.pageSize} />
        <LiveSearch {...props} />
      </InstantSearch>
    </InstantSearchSSRProvider>
  );
}

/** Memoised: the island re-renders on every layout it receives; this subtree only on its own state. */
export default memo(LiveSearchPage);

export interface LiveProps extends SearchPageProps {
  history: HistoryEntry[];
  onHistory: (history: HistoryEntry[]) => void;
  /** Receives the page's layout props on every render: the island keeps rendering the same SearchLayout. */
  onLayout: (layout: SearchLayoutProps) => void;
  /** What the visitor typed into the search box before this module had loaded. */
  typed: { current: string };
}

const panelSort = (a: { name: string; count: number; isRefined: boolean }, b: { name: string; count: number; isRefined: boolean }) =>
  Number(b.isRefined) - Number(a.isRefined) || b.count - a.count || a.name.localeCompare(b.name);

/** A refinement-list panel wired to InstantSearch (always mounted so its facet is requested). */
function usePanel(panel: (typeof FACET_PANELS)[number]) {
  const list = useRefinementList({
    attribute: panel.attribute,
    limit: panel.limit,
    showMore: Boolean(panel.showMoreLimit),
    showMoreLimit: panel.showMoreLimit,
    sortBy: panelSort,
  });
  return list;
}

/** A range panel wired to InstantSearch. */
function useRangePanel(panel: RangePanel) {
  return { panel, range: useRange({ attribute: panel.attribute }) };
}

function LiveSearch(props: LiveProps) {
  const { config, initial, route } = props;
  const search = useInstantSearch({ catchError: true });
  const { results, status, setIndexUiState, indexUiState, refresh } = search;
  const artificial = Boolean((results as unknown as { __isArtificial?: boolean }).__isArtificial);
  useEffect(() => {
    // The first search (START_AT_ONCE skipped InstantSearch's own); the widgets registered in layout effects.
    refresh();
  }, []);
  const box = useSearchBox();
  // What was typed before this module loaded (empty like the static HTML otherwise); the effect below shows the URL's query.
  const [query, setQuery] = useState(() => props.typed.current);
  const queryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // The URL (back/forward, Clear Filters) changed the query: show it.
    if (document.activeElement?.getAttribute('type') !== 'search') setQuery(box.query);
  }, [box.query]);

  // eslint-disable-next-line react-hooks/rules-of-hooks -- FACET_PANELS is a module constant: the hooks run in the same order on every render
  const panels = FACET_PANELS.map((panel) => ({ panel, list: usePanel(panel) }));
  // The make > model hierarchy: which make each model belongs to, live (models that arrived since the build).
  const hierarchy = useRefinementList({ attribute: 'make_model', limit: 250 });
  // The site's range panels never change while the page is open: the hooks keep their order.
  const [ranges] = useState(() => rangePanels(config.card.offersSubscription));
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `ranges` is fixed for the page's life
  const rangeHooks = ranges.map((panel) => useRangePanel(panel));
  const carTypes = useRefinementList({ attribute: 'car_type', limit: 6 });
  const range = useRange({ attribute: 'price' });
  const sort = useSortBy({ items: sortOptions(config.index) });
  const pagination = usePagination({ padding: 2 });
  const { items: hits } = useHits<SearchHit>();
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(promoOffset(config.promo.randomOffset)), []);
  // Timed promos start and expire by the visitor's clock (the build's until mounted).
  const [now, setNow] = useState(config.card.now);
  useEffect(() => setNow(Date.now()), []);

  const refinedTypes = carTypes.items.filter((item) => item.isRefined).map((item) => item.value);
  const typeCounts = Object.fromEntries(carTypes.items.map((item) => [item.value, item.count]));
  const options = carTypeOptions(config.carTypeAll, artificial ? initial.facets.car_type : typeCounts);
  const selectType = (option: CarTypeOption) =>
    setIndexUiState((previous) => ({ ...previous, page: undefined, refinementList: { ...previous.refinementList, car_type: option.types } }));
  useEffect(() => {
    // All disabled and nothing chosen: the first option is selected (spec §4).
    if (!artificial && needsDefaultCarType(refinedTypes, options)) selectType(options[0]);
  }, [artificial, refinedTypes.join(','), options.map((option) => option.key).join(',')]);

  // Search history and analytics event 49, once per distinct search that answered.
  const lastUrl = useRef('');
  useEffect(() => {
    if (artificial || status !== 'idle') return;
    // The URL of the answered state (the router writes the address bar a little later).
    const state = fromUiState(indexUiState as IndexUiState, config.index);
    const url = createSearchUrl(state, config.routes);
    if (url === lastUrl.current) return;
    lastUrl.current = url;
    trackEvent('searchView', { url, query: results.query, hits: results.nbHits });
    if (url !== config.routes.base) {
      const next = addToHistory(props.history, { label: historyLabel(state, route.title || 'All stock'), url });
      props.onHistory(next);
      try {
        window.localStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: history is a convenience only.
      }
    }
  }, [artificial, status, results]);

  let layout: SearchLayoutProps;
  if (artificial) {
    // No answer yet: keep the build's results on screen (busy once the first search is under way).
    const snapshot = staticLayout(props, props.history);
    layout = {
      ...snapshot,
      busy: status === 'loading' || status === 'stalled',
      stalled: status === 'stalled',
      searchBox: { ...snapshot.searchBox, value: query, onChange: setQuery },
    };
  } else {
    layout = liveLayout();
  }
  // Before paint: the island renders these props into the SearchLayout it has shown since hydration.
  useLayoutEffect(() => props.onLayout(layout));
  return null;

  function liveLayout(): SearchLayoutProps {
    const bounds = sliderBounds(
      range.range.min !== undefined && range.range.max !== undefined && Number.isFinite(range.range.min)
        ? { min: range.range.min, max: range.range.max }
        : undefined,
    );
    const priceState = (indexUiState.range as Record<string, string> | undefined)?.price;
    const values = parseRange(priceState, bounds);
    const countFacets = {
      car_type: refinedTypes.length > 0 ? Object.fromEntries(Object.entries(typeCounts).filter(([type]) => refinedTypes.includes(type))) : typeCounts,
    };
    return {
      phase: 'live',
      searchBox: {
        value: query,
        history: props.history,
        onChange: (value) => {
          setQuery(value);
          clearTimeout(queryTimer.current);
          queryTimer.current = setTimeout(() => box.refine(value), SEARCH_BOX_DEBOUNCE_MS);
        },
      },
      carType: options.length > 1 ? { options, selected: selectedCarType(refinedTypes, options)?.key, onSelect: selectType } : null,
      facets: facetPanels(
        config,
        panels.map(({ panel, list }) => ({
          panel,
          items: list.items.map((item) => ({ value: item.value, label: item.label, count: item.count, isRefined: item.isRefined })),
          onToggle: list.refine,
          showMore: list.canToggleShowMore
            ? {
                expanded: list.isShowingMore,
                onToggle: list.toggleShowMore,
                moreLabel: panel.moreLabel ?? 'Show more',
                lessLabel: panel.lessLabel ?? 'Show less',
              }
            : undefined,
        })),
        hierarchy.items.map((item) => item.value),
      ),
      ranges: rangeHooks.flatMap(({ panel, range: hook }) => {
        const state = (indexUiState.range as Record<string, string> | undefined)?.[panel.attribute];
        const stats =
          hook.range.min !== undefined && hook.range.max !== undefined && Number.isFinite(hook.range.min)
            ? { min: hook.range.min, max: hook.range.max }
            : undefined;
        return (
          rangeProps(panel, stats, state, (text) => {
            const [low, high] = text.split(':');
            hook.refine([low === '' ? undefined : Number(low), high === '' ? undefined : Number(high)]);
          }) ?? []
        );
      }),
      price:
        results.nbHits > 0 || priceState
          ? {
              bounds,
              values,
              onCommit: (next) => {
                const text = formatRange(next, bounds);
                const [low, high] = text.split(':');
                range.refine([low === '' ? undefined : Number(low), high === '' ? undefined : Number(high)]);
              },
            }
          : null,
      sort: { options: sort.options, value: sort.currentRefinement, onChange: sort.refine },
      count: displayCount(results.nbHits, countFacets),
      noun: config.stockNoun,
      busy: status === 'loading' || status === 'stalled',
      stalled: status === 'stalled',
      grid: {
        items: gridItems(hits, config, offset, now, refinedTypes),
        options: config.card,
        promoHref: config.promo.href,
        similarHref: (hit) => similarHref(hit, config.routes),
      },
      empty:
        results.nbHits === 0
          ? {
              clearHref: config.routes.base,
              onClear: () => {
                setQuery('');
                setIndexUiState({});
              },
            }
          : null,
      pagination: {
        current: pagination.currentRefinement,
        nbPages: pagination.nbPages,
        createHref: pagination.createURL,
        onSelect: (page) => {
          pagination.refine(page);
          window.scrollTo({ top: 0 });
        },
      },
    };
  }
}
