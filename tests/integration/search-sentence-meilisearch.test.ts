/**
 * Sentence search parity on a real Meilisearch (docs/search.md "Sentences"): for a tenant of each
 * template, the vocabulary the browser asks each engine for is the same, every sentence of the
 * project's set reads the same from either, and the search the page then sends (the results with
 * every facet, and one query per refined facet) answers with the same cars and counts.
 */
import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { createEmbeddedSearchClient, type SearchClientLike, type SearchRequest } from '../../src/search/browser/client.ts';
import { loadSentenceReader } from '../../src/search/browser/sentence.ts';
import { PAGE_FACETS } from '../../src/search/build-time/snapshot.ts';
import { NUMERIC_ATTRIBUTES } from '../../src/search/core/config.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { readingFilters, VOCABULARY_FACETS, type SentenceReading } from '../../src/search/core/sentence.ts';
import { encodeIndex, openEngine } from '../../src/search/engine/embedded-index.ts';
import type { EngineResult } from '../../src/search/engine/engine.ts';
import { mintTenantToken, syncTenant, tenantFilter, type SearchKey } from '../../src/search/admin/meilisearch.ts';
import { startMeilisearch, type MeilisearchServer } from '../support/meilisearch-server.ts';
import { SET_YEAR, sentenceSet, tenantDir } from '../support/sentence-set.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const INDEX = 'Car_sentences';
/** One tenant of each template, and the search fixture. */
const TENANTS = ['sunstate-motor-group', 'ridgeline-toyota', 'ironbark-moto-trucks', 'bayside-caravans', 'search-demo'];

let server: MeilisearchServer;
let searchKey: SearchKey;
const clients = new Map<string, { meili: SearchClientLike; embedded: SearchClientLike }>();

beforeAll(async () => {
  server = await startMeilisearch();
  const admin = new Meilisearch({ host: server.host, apiKey: server.masterKey });
  const key = await admin.createKey({ actions: ['search'], indexes: [INDEX], expiresAt: null, description: 'sentence parity' });
  searchKey = { uid: key.uid, key: key.key };
  for (const slug of TENANTS) {
    const tenant = loadTenant(tenantDir(slug), NOW);
    const documents = toSearchDocuments(tenant.visible, tenant.site);
    await syncTenant(admin, { index: INDEX, site: tenant.slug, filter: tenantFilter(tenant.site), documents });
    const token = await mintTenantToken({ searchKey, index: INDEX, filter: tenantFilter(tenant.site) });
    const { searchClient } = instantMeiliSearch(server.host, token, {
      primaryKey: 'uid',
      finitePagination: true,
      meiliSearchParams: { matchingStrategy: 'all' },
    });
    // The embedded side goes through the index file, as in the browser.
    const index = JSON.parse(JSON.stringify(encodeIndex(tenant.slug, documents)));
    clients.set(slug, { meili: searchClient as unknown as SearchClientLike, embedded: createEmbeddedSearchClient(async () => openEngine(index)) });
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** The batch the search page sends for a reading: the results with every facet, one query per refined facet. */
function requests(reading: SentenceReading): SearchRequest[] {
  const { facetFilters, numericFilters } = readingFilters(reading);
  const sort = { 'price-asc': ':price:asc', 'price-desc': ':price:desc', latest: ':created_at:desc' }[reading.sortBy ?? ''] ?? '';
  const indexName = `${INDEX}${sort}`;
  const base = { query: reading.query, numericFilters };
  return [
    { indexName, params: { ...base, facets: [...PAGE_FACETS], facetFilters, hitsPerPage: 21, page: 0 } },
    ...Object.keys(reading.refinementList).map((attribute, position) => ({
      indexName,
      params: { ...base, facets: [attribute], facetFilters: facetFilters.filter((_, other) => other !== position), hitsPerPage: 0 },
    })),
  ];
}

/**
 * What the page shows of an answer: the cars, the count, the panels' values and the ranges' bounds
 * (a numeric facet's values are not shown; above 250 of them, engines cut tied counts differently).
 */
function summary(result: EngineResult) {
  return {
    ids: result.hits.map((hit) => hit.objectID),
    nbHits: result.nbHits,
    facets: Object.fromEntries(
      Object.entries(result.facets ?? {}).filter(
        ([facet, values]) => Object.keys(values).length > 0 && !(NUMERIC_ATTRIBUTES as readonly string[]).includes(facet),
      ),
    ),
    stats: Object.fromEntries(Object.entries(result.facets_stats ?? {}).map(([name, stat]) => [name, { min: stat.min, max: stat.max }])),
  };
}

const sorted = (facets: Record<string, Record<string, number>>) =>
  Object.fromEntries(VOCABULARY_FACETS.map((facet) => [facet, Object.keys(facets[facet] ?? {}).sort()]));

describe.each(TENANTS)('%s', (slug) => {
  it('asks both engines for the same vocabulary', async () => {
    const { meili, embedded } = clients.get(slug)!;
    const ask = async (client: SearchClientLike) =>
      ((await client.search([{ indexName: INDEX, params: { hitsPerPage: 0, facets: [...VOCABULARY_FACETS] } }])).results[0] as EngineResult).facets;
    const [fromMeili, fromEmbedded] = await Promise.all([ask(meili), ask(embedded)]);
    expect(sorted(fromMeili)).toEqual(sorted(fromEmbedded));
    expect(Object.keys(fromEmbedded.make ?? {}).length).toBeGreaterThan(0);
  });

  it("reads every sentence of the set alike from either engine's vocabulary, and both answer it with the same cars", async () => {
    const { meili, embedded } = clients.get(slug)!;
    const tenant = loadTenant(tenantDir(slug), NOW);
    const [readMeili, readEmbedded] = await Promise.all([
      loadSentenceReader(meili, INDEX, tenant.site.search_words, SET_YEAR),
      loadSentenceReader(embedded, INDEX, tenant.site.search_words, SET_YEAR),
    ]);
    const sentences = sentenceSet().filter((item) => item.source === slug);
    expect(sentences.length).toBeGreaterThan(5);
    let answered = 0;
    for (const { sentence } of sentences) {
      const reading = readEmbedded(sentence);
      const { parts: _meiliParts, ...fromMeili } = readMeili(sentence);
      const { parts: _parts, ...fromEmbedded } = reading;
      expect(fromMeili, sentence).toEqual(fromEmbedded);
      const batch = requests(reading);
      const [a, b] = await Promise.all([meili.search(batch), embedded.search(batch)]);
      const results = (a.results as EngineResult[]).map(summary);
      expect(results, sentence).toEqual((b.results as EngineResult[]).map(summary));
      if (results[0]!.nbHits > 0) answered += 1;
    }
    // Many sentences find cars (some ask for what the dealer does not have, on purpose).
    expect(answered).toBeGreaterThanOrEqual(sentences.length / 3);
  }, 120_000);
});
