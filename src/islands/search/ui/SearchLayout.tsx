/**
 * The whole search page body from plain props: used for the static first render and the live
 * island. The filters are a disclosure: collapsed behind their Filters button on a phone (the
 * page's first HTML), beside the results and open from FILTERS_BESIDE_RESULTS up (search.css
 * shows them before this opens them). On a phone the open panel ends with a 'Show Me N cars'
 * button that stays in view while the shopper scrolls the filters and closes the panel. The
 * filters start with 'Skip to results' (shown when focused): a plain link to the results, which
 * take focus, so a keyboard user passes every filter in one step, before the island is live too.
 * The search box comes first, before the filters (search.css keeps it above the results on a
 * wide screen), so a keyboard user reaches it without passing the filters.
 */
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import {
  CarTypeFilter,
  EmptyState,
  RefinementList,
  ResultCount,
  SortSelect,
  type CarTypeFilterProps,
  type RefinementListProps,
  type SortSelectProps,
} from './Facets.tsx';
import { Loader } from './Loader.tsx';
import { Pagination, type PaginationProps } from './Pagination.tsx';
import { PriceSlider, type PriceSliderProps } from './PriceSlider.tsx';
import { ResultsGrid, type ResultsGridProps } from './ResultsGrid.tsx';
import { SearchBox, type SearchBoxProps } from './SearchBox.tsx';
import { Chips, type ChipsProps } from './Chips.tsx';
import { formatCount, type CountNouns } from '../../../lib/text/format.ts';

export interface SearchLayoutProps {
  searchBox: SearchBoxProps;
  /** The filters in words, each removable (car type aside: its own filter shows it). */
  chips?: ChipsProps;
  carType: CarTypeFilterProps | null;
  facets: RefinementListProps[];
  price: PriceSliderProps | null;
  /** Subscription price, year and kilometres ranges. */
  ranges?: (PriceSliderProps & { attribute: string })[];
  sort: SortSelectProps;
  count: number;
  /** The count's noun in the singular and the plural ('car', 'cars'; the site's). */
  nouns: CountNouns;
  /** A search is running: results stay, marked busy. */
  busy: boolean;
  /** The search is taking long (InstantSearch 'stalled'): the loader shows over the results. */
  stalled?: boolean;
  grid: ResultsGridProps;
  empty: { clearHref: string; onClear?: () => void } | null;
  pagination: PaginationProps;
  /** 'static' before the engine answered, 'live' after (tests wait for it). */
  phase: 'static' | 'live';
  children?: ReactNode;
}

/** The id of the results, where 'Skip to results' moves focus. */
export const RESULTS_ID = 'search-results';

/**
 * Focus the results. Once the island is live the link does it itself, without going to the
 * fragment: that navigation fires popstate, and the search router answers a popstate by reading
 * the address and searching again.
 */
function skipToResults(event: MouseEvent<HTMLAnchorElement>): void {
  const results = document.getElementById(RESULTS_ID);
  if (!results) return;
  event.preventDefault();
  results.focus();
}

/** The width from which the filters stand beside the results, open (search.css uses the same). */
export const FILTERS_BESIDE_RESULTS = '(min-width: 900px)';

export function SearchLayout(props: SearchLayoutProps) {
  const filters = useRef<HTMLDetailsElement>(null);
  // Not a React prop: the visitor opens and closes the disclosure; only a wide screen opens it once.
  useEffect(() => {
    if (filters.current && window.matchMedia?.(FILTERS_BESIDE_RESULTS).matches) filters.current.open = true;
  }, []);
  return (
    <div className="search-layout" data-search-phase={props.phase}>
      <SearchBox {...props.searchBox} />
      <aside className="search-layout__filters" aria-label="Filters">
        <a className="skip-link search-layout__skip" href={`#${RESULTS_ID}`} onClick={skipToResults}>
          Skip to results
        </a>
        <details className="search-filters" ref={filters}>
          <summary>Filters</summary>
          {props.carType && <CarTypeFilter {...props.carType} />}
          {props.price && <PriceSlider {...props.price} />}
          {props.ranges?.map(({ attribute, ...range }) => (
            <PriceSlider key={attribute} {...range} />
          ))}
          {props.facets.map((facet) => (
            <RefinementList key={facet.title} {...facet} />
          ))}
          <div className="search-filters__done">
            <button
              type="button"
              className="button button--accent"
              aria-busy={props.busy}
              onClick={() => {
                const panel = filters.current;
                if (!panel) return;
                panel.open = false;
                const summary = panel.querySelector('summary');
                summary?.focus();
                summary?.scrollIntoView({ block: 'start' });
              }}
            >
              Show Me {formatCount(props.count, props.nouns)}
            </button>
          </div>
        </details>
      </aside>
      <div className="search-layout__results">
        {props.chips && <Chips {...props.chips} />}
        <div className="search-layout__bar">
          <ResultCount count={props.count} nouns={props.nouns} busy={props.busy} />
          <SortSelect {...props.sort} />
        </div>
        <div className="search-layout__grid" id={RESULTS_ID} tabIndex={-1} role="region" aria-label="Results" aria-busy={props.busy}>
          {props.stalled && <Loader />}
          {props.empty ? <EmptyState {...props.empty} /> : <ResultsGrid {...props.grid} />}
        </div>
        <Pagination {...props.pagination} />
        {props.children}
      </div>
    </div>
  );
}
