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

/** A facet filter: attribute, normalised value, negated or not. */
interface FacetFilter {
  attribute: string;
  key: string;
  negate: boolean;
}

/** Parse 'make:Toyota' / 'make:-Toyota' (InstantSearch escapes a leading '-' of a value as '\\-'). */
function parseFacetFilter(filter: string): FacetFilter {
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
  return { attribute, key: normalizeText(raw), negate };
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

function compileFilters<T>(filters: FilterList | undefined, parse: (filter: string) => T): T[][] {
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

/** Build an engine over the documents of one tenant. */
export function createSearchEngine(documents: readonly SearchDocument[]): SearchEngine {
  const size = documents.length;
  const records = documents as readonly SearchDocument[];

  // Inverted index: word -> documents holding it in a searchable attribute.
  const postings = new Map<string, number[]>();
  // Makes, models, badges and colours repeat across cars: tokenize each distinct text once.
  const tokenCache = new Map<string, string[]>();
  const tokensOf = (text: string) => {
    let tokens = tokenCache.get(text);
    if (!tokens) tokenCache.set(text, (tokens = tokenize(text)));
    return tokens;
  };
  records.forEach((document, position) => {
    const words = new Set<string>();
    for (const attribute of SEARCHABLE_ATTRIBUTES) {
      const value = document[attribute];
      if (value !== undefined) for (const word of tokensOf(String(value))) words.add(word);
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
      // Order: the sort rule (documents without the field last), then custom_rank desc, then
      // tiebreak asc. Keys sit in typed arrays: far fewer property lookups than comparing documents.
      const [attribute, direction] = (sort ?? '').split(':');
      const sign = direction === 'desc' ? -1 : 1;
      const rank = Float64Array.from(records, (document) => document.custom_rank);
      const tiebreak = Float64Array.from(records, (document) => document.tiebreak);
      const keys = sort ? Float64Array.from(records, (document) => {
        const value = (document as unknown as Record<string, unknown>)[attribute];
        return typeof value === 'number' ? value : Number.NaN;
      }) : null;
      order = Int32Array.from({ length: size }, (_, index) => index).sort((a, b) => {
        if (keys) {
          const left = keys[a];
          const right = keys[b];
          const leftMissing = Number.isNaN(left);
          if (leftMissing !== Number.isNaN(right)) return leftMissing ? 1 : -1;
          if (!leftMissing && left !== right) return sign * (left - right);
        }
        return rank[b] - rank[a] || tiebreak[a] - tiebreak[b];
      });
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

  /**
   * One attribute as a column: each document's value id (-1 = missing), the label of each id
   * (first spelling seen) and, for numbers, the values. Built on first use, then reused.
   */
  interface Column {
    ids: Int32Array;
    labels: string[];
    keys: Map<string, number>;
    numbers: Float64Array | null;
  }
  const columns = new Map<string, Column>();
  function columnFor(attribute: string): Column {
    let column = columns.get(attribute);
    if (column) return column;
    const ids = new Int32Array(size).fill(-1);
    const labels: string[] = [];
    const keys = new Map<string, number>();
    const bySpelling = new Map<string, number>();
    let numbers: Float64Array | null = new Float64Array(size).fill(Number.NaN);
    records.forEach((document, position) => {
      const value = (document as unknown as Record<string, FieldValue | undefined>)[attribute];
      if (value === undefined) return;
      const label = String(value);
      // Normalise each distinct spelling once: columns have few distinct values.
      let id = bySpelling.get(label);
      if (id === undefined) {
        const key = normalizeText(label);
        id = keys.get(key);
        if (id === undefined) {
          id = labels.length;
          keys.set(key, id);
          labels.push(label);
        }
        bySpelling.set(label, id);
      }
      ids[position] = id;
      if (numbers && typeof value === 'number') numbers[position] = value;
      else numbers = null;
    });
    column = { ids, labels, keys, numbers };
    columns.set(attribute, column);
    return column;
  }

  const maskBuffer = new Uint8Array(size);
  const wordBuffer = new Uint8Array(size);
  const matchedBuffer = new Int32Array(size);

  /** Documents matching the text query and every filter, as a mask. */
  function candidates(params: EngineSearchParams): Uint8Array {
    // Reused buffers: a search allocates almost nothing, so GC pauses stay out of typing.
    const mask = maskBuffer.fill(1);
    const { words, lastIsPrefix } = parseQuery(params.query ?? '');
    words.forEach((word, index) => {
      const hits = wordBuffer.fill(0);
      matchWord(word, lastIsPrefix && index === words.length - 1, hits);
      for (let position = 0; position < size; position += 1) mask[position] &= hits[position];
    });
    // Facet groups: OR inside a group, AND across groups, compared on value ids.
    for (const group of compileFilters(params.facetFilters, parseFacetFilter)) {
      const tests = group.map((filter) => {
        const column = columnFor(filter.attribute);
        return { ids: column.ids, id: column.keys.get(filter.key) ?? -2, negate: filter.negate };
      });
      for (let position = 0; position < size; position += 1) {
        if (!mask[position]) continue;
        let ok = false;
        for (const test of tests) {
          if ((test.ids[position] === test.id) !== test.negate) {
            ok = true;
            break;
          }
        }
        if (!ok) mask[position] = 0;
      }
    }
    for (const group of compileFilters(params.numericFilters, numericCondition)) {
      const tests = group.map((condition) => ({ condition, column: columnFor(condition.attribute) }));
      for (let position = 0; position < size; position += 1) {
        if (!mask[position]) continue;
        if (!tests.some(({ condition, column }) => condition.test(column.numbers ? (Number.isNaN(column.numbers[position]) ? undefined : column.numbers[position]) : (records[position] as unknown as Record<string, FieldValue | undefined>)[condition.attribute]))) mask[position] = 0;
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
      let matchedCount = 0;
      for (let index = 0; index < size; index += 1) {
        const position = order[index];
        if (mask[position]) matchedBuffer[matchedCount++] = position;
      }
      const matched = matchedBuffer.subarray(0, matchedCount);

      const facetNames = params.facets === undefined ? [] : typeof params.facets === 'string' ? [params.facets] : [...params.facets];
      // '*' means every facet attribute, as Meilisearch answers it for filterable attributes.
      const wanted: string[] = facetNames.includes('*') ? [...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES] : facetNames;
      const facets: Record<string, Record<string, number>> = {};
      const stats: Record<string, FacetStats> = {};
      for (const attribute of wanted) {
        const column = columnFor(attribute);
        const counts = new Int32Array(column.labels.length);
        let min = Infinity;
        let max = -Infinity;
        let sum = 0;
        let total = 0;
        for (const position of matched) {
          const id = column.ids[position];
          if (id < 0) continue;
          counts[id] += 1;
          if (column.numbers) {
            const value = column.numbers[position];
            if (value < min) min = value;
            if (value > max) max = value;
            sum += value;
            total += 1;
          }
        }
        const distribution: Record<string, number> = {};
        const present: number[] = [];
        for (let id = 0; id < counts.length; id += 1) if (counts[id] > 0) present.push(id);
        const labels = column.labels;
        present
          .sort((a, b) => counts[b] - counts[a] || (labels[a] < labels[b] ? -1 : labels[a] > labels[b] ? 1 : 0))
          .slice(0, MAX_VALUES_PER_FACET)
          .forEach((id) => (distribution[labels[id]] = counts[id]));
        facets[attribute] = distribution;
        if (column.numbers && total > 0) stats[attribute] = { min, max, sum, avg: sum / total };
      }

      const hitsPerPage = Math.max(0, Math.floor(params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE));
      const page = Math.max(0, Math.floor(params.page ?? 0));
      const nbHits = Math.min(matched.length, PAGINATION_LIMIT);
      const start = page * hitsPerPage;
      const hits: SearchHit[] =
        hitsPerPage === 0 ? [] : Array.from(matched.subarray(start, Math.max(start, Math.min(start + hitsPerPage, nbHits))), (position) => ({ ...records[position], objectID: records[position].uid }));
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
