/**
 * The embedded search engine (DESIGN §5): answers InstantSearch (Algolia-style) queries over
 * one tenant's search documents, in the browser or at build time, with the same semantics as
 * the Meilisearch settings (../admin/meilisearch.ts): every query word must match (the last
 * as a prefix), filters are case-insensitive, order is sort rule -> custom_rank desc ->
 * tiebreak asc, facet values by count and capped at MAX_VALUES_PER_FACET, hits capped at
 * PAGINATION_LIMIT. Parts: filters, columns, ordering, word-index, match, facets, kernels.
 */
import { FACET_ATTRIBUTES, NUMERIC_ATTRIBUTES, PAGINATION_LIMIT, parseIndexName } from '../core/config.ts';
import type { SearchDocument } from '../core/documents.ts';
import { createColumns, type ColumnSource } from './columns.ts';
import { countFacets } from './facets.ts';
import { compileSearch, isWholeStock } from './filters.ts';
import { collectInOrder } from './kernels.ts';
import { createMatcher, pageWindow } from './match.ts';
import { createOrderings } from './ordering.ts';
import type { DocumentSource, EngineOptions, FacetStats, SearchEngine, SearchHit } from './types.ts';
import { createWordIndex } from './word-index.ts';

export type { DocumentSource, EngineOptions, EngineResult, EngineSearchParams, FacetStats, FilterList, SearchEngine, SearchHit } from './types.ts';

const DEFAULT_HITS_PER_PAGE = 20;
/** Documents added to the word index per preparation step (short enough not to be a long task in a phone's browser). */
const WORD_INDEX_SLICE = 2000;

/**
 * Build an engine over the documents of one tenant: an array, or a source that makes each
 * document when first asked for (with `options.columns`, a search makes only its hits).
 */
export function createSearchEngine(documents: readonly SearchDocument[] | DocumentSource, options: EngineOptions = {}): SearchEngine {
  const documentSource: DocumentSource = 'size' in documents ? documents : { size: documents.length, at: (position) => documents[position] };
  const size = documentSource.size;
  const record = (position: number) => documentSource.at(position);
  const source: ColumnSource = { size, record, ...(options.columns ? { stored: options.columns } : {}) };
  const columnFor = createColumns(source);
  const orderFor = createOrderings(source, options.ordered);
  const wordIndex = createWordIndex(source);

  const candidates = createMatcher(source, columnFor, wordIndex);
  const matchedBuffer = new Int32Array(size);
  const positionBuffer = new Int32Array(size);

  // What the first refinement and the first text query need, in steps short enough to run
  // between a shopper's clicks: each facet column, the default order, the word index (which
  // makes every document).
  const preparation: (() => unknown)[] = [
    ...[...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES].map((attribute) => () => columnFor(attribute)),
    () => orderFor(null),
    ...Array.from({ length: Math.ceil(size / WORD_INDEX_SLICE) }, (_, slice) => () => wordIndex.indexWords(Math.min(size, (slice + 1) * WORD_INDEX_SLICE))),
    wordIndex.complete,
  ];
  let prepared = 0;

  return {
    size,
    prepare() {
      if (prepared < preparation.length) preparation[prepared++]();
      return prepared < preparation.length;
    },
    search(indexName, params) {
      const started = typeof performance !== 'undefined' ? performance.now() : Date.now();
      const { index, sort } = parseIndexName(indexName);
      const facetNames = params.facets === undefined ? [] : typeof params.facets === 'string' ? [params.facets] : [...params.facets];
      // '*' means every facet attribute, as Meilisearch answers it for filterable attributes.
      const wanted: string[] = facetNames.includes('*') ? [...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES] : facetNames;
      const facets: Record<string, Record<string, number>> = {};
      const stats: Record<string, FacetStats> = {};
      const order = orderFor(sort);
      let matched: Int32Array;
      // The whole stock, no query and no filter (every search page's first answer): every
      // document matches in the sort order, and the facets are the index file's own counts.
      const whole = options.whole;
      const compiled = compileSearch(params);
      if (whole && isWholeStock(compiled) && wanted.every((attribute) => attribute in whole.facets)) {
        matched = order;
        for (const attribute of wanted) {
          facets[attribute] = { ...whole.facets[attribute] };
          if (whole.stats[attribute]) stats[attribute] = { ...whole.stats[attribute] };
        }
      } else {
        const mask = candidates(compiled);
        matched = matchedBuffer.subarray(0, collectInOrder(order, mask, matchedBuffer));
        countFacets(wanted, mask, columnFor, positionBuffer, facets, stats);
      }

      const { hitsPerPage, page, nbHits, start, end, nbPages } = pageWindow(params, matched.length, DEFAULT_HITS_PER_PAGE, PAGINATION_LIMIT);
      const hits: SearchHit[] =
        hitsPerPage === 0
          ? []
          : Array.from(matched.subarray(start, end), (position) => {
              const document = record(position);
              return { ...document, objectID: document.uid };
            });
      const ended = typeof performance !== 'undefined' ? performance.now() : Date.now();
      return {
        index,
        hits,
        nbHits,
        page,
        nbPages,
        hitsPerPage,
        facets,
        facets_stats: stats,
        processingTimeMS: Math.round(ended - started),
        query: params.query ?? '',
        params: '',
        exhaustiveNbHits: matched.length <= PAGINATION_LIMIT,
      };
    },
  };
}
