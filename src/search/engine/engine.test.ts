import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { createEmbeddedSearchClient, withResponseCache } from '../browser/client.ts';
import { toSearchDocuments } from '../core/documents.ts';
import { decodeIndex, decodeIndexWithColumns, encodeIndex, openIndex, type EmbeddedIndex } from './embedded-index.ts';
import { FACET_ATTRIBUTES, MAX_VALUES_PER_FACET, NUMERIC_ATTRIBUTES } from '../core/config.ts';
import { createSearchEngine, type EngineSearchParams, type SearchEngine } from './engine.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const car = (id: number, fields: Partial<Car>): Car =>
  makeCar({ id, slug: `car-${id}`, status: 'in_stock', car_type: 'used', created_at: `2026-01-${String(10 + id).padStart(2, '0')}T00:00:00Z`, ...fields });

const cars: Car[] = [
  car(1, { name: '2021 Toyota Corolla Ascent', make: 'Toyota', model: 'Corolla', badge: 'Ascent', colour: 'White', price: 25990, km: 30000, simple_body: 'Hatch', stocknum: 'AB100' }),
  car(2, { name: '2020 Toyota HiLux SR5', make: 'Toyota', model: 'HiLux', badge: 'SR5', colour: 'Silver', price: 45990, km: 60000, simple_body: 'Ute', car_type: 'demo' }),
  car(3, { name: '2019 Mazda CX-5 Maxx', make: 'Mazda', model: 'CX-5', badge: 'Maxx', colour: 'Red', price: 28990, simple_body: 'SUV' }),
  car(4, { name: '2022 Škoda Octavia RS', make: 'Škoda', model: 'Octavia', colour: 'white', simple_body: 'Wagon', car_type: 'new' }),
  car(5, { name: '2018 Ford Ranger XLT', make: 'Ford', model: 'Ranger', price: 39990, status: 'sold', simple_body: 'Ute' }),
];
const documents = toSearchDocuments(cars, { slug: 'demo', dealerships: [] });
const engine = createSearchEngine(documents);
const ids = (result: { hits: { id: string }[] }) => result.hits.map((hit) => hit.id);

describe('embedded engine', () => {
  it.each<[string, string, Record<string, unknown>, string[]]>([
    ['default order: available first, newest first, sold last', 'cars', {}, ['4', '3', '2', '1', '5']],
    ['one word matches any searchable attribute', 'cars', { query: 'toyota' }, ['2', '1']],
    ['last word is a prefix', 'cars', { query: 'hil' }, ['2']],
    ['earlier words must match whole', 'cars', { query: 'toy hilux' }, []],
    ['every word must match', 'cars', { query: 'white corolla' }, ['1']],
    ['accents and case are ignored', 'cars', { query: 'SKODA' }, ['4']],
    ['stock number prefix', 'cars', { query: 'ab1' }, ['1']],
    ['hyphenated model words', 'cars', { query: 'cx-5' }, ['3']],
    ['facet filters: OR within a group, AND across groups', 'cars', { facetFilters: [['make:Toyota', 'make:Mazda'], ['car_type:used']] }, ['3', '1']],
    ['facet values are case-insensitive', 'cars', { facetFilters: ['colour:WHITE'] }, ['4', '1']],
    ['negated facet filter', 'cars', { facetFilters: ['make:-Toyota'] }, ['4', '3', '5']],
    ['numeric range', 'cars', { numericFilters: ['price>=26000', 'price<=40000'] }, ['3', '5']],
    ['numeric TO range', 'cars', { numericFilters: ['price:25990 TO 28990'] }, ['3', '1']],
    ['price descending, missing prices last', 'cars:price:desc', {}, ['2', '5', '3', '1', '4']],
    ['price ascending, missing prices last', 'cars:price:asc', {}, ['1', '3', '5', '2', '4']],
    ['latest', 'cars:created_at:desc', {}, ['5', '4', '3', '2', '1']],
    ['pages', 'cars', { hitsPerPage: 2, page: 1 }, ['2', '1']],
  ])('%s', (_name, indexName, params, expected) => {
    expect(ids(engine.search(indexName, params))).toEqual(expected);
  });

  it('counts facets over the filtered hits, with stats for numbers', () => {
    const result = engine.search('cars', { facets: ['make', 'colour', 'price'], facetFilters: [['body:Ute', 'body:Hatch']] });
    expect(result.nbHits).toBe(3);
    expect(result.facets.make).toEqual({ Toyota: 2, Ford: 1 });
    expect(result.facets_stats.price).toMatchObject({ min: 25990, max: 45990 });
    expect(result.facets_stats.make).toBeUndefined();
    // 'White' and 'white' are one value, as in Meilisearch.
    expect(engine.search('cars', { facets: ['colour'] }).facets.colour.White ?? engine.search('cars', { facets: ['colour'] }).facets.colour.white).toBe(2);
  });

  it('reports pages and an objectID per hit', () => {
    const result = engine.search('cars', { hitsPerPage: 2, page: 0 });
    expect(result).toMatchObject({ nbHits: 5, nbPages: 3, page: 0, hitsPerPage: 2 });
    expect(result.hits[0].objectID).toBe('demo__4');
  });

  it('rejects malformed filters instead of ignoring them', () => {
    expect(() => engine.search('cars', { numericFilters: ['price>>abc'] })).toThrow();
  });
});

describe('embedded index file', () => {
  it('decodes to exactly the documents it encoded', () => {
    const decoded = decodeIndex(JSON.parse(JSON.stringify(encodeIndex('demo', documents))));
    const byUid = new Map(decoded.map((document) => [document.uid, document]));
    for (const document of documents) expect(byUid.get(document.uid)).toEqual(document);
  });

  it('keeps names and slugs that do not follow the feed pattern, and string ids', () => {
    const odd = toSearchDocuments([car(9, { id: 'ABC-9' as never, slug: 'special-slug', name: 'Custom Name', make: 'Kia' })], { slug: 'demo', dealerships: [] });
    expect(decodeIndex(JSON.parse(JSON.stringify(encodeIndex('demo', odd))))).toEqual(odd);
  });
});

/** A seeded generator, so a failure reproduces. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
}

describe('embedded engine at scale (issue 17: packed-key sorts, top facet values)', () => {
  const random = seeded(17);
  const makes = ['Toyota', 'Mazda', 'Ford', 'Kia', 'Hyundai'];
  const statuses = ['in_stock', 'in_stock', 'in_stock', 'sold', 'coming_soon'] as const;
  // Many ties (prices and dates repeat), missing prices, and kms with thousands of values.
  const big = Array.from({ length: 3000 }, (_, index) =>
    car(100 + index, {
      name: `Car ${index}`,
      make: makes[Math.floor(random() * makes.length)],
      model: `M${Math.floor(random() * 40)}`,
      price: random() < 0.1 ? undefined : 1000 * Math.floor(random() * 60),
      km: Math.floor(random() * 200000),
      status: statuses[Math.floor(random() * statuses.length)],
      created_at: `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}T00:00:00Z`,
    } as Partial<Car>),
  );
  const bigDocuments = toSearchDocuments(big, { slug: 'demo', dealerships: [] });
  const bigEngine = createSearchEngine(bigDocuments);
  type Doc = (typeof bigDocuments)[number];

  /** The order rule written the plain way: sort field (missing last), custom_rank desc, tiebreak asc. */
  function reference(sort: string | null): string[] {
    const [attribute, direction] = (sort ?? '').split(':');
    const value = (document: Doc) => (document as unknown as Record<string, unknown>)[attribute];
    return [...bigDocuments]
      .sort((a, b) => {
        if (sort) {
          const left = value(a);
          const right = value(b);
          if ((typeof left === 'number') !== (typeof right === 'number')) return typeof left === 'number' ? -1 : 1;
          if (typeof left === 'number' && typeof right === 'number' && left !== right) return direction === 'desc' ? right - left : left - right;
        }
        return b.custom_rank - a.custom_rank || a.tiebreak - b.tiebreak;
      })
      .map((document) => document.id);
  }

  it.each([null, 'price:asc', 'price:desc', 'km:desc', 'created_at:desc'])('sort %s gives the same order as the plain comparator', (sort) => {
    const result = bigEngine.search(sort ? `cars:${sort}` : 'cars', { hitsPerPage: 2000 });
    expect(result.hits.map((hit) => hit.id)).toEqual(reference(sort).slice(0, 2000));
  });

  it('an index file stands in the default order: its engine skips that sort and answers the same', () => {
    const decoded = decodeIndex(JSON.parse(JSON.stringify(encodeIndex('demo', bigDocuments))));
    expect(decoded.map((document) => document.id)).toEqual(reference(null));
    const fromFile = createSearchEngine(decoded);
    for (const sort of ['cars', 'cars:price:asc', 'cars:created_at:desc']) expect(ids(fromFile.search(sort, { hitsPerPage: 500, facetFilters: ['make:-Ford'] }))).toEqual(ids(bigEngine.search(sort, { hitsPerPage: 500, facetFilters: ['make:-Ford'] })));
  });

  it('a facet with more values than the limit shows the most frequent, ties in label order', () => {
    // Twice: the first search compares labels, the next ones use the kept label order.
    for (const round of [1, 2]) {
      const result = bigEngine.search('cars', { facets: ['km', 'model'], facetFilters: [['make:Toyota', 'make:Kia']] });
      for (const attribute of ['km', 'model'] as const) {
        const counts = new Map<string, number>();
        for (const document of bigDocuments) if (document.make === 'Toyota' || document.make === 'Kia') counts.set(String(document[attribute]), (counts.get(String(document[attribute])) ?? 0) + 1);
        const expected = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, MAX_VALUES_PER_FACET);
        // Objects order integer-like keys numerically, so compare as sets of entries.
        expect(result.facets[attribute], `${attribute}, search ${round}`).toEqual(Object.fromEntries(expected));
      }
      expect(Object.keys(result.facets.km)).toHaveLength(MAX_VALUES_PER_FACET);
    }
  });

  it('numeric stats skip documents without the value', () => {
    const prices = bigDocuments.flatMap((document) => (document.price === undefined ? [] : [document.price]));
    const stats = bigEngine.search('cars', { facets: ['price'], hitsPerPage: 0 }).facets_stats.price;
    expect(stats).toEqual({ min: Math.min(...prices), max: Math.max(...prices), sum: prices.reduce((a, b) => a + b, 0), avg: prices.reduce((a, b) => a + b, 0) / prices.length });
  });

  it('an engine reading the index file\'s stored columns answers exactly as one reading the documents', () => {
    // Spellings that normalise alike ('Toyota' / 'TOYOTA') make the engine scan that column instead.
    const mixed = bigDocuments.map((document, index) => (index % 97 === 0 ? { ...document, make: document.make?.toUpperCase() } : document));
    const { documents: decoded, columns } = decodeIndexWithColumns(JSON.parse(JSON.stringify(encodeIndex('demo', mixed))));
    const fromColumns = createSearchEngine(decoded, { columns });
    const fromDocuments = createSearchEngine(decoded);
    const facets = ['make', 'model', 'price', 'km', 'car_type', 'certified', 'status', 'price_range', 'make_model'];
    for (const params of [{}, { facetFilters: [['make:toyota', 'make:KIA']] }, { numericFilters: ['km<=50000'], facetFilters: ['certified:false'] }, { query: 'car 2' }]) {
      for (const sort of ['cars', 'cars:price:desc']) expect(fromColumns.search(sort, { ...params, facets, hitsPerPage: 40 })).toEqual({ ...fromDocuments.search(sort, { ...params, facets, hitsPerPage: 40 }), processingTimeMS: expect.any(Number) });
    }
  });

  it('an opened index file answers as its documents do, and its first answer makes only the hits', () => {
    const file = JSON.parse(JSON.stringify(encodeIndex('demo', bigDocuments))) as EmbeddedIndex;
    const reference = createSearchEngine(decodeIndex(file));
    const opened = openIndex(file);
    const made = new Set<number>();
    const watched = { size: opened.size, at: (position: number) => (made.add(position), opened.at(position)) };
    const lazy = createSearchEngine(watched, { columns: opened.columns, whole: opened.whole, ordered: opened.ordered });
    const same = (engine: SearchEngine, sort: string, params: EngineSearchParams) => expect(engine.search(sort, params)).toEqual({ ...reference.search(sort, params), processingTimeMS: expect.any(Number) });
    // The whole stock with every facet (the search page's first answer) comes from the file's counts.
    same(lazy, 'cars', { facets: ['*'], hitsPerPage: 21 });
    expect(made.size).toBe(21);
    // An older file (no counts, no order mark) answers the same from its columns.
    const older = openIndex({ ...file, f: undefined, o: undefined });
    const plain = createSearchEngine(older, { columns: older.columns, whole: older.whole, ordered: older.ordered });
    const facets = ['make', 'model', 'price', 'km', 'year', 'car_type', 'certified', 'status', 'price_range', 'make_model', 'subscription_price', 'tag'];
    for (const params of [{}, { page: 4 }, { facetFilters: [['make:toyota', 'make:KIA']] }, { numericFilters: ['km<=50000'], facetFilters: ['certified:false'] }, { query: 'car 2' }, { query: '  ' }]) {
      for (const sort of ['cars', 'cars:price:desc', 'cars:created_at:desc']) {
        for (const engine of [lazy, plain]) same(engine, sort, { ...params, facets, hitsPerPage: 40 });
      }
    }
  });

  it('text queries answer the same whether or not the word index was prepared ahead', () => {
    const fresh = createSearchEngine(bigDocuments);
    const prepared = createSearchEngine(bigDocuments);
    while (prepared.prepare?.());
    // Stopped half way through the word index (3,000 documents: two slices of it).
    const half = createSearchEngine(bigDocuments);
    for (let step = 0; step < FACET_ATTRIBUTES.length + NUMERIC_ATTRIBUTES.length + 2; step += 1) half.prepare?.();
    for (const query of ['car 1', 'toy', 'm3', 'kia m1']) {
      const expected = ids(fresh.search('cars', { query, hitsPerPage: 50 }));
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(prepared.search('cars', { query, hitsPerPage: 50 }))).toEqual(expected);
      expect(ids(half.search('cars', { query, hitsPerPage: 50 }))).toEqual(expected);
    }
  });
});

describe('search clients', () => {
  it('loads the engine once, answers every request, and caches identical requests', async () => {
    let loads = 0;
    let searches = 0;
    const client = withResponseCache(
      createEmbeddedSearchClient(async () => {
        loads += 1;
        return { size: engine.size, search: (indexName, params) => ((searches += 1), engine.search(indexName, params)) };
      }),
      2,
    );
    const request = [{ indexName: 'cars', params: { query: 'toyota' } }, { indexName: 'cars', params: { facets: ['make'], hitsPerPage: 0 } }];
    const first = await client.search(request);
    await client.search(request);
    expect(loads).toBe(1);
    expect(searches).toBe(2);
    expect(first.results).toHaveLength(2);
    await client.search([{ indexName: 'cars', params: { query: 'a' } }]);
    await client.search([{ indexName: 'cars', params: { query: 'b' } }]);
    await client.search(request);
    // The oldest entry was evicted: the first request ran again.
    expect(searches).toBe(6);
  });

  it('prepares step by step after the first answer, until no step remains, once', async () => {
    let prepares = 0;
    // Waits for the step that says nothing remains, not for a time: the steps run on timers,
    // which a loaded machine delays.
    let lastStep!: () => void;
    const finished = new Promise<void>((resolve) => (lastStep = resolve));
    const prepare = () => {
      prepares += 1;
      if (prepares >= 3) lastStep();
      return prepares < 3;
    };
    const client = createEmbeddedSearchClient(async () => ({ size: engine.size, search: engine.search, prepare }));
    await client.search([{ indexName: 'cars' }]);
    expect(prepares).toBe(0);
    await client.search([{ indexName: 'cars', params: { query: 'toy' } }]);
    await finished;
    // A step scheduled after the last one would run before this timer.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prepares).toBe(3);
  });

  it('an engine prepares in steps and then has nothing left to prepare', () => {
    const prepared = createSearchEngine(documents);
    let steps = 1;
    while (prepared.prepare!()) steps += 1;
    expect(steps).toBeGreaterThan(20);
    expect(prepared.prepare!()).toBe(false);
  });

  it('retries loading after a failed load', async () => {
    let attempts = 0;
    const client = createEmbeddedSearchClient(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return engine;
    });
    await expect(client.search([{ indexName: 'cars' }])).rejects.toThrow('offline');
    await expect(client.search([{ indexName: 'cars' }])).resolves.toHaveProperty('results');
  });
});

describe('issue35-5: filtered_features, a facet with several values per car, and the caravan facets', () => {
  const featured: Car[] = [
    car(1, { make: 'Toyota', standardEquipment: ['Apple CarPlay - Wireless', 'Android Auto', 'Reversing Camera'] }),
    car(2, { make: 'Mazda', standardEquipment: ['Wireless Apple CarPlay', 'Reversing Camera Pre-wire', 'Heated Front Seats'] }),
    car(3, { make: 'Ford', standardEquipment: ['ABS (Antilock Brakes)'] }),
    car(4, { make: 'Jayco', item_type: 'caravan', specifications: { sleeps: 4, body_length: 20.1 }, standardEquipment: ['Solar Panels 2 x 200W', 'Cassette Toilet'] }),
  ];
  const docs = toSearchDocuments(featured, { slug: 'demo', dealerships: [] });
  const engines: [string, SearchEngine][] = [
    ['documents', createSearchEngine(docs)],
    ['index file', createSearchEngine(decodeIndex(JSON.parse(JSON.stringify(encodeIndex('demo', docs)))))],
  ];

  it('names the features shoppers filter by, once each, and leaves out what only sounds alike', () => {
    expect(docs.map((document) => document.filtered_features)).toEqual([['Apple CarPlay', 'Android Auto', 'Reversing Camera'], ['Apple CarPlay', 'Heated Seats'], undefined, ['Solar Panels', 'Toilet']]);
    expect(docs[3]).toMatchObject({ sleeps: 4, body_length: 20.1 });
  });

  it.each(engines)('counts a car under each of its features and filters by any of them (%s)', (_name, subject) => {
    const all = subject.search('cars', { facets: ['filtered_features', 'sleeps', 'body_length'], hitsPerPage: 10 });
    expect(all.facets.filtered_features).toEqual({ 'Apple CarPlay': 2, 'Android Auto': 1, 'Heated Seats': 1, 'Reversing Camera': 1, 'Solar Panels': 1, Toilet: 1 });
    expect(all.facets.sleeps).toEqual({ 4: 1 });
    expect(all.facets_stats.body_length).toMatchObject({ min: 20.1, max: 20.1 });
    expect(ids(subject.search('cars', { facetFilters: ['filtered_features:apple carplay'] })).sort()).toEqual(['1', '2']);
    expect(ids(subject.search('cars', { facetFilters: [['filtered_features:Heated Seats', 'filtered_features:Toilet']] })).sort()).toEqual(['2', '4']);
    expect(ids(subject.search('cars', { facetFilters: ['filtered_features:Apple CarPlay', 'filtered_features:Android Auto'] }))).toEqual(['1']);
    expect(ids(subject.search('cars', { facetFilters: ['filtered_features:-Apple CarPlay'] })).sort()).toEqual(['3', '4']);
    const filtered = subject.search('cars', { facets: ['filtered_features'], facetFilters: ['make:Mazda'] });
    expect(filtered.facets.filtered_features).toEqual({ 'Apple CarPlay': 1, 'Heated Seats': 1 });
  });
});
