import { generateTenantToken } from 'meilisearch/token';
import { describe, expect, it } from 'vitest';
import {
  engineConfig,
  heroSearchProps,
  indexFilePath,
  makeTileNouns,
  searchBuildData,
  searchWordsProblems,
  stockLinkedLocations,
  stockRouteTable,
} from './page-data.ts';
import { toSearchDocuments } from '../core/documents.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';

const site = (search?: object, extra: object = {}) => ({ slug: 'demo', site: { slug: 'demo', search, ...extra } }) as never;

describe('engineConfig (what the browser gets)', () => {
  it('embedded sites load their own index file, at the same URL in every build (it is revalidated, not cache-busted)', async () => {
    expect(await engineConfig(site(), {})).toEqual({ kind: 'embedded', indexUrl: indexFilePath('demo') });
  });

  it('a site.json tenant token is used as given (once checked: issue 13 M9)', async () => {
    const key = await generateTenantToken({
      apiKey: 'a-secret-search-key-value-0123456789',
      apiKeyUid: '6062abda-a5aa-4414-ac91-ecd7944c0f8d',
      searchRules: { Cars: { filter: 'site = "demo"' } },
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // With the embedded index of the same build to fall back on while Meilisearch does not answer.
    expect(await engineConfig(site({ host: 'https://search.example.com', key, index: 'Cars' }), {})).toEqual({
      kind: 'meilisearch',
      host: 'https://search.example.com',
      key,
      index: 'Cars',
      fallbackIndexUrl: indexFilePath('demo'),
    });
  });

  it('otherwise the build signs a tenant token holding the site filter, never exposing the search key', async () => {
    const env = { MEILI_SEARCH_KEY: 'a-secret-search-key-value-0123456789', MEILI_SEARCH_KEY_UID: '6062abda-a5aa-4414-ac91-ecd7944c0f8d' };
    const config = await engineConfig(
      site({ host: 'https://search.example.com', index: 'Car_production' }, { search_filters: 'site = "demo" AND status != "sold"' }),
      env,
    );
    if (config.kind !== 'meilisearch') throw new Error('expected meilisearch');
    expect(config.key).not.toContain(env.MEILI_SEARCH_KEY);
    const payload = JSON.parse(Buffer.from(config.key.split('.')[1], 'base64url').toString('utf8'));
    expect(payload.apiKeyUid).toBe(env.MEILI_SEARCH_KEY_UID);
    // Issue 13 M9: search_filters narrows the site filter (ANDed), never replaces it.
    expect(payload.searchRules).toEqual({ Car_production: { filter: 'site = "demo" AND (site = "demo" AND status != "sold")' } });
  });

  it('fails the build with an actionable message when there is no browser key', async () => {
    await expect(engineConfig(site({ host: 'https://search.example.com', index: 'Car_production' }), {})).rejects.toThrow(/MEILI_SEARCH_KEY/);
  });
});

describe('makeTileNouns (the home page make tiles of a site of several kinds)', () => {
  let id = 0;
  const car = (make: string, item_type: string | null) =>
    makeCar({ id: ++id, slug: `car-${id}`, status: 'in_stock', car_type: 'used', make, model: 'X', price: 10_000, item_type });
  const documents = toSearchDocuments(
    [
      car('Yamaha', 'motorcycle'),
      car('Yamaha', 'motorcycle'),
      car('Yamaha', null),
      car('Isuzu', 'truck'),
      car('Hino', 'Truck'),
      car('Honda', 'motorcycle'),
      car('Honda', 'truck'),
    ],
    { slug: 'demo', dealerships: [] },
  );

  it("names each make's count by its own kinds: Bikes, Truck(s), Bikes & Trucks only when both", () => {
    expect(makeTileNouns(documents, ['motorcycle', 'truck'], { Yamaha: 3, Isuzu: 1, Hino: 1, Honda: 2 })).toEqual({
      Yamaha: 'Bikes',
      Isuzu: 'Truck',
      Hino: 'Truck',
      Honda: 'Bikes & Trucks',
    });
    expect(makeTileNouns(documents, ['motorcycle', 'truck'], { Isuzu: 4 }).Isuzu).toBe('Trucks');
  });

  it('leaves a one-kind site to its stock noun', () => {
    expect(makeTileNouns(documents, ['motorcycle'])).toEqual({});
  });
});

describe('searchWordsProblems (site.json search_words: the names the schema cannot check)', () => {
  it('names the entry and the field of a facet or range the search does not have', () => {
    expect(
      searchWordsProblems([
        { words: ['tradie ute'], refine: { body: ['Ute'] } },
        { words: ['cheap'], range: { price: { max: 15000 } } },
      ]),
    ).toEqual([]);
    expect(
      searchWordsProblems([
        { words: ['ok'], refine: { body: ['Ute'] } },
        { words: ['x'], refine: { colr: ['Red'] } },
        { words: ['y'], range: { speed: { max: 3 } } },
      ]),
    ).toEqual([
      expect.stringMatching(/^search_words\[1\]\.refine\.colr: not a facet the search filters by \(one of make, model, /),
      expect.stringMatching(/^search_words\[2\]\.range\.speed: not a range the search filters by \(one of price, km, year, /),
    ]);
  });
});

describe("the hero's first count of a large stock", () => {
  it("counts every car above the engine's 2,000 hits, from the car_type totals, as the live hero does", async () => {
    const site = makeSite({ slug: 'big-yard' });
    const cars = Array.from({ length: 2400 }, (_, index) =>
      makeCar({
        id: index + 1,
        slug: `car-${index + 1}`,
        make: index % 2 ? 'Toyota' : 'Ford',
        model: 'Any',
        price: 20_000 + index,
        car_type: index < 1800 ? 'used' : 'new',
      }),
    );
    const data = await searchBuildData({ slug: site.slug, site, cars, buildTime: Date.parse('2026-12-06T00:00:00Z') });
    expect(heroSearchProps(data).initial.total).toBe(2400);
  });
});

describe('the stock noun of the search pages and the hero', () => {
  it("a truck dealer's counts say trucks, not cars, when site.json names no stock noun", async () => {
    const site = makeSite({ slug: 'truck-yard', vehicle_kinds: ['truck'] });
    const cars = [makeCar({ id: 1, slug: 'truck-1', make: 'Isuzu', model: 'NPR', price: 50_000, item_type: 'truck' })];
    const data = await searchBuildData({ slug: site.slug, site, cars, buildTime: Date.parse('2026-12-06T00:00:00Z') });
    expect(data.config.stockNouns).toEqual({ one: 'truck', other: 'trucks' });
    expect(heroSearchProps(data, undefined, ['truck']).stockNouns).toEqual({ one: 'truck', other: 'trucks' });
  });
});

describe("the 'We Want Your Car!' card of the result grids", () => {
  const slots = async (fields: Record<string, unknown>) => {
    const site = makeSite({ slug: 'yard', ...fields });
    return (await searchBuildData({ slug: site.slug, site, cars: [], buildTime: Date.parse('2026-12-06T00:00:00Z') })).config.promo.slots;
  };
  it('links the instant offer only where the site values cars (features.trade_in); a card the dealer points elsewhere stays', async () => {
    expect(await slots({})).toEqual([8, 17]);
    expect(await slots({ features: { trade_in: false } })).toEqual([]);
    expect(await slots({ features: { trade_in: false }, promo: { card_href: '/finance' } })).toEqual([8, 17]);
  });
});

describe("a location's View Our Stock page (stockLinkedLocations, stockRouteTable)", () => {
  const location = (slug: string, stock_url?: string) => ({
    id: slug,
    name: `Cars ${slug}`,
    slug,
    address: { street: '1 Example Road', city: 'Newstead', state: 'QLD' },
    ...(stock_url ? { stock_url } : {}),
  });
  const locations = [
    location('newstead', '/search/newstead'),
    location('alexandria', '/search/alexandria/?sortBy=price#results'),
    location('richmond'),
    location('carindale', '/search/toyota'),
    location('geebung', 'https://elsewhere.example.com/search/geebung'),
  ];

  it('is the search page of each location whose stock link is its own /search/{location slug}, with or without cars there', () => {
    const site = makeSite({ locations });
    expect(stockLinkedLocations(site)).toEqual([
      { slug: 'newstead', name: 'Cars newstead' },
      { slug: 'alexandria', name: 'Cars alexandria' },
    ]);
    const routes = stockRouteTable([], site).routes.filter((route) => route.preset.location_name);
    expect(routes).toEqual([
      { path: '/search/alexandria', preset: { location_name: ['Cars alexandria'] }, title: 'Cars alexandria' },
      { path: '/search/newstead', preset: { location_name: ['Cars newstead'] }, title: 'Cars newstead' },
    ]);
  });

  it("a car there gives the page its location's name as the feed writes it, one page a slug", () => {
    const site = makeSite({ locations });
    const car = makeCar({ id: 1, slug: 'car-1', make: 'Mazda', model: 'CX-5', location: { id: 1, name: 'Newstead Yard', slug: 'newstead' } });
    expect(stockRouteTable([car], site).routes.filter((route) => route.path === '/search/newstead')).toEqual([
      { path: '/search/newstead', preset: { location_name: ['Newstead Yard'] }, title: 'Newstead Yard' },
    ]);
  });

  it('on a /used-car site, a link of either form', () => {
    const site = makeSite({ used_car_routes: true, locations: [location('newstead', '/used-car/newstead'), location('alexandria', '/search/alexandria')] });
    expect(
      stockRouteTable([], site)
        .routes.filter((route) => route.preset.location_name)
        .map((route) => route.path),
    ).toEqual(['/used-car/alexandria', '/used-car/newstead']);
  });
});
