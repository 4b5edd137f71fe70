/**
 * Meilisearch against the embedded engine, on a real server (issue 4 item 8): settings
 * applied, incremental sync, parity of hits and counts for the same InstantSearch queries,
 * and tenant isolation of tenant tokens.
 */
import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { createEmbeddedSearchClient, type SearchRequest } from '../../src/search/browser/client.ts';
import { DEFAULT_INDEX } from '../../src/search/core/config.ts';
import { toSearchDocuments, type SearchDocument } from '../../src/search/core/documents.ts';
import { decodeIndex, encodeIndex } from '../../src/search/engine/embedded-index.ts';
import { createSearchEngine, type EngineResult } from '../../src/search/engine/engine.ts';
import { INDEX_SETTINGS, mintTenantToken, syncTenant, tenantFilter, type SearchKey } from '../../src/search/admin/meilisearch.ts';
import { startMeilisearch, type MeilisearchServer } from '../support/meilisearch-server.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const INDEX = `${DEFAULT_INDEX}_test`;
const tenant = loadTenant('tests/fixtures/tenants/search-demo', NOW);
// The fixture's feed has no seats, weekly bands, certified cars, subscription prices or final
// drives: give them some (deterministically) so the parity tests cover every facet of issue 14
// item 1 and the final drive.
const WEEKLY_BANDS = ['$100 - $150', '$150 - $200', '$200 - $250'];
const cars = tenant.visible.map((car, index) => ({
  ...car,
  seats: [5, 7, 2, 5][index % 4],
  weekly_price_range: index % 5 === 4 ? undefined : WEEKLY_BANDS[index % 3],
  certified: index % 3 === 0,
  subscription_price: index % 4 === 1 ? 150 + index * 7 : car.subscription_price,
  tag: index % 6 === 2 ? 'Runout Sale' : car.tag,
  final_drive: index % 7 === 3 ? ['Chain', 'Belt'][index % 2] : car.final_drive,
  // A drive-away total beside an excl. government charges price: the figure cards lead with.
  ...(index % 8 === 5 && car.price ? { price_type: 'Excl. Govt. Charges', drive_away_price: car.price + 4500 } : {}),
}));
const documents = toSearchDocuments(cars, tenant.site);
// A second tenant sharing the index: same cars under another slug, so ids overlap on purpose.
const otherSite = { slug: 'other-dealer', dealerships: [] };
const otherDocuments = toSearchDocuments(cars.slice(0, 25), otherSite);

let server: MeilisearchServer;
let admin: Meilisearch;
let searchKey: SearchKey;

beforeAll(async () => {
  server = await startMeilisearch();
  admin = new Meilisearch({ host: server.host, apiKey: server.masterKey });
  const key = await admin.createKey({ actions: ['search'], indexes: [INDEX], expiresAt: null, description: 'test search key' });
  searchKey = { uid: key.uid, key: key.key };
});

afterAll(async () => {
  await server?.stop();
});

describe('sync-search', () => {
  it('applies the settings before documents and adds every car on the first sync', async () => {
    const report = await syncTenant(admin, { index: INDEX, site: tenant.slug, filter: tenantFilter(tenant.site), documents });
    expect(report).toMatchObject({ added: documents.length, updated: 0, deleted: 0, unchanged: 0 });
    const settings = await admin.index(INDEX).getSettings();
    expect(settings.rankingRules).toEqual(INDEX_SETTINGS.rankingRules);
    expect(settings.searchableAttributes).toEqual(INDEX_SETTINGS.searchableAttributes);
    expect([...(settings.filterableAttributes as string[])].sort()).toEqual([...(INDEX_SETTINGS.filterableAttributes as string[])].sort());
    expect([...(settings.sortableAttributes ?? [])].sort()).toEqual([...(INDEX_SETTINGS.sortableAttributes ?? [])].sort());
    expect(settings.faceting?.maxValuesPerFacet).toBe(250);
    expect(settings.pagination?.maxTotalHits).toBe(2000);
    expect(settings.typoTolerance?.enabled).toBe(false);
    const other = await syncTenant(admin, { index: INDEX, site: otherSite.slug, filter: tenantFilter(otherSite), documents: otherDocuments });
    expect(other.added).toBe(otherDocuments.length);
  });

  it('sends nothing when nothing changed', async () => {
    const report = await syncTenant(admin, { index: INDEX, site: tenant.slug, filter: tenantFilter(tenant.site), documents });
    expect(report).toMatchObject({ added: 0, updated: 0, deleted: 0, unchanged: documents.length });
  });

  it('adds new cars, replaces changed cars and deletes removed cars, leaving other tenants alone', async () => {
    const changed = documents.map((document, index) => (index === 0 ? { ...document, price: (document.price ?? 0) + 1000 } : document));
    const removed = changed.slice(0, -1);
    const added: SearchDocument = { ...documents[1], uid: `${tenant.slug}__999`, id: '999', slug: 'new-car-999', tiebreak: 999 };
    const next = [...removed, added];
    const report = await syncTenant(admin, { index: INDEX, site: tenant.slug, filter: tenantFilter(tenant.site), documents: next });
    expect(report).toMatchObject({ added: 1, updated: 1, deleted: 1, unchanged: documents.length - 2 });
    const stored = await admin.index(INDEX).getDocument(documents[0].uid);
    expect(stored.price).toBe((documents[0].price ?? 0) + 1000);
    await expect(admin.index(INDEX).getDocument(documents[documents.length - 1].uid)).rejects.toThrow();
    expect((await admin.index(INDEX).getDocument(added.uid)).slug).toBe('new-car-999');
    const others = await admin.index(INDEX).getDocuments({ filter: tenantFilter(otherSite), limit: 1000 });
    expect(others.results).toHaveLength(otherDocuments.length);
    // Back to the fixture state for the parity tests.
    const restore = await syncTenant(admin, { index: INDEX, site: tenant.slug, filter: tenantFilter(tenant.site), documents });
    expect(restore).toMatchObject({ added: 1, updated: 1, deleted: 1 });
  });
});

const FACETS = [
  'make', 'model', 'car_type', 'body', 'colour', 'location_name', 'dealership_name', 'status', 'price',
  // Issue 14 item 1: the new facets and ranges.
  'year', 'km', 'drive', 'seats', 'certified', 'tag', 'badge', 'make_model', 'weekly_price_range', 'subscription_price',
  'final_drive',
];

/** The same InstantSearch queries for both engines: text, facets, ranges, sorts, pages. */
const QUERIES: { name: string; indexName?: string; params: SearchRequest['params'] }[] = [
  { name: 'empty query, first page', params: { query: '', hitsPerPage: 21, page: 0 } },
  { name: 'empty query, page 3', params: { query: '', hitsPerPage: 21, page: 2 } },
  { name: 'make word', params: { query: 'toyota', hitsPerPage: 21 } },
  { name: 'prefix of a model', params: { query: 'cor', hitsPerPage: 21 } },
  { name: 'two words, last a prefix', params: { query: 'white spo', hitsPerPage: 21 } },
  { name: 'stock number prefix', params: { query: 'SD003', hitsPerPage: 21 } },
  { name: 'hyphenated model', params: { query: 'x-trail', hitsPerPage: 21 } },
  { name: 'no match', params: { query: 'lamborghini', hitsPerPage: 21 } },
  { name: 'two refinement lists', params: { facetFilters: [['make:Toyota', 'make:Mazda'], ['car_type:used']], hitsPerPage: 21 } },
  { name: 'case-insensitive facet value', params: { facetFilters: [['body:suv']], hitsPerPage: 21 } },
  { name: 'price range', params: { numericFilters: ['price>=20000', 'price<=60000'], hitsPerPage: 21 } },
  { name: 'range + refinement + query', params: { query: 'sport', numericFilters: ['price>=10000', 'price<=90000'], facetFilters: [['car_type:used', 'car_type:demo']], hitsPerPage: 10, page: 1 } },
  { name: 'highest price', indexName: `${INDEX}:price:desc`, params: { hitsPerPage: 21 } },
  { name: 'lowest price, page 2', indexName: `${INDEX}:price:asc`, params: { hitsPerPage: 21, page: 1 } },
  { name: 'latest', indexName: `${INDEX}:created_at:desc`, params: { hitsPerPage: 21 } },
  { name: 'location and dealership', params: { facetFilters: [['location_name:Brisbane Yard'], ['dealership_name:Search Demo North']], hitsPerPage: 21 } },
  { name: 'impossible filter', params: { facetFilters: [['make:Toyota'], ['make:Ford']], hitsPerPage: 21 } },
  { name: 'facet counts only', params: { facetFilters: [['car_type:new']], hitsPerPage: 0 } },
  // Issue 14 item 1 (audit 1): every new facet, refined and ranged, on both engines.
  { name: 'issue14-1 year range', params: { numericFilters: ['year>=2019', 'year<=2022'], hitsPerPage: 21 } },
  { name: 'issue14-1 kilometres range', params: { numericFilters: ['km>=10000', 'km<=60000'], hitsPerPage: 21 } },
  { name: 'issue14-1 drive', params: { facetFilters: [['drive:AWD', 'drive:4WD']], hitsPerPage: 21 } },
  { name: 'issue14-1 seats', params: { facetFilters: [['seats:7', 'seats:2']], hitsPerPage: 21 } },
  { name: 'issue14-1 certified true', params: { facetFilters: [['certified:true']], hitsPerPage: 21 } },
  { name: 'issue14-1 certified false', params: { facetFilters: [['certified:false']], hitsPerPage: 21 } },
  { name: 'issue14-1 tag', params: { facetFilters: [['tag:Runout Sale']], hitsPerPage: 21 } },
  { name: 'issue14-1 badge', params: { facetFilters: [[`badge:${documents.find((document) => document.badge)?.badge}`]], hitsPerPage: 21 } },
  { name: 'issue14-1 make > model hierarchy', params: { facetFilters: [['make:Toyota'], [`make_model:${documents.find((document) => document.make === 'Toyota')?.make_model}`]], hitsPerPage: 21 } },
  { name: 'issue14-1 weekly price range', params: { facetFilters: [['weekly_price_range:$150 - $200', 'weekly_price_range:$200 - $250']], hitsPerPage: 21 } },
  { name: 'issue14-1 subscription price range', params: { numericFilters: ['subscription_price>=200', 'subscription_price<=400'], hitsPerPage: 21 } },
  { name: 'final drive', params: { facetFilters: [['final_drive:Belt']], hitsPerPage: 21 } },
  { name: 'issue14-1 all new facets at once', params: { numericFilters: ['year>=2015', 'km<=150000'], facetFilters: [['certified:false'], ['seats:5', 'seats:7']], hitsPerPage: 21 } },
];

function summary(result: EngineResult) {
  return {
    ids: result.hits.map((hit) => hit.objectID),
    // What a card prints its price from (headlinePrice over hitToCar).
    prices: result.hits.map((hit) => [hit.price, hit.price_type, hit.drive_away_price]),
    nbHits: result.nbHits,
    nbPages: result.nbPages,
    page: result.page,
    facets: Object.fromEntries(Object.entries(result.facets ?? {}).filter(([, values]) => Object.keys(values).length > 0)),
    stats: Object.fromEntries(Object.entries(result.facets_stats ?? {}).map(([name, stat]) => [name, { min: stat.min, max: stat.max }])),
  };
}

describe('parity: Meilisearch and the embedded engine', () => {
  it('the fixture gives some cards a drive-away total to lead with, so the hits compare it', () => {
    expect(documents.filter((document) => document.drive_away_price !== undefined).length).toBeGreaterThan(0);
  });

  it.each(QUERIES)('$name gives the same hits, counts and facets', async ({ indexName, params }) => {
    const token = await mintTenantToken({ searchKey, index: INDEX, filter: tenantFilter(tenant.site) });
    const { searchClient } = instantMeiliSearch(server.host, token, { primaryKey: 'uid', finitePagination: true, meiliSearchParams: { matchingStrategy: 'all' } });
    // The embedded side goes through the real index file round trip, as in the browser.
    const index = JSON.parse(JSON.stringify(encodeIndex(tenant.slug, documents)));
    const embedded = createEmbeddedSearchClient(async () => createSearchEngine(decodeIndex(index)));
    const request = { indexName: indexName ?? INDEX, params: { facets: FACETS, ...params } };
    const [meili, local] = await Promise.all([
      searchClient.search([request] as never) as Promise<{ results: EngineResult[] }>,
      embedded.search([request]) as Promise<{ results: EngineResult[] }>,
    ]);
    const expected = summary(local.results[0]);
    expect(summary(meili.results[0])).toEqual(expected);
    if (params?.query !== 'lamborghini' && !String(params?.facetFilters).includes('make:Ford')) expect(expected.nbHits).toBeGreaterThan(0);
  });
});

describe('tenant isolation', () => {
  it('a tenant token only ever returns its own tenant, even when the request filters for another', async () => {
    const token = await mintTenantToken({ searchKey, index: INDEX, filter: tenantFilter(tenant.site) });
    const visitor = new Meilisearch({ host: server.host, apiKey: token });
    const all = await visitor.index(INDEX).search('', { limit: 1000 });
    expect(all.hits.length).toBe(documents.length);
    expect(new Set(all.hits.map((hit) => hit.site))).toEqual(new Set([tenant.slug]));
    const widened = await visitor.index(INDEX).search('', { filter: `site = "${otherSite.slug}" OR site = "${tenant.slug}"`, limit: 1000 });
    expect(widened.hits.every((hit) => hit.site === tenant.slug)).toBe(true);
    const other = await visitor.index(INDEX).search('', { filter: `site = "${otherSite.slug}"` });
    expect(other.hits).toHaveLength(0);
    // The token grants search only: documents, settings and keys stay closed.
    await expect(visitor.index(INDEX).getDocuments({ limit: 1 })).rejects.toThrow();
    await expect(visitor.getKeys()).rejects.toThrow();
  });

  it('a token for the other tenant cannot see this tenant', async () => {
    const token = await mintTenantToken({ searchKey, index: INDEX, filter: tenantFilter(otherSite) });
    const visitor = new Meilisearch({ host: server.host, apiKey: token });
    const result = await visitor.index(INDEX).search('', { filter: `site = "${tenant.slug}"` });
    expect(result.hits).toHaveLength(0);
    const own = await visitor.index(INDEX).search('', { limit: 1000 });
    expect(own.hits).toHaveLength(otherDocuments.length);
  });

  it('a token signed with a key that is not the server\'s is refused', async () => {
    const forged = await mintTenantToken({ searchKey: { uid: searchKey.uid, key: 'not-the-real-key-0123456789abcdef' }, index: INDEX, filter: 'site = "x" OR site != "x"' });
    const visitor = new Meilisearch({ host: server.host, apiKey: forged });
    await expect(visitor.index(INDEX).search('')).rejects.toThrow();
  });
});
