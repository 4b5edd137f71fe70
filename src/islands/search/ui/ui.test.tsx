/** The plain-props UI layer, rendered alone (no InstantSearch, no engine). */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../search/engine/engine.ts';
import { withPromoSlots, collapseSold } from '../../../search/browser/results.ts';
import type { CardOptions } from '../../../search/core/island-config.ts';
import { CarCard } from './CarCard.tsx';
import { EmptyState, RefinementList, ResultCount, CarTypeFilter } from './Facets.tsx';
import { EMPTY_RESULTS_TEXT } from '../../ui/EmptyListing.tsx';
import { Pagination, visiblePages } from './Pagination.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';
import { SearchLayout, type SearchLayoutProps } from './SearchLayout.tsx';
import { PriceSlider } from './PriceSlider.tsx';
import { carTypeOptions } from '../../../search/core/car-type-filter.ts';
import { controlNames } from '../../../../tests/support/control-names.ts';

const options: CardOptions = {
  offersSubscription: false, noPriceText: 'Enquire for price.', electricTag: false, favourites: true, compare: true, hideSaveWithoutImages: false,
  saveUsedOnly: false, viewCounter: true, reserve: true, reserveDeposit: 200, reserveBuyOnlineRoute: false, now: Date.parse('2026-11-21T00:00:00Z'),
};
const hit = (fields: Partial<SearchHit>): SearchHit =>
  ({ objectID: `s__${fields.id ?? '1'}`, uid: `s__${fields.id ?? '1'}`, site: 's', id: '1', slug: 'car-1', name: '2021 Toyota Corolla', car_type: 'used', status: 'in_stock', created_at: 1700000000, custom_rank: 0, tiebreak: 1, price: 25990, km: 30000, location_name: 'Brisbane Yard', views: 120, ...fields }) as SearchHit;
const html = (node: React.ReactElement) => renderToStaticMarkup(node);
/** A search layout's props with no filters, results or pages: a test sets what it looks at. */
const bareLayout: SearchLayoutProps = {
  searchBox: { value: '', onChange: () => {}, history: [] },
  carType: null,
  facets: [],
  price: null,
  sort: { options: [], value: '', onChange: () => {} },
  count: 0,
  nouns: { one: 'car', other: 'cars' },
  busy: false,
  grid: { items: [], options, promoHref: '/sell-my-car', similarHref: () => '/' },
  empty: null,
  pagination: { current: 0, nbPages: 1, createHref: () => '/' },
  phase: 'static',
};

describe('CarCard', () => {
  it('shows image with the location overlay, price, views and the available-car buttons with the deposit', () => {
    const markup = html(<CarCard hit={hit({})} options={options} similarHref="/search/toyota" />);
    expect(markup).toContain('Brisbane Yard');
    expect(markup).toContain('$25,990');
    expect(markup).toContain('120 views');
    expect(markup).toContain('Explore Vehicle');
    expect(markup).toContain('Quick Enquiry');
    expect(markup).toMatch(/Reserve This Car.*\$200 deposit/);
    expect(markup).toContain('href="/cars/car-1/checkout"');
    expect(markup).not.toContain('Find Me Something Similar');
  });

  it('states a deposit with cents as the deposit terms and the payment do (depositMoney), not rounded to whole dollars', () => {
    const markup = html(<CarCard hit={hit({})} options={{ ...options, reserveDeposit: 199.99 }} similarHref="/search/toyota" />);
    expect(markup).toContain('($199.99 deposit)');
    expect(markup).not.toContain('$200 deposit');
  });

  it('shows JUST SOLD and Find Me Something Similar for a sold car, and how many sold cars it stands for', () => {
    const markup = html(<CarCard hit={hit({ status: 'sold' })} options={options} collapsed={3} similarHref="/search/toyota/corolla" />);
    expect(markup).toContain('JUST SOLD');
    expect(markup).toContain('href="/search/toyota/corolla"');
    expect(markup).toContain('Find Me Something Similar');
    expect(markup).toContain('and 2 more recently sold');
    expect(markup).not.toContain('Quick Enquiry');
    expect(markup).not.toContain('Reserve This Car');
    expect(markup).not.toContain('$25,990');
  });

  it('reserves a bike or a truck by its own name (issue 35 item 3)', () => {
    expect(html(<CarCard hit={hit({ item_type: 'motorcycle' })} options={options} similarHref="/" />)).toMatch(/Reserve This Bike.*\$200 deposit/);
    expect(html(<CarCard hit={hit({ item_type: 'truck' })} options={options} similarHref="/" />)).toContain('Reserve This Truck');
  });

  it('escapes feed text', () => {
    const markup = html(<CarCard hit={hit({ name: '<img src=x onerror=alert(1)>' })} options={options} similarHref="/" />);
    expect(markup).not.toContain('<img src=x');
    expect(markup).toContain('&lt;img src=x');
  });

  it("names every control with its car after the spec's visible label (WCAG 2.4.4, 2.5.3)", () => {
    const available = controlNames(html(<CarCard hit={hit({})} options={options} similarHref="/" />));
    const sold = controlNames(html(<CarCard hit={hit({ status: 'sold' })} options={options} similarHref="/search/toyota" />));
    expect(available.map((control) => control.visible)).toEqual(['2021 Toyota Corolla', 'Save', 'Compare', 'Explore Vehicle', 'Quick Enquiry', 'Reserve This Car ($200 deposit)']);
    expect(sold.map((control) => control.visible)).toEqual(['2021 Toyota Corolla', 'Find Me Something Similar']);
    for (const control of [...available, ...sold]) {
      expect(control.name.startsWith(control.visible), control.name).toBe(true);
      expect(control.name).toContain('2021 Toyota Corolla');
    }
    expect(available.map((control) => control.name)).toContain('Explore Vehicle: 2021 Toyota Corolla');
  });

  it('hides views where the site does not show them and the reserve button where reserving is off', () => {
    const markup = html(<CarCard hit={hit({})} options={{ ...options, viewCounter: false, reserve: false }} similarHref="/" />);
    expect(markup).not.toContain('views');
    expect(markup).not.toContain('Reserve This Car');
  });
});

describe('ResultsGrid', () => {
  it('gives no two controls of a page of cards the same name (each names its car)', () => {
    const names = ['2021 Toyota Corolla', '2019 Mazda CX-5', '2020 Ford Ranger'];
    const hits = names.map((name, index) => hit({ id: String(index), slug: `car-${index}`, name, status: index === 2 ? 'sold' : 'in_stock' }));
    const items = withPromoSlots(collapseSold(hits, (item) => item.status === 'sold'), []);
    const controls = controlNames(html(<ResultsGrid items={items} options={options} promoHref="/sell-my-car" similarHref={(item) => `/search/${item.slug}`} />));
    const repeated = controls.map((control) => control.name).filter((name, index, all) => all.indexOf(name) !== index);
    expect(controls.length).toBeGreaterThan(10);
    expect(repeated).toEqual([]);
  });


  it('renders the promo card at its slot and one card per collapsed sold run', () => {
    const hits = Array.from({ length: 10 }, (_, index) => hit({ id: String(index), slug: `car-${index}`, status: index >= 4 && index <= 6 ? 'sold' : 'in_stock' }));
    const items = withPromoSlots(collapseSold(hits, (item) => item.status === 'sold'), [3]);
    const markup = html(<ResultsGrid items={items} options={options} promoHref="/sell-my-car" similarHref={() => '/'} />);
    expect(markup.match(/<article/g)).toHaveLength(8);
    expect(markup).toContain('We Want Your Car!');
    expect(markup).toContain('We buy all types of cars');
    expect(markup).toContain('Our high turnover means we can pay more');
    const promoIndex = markup.indexOf('search-grid__item--promo');
    expect(markup.slice(0, promoIndex).match(/<article/g)).toHaveLength(3);
  });
});

describe('filters and states', () => {
  it('refinement list: checkboxes with counts and a show-more button', () => {
    const markup = html(
      <RefinementList
        title="Make"
        items={[{ value: 'Toyota', label: 'Toyota', count: 13, isRefined: true }, { value: 'Kia', label: 'Kia', count: 2, isRefined: false }]}
        onToggle={() => {}}
        showMore={{ expanded: false, onToggle: () => {}, moreLabel: 'Show all makes', lessLabel: 'Show fewer makes' }}
      />,
    );
    expect(markup).toContain('<legend class="search-facet__title">Make</legend>');
    expect(markup).toMatch(/checked=""[^>]*\/><span>Toyota<\/span> <span class="search-facet__count muted">\(13\)/);
    expect(markup).toContain('Show all makes');
    expect(html(<RefinementList title="Make" items={[]} onToggle={() => {}} />)).toBe('');
  });

  it('refinement list: a count of thousands is grouped', () => {
    const markup = html(<RefinementList title="Make" items={[{ value: 'Toyota', label: 'Toyota', count: 1240, isRefined: false }]} onToggle={() => {}} />);
    expect(markup).toContain('<span class="search-facet__count muted">(1,240)</span>');
  });

  it('car type filter marks the chosen option', () => {
    const markup = html(<CarTypeFilter options={carTypeOptions(true)} selected="new-demo" onSelect={() => {}} />);
    expect(markup).toContain('New / Demo');
    expect(markup).toMatch(/is-selected"><input[^>]*checked=""[^>]*value="new-demo"/);
  });

  it('empty state has the spec text and Clear Filters', () => {
    const markup = html(<EmptyState clearHref="/search/new-used-and-demo-cars" />);
    expect(EMPTY_RESULTS_TEXT).toBe('No results found for your search at this time. Please try adjusting the filters for more results.');
    expect(markup).toContain(EMPTY_RESULTS_TEXT);
    expect(markup).toContain('Clear Filters');
  });

  it("empty state leads with the spec §8 heading 'No Results Available', an h2 under the page's h1 like the car cards' names", () => {
    const markup = html(<SearchLayout {...bareLayout} empty={{ clearHref: '/search/new-used-and-demo-cars' }} />);
    expect(markup).toMatch(/<h2[^>]*>No Results Available<\/h2><p>No results found for your search at this time\./);
    expect(markup.match(/<h[1-6]/g)).toEqual(['<h2']);
  });

  it('count line uses the site noun', () => {
    expect(html(<ResultCount count={12231} nouns={{ one: 'Caravan', other: 'Caravans' }} busy={false} />)).toContain('<strong>12,231</strong> Caravans found');
  });

  it("count line and the filters' Show Me button name one car for a count of one", () => {
    const layout = (count: number) => html(<SearchLayout {...bareLayout} count={count} />).replace(/<!-- -->/g, '');
    expect(layout(1)).toContain('<strong>1</strong> car found');
    expect(layout(1)).toContain('Show Me 1 car<');
    expect(layout(0)).toContain('<strong>0</strong> cars found');
    expect(layout(2400)).toContain('Show Me 2,400 cars<');
  });

  it('pagination links every visible page, marks the current one and hides with one page', () => {
    const markup = html(<Pagination current={1} nbPages={3} createHref={(page) => `/search/x?page=${page + 1}`} />);
    expect(markup).toContain('aria-current="page"');
    expect(markup).toContain('href="/search/x?page=3"');
    expect(markup).toContain('Previous page');
    expect(html(<Pagination current={0} nbPages={1} createHref={() => ''} />)).toBe('');
    expect(visiblePages(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(visiblePages(9, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(visiblePages(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });
});

describe('the search page speaks its count, not its ranges (WCAG 4.1.3)', () => {
  it('has one live region, the count line: the price, year and kilometre readouts are not live', () => {
    const range = (attribute: string, bounds: { min: number; max: number }) => ({ attribute, bounds, values: [bounds.min, bounds.max] as [number, number], onCommit: () => {} });
    const markup = html(
      <SearchLayout
        {...bareLayout}
        price={range('price', { min: 209, max: 479 })}
        ranges={[range('year', { min: 2013, max: 2025 }), range('km', { min: 12_000, max: 226_000 })]}
        count={73}
        phase="live"
      />,
    );
    expect(markup.match(/class="search-price__values"/g)).toHaveLength(3);
    expect(markup.match(/aria-live=|role="(status|alert|log)"|<output/g)).toEqual(['role="status"']);
    expect(markup).toMatch(/<p class="search-count" role="status"[^>]*><strong>73<\/strong>/);
  });
});

describe('issue35-5 PriceSlider before the island is live', () => {
  it('draws one track with two named thumbs whose values and value texts are the label', () => {
    const markup = html(<PriceSlider live={false} bounds={{ min: 10_000, max: 288_000 }} values={[19_000, 288_000]} onCommit={() => {}} title="Kilometres" format={(value) => `${value.toLocaleString('en-AU')} km`} labels={{ min: 'Minimum kilometres', max: 'Maximum kilometres', minBox: 'Min kilometres', maxBox: 'Max kilometres' }} />);
    expect(markup).toContain('19,000 km – 288,000 km');
    expect(markup.match(/role="slider"/g)).toHaveLength(2);
    expect(markup).toContain('aria-label="Minimum kilometres" aria-valuemin="10000" aria-valuemax="288000" aria-valuenow="19000" aria-valuetext="19,000 km"');
    expect(markup).toContain('aria-label="Maximum kilometres" aria-valuemin="10000" aria-valuemax="288000" aria-valuenow="288000" aria-valuetext="288,000 km"');
    expect(markup).not.toContain('type="range"');
  });
});
