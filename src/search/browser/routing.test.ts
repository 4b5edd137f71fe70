import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../core/documents.ts';
import { buildRouteTable } from '../core/routes.ts';
import { searchPrefix } from '../../lib/site/search-urls.ts';
import { addressWrite, createSearchUrl, fromUiState, isCurrentAddress, parseSearchUrl, routeForPath, routerAddress, toUiState, withOwnParameters, type SearchUrlState } from './routing.ts';

const doc = (fields: Partial<SearchDocument>): SearchDocument =>
  ({ uid: 'x', site: 's', id: '1', slug: 'x', name: 'x', car_type: 'used', status: 'in_stock', created_at: 0, custom_rank: 0, tiebreak: 1, ...fields }) as SearchDocument;

const table = buildRouteTable([
  doc({ make: 'Toyota', model: 'Corolla', location_slug: 'brisbane-yard', location_name: 'Brisbane Yard', dealership_slug: 'north-motors', dealership_name: 'North Motors' }),
  doc({ make: 'Toyota', model: 'HiLux' }),
  doc({ make: 'Mercedes-Benz', model: 'C 200' }),
  // A location named like a car-type route never takes that route's path.
  doc({ make: 'Kia', location_slug: 'used-cars', location_name: 'Used Cars Yard' }),
]);

const url = (href: string) => {
  const [pathname, search = ''] = href.split('?');
  return { pathname, search: search ? `?${search}` : '' };
};

describe('buildRouteTable', () => {
  it('has the car-type, make, make/model, location and dealership routes of the spec', () => {
    const paths = table.routes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/search/new-cars', '/search/used-cars', '/search/demo-cars', '/search/new-and-demo-cars', '/search/new-used-and-demo-cars',
        '/search/toyota', '/search/toyota/corolla', '/search/toyota/hilux', '/search/mercedes-benz', '/search/mercedes-benz/c-200',
        '/search/brisbane-yard', '/search/north-motors',
      ]),
    );
    expect(table.routes.find((route) => route.path === '/search/used-cars')?.preset).toEqual({ car_type: ['used'] });
    expect(table.routes.filter((route) => route.path === '/search/used-cars')).toHaveLength(1);
    expect(table.routes.find((route) => route.path === '/search/toyota/hilux')?.preset).toEqual({ make: ['Toyota'], model: ['HiLux'] });
  });

  it('uses the /used-car form for tenants that ask for it', () => {
    expect(searchPrefix({ used_car_routes: true })).toBe('/used-car');
    expect(buildRouteTable([doc({ make: 'Kia' })], '/used-car').routes.map((route) => route.path)).toContain('/used-car/kia');
  });
});

describe('createSearchUrl', () => {
  it.each<[string, SearchUrlState, string]>([
    ['nothing refined', {}, '/search/new-used-and-demo-cars'],
    ['page 1 is left out', { page: 1 }, '/search/new-used-and-demo-cars'],
    ['query and page 2', { query: 'hilux sr5', page: 2 }, '/search/new-used-and-demo-cars?query=hilux%20sr5&page=2'],
    ['a car type takes its path', { refinementList: { car_type: ['used'] } }, '/search/used-cars'],
    ['new and demo together', { refinementList: { car_type: ['demo', 'new'] } }, '/search/new-and-demo-cars'],
    ['make and model take their path', { refinementList: { make: ['Toyota'], model: ['Corolla'] } }, '/search/toyota/corolla'],
    ['two makes stay in the query', { refinementList: { make: ['Toyota', 'Kia'] } }, '/search/new-used-and-demo-cars?refinementList[make][]=Toyota&refinementList[make][]=Kia'],
    ['price range as min:max', { range: { price: '10000:25000' } }, '/search/new-used-and-demo-cars?range[price]=10000:25000'],
    ['sort key', { sortBy: 'price-desc' }, '/search/new-used-and-demo-cars?sortBy=price-desc'],
    ['relevance is the default and left out', { sortBy: 'relevance' }, '/search/new-used-and-demo-cars'],
    [
      'spec order of parameters',
      { refinementList: { make: ['Toyota'], body: ['SUV'] }, range: { price: ':30000' }, sortBy: 'latest', page: 3, query: 'x' },
      '/search/toyota?query=x&page=3&sortBy=latest&range[price]=:30000&refinementList[body][]=SUV',
    ],
    ['location route', { refinementList: { location_name: ['Brisbane Yard'] } }, '/search/brisbane-yard'],
    ['dealership route', { refinementList: { dealership_name: ['North Motors'] } }, '/search/north-motors'],
    ['values are escaped', { refinementList: { colour: ['Black & White'] } }, '/search/new-used-and-demo-cars?refinementList[colour][]=Black%20%26%20White'],
  ])('%s', (_name, state, expected) => {
    expect(createSearchUrl(state, table)).toBe(expected);
  });
});

describe('isCurrentAddress', () => {
  const at = (href: string) => {
    const parsed = new URL(href);
    return { href: parsed.href, pathname: parsed.pathname, search: parsed.search };
  };

  it('compares the path and query string the router writes with the address bar\'s, not with its full href', () => {
    const written = createSearchUrl({ query: 'hilux sr5', range: { price: '10000:25000' }, refinementList: { car_type: ['used'] } }, table);
    expect(isCurrentAddress(written, at(`https://dealer.example${written}`))).toBe(true);
    expect(isCurrentAddress(written, at(`https://dealer.example${written}#results`))).toBe(true);
    expect(isCurrentAddress('/search/used-cars', at('https://dealer.example/search/used-cars'))).toBe(true);
  });

  it('tells a different search or route apart', () => {
    expect(isCurrentAddress('/search/used-cars?page=2', at('https://dealer.example/search/used-cars'))).toBe(false);
    expect(isCurrentAddress('/search/used-cars', at('https://dealer.example/search/used-cars?page=2'))).toBe(false);
    expect(isCurrentAddress('/search/new-cars', at('https://dealer.example/search/used-cars'))).toBe(false);
  });
});

describe('addressWrite', () => {
  const at = (href: string) => {
    const parsed = new URL(href);
    return { href: parsed.href, pathname: parsed.pathname, search: parsed.search };
  };
  const written = createSearchUrl({ refinementList: { car_type: ['used'], make: ['Toyota'] } }, table);

  it('writes nothing for the address shown', () => {
    expect(addressWrite(written, at(`https://dealer.example${written}`), table)).toBe('none');
  });

  it("replaces an old link's spelling of the same search: percent-encoded brackets, indexed arrays, a trailing slash", () => {
    expect(written).toBe('/search/used-cars?refinementList[make][]=Toyota');
    for (const old of ['/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Toyota', '/search/used-cars?refinementList[make][0]=Toyota', '/search/used-cars/?refinementList%5Bmake%5D%5B%5D=Toyota']) {
      expect(addressWrite(written, at(`https://dealer.example${old}`), table), old).toBe('replace');
    }
  });

  it('adds an entry for another search', () => {
    expect(addressWrite(written, at('https://dealer.example/search/used-cars?refinementList%5Bmake%5D%5B0%5D=Kia'), table)).toBe('push');
    expect(addressWrite(written, at('https://dealer.example/search/used-cars'), table)).toBe('push');
    expect(addressWrite('/search/used-cars?refinementList[make][]=Toyota&page=2', at(`https://dealer.example${written}`), table)).toBe('push');
  });
});

describe('routerAddress', () => {
  const at = (href: string) => {
    const parsed = new URL(href);
    return { href: parsed.href, pathname: parsed.pathname, search: parsed.search };
  };
  const written = createSearchUrl({ refinementList: { car_type: ['used'], make: ['Toyota'] } }, table);

  // Fault: an old link rewritten in place dropped its campaign's parameters ('utm_source') from the address bar.
  it("keeps the parameters no search reads, as written, when an old link's spelling of the same search is rewritten", () => {
    const old = at('https://dealer.example/search/used-cars?utm_source=mail&refinementList%5Bmake%5D%5B0%5D=Toyota&utm_campaign=spring%20sale&gclid');
    const address = routerAddress(written, old, table);
    expect(address).toBe('/search/used-cars?refinementList[make][]=Toyota&utm_source=mail&utm_campaign=spring%20sale&gclid');
    expect(addressWrite(address, old, table)).toBe('replace');
    // The router's own spelling with a campaign's parameter: nothing to write.
    const shown = at(`https://dealer.example${written}&utm_source=mail`);
    expect(addressWrite(routerAddress(written, shown, table), shown, table)).toBe('none');
    expect(routerAddress('/search/used-cars', at('https://dealer.example/search/used-cars/?utm_source=mail'), table)).toBe('/search/used-cars?utm_source=mail');
  });

  it('writes another search without them: a new search is no longer the campaign link', () => {
    expect(routerAddress('/search/used-cars?refinementList[make][]=Kia', at(`https://dealer.example${written}&utm_source=mail`), table)).toBe(
      '/search/used-cars?refinementList[make][]=Kia',
    );
  });
});

describe('withOwnParameters', () => {
  it("adds an address's parameters no search reads after a URL's own, and nothing when it has none", () => {
    expect(withOwnParameters('/search/used-cars?page=3', '?page=9&sortBy=price-asc&utm_medium=email&range%5Bprice%5D=1:2')).toBe('/search/used-cars?page=3&utm_medium=email');
    expect(withOwnParameters('/search/used-cars', '?query=hilux')).toBe('/search/used-cars');
    expect(withOwnParameters('/search/used-cars', '')).toBe('/search/used-cars');
  });
});

describe('parseSearchUrl', () => {
  it('reads a cold deep link with every parameter', () => {
    expect(parseSearchUrl(url('/search/used-cars/?query=ranger&page=2&sortBy=price-asc&range[price]=5000:40000&refinementList[make][]=Ford&refinementList[make][]=Toyota&refinementList[body][]=Ute'), table)).toEqual({
      query: 'ranger',
      page: 2,
      sortBy: 'price-asc',
      range: { price: '5000:40000' },
      refinementList: { car_type: ['used'], make: ['Ford', 'Toyota'], body: ['Ute'] },
    });
  });

  it('accepts percent-encoded brackets and indexed arrays', () => {
    expect(parseSearchUrl(url('/search/new-used-and-demo-cars?refinementList%5Bmake%5D%5B0%5D=Kia&range%5Bprice%5D=1%3A2'), table)).toEqual({
      refinementList: { make: ['Kia'] },
      range: { price: '1:2' },
    });
  });

  it('ignores what it does not understand', () => {
    expect(parseSearchUrl(url('/search/unknown-page?page=abc&sortBy=cheapest&range[price]=lots&utm_source=x&page=0'), table)).toEqual({});
  });
});

describe("a /used-car tenant's /search pages (the Range menu's and old links)", () => {
  const usedCar = buildRouteTable([doc({ make: 'Jayco', model: 'Journey' })], searchPrefix({ used_car_routes: true }));

  it('reads /search/jayco/journey as the route /used-car/jayco/journey, so its filter stays once the shopper refines or arrives with a query', () => {
    expect(routeForPath('/search/jayco/journey/', usedCar).path).toBe('/used-car/jayco/journey');
    expect(parseSearchUrl(url('/search/jayco/journey'), usedCar)).toEqual({ refinementList: { make: ['Jayco'], model: ['Journey'] } });
    expect(parseSearchUrl(url('/search/jayco/journey/?sortBy=price-asc&refinementList[body][]=Pop%20Top'), usedCar)).toEqual({
      sortBy: 'price-asc',
      refinementList: { make: ['Jayco'], model: ['Journey'], body: ['Pop Top'] },
    });
    expect(createSearchUrl(parseSearchUrl(url('/search/jayco/journey?sortBy=latest'), usedCar), usedCar)).toBe('/used-car/jayco/journey?sortBy=latest');
  });

  it('still falls back to the base route for a path that is no route', () => {
    expect(routeForPath('/search/jayco/unknown', usedCar).path).toBe('/used-car/new-used-and-demo-cars');
    expect(routeForPath('/searching/jayco', usedCar).path).toBe('/used-car/new-used-and-demo-cars');
  });
});

describe('round trip', () => {
  const canonical = (state: SearchUrlState): SearchUrlState => ({
    ...state,
    ...(state.refinementList ? { refinementList: Object.fromEntries(Object.entries(state.refinementList).map(([key, values]) => [key, [...values].sort()])) } : {}),
  });
  const facets = ['make', 'model', 'car_type', 'body', 'colour', 'location_name', 'dealership_name'];
  const values: Record<string, string[]> = {
    make: ['Toyota', 'Kia', 'Mercedes-Benz'], model: ['Corolla', 'HiLux', 'C 200'], car_type: ['new', 'used', 'demo'], body: ['SUV', 'Ute'],
    colour: ['Black & White', 'Red'], location_name: ['Brisbane Yard'], dealership_name: ['North Motors'],
  };
  // Deterministic pseudo-random states (xorshift) so failures reproduce.
  let seed = 42;
  const random = () => ((seed ^= seed << 13), (seed ^= seed >>> 17), (seed ^= seed << 5), (seed >>> 0) / 2 ** 32);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const states: SearchUrlState[] = Array.from({ length: 300 }, () => {
    const state: SearchUrlState = {};
    if (random() < 0.5) state.query = pick(['corolla', 'hi lux', 'a&b=c', '50% off', 'ü']);
    if (random() < 0.5) state.page = 2 + Math.floor(random() * 5);
    if (random() < 0.5) state.sortBy = pick(['latest', 'price-desc', 'price-asc']);
    if (random() < 0.4) state.range = { price: pick(['1000:2000', ':5000', '7000:']) };
    const list: Record<string, string[]> = {};
    for (const facet of facets) {
      if (random() < 0.3) list[facet] = [...new Set(Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(values[facet])))];
    }
    if (Object.keys(list).length > 0) state.refinementList = list;
    return state;
  });

  it('parseSearchUrl(createSearchUrl(state)) returns the state', () => {
    for (const state of states) expect(canonical(parseSearchUrl(url(createSearchUrl(state, table)), table))).toEqual(canonical(state));
  });

  it('InstantSearch ui state maps to URL state and back', () => {
    for (const state of states) expect(fromUiState(toUiState(state, 'Car_production'), 'Car_production')).toEqual(state);
    expect(toUiState({ sortBy: 'price-desc' }, 'Car_production')).toEqual({ sortBy: 'Car_production:price:desc' });
  });
});
