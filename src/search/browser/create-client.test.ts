import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESPONSE_CACHE_SIZE, type SearchClientLike } from './client.ts';
import { createSearchClient, withFallback } from './create-client.ts';

const answering = (name: string, calls: string[]): SearchClientLike => ({
  async search() {
    calls.push(name);
    return { results: [{ from: name }] };
  },
});

describe('a Meilisearch site falling back to its embedded index', () => {
  it('answers from the embedded index when Meilisearch fails, and keeps to it for a while before trying again', async () => {
    let clock = 0;
    const calls: string[] = [];
    let down = true;
    const meili: SearchClientLike = {
      async search() {
        calls.push('meili');
        if (down) throw new Error('Failed to fetch');
        return { results: [{ from: 'meili' }] };
      },
    };
    const client = withFallback(meili, answering('embedded', calls), { fallbackMs: 60_000, now: () => clock });
    expect(await client.search([{ indexName: 'Cars' }])).toEqual({ results: [{ from: 'embedded' }] });
    clock = 30_000;
    expect(await client.search([{ indexName: 'Cars:price:desc' }])).toEqual({ results: [{ from: 'embedded' }] });
    expect(calls).toEqual(['meili', 'embedded', 'embedded']);
    down = false;
    clock = 61_000;
    expect(await client.search([{ indexName: 'Cars' }])).toEqual({ results: [{ from: 'meili' }] });
  });

  it('answers from the embedded index when Meilisearch keeps the shopper waiting', async () => {
    const calls: string[] = [];
    const stalled: SearchClientLike = { search: () => new Promise(() => {}) };
    const started = Date.now();
    const client = withFallback(stalled, answering('embedded', calls), { waitMs: 50 });
    expect(await client.search([{ indexName: 'Cars' }])).toEqual({ results: [{ from: 'embedded' }] });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('a Meilisearch site: the bounded response cache', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps RESPONSE_CACHE_SIZE answers: the oldest is asked of Meilisearch again, a recent one is not', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const { queries } = JSON.parse(String(init.body)) as { queries: { indexUid: string; q?: string }[] };
      asked.push(...queries.map((query) => query.q ?? ''));
      const results = queries.map((query) => ({
        indexUid: query.indexUid,
        hits: [],
        query: query.q ?? '',
        processingTimeMs: 1,
        hitsPerPage: 20,
        page: 1,
        totalPages: 0,
        totalHits: 0,
      }));
      return new Response(JSON.stringify({ results }), { headers: { 'content-type': 'application/json' } });
    });
    const client = createSearchClient({ kind: 'meilisearch', host: 'https://search.example', key: 'browser-key', index: 'cars' });
    const search = (query: string) => client.search([{ indexName: 'cars', params: { query } }]);
    for (let index = 0; index < RESPONSE_CACHE_SIZE + 10; index += 1) await search(`query ${index}`);
    const before = asked.length;
    await search(`query ${RESPONSE_CACHE_SIZE + 9}`);
    expect(asked.length).toBe(before);
    await search('query 0');
    expect(asked.slice(before)).toEqual(['query 0']);
  });
});
