/**
 * InstantSearch search clients (DESIGN §5: one searchClient interface, two engines).
 * The embedded client answers from a lazily loaded index; both clients go through the
 * same bounded response cache (spec §7: responses cached in memory per query, oldest
 * evicted first).
 */
import type { EngineResult, EngineSearchParams, SearchEngine } from '../engine/engine.ts';

/** One request of InstantSearch's multi-query call. */
export interface SearchRequest {
  indexName: string;
  params?: EngineSearchParams;
}

/** The part of InstantSearch's SearchClient the engines implement. */
export interface SearchClientLike {
  search(requests: readonly SearchRequest[]): Promise<{ results: unknown[] }>;
}

/** Responses kept by the cache (spec §9: "cache holds limited entries, evicting oldest"). */
export const RESPONSE_CACHE_SIZE = 50;

/** Wrap a client with a bounded cache keyed by the whole request list; failures are not cached. */
export function withResponseCache<T extends SearchClientLike>(client: T, maxEntries: number = RESPONSE_CACHE_SIZE): T {
  const cache = new Map<string, Promise<{ results: unknown[] }>>();
  const search = (requests: readonly SearchRequest[]) => {
    const key = JSON.stringify(requests);
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = client.search(requests);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    // Map iteration order is insertion order: the first key is the oldest entry.
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return pending;
  };
  return Object.assign(Object.create(Object.getPrototypeOf(client)), client, { search }) as T;
}

/** An InstantSearch client over the embedded engine; `loadEngine` runs once, on the first search. */
export function createEmbeddedSearchClient(loadEngine: () => Promise<SearchEngine>): SearchClientLike {
  let engine: Promise<SearchEngine> | undefined;
  let prepared = false;
  return {
    async search(requests) {
      if (!engine) {
        engine = loadEngine();
        // A failed load (offline, 404) is retried on the next search instead of failing forever.
        engine.catch(() => (engine = undefined));
      }
      const ready = await engine;
      const results: EngineResult[] = requests.map((request) => ready.search(request.indexName, request.params ?? {}));
      if (!prepared && ready.prepare) {
        // After the first answer, the facet columns and the word index are built while the
        // page is idle, a step at a time, so the shopper's first click or keystroke does not
        // pay for them and no long task stands in its way.
        prepared = true;
        const prepare = ready.prepare.bind(ready);
        const later = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(steps, { timeout: 2000 }) : setTimeout(steps, 0));
        const steps = (deadline?: IdleDeadline) => {
          while (prepare()) if (!deadline || deadline.didTimeout || deadline.timeRemaining() < 5) return void later();
        };
        later();
      }
      return { results };
    },
  };
}
