/**
 * The browser's search client for an engine config. Both engines load lazily (dynamic
 * import): embedded tenants never download instant-meilisearch, and the index file is
 * fetched on the first search only.
 */
import { withResponseCache, type SearchClientLike, type SearchRequest } from './client.ts';
import type { EngineConfig } from '../core/island-config.ts';

/** Create the client; nothing is downloaded until the first search. */
export function createSearchClient(engine: EngineConfig): SearchClientLike {
  if (engine.kind === 'embedded') {
    let client: Promise<SearchClientLike> | undefined;
    return withResponseCache({
      async search(requests: readonly SearchRequest[]) {
        client ??= Promise.all([import('./embedded-loader.ts'), import('./client.ts')]).then(([loader, clients]) =>
          clients.createEmbeddedSearchClient(() => loader.loadEmbeddedEngine(engine.indexUrl)),
        );
        client.catch(() => (client = undefined));
        return (await client).search(requests);
      },
    });
  }
  let client: Promise<SearchClientLike> | undefined;
  return {
    async search(requests: readonly SearchRequest[]) {
      client ??= import('@meilisearch/instant-meilisearch').then(({ instantMeiliSearch }) => {
        const { searchClient } = instantMeiliSearch(engine.host, engine.key, {
          primaryKey: 'uid',
          finitePagination: true,
          // Same semantics as the embedded engine: every query word must match.
          meiliSearchParams: { matchingStrategy: 'all' },
        });
        return searchClient as unknown as SearchClientLike;
      });
      client.catch(() => (client = undefined));
      return (await client).search(requests);
    },
  };
}
