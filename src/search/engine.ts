/**
 * The embedded search engine (DESIGN §5): answers InstantSearch (Algolia-style) queries
 * over one tenant's search documents, in the browser or at build time. Same semantics
 * as the Meilisearch settings in ./meilisearch.ts so that both engines return the same
 * hits and counts: every query word must match (the last one as a prefix), filters are
 * case-insensitive, order is sort rule -> custom_rank desc -> tiebreak asc, facet values
 * are sorted by count and capped at MAX_VALUES_PER_FACET, hits capped at PAGINATION_LIMIT.
 */
import { FACET_ATTRIBUTES, MAX_VALUES_PER_FACET, NUMERIC_ATTRIBUTES, PAGINATION_LIMIT, parseIndexName, SEARCHABLE_ATTRIBUTES } from './config.ts';
import type { SearchDocument } from './documents.ts';
import { normalizeText, parseQuery, tokenize } from './text.ts';

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

type FieldValue = string | number | boolean;

interface Condition {
  attribute: string;
  test: (value: FieldValue | undefined) => boolean;
}

/** A compiled engine over a fixed set of documents. */
export interface SearchEngine {
  readonly size: number;
  /** Answer one query; `indexName` carries the sort rule (`<index>:price:desc`). */
  search(indexName: string, params: EngineSearchParams): EngineResult;
}

const DEFAULT_HITS_PER_PAGE = 20;

function toList(filters: FilterList | undefined): (string | readonly string[])[] {
  if (filters === undefined) return [];
  return typeof filters === 'string' ? [filters] : [...filters];
}

/** Parse 'make:Toyota' / 'make:-Toyota' (InstantSearch escapes a leading '-' of a value as '\-'). */
function facetCondition(filter: string): Condition {
  const colon = filter.indexOf(':');
  if (colon <= 0) throw new Error(`invalid facet filter: ${filter}`);
  const attribute = filter.slice(0, colon).trim();
  let raw = filter.slice(colon + 1);
  let negate = false;
  if (raw.startsWith('-')) {
    negate = true;
    raw = raw.slice(1);
  } else if (raw.startsWith('\\-')) {
    raw = raw.slice(1);
  }
  const wanted = normalizeText(raw);
  return {
    attribute,
    test: (value) => {
      const matches = value !== undefined && normalizeText(String(value)) === wanted;
      return negate ? !matches : matches;
    },
  };
}

const NUMERIC_FILTER = /^\s*([^<>=!:\s]+)\s*(<=|>=|!=|=|<|>|:)\s*(.+?)\s*$/;

/** Parse 'price>=1000', 'price<=5000', 'price=5', 'price:1000 TO 5000'. */
function numericCondition(filter: string): Condition {
  const match = NUMERIC_FILTER.exec(filter);
  if (!match) throw new Error(`invalid numeric filter: ${filter}`);
  const [, attribute, operator, operand] = match;
  const numberOf = (value: FieldValue | undefined) => (typeof value === 'number' ? value : Number.NaN);
  if (operator === ':') {
    const range = /^(-?[\d.]+)\s+TO\s+(-?[\d.]+)$/i.exec(operand);
    if (!range) throw new Error(`invalid numeric range: ${filter}`);
    const low = Number(range[1]);
    const high = Number(range[2]);
    return { attribute, test: (value) => numberOf(value) >= low && numberOf(value) <= high };
  }
  const target = Number(operand);
  if (Number.isNaN(target)) throw new Error(`invalid number in filter: ${filter}`);
  const compare: Record<string, (a: number) => boolean> = {
    '<': (a) => a < target,
    '<=': (a) => a <= target,
    '>': (a) => a > target,
    '>=': (a) => a >= target,
    '=': (a) => a === target,
    '!=': (a) => !(a === target),
  };
  const check = compare[operator];
  return { attribute, test: (value) => check(numberOf(value)) };
}

function compileFilters(filters: FilterList | undefined, parse: (filter: string) => Condition): Condition[][] {
  return toList(filters).map((group) => (typeof group === 'string' ? [parse(group)] : group.map(parse)));
}

/** Lower bound of `prefix` in a sorted string array. */
function lowerBound(sorted: readonly string[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Compare two documents by custom_rank desc, then tiebreak asc (the final ranking rules). */
function compareRank(a: SearchDocument, b: SearchDocument): number {
  return b.custom_rank - a.custom_rank || a.tiebreak - b.tiebreak;
}

/** A comparator for a sort rule such as 'price:desc'; documents without the field go last. */
function comparatorFor(sort: string | null): (a: SearchDocument, b: SearchDocument) => number {
  if (!sort) return compareRank;
  const [attribute, direction] = sort.split(':');
  const sign = direction === 'desc' ? -1 : 1;
  return (a, b) => {
    const left = (a as unknown as Record<string, unknown>)[attribute];
    const right = (b as unknown as Record<string, unknown>)[attribute];
    const leftMissing = typeof left !== 'number';
    const rightMissing = typeof right !== 'number';
    if (leftMissing !== rightMissing) return leftMissing ? 1 : -1;
    if (!leftMissing && left !== right) return sign * ((left as number) - (right as number));
    return compareRank(a, b);
  };
}

/** Build an engine over the documents of one tenant. */
export function createSearchEngine(documents: readonly SearchDocument[]): SearchEngine {
  const size = documents.length;
  const records = documents as readonly SearchDocument[];

  // Inverted index: word -> documents holding it in a searchable attribute.
  const postings = new Map<string, number[]>();
  records.forEach((document, position) => {
    const words = new Set<string>();
    for (const attribute of SEARCHABLE_ATTRIBUTES) {
      const value = document[attribute];
      if (value !== undefined) for (const word of tokenize(String(value))) words.add(word);
    }
    for (const word of words) {
      let list = postings.get(word);
      if (!list) postings.set(word, (list = []));
      list.push(position);
    }
  });
  const vocabulary = [...postings.keys()].sort();

  // Document order of each sort rule, computed on first use.
  const orders = new Map<string, Int32Array>();
  function orderFor(sort: string | null): Int32Array {
    const key = sort ?? '';
    let order = orders.get(key);
    if (!order) {
      const compare = comparatorFor(sort);
      const positions = Array.from({ length: size }, (_, index) => index);
      positions.sort((a, b) => compare(records[a], records[b]));
      order = Int32Array.from(positions);
      orders.set(key, order);
    }
    return order;
  }

  function matchWord(word: string, prefix: boolean, into: Uint8Array): void {
    if (!prefix) {
      for (const position of postings.get(word) ?? []) into[position] = 1;
      return;
    }
    for (let index = lowerBound(vocabulary, word); index < vocabulary.length && vocabulary[index].startsWith(word); index += 1) {
      for (const position of postings.get(vocabulary[index]) ?? []) into[position] = 1;
    }
  }

  /** Documents matching the text query and every filter, as a mask. */
  function candidates(params: EngineSearchParams): Uint8Array {
    const mask = new Uint8Array(size).fill(1);
    const { words, lastIsPrefix } = parseQuery(params.query ?? '');
    words.forEach((word, index) => {
      const hits = new Uint8Array(size);
      matchWord(word, lastIsPrefix && index === words.length - 1, hits);
      for (let position = 0; position < size; position += 1) mask[position] &= hits[position];
    });
    const groups = [...compileFilters(params.facetFilters, facetCondition), ...compileFilters(params.numericFilters, numericCondition)];
    if (groups.length > 0) {
      for (let position = 0; position < size; position += 1) {
        if (!mask[position]) continue;
        const document = records[position] as unknown as Record<string, FieldValue | undefined>;
        for (const group of groups) {
          if (!group.some((condition) => condition.test(document[condition.attribute]))) {
            mask[position] = 0;
            break;
          }
        }
      }
    }
    return mask;
  }

  return {
    size,
    search(indexName, params) {
      const started = typeof performance !== 'undefined' ? performance.now() : Date.now();
      const { index, sort } = parseIndexName(indexName);
      const mask = candidates(params);
      const order = orderFor(sort);
      const matched: number[] = [];
      for (const position of order) if (mask[position]) matched.push(position);

      const facetNames = params.facets === undefined ? [] : typeof params.facets === 'string' ? [params.facets] : [...params.facets];
      // '*' means every facet attribute, as Meilisearch answers it for filterable attributes.
      const wanted: string[] = facetNames.includes('*') ? [...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES] : facetNames;
      const facets: Record<string, Record<string, number>> = {};
      const stats: Record<string, FacetStats> = {};
      if (wanted.length > 0) {
        const counts = new Map<string, Map<string, { label: string; count: number }>>();
        const numeric = new Map<string, FacetStats & { numeric: boolean }>();
        for (const position of matched) {
          const document = records[position] as unknown as Record<string, FieldValue | undefined>;
          for (const attribute of wanted) {
            const value = document[attribute];
            if (value === undefined) continue;
            let values = counts.get(attribute);
            if (!values) counts.set(attribute, (values = new Map()));
            const label = String(value);
            const key = normalizeText(label);
            const entry = values.get(key);
            if (entry) entry.count += 1;
            else values.set(key, { label, count: 1 });
            let stat = numeric.get(attribute);
            if (!stat) numeric.set(attribute, (stat = { min: Infinity, max: -Infinity, avg: 0, sum: 0, numeric: true }));
            if (typeof value === 'number') {
              stat.min = Math.min(stat.min, value);
              stat.max = Math.max(stat.max, value);
              stat.sum += value;
            } else stat.numeric = false;
          }
        }
        for (const attribute of wanted) {
          const values = counts.get(attribute);
          const distribution: Record<string, number> = {};
          if (values) {
            [...values.values()]
              .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
              .slice(0, MAX_VALUES_PER_FACET)
              .forEach(({ label, count }) => (distribution[label] = count));
          }
          facets[attribute] = distribution;
          const stat = numeric.get(attribute);
          if (stat && stat.numeric && values) {
            let total = 0;
            for (const { count } of values.values()) total += count;
            stats[attribute] = { min: stat.min, max: stat.max, sum: stat.sum, avg: total > 0 ? stat.sum / total : 0 };
          }
        }
      }

      const hitsPerPage = Math.max(0, Math.floor(params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE));
      const page = Math.max(0, Math.floor(params.page ?? 0));
      const nbHits = Math.min(matched.length, PAGINATION_LIMIT);
      const start = page * hitsPerPage;
      const hits: SearchHit[] =
        hitsPerPage === 0 ? [] : matched.slice(start, Math.min(start + hitsPerPage, nbHits)).map((position) => ({ ...records[position], objectID: records[position].uid }));
      const ended = typeof performance !== 'undefined' ? performance.now() : Date.now();
      return {
        index,
        hits,
        nbHits,
        page,
        nbPages: hitsPerPage === 0 ? 0 : Math.ceil(nbHits / hitsPerPage),
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
