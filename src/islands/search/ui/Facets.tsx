/** Filter controls: refinement lists, the car-type filter, the sort select and the count. */
import { useId } from 'react';
import type { CarTypeOption } from '../../../search/core/car-type-filter.ts';
import { formatNumber, nounForCount, type CountNouns } from '../../../lib/text/format.ts';
import EmptyListing, { EMPTY_RESULTS_TEXT } from '../../ui/EmptyListing.tsx';

/** One facet value as shown. */
export interface FacetItem {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
  /** The next level of a hierarchy (the models of a make), shown nested under the value. */
  children?: FacetItem[];
}

/** 'Show all makes' style toggle. */
export interface ShowMoreProps {
  expanded: boolean;
  onToggle: () => void;
  moreLabel: string;
  lessLabel: string;
}

export interface RefinementListProps {
  title: string;
  items: FacetItem[];
  onToggle: (value: string) => void;
  /** 'Show all makes' style toggle; absent when every value already shows. */
  showMore?: ShowMoreProps;
  /** The nested level (make > model): its toggle, its title per parent and its own 'show more'. */
  nested?: { title: (parent: string) => string; onToggle: (value: string) => void; showMore?: ShowMoreProps };
}

function MoreButton({ showMore }: { showMore: ShowMoreProps }) {
  return (
    <button type="button" className="search-facet__more" aria-expanded={showMore.expanded} onClick={showMore.onToggle}>
      {showMore.expanded ? showMore.lessLabel : showMore.moreLabel}
    </button>
  );
}

function Option({ item, onToggle }: { item: FacetItem; onToggle: (value: string) => void }) {
  return (
    <label className="search-facet__option">
      <input type="checkbox" checked={item.isRefined} onChange={() => onToggle(item.value)} />
      <span>{item.label}</span> <span className="search-facet__count muted">({formatNumber(item.count)})</span>
    </label>
  );
}

export function RefinementList({ title, items, onToggle, showMore, nested }: RefinementListProps) {
  if (items.length === 0) return null;
  const anyChildren = items.some((item) => item.children && item.children.length > 0);
  return (
    <fieldset className="search-facet">
      <legend className="search-facet__title">{title}</legend>
      <ul className="search-facet__list">
        {items.map((item) => (
          <li key={item.value}>
            <Option item={item} onToggle={onToggle} />
            {nested && item.children && item.children.length > 0 && (
              <fieldset className="search-facet search-facet--nested">
                <legend className="visually-hidden">{nested.title(item.label)}</legend>
                <ul className="search-facet__list">
                  {item.children.map((child) => (
                    <li key={child.value}>
                      <Option item={child} onToggle={nested.onToggle} />
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
          </li>
        ))}
      </ul>
      {anyChildren && nested?.showMore && <MoreButton showMore={nested.showMore} />}
      {showMore && <MoreButton showMore={showMore} />}
    </fieldset>
  );
}

export interface CarTypeFilterProps {
  options: CarTypeOption[];
  selected: string | undefined;
  onSelect: (option: CarTypeOption) => void;
  /** The group's name: 'Car type' (default), 'Condition' on a site that sells bikes, trucks or caravans. */
  label?: string;
}

export function CarTypeFilter({ options, selected, onSelect, label = 'Car type' }: CarTypeFilterProps) {
  const name = useId();
  return (
    <fieldset className="search-cartype">
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.key} className={`search-cartype__option${option.key === selected ? ' is-selected' : ''}`}>
          <input type="radio" name={name} value={option.key} checked={option.key === selected} onChange={() => onSelect(option)} />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export interface SortSelectProps {
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

export function SortSelect({ options, value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="search-sort">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Result count line: '{n} cars found', '1 car found' (the nouns are the site's, e.g. 'Caravans'). */
export function ResultCount({ count, nouns, busy }: { count: number; nouns: CountNouns; busy: boolean }) {
  return (
    <p className="search-count" role="status" aria-busy={busy}>
      <strong>{formatNumber(count)}</strong> {nounForCount(count, nouns)} found
    </p>
  );
}

/** The search page's empty results card: the listings' card (heading 'No Results Available', an h2 under the page's h1) in the search style. */
export function EmptyState({ clearHref, onClear }: { clearHref: string; onClear?: () => void }) {
  return (
    <EmptyListing
      className="search-empty"
      message={EMPTY_RESULTS_TEXT}
      clearHref={clearHref}
      onClear={(event) => {
        if (!onClear) return;
        event.preventDefault();
        onClear();
      }}
    />
  );
}
