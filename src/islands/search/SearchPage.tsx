/**
 * Search page island (wiring layer): react-instantsearch hooks feed the plain-props UI of
 * ./ui. Until the engine's first answer (and in the static HTML) it shows the build's first
 * page of the route; the first search loads the engine (embedded index, or
 * instant-meilisearch only for tenants with a search host) and follows the URL
 * (src/search/browser/routing.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
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
import type { CountNouns } from '../../lib/text/format.ts';
import { carTypeOptions, needsDefaultCarType, selectedCarType, type CarTypeOption } from '../../search/core/car-type-filter.ts';
import { FACET_LIMITS, SEARCH_BOX_DEBOUNCE_MS, SORT_OPTIONS, sortIndexName } from '../../search/core/config.ts';
import type { SearchHit } from '../../search/engine/engine.ts';
import { addToHistory, HISTORY_STORAGE_KEY, historyLabel, parseHistory, type HistoryEntry } from '../../search/browser/history.ts';
import { formatRange, parseRange, shownBounds, sliderBounds, unitBounds, type Bounds } from '../../search/browser/price-slider.ts';
import { chosenTypeCounts, collapseSold, displayCount, promoOffset, withHiddenNodes, withPromoSlots } from '../../search/browser/results.ts';
import { activePromoNodes, builtPromoNodes, type GridPromoNode } from '../../search/core/promo-nodes.ts';
import {
  addressWrite,
  createSearchUrl,
  fromUiState,
  parseSearchUrl,
  routerAddress,
  toUiState,
  withOwnParameters,
  type IndexUiState,
} from '../../search/browser/routing.ts';
import { takeSentSearchView } from '../../search/browser/search-view.ts';
import type { RouteTable, SearchRoute } from '../../search/core/routes.ts';
import { createSearchClient } from '../../search/browser/create-client.ts';
import type { SearchClientLike } from '../../search/browser/client.ts';
import { loadSentenceReader, understood, withReading } from '../../search/browser/sentence.ts';
import { stateChips, withoutChip } from './chips.ts';
import {
  FACET_PANELS,
  modelMakes,
  nestModels,
  panelItems,
  rangePanels,
  rangeView,
  sortFacetItems,
  type FacetPanel,
  type PanelItem,
  type RangePanel,
} from './panels.ts';
import type { RefinementListProps, ShowMoreProps } from './ui/Facets.tsx';
import type { PriceSliderProps } from './ui/PriceSlider.tsx';
import type { ResultsSnapshot, SearchConfig } from '../../search/core/island-config.ts';
import { SearchLayout, type SearchLayoutProps } from './ui/SearchLayout.tsx';
import { InstantSearchPlaces } from '../../builder/render/astro/instantsearch-places.tsx';
import './search.css';

export interface SearchPageProps {
  config: SearchConfig;
  /** The route of this static page. */
  route: SearchRoute;
  /** The build's first page of this route. */
  initial: ResultsSnapshot;
}

/**
 * What islands/roots/SearchPage.tsx hands in: the page's one Quick Enquiry dialog (the forms
 * feature's lead modals), rendered after the results. Not a prop Astro passes.
 */
interface ComposedProps {
  quickEnquiry?: React.ReactNode;
}

const sortOptions = (index: string) => SORT_OPTIONS.map((option) => ({ value: sortIndexName(index, option), label: option.label }));

/** The similar links of each route table made so far, by make and model (many cards of a site share one). */
const similarHrefs = new WeakMap<RouteTable, Map<string, string>>();

/** 'Find Me Something Similar': the same make and model, or the make, or all stock. */
function similarHref(hit: SearchHit, routes: RouteTable): string {
  const refinementList: Record<string, string[]> = {};
  if (hit.make) refinementList.make = [hit.make];
  if (hit.make && hit.model) refinementList.model = [hit.model];
  let made = similarHrefs.get(routes);
  if (!made) similarHrefs.set(routes, (made = new Map()));
  const key = JSON.stringify(refinementList);
  let href = made.get(key);
  if (href === undefined) made.set(key, (href = createSearchUrl({ refinementList }, routes)));
  return href;
}

function readHistory(): HistoryEntry[] {
  try {
    return parseHistory(window.localStorage.getItem(HISTORY_STORAGE_KEY));
  } catch {
    return [];
  }
}

/**
 * Grid items: sold runs collapsed, the promo card at its slots, the timed promos showing now for
 * these car types at theirs; in the built grid (`built`) also those that start later, drawn
 * hidden where they stand once started, the others where they stand without them.
 */
function gridItems(hits: SearchHit[], config: SearchConfig, offset: number, now: number, carTypes: readonly string[], built = false) {
  const cars = collapseSold(hits, (hit) => hit.status === 'sold');
  const place = (nodes: GridPromoNode[]) =>
    withPromoSlots(
      cars,
      config.promo.slots,
      offset,
      nodes.map((node) => ({ position: node.position, node })),
    );
  const active = activePromoNodes(config.promo.nodes, now, carTypes);
  const shown = place(active);
  if (!built) return shown;
  const all = builtPromoNodes(config.promo.nodes, now, carTypes);
  const later = all.filter((node) => !active.includes(node));
  return later.length > 0 ? withHiddenNodes(shown, place(all), later) : shown;
}

/**
 * The live grid's items at `now` (the shopper's clock as the results render): placed as the
 * built grid places them (the build's clock, config.card.now: its promos and those starting
 * later), then without the promos not showing at `now`, as the built page's inline script hides
 * them. A card keeps the place the built page showed it at: a promo the build showed that has
 * expired since leaves no gap and moves no card (the 'We Want Your Car!' card stays where the
 * shopper saw it), and one that starts while the page is open shows at its place from the next
 * render of the results. A promo showing at `now` that the built grid has no place for (a clock
 * before the build's) places the grid by `now` alone.
 */
function liveGridItems(hits: SearchHit[], config: SearchConfig, offset: number, now: number, carTypes: readonly string[]) {
  const showing = activePromoNodes(config.promo.nodes, now, carTypes);
  const placed = gridItems(hits, config, offset, config.card.now, carTypes, true);
  const placedNodes = new Set(placed.flatMap((item) => (item.kind === 'node' ? [item.node] : [])));
  if (showing.some((node) => !placedNodes.has(node))) return gridItems(hits, config, offset, now, carTypes);
  return placed.filter((item) => item.kind !== 'node' || showing.includes(item.node));
}

/** One panel's values and controls, from the build's snapshot or from InstantSearch. */
interface PanelEntry {
  panel: FacetPanel;
  items: PanelItem[];
  onToggle: (value: string) => void;
  showMore?: ShowMoreProps;
}

/** The makes of each model of a build's list (modelMakes), made once per list: every static page of a site asks for the same. */
const buildModelMakes = new WeakMap<readonly string[], Map<string, Set<string>>>();

/** modelMakes of the build's list and the live facet values, the build's alone kept per list (nestModels only reads it). */
function makesOfModels(makeModels: readonly string[], live: readonly string[]): Map<string, Set<string>> {
  if (live.length > 0) return modelMakes(makeModels, live);
  let made = buildModelMakes.get(makeModels);
  if (made === undefined) {
    made = modelMakes(makeModels);
    buildModelMakes.set(makeModels, made);
  }
  return made;
}

/** The filter panels: labels and hidden values applied, models nested under their makes (make > model). */
function facetPanels(config: SearchConfig, entries: PanelEntry[], liveMakeModels: readonly string[] = []): RefinementListProps[] {
  const site = { certifiedOnly: config.filters.certifiedOnly };
  return entries
    .filter((entry) => !entry.panel.nestedIn)
    .map(({ panel, items, onToggle, showMore }) => {
      const shown = panelItems(panel, items, site);
      const child = entries.find((entry) => entry.panel.nestedIn === panel.attribute);
      if (!child) return { title: panel.title, items: shown, onToggle, showMore };
      const makes = makesOfModels(config.filters.makeModels, liveMakeModels);
      const nested = nestModels(shown, panelItems(child.panel, child.items, site), makes).map(({ models, ...item }) => ({ ...item, children: models }));
      return {
        title: panel.title,
        items: nested,
        onToggle,
        showMore,
        nested: { title: (make: string) => `${make} models`, onToggle: child.onToggle, showMore: child.showMore },
      };
    })
    .filter(
      (props, index, all) =>
        props.items.length > 0 &&
        !(entries.find((entry) => entry.panel.title === all[index]!.title)?.panel.hideSingle && props.items.length === 1 && !props.items[0]!.isRefined),
    );
}

/**
 * A range panel's slider props, or null when it has no range to show: `bounds` are the
 * results' range widened to the applied filter, or the last good range (see `shownBounds`).
 */
function rangeProps(
  panel: RangePanel,
  bounds: Bounds | undefined,
  state: string | undefined,
  live: boolean,
  onCommit: (text: string, bounds: Bounds) => void,
): (PriceSliderProps & { attribute: string }) | null {
  if (!bounds) return null;
  const view = rangeView(panel);
  return {
    attribute: panel.attribute,
    title: panel.title,
    bounds,
    values: parseRange(state, bounds),
    unit: panel.unit,
    format: view.format,
    labels: view.labels,
    live,
    onCommit: (next) => onCommit(formatRange(next, bounds), bounds),
  };
}

/** The facet stats of an answer, or undefined when no car of it has the attribute. */
function facetStats(results: { getFacetStats?: (attribute: string) => unknown } | undefined, attribute: string): { min: number; max: number } | undefined {
  const stats = results?.getFacetStats?.(attribute) as { min?: number; max?: number } | undefined;
  return stats && Number.isFinite(stats.min) && Number.isFinite(stats.max) ? { min: stats.min!, max: stats.max! } : undefined;
}

/** The accessible name of the chips list. */
const CHIPS_LABEL = 'Chosen filters';

/** Focus the search box (the last chip was removed). */
const focusSearchBox = () => document.querySelector<HTMLInputElement>('.search-box input[type="search"]')?.focus();

/** Layout props of a snapshot (no engine yet): the static HTML and the first client render. */
function staticLayout(props: SearchPageProps, history: HistoryEntry[]): SearchLayoutProps {
  const { config, route, initial } = props;
  const refined = (attribute: string) => route.preset[attribute] ?? [];
  const options = carTypeOptions(config.carTypeAll, initial.facets.car_type);
  const noop = () => {};
  const bounds = sliderBounds(initial.facets_stats.price);
  return {
    phase: 'static',
    searchBox: { value: '', onChange: noop, history },
    chips: { chips: stateChips({ refinementList: route.preset }), onRemove: noop, label: CHIPS_LABEL },
    carType: options.length > 1 ? { options, selected: selectedCarType(refined('car_type'), options)?.key, onSelect: noop, label: config.carTypeLabel } : null,
    facets: facetPanels(
      config,
      FACET_PANELS.map((panel) => {
        const items = sortFacetItems(initial.facets[panel.attribute] ?? {}, refined(panel.attribute));
        return {
          panel,
          items: items.slice(0, panel.limit),
          onToggle: noop,
          showMore:
            panel.showMoreLimit && items.length > panel.limit
              ? { expanded: false, onToggle: noop, moreLabel: panel.moreLabel ?? 'Show more', lessLabel: panel.lessLabel ?? 'Show less' }
              : undefined,
        };
      }),
    ),
    price: initial.facets_stats.price ? { bounds, values: [bounds.min, bounds.max], onCommit: noop, live: false } : null,
    ranges: rangePanels(config.card.offersSubscription).flatMap(
      (panel) => rangeProps(panel, unitBounds(initial.facets_stats[panel.attribute], panel.unit), undefined, false, noop) ?? [],
    ),
    sort: { options: sortOptions(config.index), value: config.index, onChange: noop },
    count: displayCount(initial.nbHits, { car_type: chosenTypeCounts(initial.facets.car_type ?? {}, refined('car_type')) }),
    nouns: config.stockNouns,
    busy: false,
    // The build clock: the static HTML and the first client render agree; the browser's clock takes over after mount.
    grid: {
      items: gridItems(initial.hits, config, 0, config.card.now, refined('car_type'), true),
      builtAt: config.card.now,
      options: config.card,
      promoHref: config.promo.href,
      promoWords: config.promo.words,
      similarHref: (hit) => similarHref(hit, config.routes),
    },
    empty: initial.nbHits === 0 ? { clearHref: config.routes.base } : null,
    pagination: {
      current: 0,
      nbPages: initial.nbPages,
      createHref: (page) => createSearchUrl({ refinementList: route.preset, page: page + 1 }, config.routes),
    },
  };
}

/**
 * Without server state, <InstantSearch> renders nothing until its subscribe effect has started
 * it: the island went blank for a frame after hydration and the footer jumped up and back
 * (CLS 0.9, docs/search.md). Empty initial results make it start during render, on the build
 * server and in the browser alike, so the static HTML and the first client render are one tree.
 * They also skip InstantSearch's own first search: LiveSearch sends it after mount.
 */
const START_AT_ONCE = { initialResults: {} };

/**
 * The search page island. On the build server it renders what the browser's first render shows
 * (BuiltSearch); in the browser, InstantSearch (BrowserSearch).
 */
export default function SearchPage(props: SearchPageProps & ComposedProps) {
  return typeof window === 'undefined' ? <BuiltSearch {...props} /> : <BrowserSearch {...props} />;
}

/**
 * The build's HTML of the island without starting InstantSearch: LiveSearch's view before the
 * first answer (its `artificial` branch), which the browser's first render shows and hydrates.
 * InstantSearch and its widgets' hooks cost the build most of the island's render and add
 * nothing to the HTML (they render no element of their own). InstantSearchPlaces puts the layout
 * where LiveSearch sits in that tree, so that React's ids (useId) of the search box and the
 * filters are the browser's. SearchPage.test.tsx renders both trees and compares their HTML.
 */
function BuiltSearch(props: SearchPageProps & ComposedProps) {
  return (
    <InstantSearchPlaces>
      <SearchLayout {...staticLayout(props, [])}>{props.quickEnquiry}</SearchLayout>
    </InstantSearchPlaces>
  );
}

/**
 * How the search router writes the address (addressWrite): a new history entry per search
 * (InstantSearch's way). The address already shown is not written again (the island going live
 * at the page's own address, a search that changes nothing, a page number past the last page that
 * LiveSearch has already corrected in place), and an old link's spelling of the same search
 * ('?refinementList%5Bmake%5D%5B0%5D=Toyota') is rewritten in its place, keeping the parameters no
 * search reads ('utm_source'): Back leaves the page at once.
 */
function writeAddress(url: string, routes: RouteTable): void {
  // The same search rewritten in place keeps the address's own parameters ('utm_source'): routerAddress.
  const address = routerAddress(url, window.location, routes);
  const write = addressWrite(address, window.location, routes);
  if (write === 'replace') window.history.replaceState(window.history.state, '', address);
  else if (write === 'push') window.history.pushState({}, '', address);
}

/** The island in the browser: InstantSearch, its first search sent after mount (LiveSearch). */
export function BrowserSearch(props: SearchPageProps & ComposedProps) {
  const { config, route } = props;
  // Creating the client downloads nothing (the engine loads on the first search), so it can exist on a server too.
  const [client] = useState(() => createSearchClient(config.engine) as unknown as SearchClient);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  useEffect(() => setHistory(readHistory()), []);
  // Under InstantSearchSSRProvider (START_AT_ONCE) react-instantsearch never disposes the search
  // when the island unmounts: its router outlives the island. The unmount removes the widgets, and
  // the router would write the search left without them (the all-stock search's address) once its
  // write delay had passed, in place of a search chosen just before: the address is no longer the
  // island's to write.
  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false;
    return () => void (unmounted.current = true);
  }, []);

  const routing = useMemo(
    () => ({
      router: historyRouter<IndexUiState>({
        createURL: ({ routeState }) => createSearchUrl(routeState, config.routes),
        parseURL: ({ location }) => parseSearchUrl(location, config.routes),
        cleanUrlOnDispose: false,
        // The spec's URLs are the page's address: keep the title the page was built with.
        windowTitle: () => document.title,
        // On a server (SearchPage.test.tsx renders this tree there) the page's own route stands for the address bar (parseURL reads its pathname and search only).
        getLocation: () => (typeof window === 'undefined' ? (new URL(route.path, 'http://localhost') as unknown as Location) : window.location),
        push: (url: string) => {
          if (!unmounted.current) writeAddress(url, config.routes);
        },
      }),
      stateMapping: {
        stateToRoute: (uiState: UiState) => fromUiState((uiState[config.index] ?? {}) as IndexUiState, config.index),
        routeToState: (routeState: IndexUiState) => ({ [config.index]: toUiState(routeState, config.index) }) as UiState,
      },
    }),
    [config.index, config.routes, route.path],
  );

  return (
    <InstantSearchSSRProvider {...START_AT_ONCE}>
      <InstantSearch searchClient={client} indexName={config.index} routing={routing as never} future={{ preserveSharedStateOnUnmount: true }} insights={false}>
        <Configure hitsPerPage={config.pageSize} />
        <LiveSearch {...props} client={client as unknown as SearchClientLike} history={history} onHistory={setHistory}>
          {props.quickEnquiry}
        </LiveSearch>
      </InstantSearch>
    </InstantSearchSSRProvider>
  );
}

interface LiveProps extends SearchPageProps {
  client: SearchClientLike;
  history: HistoryEntry[];
  onHistory: (history: HistoryEntry[]) => void;
  children?: React.ReactNode;
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

/** The count's nouns: the chosen vehicle type's ('56 Trucks found') when exactly one is chosen on a site of several kinds, else the site's. */
function countNounsOf(config: SearchConfig, typeItems: readonly { value: string; isRefined: boolean }[] = []): CountNouns {
  const chosen = typeItems.filter((item) => item.isRefined);
  return (chosen.length === 1 ? config.kindNouns?.[chosen[0]!.value] : undefined) ?? config.stockNouns;
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: later searches are InstantSearch's own
  }, []);
  const box = useSearchBox();
  // Empty like the static HTML (built without a query string); the effect below shows the URL's query.
  const [query, setQuery] = useState('');
  const queryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // The URL (back/forward, Clear Filters) changed the query: show it.
    if (document.activeElement?.getAttribute('type') !== 'search') setQuery(box.query);
  }, [box.query]);
  const reader = () => loadSentenceReader(props.client, config.index, config.words);
  /** Enter: the box is read as a sentence; what it understood becomes filters (chips), the rest stays the query. */
  const submitSentence = async (text: string) => {
    clearTimeout(queryTimer.current);
    let reading;
    try {
      reading = (await reader())(text);
    } catch (error) {
      // No reader (offline): the words stay a keyword search.
      console.warn('sentence reader failed', error);
      box.refine(text);
      return;
    }
    if (!understood(reading)) {
      box.refine(text);
      return;
    }
    setQuery(reading.query);
    setIndexUiState((previous) => toUiState(withReading(fromUiState(previous as IndexUiState, config.index), reading), config.index) as typeof previous);
  };
  const typeQuery = (value: string) => {
    setQuery(value);
    // The reader and the vocabulary load while the shopper types, ready for Enter.
    reader().catch(() => {});
  };

  // eslint-disable-next-line react-hooks/rules-of-hooks -- FACET_PANELS is a module constant: the hooks run in the same order on every render
  const panels = FACET_PANELS.map((panel) => ({ panel, list: usePanel(panel) }));
  // The make > model hierarchy: which make each model belongs to, live (models that arrived since the build).
  const hierarchy = useRefinementList({ attribute: 'make_model', limit: FACET_LIMITS.make_model });
  // The site's range panels never change while the page is open: the hooks keep their order.
  const [ranges] = useState(() => rangePanels(config.card.offersSubscription));
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `ranges` is fixed for the page's life
  const rangeHooks = ranges.map((panel) => useRangePanel(panel));
  const carTypes = useRefinementList({ attribute: 'car_type', limit: FACET_LIMITS.car_type });
  const range = useRange({ attribute: 'price' });
  /** Each range's last bounds from an answer that had them (shown when an answer has none). */
  const lastBounds = useRef<Record<string, Bounds>>({});
  const sort = useSortBy({ items: sortOptions(config.index) });
  const pagination = usePagination({ padding: 2 });
  const { items: hits } = useHits<SearchHit>();
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(promoOffset(config.promo.randomOffset)), [config.promo.randomOffset]);

  const refinedTypes = carTypes.items.filter((item) => item.isRefined).map((item) => item.value);
  const typeCounts = Object.fromEntries(carTypes.items.map((item) => [item.value, item.count]));
  const options = carTypeOptions(config.carTypeAll, artificial ? initial.facets.car_type : typeCounts);
  const selectType = (option: CarTypeOption) =>
    setIndexUiState((previous) => ({ ...previous, page: undefined, refinementList: { ...previous.refinementList, car_type: option.types } }));
  useEffect(() => {
    // All disabled and nothing chosen: the first option is selected (spec §4).
    if (!artificial && needsDefaultCarType(refinedTypes, options)) selectType(options[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the chosen types and the options' keys: the arrays and selectType are new on every render
  }, [artificial, refinedTypes.join(','), options.map((option) => option.key).join(',')]);

  // A page number past the last page (an old link, a bookmark from when there was more stock):
  // the last page instead, in place of the address's page; busy until it answers.
  const pastLastPage = !artificial && results.nbHits > 0 && results.page >= results.nbPages;

  // Search history and analytics event 49, once per distinct search that answered (the last page's, not one past it).
  const lastUrl = useRef('');
  useEffect(() => {
    if (artificial || status !== 'idle' || pastLastPage) return;
    // The URL of the answered state (the router writes the address bar a little later).
    const state = fromUiState(indexUiState as IndexUiState, config.index);
    const url = createSearchUrl(state, config.routes);
    if (url === lastUrl.current) return;
    lastUrl.current = url;
    // The page reported its built results before the island was live (src/search/browser/search-view.ts).
    if (takeSentSearchView() !== url) trackEvent('searchView', { url, query: results.query, hits: results.nbHits });
    if (url !== config.routes.base) {
      const next = addToHistory(props.history, { label: historyLabel(state, route.title || 'All stock'), url });
      props.onHistory(next);
      try {
        window.localStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: history is a convenience only.
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answered search (results): the state and the history read are that answer's
  }, [artificial, status, results]);

  useEffect(() => {
    if (!pastLastPage || status !== 'idle') return;
    // The last page's address (with the address's own parameters: 'utm_source') replaces the
    // address's page at once, not through the router, which writes a moment later and not at all
    // when Back or Forward comes first: a replace left waiting for it would take the place of the
    // shopper's next search instead. The router's own write of that address then finds it shown (writeAddress).
    const last = results.nbPages - 1;
    window.history.replaceState(window.history.state, '', withOwnParameters(pagination.createURL(last), window.location.search));
    pagination.refine(last);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer past the last page
  }, [pastLastPage, status, results]);

  if (artificial) {
    // No answer yet: keep the build's results on screen (busy once the first search is under way).
    const layout = staticLayout(props, props.history);
    return (
      <SearchLayout
        {...layout}
        busy={status === 'loading' || status === 'stalled'}
        stalled={status === 'stalled'}
        searchBox={{ ...layout.searchBox, value: query, onChange: typeQuery, onSubmit: submitSentence }}
      >
        {props.children}
      </SearchLayout>
    );
  }

  const rangeState = indexUiState.range as Record<string, string> | undefined;
  const urlChips = stateChips(fromUiState(indexUiState as IndexUiState, config.index));
  // A range's bounds: the answer's, widened to the applied filter; the last good ones when the answer has none.
  const boundsOf = (attribute: string, base: Bounds | undefined) => {
    if (base) lastBounds.current[attribute] = base;
    return shownBounds(base, rangeState?.[attribute], lastBounds.current[attribute]);
  };
  const priceStats = facetStats(results, 'price');
  const priceState = rangeState?.price;
  const priceBounds = boundsOf('price', priceStats ? sliderBounds(priceStats) : undefined);
  const countFacets = { car_type: chosenTypeCounts(typeCounts, refinedTypes) };
  const layout: SearchLayoutProps = {
    phase: 'live',
    searchBox: {
      value: query,
      history: props.history,
      onChange: (value) => {
        typeQuery(value);
        clearTimeout(queryTimer.current);
        queryTimer.current = setTimeout(() => box.refine(value), SEARCH_BOX_DEBOUNCE_MS);
      },
      onSubmit: submitSentence,
    },
    chips: {
      chips: urlChips,
      label: CHIPS_LABEL,
      onEmptied: focusSearchBox,
      onRemove: (key) => {
        const chip = urlChips.find((candidate) => candidate.key === key);
        if (chip)
          setIndexUiState((previous) => toUiState(withoutChip(fromUiState(previous as IndexUiState, config.index), chip), config.index) as typeof previous);
      },
    },
    carType: options.length > 1 ? { options, selected: selectedCarType(refinedTypes, options)?.key, onSelect: selectType, label: config.carTypeLabel } : null,
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
      const state = rangeState?.[panel.attribute];
      return (
        rangeProps(panel, boundsOf(panel.attribute, unitBounds(facetStats(results, panel.attribute), panel.unit)), state, true, (text) => {
          const [low, high] = text.split(':');
          hook.refine([low === '' ? undefined : Number(low), high === '' ? undefined : Number(high)]);
        }) ?? []
      );
    }),
    price: priceBounds
      ? {
          bounds: priceBounds,
          values: parseRange(priceState, priceBounds),
          onCommit: (next) => {
            const text = formatRange(next, priceBounds);
            const [low, high] = text.split(':');
            range.refine([low === '' ? undefined : Number(low), high === '' ? undefined : Number(high)]);
          },
        }
      : null,
    sort: { options: sort.options, value: sort.currentRefinement, onChange: sort.refine },
    count: displayCount(results.nbHits, countFacets),
    nouns: countNounsOf(config, panels.find(({ panel }) => panel.attribute === 'item_type')?.list.items),
    busy: status === 'loading' || status === 'stalled' || pastLastPage,
    stalled: status === 'stalled',
    grid: {
      // Timed promos start and expire by the shopper's clock, read as the results render (the live branch renders only after mount).
      items: liveGridItems(hits, config, offset, Date.now(), refinedTypes),
      options: config.card,
      promoHref: config.promo.href,
      promoWords: config.promo.words,
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
  return <SearchLayout {...layout}>{props.children}</SearchLayout>;
}
