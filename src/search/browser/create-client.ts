/**
 * The browser's search client for an engine config. Both engines load lazily (dynamic
 * import): embedded tenants never download instant-meilisearch, and the index file is
 * fetched on the first search only. A Meilisearch site falls back to the embedded index its
 * build also writes (docs/reliability.md "Meilisearch"): a search Meilisearch does not answer
 * within MEILI_WAIT_MS, or answers with an error, is answered from that index, and the page
 * keeps using it for FALLBACK_MS before asking Meilisearch again.
 */
import { withResponseCache, type SearchClientLike, type SearchRequest } from './client.ts';
import type { EngineConfig } from '../core/island-config.ts';

/** How long a search waits for Meilisearch before the embedded index answers it. */
export const MEILI_WAIT_MS = 4000;
/** After Meilisearch failed, how long the page searches the embedded index before trying Meilisearch again. */
export const FALLBACK_MS = 60_000;

/** The embedded engine over an index file, loaded on its first search. */
function embeddedClient(indexUrl: string): SearchClientLike {
  let client: Promise<SearchClientLike> | undefined;
  return withResponseCache({
    async search(requests: readonly SearchRequest[]) {
      client ??= Promise.all([import('./embedded-loader.ts'), import('./client.ts')]).then(([loader, clients]) =>
        clients.createEmbeddedSearchClient(() => loader.loadEmbeddedEngine(indexUrl)),
      );
      client.catch(() => (client = undefined));
      return (await client).search(requests);
    },
  });
}

/**
 * instant-meilisearch over the site's host and browser key, loaded on its first search, behind
 * the same bounded cache as the embedded engine. instant-meilisearch keeps every answer in a
 * cache of its own, with no option to turn it off or bound it: it is emptied after each search.
 */
function meilisearchClient(engine: Extract<EngineConfig, { kind: 'meilisearch' }>): SearchClientLike {
  let client: Promise<SearchClientLike> | undefined;
  return withResponseCache({
    async search(requests: readonly SearchRequest[]) {
      client ??= import('@meilisearch/instant-meilisearch').then(({ instantMeiliSearch }) => {
        const { searchClient } = instantMeiliSearch(engine.host, engine.key, {
          primaryKey: 'uid',
          finitePagination: true,
          // Same semantics as the embedded engine: every query word must match.
          meiliSearchParams: { matchingStrategy: 'all' },
        });
        const meili = searchClient as unknown as SearchClientLike;
        return { search: (asked: readonly SearchRequest[]) => meili.search(asked).finally(() => searchClient.clearCache()) };
      });
      client.catch(() => (client = undefined));
      return (await client).search(requests);
    },
  });
}

/** Meilisearch first; the embedded index when Meilisearch fails or keeps the shopper waiting. */
export function withFallback(
  primary: SearchClientLike,
  fallback: SearchClientLike,
  options: { waitMs?: number; fallbackMs?: number; now?: () => number } = {},
): SearchClientLike {
  const waitMs = options.waitMs ?? MEILI_WAIT_MS;
  const fallbackMs = options.fallbackMs ?? FALLBACK_MS;
  const now = options.now ?? Date.now;
  let failedAt = -Infinity;
  return {
    async search(requests) {
      if (now() - failedAt < fallbackMs) return fallback.search(requests);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from Meilisearch within ${waitMs} ms`)), waitMs);
      });
      try {
        return await Promise.race([primary.search(requests), waited]);
      } catch (error) {
        failedAt = now();
        console.warn('Meilisearch did not answer; searching the embedded index', error);
        return fallback.search(requests);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Create the client; nothing is downloaded until the first search. */
export function createSearchClient(engine: EngineConfig): SearchClientLike {
  if (engine.kind === 'embedded') return embeddedClient(engine.indexUrl);
  const meili = meilisearchClient(engine);
  return engine.fallbackIndexUrl ? withFallback(meili, embeddedClient(engine.fallbackIndexUrl)) : meili;
}
