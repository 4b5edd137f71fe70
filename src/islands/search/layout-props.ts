/**
 * Layout props of the search page from plain data: the build's snapshot (static HTML, and the
 * island until the live engine module has loaded) and the helpers the live wiring
 * (./LiveSearch.tsx) shares. No react-instantsearch here: this module is in the chunk that
 * hydrates the page, the InstantSearch machinery is not (docs/search.md "What loads when").
 */
import { carTypeOptions, selectedCarType } from '../../search/car-type-filter.ts';
import { SORT_OPTIONS, sortIndexName } from '../../search/config.ts';
import type { SearchHit } from '../../search/engine.ts';
import { HISTORY_STORAGE_KEY, parseHistory, type HistoryEntry } from '../../search/history.ts';
import { formatRange, parseRange, sliderBounds, unitBounds, type Bounds } from '../../search/price-slider.ts';
import { collapseSold, displayCount, withPromoSlots } from '../../search/results.ts';
import { activePromoNodes } from '../../search/promo-nodes.ts';
import { createSearchUrl } from '../../search/routing.ts';
import type { RouteTable, SearchRoute } from '../../search/routes.ts';
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
import type { ResultsSnapshot, SearchConfig } from '../../search/island-config.ts';
import type { SearchLayoutProps } from './ui/SearchLayout.tsx';

export interface SearchPageProps {
  config: SearchConfig;
  /** The route of this static page. */
  route: SearchRoute;
  /** The build's first page of this route. */
  initial: ResultsSnapshot;
}

export const sortOptions = (index: string) => SORT_OPTIONS.map((option) => ({ value: sortIndexName(index, option), label: option.label }));

/** 'Find Me Something Similar': the same make and model, or the make, or all stock. */
export function similarHref(hit: SearchHit, routes: RouteTable): string {
  const refinementList: Record<string, string[]> = {};
  if (hit.make) refinementList.make = [hit.make];
  if (hit.make && hit.model) refinementList.model = [hit.model];
  return createSearchUrl({ refinementList }, routes);
}

export function readHistory(): HistoryEntry[] {
  try {
    return parseHistory(window.localStorage.getItem(HISTORY_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Grid items: sold runs collapsed, the promo card at its slots, the timed promos showing now for these car types at theirs. */
export function gridItems(hits: SearchHit[], config: SearchConfig, offset: number, now: number, carTypes: readonly string[]) {
  const nodes = activePromoNodes(config.promo.nodes, now, carTypes).map((node) => ({ position: node.position, node }));
  return withPromoSlots(
    collapseSold(hits, (hit) => hit.status === 'sold'),
    config.promo.slots,
    offset,
    nodes,
  );
}

/** One panel's values and controls, from the build's snapshot or from InstantSearch. */
interface PanelEntry {
  panel: FacetPanel;
  items: PanelItem[];
  onToggle: (value: string) => void;
  showMore?: ShowMoreProps;
}

/** The filter panels: labels and hidden values applied, models nested under their makes (make > model). */
export function facetPanels(config: SearchConfig, entries: PanelEntry[], liveMakeModels: readonly string[] = []): RefinementListProps[] {
  const site = { certifiedOnly: config.filters.certifiedOnly };
  return entries
    .filter((entry) => !entry.panel.nestedIn)
    .map(({ panel, items, onToggle, showMore }) => {
      const shown = panelItems(panel, items, site);
      const child = entries.find((entry) => entry.panel.nestedIn === panel.attribute);
      if (!child) return { title: panel.title, items: shown, onToggle, showMore };
      const makes = modelMakes(config.filters.makeModels, liveMakeModels);
      const nested = nestModels(shown, panelItems(child.panel, child.items, site), makes).map(({ models, ...item }) => ({ ...item, children: models }));
      return {
        title: panel.title,
        items: nested,
        onToggle,
        showMore,
        nested: { title: (make: string) => `${make} models`, onToggle: child.onToggle, showMore: child.showMore },
      };
    })
    .filter((props) => props.items.length > 0);
}

/** A range panel's slider props, or null when the results have no such value and none is chosen. */
export function rangeProps(
  panel: RangePanel,
  stats: { min: number; max: number } | undefined,
  state: string | undefined,
  onCommit: (text: string, bounds: Bounds) => void,
): (PriceSliderProps & { attribute: string }) | null {
  const bounds = unitBounds(stats, panel.unit);
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
    onCommit: (next) => onCommit(formatRange(next, bounds), bounds),
  };
}

/** Layout props of a snapshot (no engine yet): the static HTML and the first client render. */
export function staticLayout(props: SearchPageProps, history: HistoryEntry[]): SearchLayoutProps {
  const { config, route, initial } = props;
  const refined = (attribute: string) => route.preset[attribute] ?? [];
  const options = carTypeOptions(config.carTypeAll, initial.facets.car_type);
  const noop = () => {};
  const bounds = sliderBounds(initial.facets_stats.price);
  return {
    phase: 'static',
    searchBox: { value: '', onChange: noop, history },
    carType: options.length > 1 ? { options, selected: selectedCarType(refined('car_type'), options)?.key, onSelect: noop } : null,
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
    price: initial.facets_stats.price ? { bounds, values: [bounds.min, bounds.max], onCommit: noop } : null,
    ranges: rangePanels(config.card.offersSubscription).flatMap((panel) => rangeProps(panel, initial.facets_stats[panel.attribute], undefined, noop) ?? []),
    sort: { options: sortOptions(config.index), value: config.index, onChange: noop },
    count: displayCount(initial.nbHits, initial.facets),
    noun: config.stockNoun,
    busy: false,
    // The build clock: the static HTML and the first client render agree; the browser's clock takes over after mount.
    grid: {
      items: gridItems(initial.hits, config, 0, config.card.now, refined('car_type')),
      options: config.card,
      promoHref: config.promo.href,
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
