/**
 * A search index over any list of records (the model directory, parts and accessories):
 * query words matched in the named `searchable` fields (the last word as a prefix), facet
 * and numeric filters, facet counts, sort rules (`<index>:price:desc`) and pages, with the
 * car engine's rules (../engine) but none of its car fields: records keep their own type,
 * and the default order is the order given. A field that holds a list in any record is a list
 * facet: a record counts and is found under each of its values (a product's every category).
 * Runs in the browser and at build time.
 */
import { PAGINATION_LIMIT, parseIndexName } from '../core/config.ts';
import { createColumns, type ColumnSource } from '../engine/columns.ts';
import { countFacets } from '../engine/facets.ts';
import { compileSearch } from '../engine/filters.ts';
import { collectInOrder } from '../engine/kernels.ts';
import { createMatcher, pageWindow } from '../engine/match.ts';
import { createOrderings } from '../engine/ordering.ts';
import type { EngineSearchParams, FacetStats } from '../engine/types.ts';
import { createWordIndex } from '../engine/word-index.ts';

/** Which fields of a record a query is matched in. */
export interface ListFields<T> {
  searchable: readonly (keyof T & string)[];
}

/** One answer: a page of records, counts and facets (values ordered and capped as the car engine does). */
export interface ListResult<T> {
  hits: T[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, FacetStats>;
}

/** A search index over a fixed list. */
export interface ListIndex<T> {
  readonly size: number;
  /** Answer one query; `indexName` may carry a sort rule (`products:price:desc`). */
  search(indexName: string, params: EngineSearchParams): ListResult<T>;
}

const DEFAULT_HITS_PER_PAGE = 20;

/** Build a list index over `records`, searched in `fields.searchable`. */
export function createListIndex<T extends object>(records: readonly T[], fields: ListFields<T>): ListIndex<T> {
  const size = records.length;
  const source: ColumnSource = { size, record: (position) => records[position] };
  const columnFor = createColumns(source, (attribute) => records.some((record) => Array.isArray((record as Record<string, unknown>)[attribute])));
  // The records stand in the order given: that is the default order.
  const orderFor = createOrderings(source, true);
  const candidates = createMatcher(source, columnFor, createWordIndex(source, fields.searchable));
  const matchedBuffer = new Int32Array(size);
  const positionBuffer = new Int32Array(size);
  return {
    size,
    search(indexName, params) {
      const { sort } = parseIndexName(indexName);
      const wanted = params.facets === undefined ? [] : typeof params.facets === 'string' ? [params.facets] : [...params.facets];
      const facets: Record<string, Record<string, number>> = {};
      const stats: Record<string, FacetStats> = {};
      const mask = candidates(compileSearch(params));
      const matched = matchedBuffer.subarray(0, collectInOrder(orderFor(sort), mask, matchedBuffer));
      countFacets(wanted, mask, columnFor, positionBuffer, facets, stats);
      const { hitsPerPage, page, nbHits, start, end, nbPages } = pageWindow(params, matched.length, DEFAULT_HITS_PER_PAGE, PAGINATION_LIMIT);
      const hits = hitsPerPage === 0 ? [] : Array.from(matched.subarray(start, end), (position) => records[position]);
      return { hits, nbHits, page, nbPages, hitsPerPage, facets, facets_stats: stats };
    },
  };
}
