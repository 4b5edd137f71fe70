/**
 * The embedded engine's contract: what a search asks (InstantSearch's Algolia-style
 * parameters), what it answers, and the stored columns an opened index file hands the
 * engine. Types only, so the index file (embedded-index.ts) and the engine (engine.ts)
 * both import them from here and not from each other.
 */
import type { SearchDocument } from '../core/documents.ts';

/** Facet or numeric filters as InstantSearch sends them: AND of (string | OR-list). */
export type FilterList = string | readonly (string | readonly string[])[];

/** The subset of Algolia search parameters InstantSearch sends that the engine honours. */
export interface EngineSearchParams {
  query?: string;
  facets?: string | readonly string[];
  facetFilters?: FilterList;
  numericFilters?: FilterList;
  hitsPerPage?: number;
  /** 0-based page. */
  page?: number;
}

/** Statistics of a numeric facet over the matching documents. */
export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

/** A hit: the document plus InstantSearch's objectID. */
export type SearchHit = SearchDocument & { objectID: string };

/** One result, shaped like an Algolia / instant-meilisearch search response. */
export interface EngineResult {
  index: string;
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, FacetStats>;
  processingTimeMS: number;
  query: string;
  params: string;
  exhaustiveNbHits: boolean;
}

/** A compiled engine over a fixed set of documents. */
export interface SearchEngine {
  readonly size: number;
  /** Answer one query; `indexName` carries the sort rule (`<index>:price:desc`). */
  search(indexName: string, params: EngineSearchParams): EngineResult;
  /**
   * Build, one step per call, what the next searches need ahead of them (the facet columns, the
   * default order, the word index), e.g. while the page is idle; true while steps remain.
   */
  prepare?(): boolean;
}

/** Documents made on demand (an opened index file, src/search/engine/embedded-index.ts openIndex). */
export interface DocumentSource {
  readonly size: number;
  at(position: number): SearchDocument;
}

/**
 * Stored columns of a decoded index, by field, for the engine to read instead of the documents
 * (a plain array per field is much faster to scan than many objects of varying shape).
 * `values[position]` equals `documents[position][field]` (null for a missing value, as stored); a dictionary column also gives its
 * spellings and each position's spelling number (0 = missing), as stored.
 */
export interface IndexColumn {
  /** null or undefined: the document has no value. */
  values: readonly (string | number | boolean | readonly string[] | null | undefined)[];
  dictionary?: { labels: readonly string[]; ids: readonly number[] };
}

/** Facet counts and stats over every document, as SearchEngine.search answers them for facets ['*']. */
export interface WholeStockAnswer {
  facets: Record<string, Record<string, number>>;
  stats: Record<string, FacetStats>;
}

/** Options of createSearchEngine. */
export interface EngineOptions {
  /** Stored columns of a decoded index file (openIndex): read instead of the documents. */
  columns?: ReadonlyMap<string, IndexColumn>;
  /** The whole stock's facet counts and stats (the index file's `f`): a search with no query and no filter reads them. */
  whole?: WholeStockAnswer;
  /** The documents already stand in the default order (the index file says so): no check, no sort. */
  ordered?: boolean;
}
