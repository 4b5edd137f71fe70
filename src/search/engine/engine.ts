/**
 * The embedded search engine (DESIGN §5): answers InstantSearch (Algolia-style) queries
 * over one tenant's search documents, in the browser or at build time. Same semantics
 * as the Meilisearch settings in ./meilisearch.ts so that both engines return the same
 * hits and counts: every query word must match (the last one as a prefix), filters are
 * case-insensitive, order is sort rule -> custom_rank desc -> tiebreak asc, facet values
 * are sorted by count and capped at MAX_VALUES_PER_FACET, hits capped at PAGINATION_LIMIT.
 */
import { FACET_ATTRIBUTES, LIST_ATTRIBUTES, MAX_VALUES_PER_FACET, NUMERIC_ATTRIBUTES, PAGINATION_LIMIT, parseIndexName, SEARCHABLE_ATTRIBUTES } from '../core/config.ts';
import type { SearchDocument } from '../core/documents.ts';
import type { IndexColumn, WholeStockAnswer } from './embedded-index.ts';
import { normalizeText, parseQuery, tokenize } from '../core/text.ts';

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
  /** The numbers that pass, low..high, each end included or not (every operator but '!='): checked without a call per document. */
  range?: { low: number; high: number; lowIn: boolean; highIn: boolean };
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

const DEFAULT_HITS_PER_PAGE = 20;
/** Documents added to the word index per preparation step (about 30-60 ms in a phone's browser). */
const WORD_INDEX_SLICE = 2000;

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
    return { attribute, test: (value) => numberOf(value) >= low && numberOf(value) <= high, range: { low, high, lowIn: true, highIn: true } };
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
  const ranges: Record<string, Condition['range']> = {
    '<': { low: -Infinity, high: target, lowIn: true, highIn: false },
    '<=': { low: -Infinity, high: target, lowIn: true, highIn: true },
    '>': { low: target, high: Infinity, lowIn: false, highIn: true },
    '>=': { low: target, high: Infinity, lowIn: true, highIn: true },
    '=': { low: target, high: target, lowIn: true, highIn: true },
  };
  return { attribute, test: (value) => check(numberOf(value)), ...(ranges[operator] ? { range: ranges[operator] } : {}) };
}

function compileFilters<T>(filters: FilterList | undefined, parse: (filter: string) => T): T[][] {
  return toList(filters).map((group) => (typeof group === 'string' ? [parse(group)] : group.map(parse)));
}

/** A search's query words and filter groups, parsed once per search. */
interface CompiledSearch {
  query: ReturnType<typeof parseQuery>;
  facetGroups: ReturnType<typeof parseFacetFilter>[][];
  numericGroups: ReturnType<typeof numericCondition>[][];
}

function compileSearch(params: EngineSearchParams): CompiledSearch {
  return {
    query: parseQuery(params.query ?? ''),
    facetGroups: compileFilters(params.facetFilters, parseFacetFilter),
    numericGroups: compileFilters(params.numericFilters, numericCondition),
  };
}

/** No query words and no filter: every document matches. */
function isWholeStock({ query, facetGroups, numericGroups }: CompiledSearch): boolean {
  return query.words.length === 0 && facetGroups.length === 0 && numericGroups.length === 0;
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

/** Options of createSearchEngine. */
export interface EngineOptions {
  /** Stored columns of a decoded index file (openIndex): read instead of the documents. */
  columns?: ReadonlyMap<string, IndexColumn>;
  /** The whole stock's facet counts and stats (the index file's `f`): a search with no query and no filter reads them. */
  whole?: WholeStockAnswer;
  /** The documents already stand in the default order (the index file says so): no check, no sort. */
  ordered?: boolean;
}

/** How many matched documents hold each value id (small and monomorphic, so the JIT optimises it early). */
function countValues(ids: Int32Array, counts: Int32Array, matched: Int32Array, matchedCount: number): Int32Array {
  counts.fill(0);
  for (let index = 0; index < matchedCount; index += 1) {
    const id = ids[matched[index]];
    if (id >= 0) counts[id] += 1;
  }
  return counts;
}

// The loops a search runs over every document, each a small function of typed arrays: the JIT
// optimises each on its own and keeps it (inside one larger function they were compiled on
// the stack, "OSR", and thrown away at each exit, which cost a search several milliseconds).

/** mask &= hits. */
function andMask(mask: Uint8Array, hits: Uint8Array): void {
  for (let position = 0; position < mask.length; position += 1) mask[position] &= hits[position];
}

/** Keep the documents whose value id is `id` (or is not, with `negate`). */
function keepValue(mask: Uint8Array, ids: Int32Array, id: number, negate: boolean): void {
  for (let position = 0; position < mask.length; position += 1) if (mask[position] && (ids[position] === id) === negate) mask[position] = 0;
}

/** Keep the documents that pass any of the tests (one facet group: OR inside it). */
function keepAnyValue(mask: Uint8Array, tests: readonly { ids: Int32Array; id: number; negate: boolean }[]): void {
  for (let position = 0; position < mask.length; position += 1) {
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

/** The value ids of a list attribute per document: document p holds values[start[p] .. start[p + 1]). */
interface ValueLists {
  start: Int32Array;
  values: Int32Array;
}

function listHas(lists: ValueLists, position: number, id: number): boolean {
  for (let index = lists.start[position]; index < lists.start[position + 1]; index += 1) if (lists.values[index] === id) return true;
  return false;
}

/** keepAnyValue for a group with a list attribute: a document passes a test when its list holds the value. */
function keepAnyListed(mask: Uint8Array, tests: readonly { ids: Int32Array; id: number; negate: boolean; lists?: ValueLists }[]): void {
  for (let position = 0; position < mask.length; position += 1) {
    if (!mask[position]) continue;
    if (!tests.some((test) => (test.lists ? listHas(test.lists, position, test.id) : test.ids[position] === test.id) !== test.negate)) mask[position] = 0;
  }
}

/** countValues for a list attribute: a document counts once under each of its values. */
function countListed(lists: ValueLists, counts: Int32Array, matched: Int32Array, matchedCount: number): Int32Array {
  counts.fill(0);
  for (let index = 0; index < matchedCount; index += 1) {
    const position = matched[index];
    for (let at = lists.start[position]; at < lists.start[position + 1]; at += 1) counts[lists.values[at]] += 1;
  }
  return counts;
}

/** Keep the documents whose number lies in the range; a missing value (NaN) fails every range, as the test does. */
function keepRange(mask: Uint8Array, numbers: Float64Array, low: number, high: number, lowIn: boolean, highIn: boolean): void {
  for (let position = 0; position < mask.length; position += 1) {
    if (!mask[position]) continue;
    const value = numbers[position];
    if (!(lowIn ? value >= low : value > low) || !(highIn ? value <= high : value < high)) mask[position] = 0;
  }
}

/** The masked positions in `order`'s order, into `into`; returns how many. */
function collectInOrder(order: Int32Array, mask: Uint8Array, into: Int32Array): number {
  let count = 0;
  for (let index = 0; index < order.length; index += 1) {
    const position = order[index];
    if (mask[position]) into[count++] = position;
  }
  return count;
}

/** The masked positions in document order, into `into`; returns how many. */
function collectMasked(mask: Uint8Array, into: Int32Array): number {
  let count = 0;
  for (let position = 0; position < mask.length; position += 1) if (mask[position]) into[count++] = position;
  return count;
}

/** Min, max, sum and average of a number column over the matched documents (null when none has one). */
function numericStats(numbers: Float64Array, matched: Int32Array, matchedCount: number): FacetStats | null {
  const total = sumUp(numbers, matched, matchedCount, statsBuffer);
  // The object is made here, outside the loop's function: made inside it, its changing field
  // kinds (whole numbers, fractions) threw the loop's optimised code away at every search.
  return total > 0 ? { min: statsBuffer[0], max: statsBuffer[1], sum: statsBuffer[2], avg: statsBuffer[2] / total } : null;
}

const statsBuffer = new Float64Array(3);

/** Min, max and sum of the present values into `into`; returns how many are present. */
function sumUp(numbers: Float64Array, matched: Int32Array, matchedCount: number, into: Float64Array): number {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let total = 0;
  for (let index = 0; index < matchedCount; index += 1) {
    const value = numbers[matched[index]];
    if (value !== value) continue; // NaN: no value
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    total += 1;
  }
  into[0] = min;
  into[1] = max;
  into[2] = sum;
  return total;
}

/** Documents made on demand (an opened index file, src/search/engine/embedded-index.ts openIndex). */
export interface DocumentSource {
  readonly size: number;
  at(position: number): SearchDocument;
}

/**
 * Build an engine over the documents of one tenant: an array, or a source that makes each
 * document when first asked for (with `options.columns`, a search makes only its hits).
 */
export function createSearchEngine(documents: readonly SearchDocument[] | DocumentSource, options: EngineOptions = {}): SearchEngine {
  const source: DocumentSource = 'size' in documents ? documents : { size: documents.length, at: (position) => documents[position] };
  const size = source.size;
  const record = (position: number) => source.at(position);
  /** A number per document (NaN when missing): the stored column when there is one, else the documents. */
  function keysOf(attribute: string): Float64Array {
    const stored = options.columns?.get(attribute)?.values;
    const keys = new Float64Array(size);
    for (let position = 0; position < size; position += 1) {
      const value = stored ? stored[position] : (record(position) as unknown as Record<string, unknown>)[attribute];
      keys[position] = typeof value === 'number' ? value : Number.NaN;
    }
    return keys;
  }

  // Inverted index: word -> documents holding it in a searchable attribute. Built on the first
  // text query: browsing and filtering (the first answer of every search page) never need it.
  let postings: Map<string, number[]> | null = null;
  let vocabulary: string[] = [];
  // The word index under construction: documents before `indexed` are in it. Built in slices
  // (WORD_INDEX_SLICE documents a preparation step) so that no step is a long task.
  const building = new Map<string, number[]>();
  let indexed = 0;
  // Makes, models, badges and colours repeat across cars: tokenize each distinct text once.
  const tokenCache = new Map<string, string[]>();
  function indexWords(until: number): void {
    const tokensOf = (text: string) => {
      let tokens = tokenCache.get(text);
      if (!tokens) tokenCache.set(text, (tokens = tokenize(text)));
      return tokens;
    };
    const words = new Set<string>();
    // The stored columns when there are (an opened index file): no document is made.
    const stored = SEARCHABLE_ATTRIBUTES.map((attribute) => options.columns?.get(attribute)?.values);
    for (let position = indexed; position < until; position += 1) {
      words.clear();
      for (let index = 0; index < SEARCHABLE_ATTRIBUTES.length; index += 1) {
        const values = stored[index];
        const value = values ? values[position] : record(position)[SEARCHABLE_ATTRIBUTES[index]];
        if (value !== undefined && value !== null) for (const word of tokensOf(String(value))) words.add(word);
      }
      for (const word of words) {
        let list = building.get(word);
        if (!list) building.set(word, (list = []));
        list.push(position);
      }
    }
    indexed = Math.max(indexed, until);
  }
  function wordIndex(): Map<string, number[]> {
    if (postings) return postings;
    indexWords(size);
    tokenCache.clear();
    vocabulary = [...building.keys()].sort();
    return (postings = building);
  }

  /**
   * The distinct present keys in ascending order, and each position's dense rank among them:
   * equal keys share a rank, smaller keys get smaller ranks (larger with `descending`), missing
   * keys (NaN) rank after every present one. Native typed-array sorts (no comparator) keep this
   * to a few milliseconds at 16,000 documents.
   */
  function distinctValues(keys: Float64Array, descending: boolean): { ranks: Int32Array; distinct: Float64Array } {
    // The present keys copied by a plain loop (a filter callback per key is slow before the JIT warms up).
    const present = new Float64Array(size);
    let count = 0;
    for (let position = 0; position < size; position += 1) {
      const key = keys[position];
      if (key === key) present[count++] = key;
    }
    const sorted = present.subarray(0, count).sort();
    let unique = 0;
    for (let index = 0; index < sorted.length; index += 1) if (index === 0 || sorted[index] !== sorted[unique - 1]) sorted[unique++] = sorted[index];
    const distinct = sorted.subarray(0, unique);
    const ranks = new Int32Array(size);
    for (let position = 0; position < size; position += 1) {
      const key = keys[position];
      if (Number.isNaN(key)) {
        ranks[position] = unique;
        continue;
      }
      let low = 0;
      let high = unique - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (distinct[middle] < key) low = middle + 1;
        else high = middle;
      }
      ranks[position] = descending ? unique - 1 - low : low;
    }
    return { ranks, distinct };
  }

  /** Positions ordered by `primary` rank, ties by `secondary` rank (both dense, < 2^26 here). */
  function orderByRanks(primary: Int32Array, secondary: Int32Array): Int32Array {
    // One number per document, primary * size + secondary: unique when the secondary ranks
    // are unique, so a plain numeric sort gives the order and the position is read back.
    const packed = new Float64Array(size);
    for (let position = 0; position < size; position += 1) packed[position] = primary[position] * size + secondary[position];
    packed.sort();
    const bySecondary = new Int32Array(size);
    for (let position = 0; position < size; position += 1) bySecondary[secondary[position]] = position;
    return Int32Array.from(packed, (value) => bySecondary[value % size]);
  }

  // Document order of each sort rule, computed on first use. The default order: custom_rank
  // desc, then tiebreak asc (then input position, so that the secondary ranks are unique).
  const orders = new Map<string, Int32Array>();
  let baseRanks: Int32Array | null = null;
  function defaultRanks(): Int32Array {
    if (baseRanks) return baseRanks;
    const identity = new Int32Array(size);
    for (let position = 0; position < size; position += 1) identity[position] = position;
    if (options.ordered || inDefaultOrder()) {
      // The index file is written in this order: nothing to sort.
      orders.set('', identity);
      return (baseRanks = identity);
    }
    const byTiebreak = orderByRanks(distinctValues(keysOf('tiebreak'), false).ranks, identity);
    const tiebreakRank = new Int32Array(size);
    byTiebreak.forEach((position, rank) => (tiebreakRank[position] = rank));
    const order = orderByRanks(distinctValues(keysOf('custom_rank'), true).ranks, tiebreakRank);
    orders.set('', order);
    baseRanks = new Int32Array(size);
    order.forEach((position, rank) => (baseRanks![position] = rank));
    return baseRanks;
  }
  /** Whether the documents already stand in the default order. */
  function inDefaultOrder(): boolean {
    const rank = keysOf('custom_rank');
    const tiebreak = keysOf('tiebreak');
    for (let position = 1; position < size; position += 1) {
      if (rank[position - 1] < rank[position]) return false;
      if (rank[position - 1] === rank[position] && tiebreak[position - 1] > tiebreak[position]) return false;
    }
    return true;
  }

  function orderFor(sort: string | null): Int32Array {
    const key = sort ?? '';
    let order = orders.get(key);
    if (order) return order;
    const base = defaultRanks();
    if (!sort) return orders.get('')!;
    // The sort rule first (documents without the field last), then the default order.
    const [attribute, direction] = sort.split(':');
    order = orderByRanks(distinctValues(keysOf(attribute), direction === 'desc').ranks, base);
    orders.set(key, order);
    return order;
  }

  function matchWord(word: string, prefix: boolean, into: Uint8Array): void {
    const postings = wordIndex();
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
    /** Normalised value -> id, for facet filters (built on first use when not made with the ids). */
    keys?: Map<string, number>;
    numbers: Float64Array | null;
    /** Searches that listed this facet; from the second on, the label order is kept (labelRank). */
    uses?: number;
    /** Each value id's place in label order (code unit order). */
    labelRank?: Int32Array;
    /** Value ids in label order. */
    byLabel?: Int32Array;
    /** Per value id, how many matches hold it: reused by every search (a search allocates little, so GC pauses stay out of typing). */
    counts?: Int32Array;
    /** A list attribute (LIST_ATTRIBUTES): each document's value ids; `ids` are then all -1. */
    lists?: ValueLists;
  }
  const columns = new Map<string, Column>();
  function columnFor(attribute: string): Column {
    let column = columns.get(attribute);
    if (column) return column;
    const stored = options.columns?.get(attribute);
    column = LIST_ATTRIBUTES.has(attribute) ? listColumn(attribute, stored?.values) : (stored?.dictionary && dictionaryColumn(stored.dictionary)) || numberColumn(attribute, stored?.values) || scanColumn(attribute, stored?.values);
    columns.set(attribute, column);
    return column;
  }

  /**
   * A column straight from an index dictionary: one id per stored spelling. Only when no two
   * spellings normalise alike ('White' / 'white'); those keep the first spelling seen, which
   * the document scan finds.
   */
  function dictionaryColumn(dictionary: NonNullable<IndexColumn['dictionary']>): Column | null {
    const keys = new Map<string, number>();
    for (const [id, label] of dictionary.labels.entries()) {
      const key = normalizeText(label);
      if (keys.has(key)) return null;
      keys.set(key, id);
    }
    const ids = new Int32Array(size);
    for (let position = 0; position < size; position += 1) ids[position] = dictionary.ids[position] - 1;
    return { ids, labels: [...dictionary.labels], keys, numbers: null };
  }

  /** A column whose present values are all numbers (price, km, year): ids are ranks, no text per document. */
  function numberColumn(attribute: string, stored: IndexColumn['values'] | undefined): Column | null {
    const numbers = new Float64Array(size);
    for (let position = 0; position < size; position += 1) {
      const value = stored ? stored[position] : (record(position) as unknown as Record<string, FieldValue | undefined>)[attribute];
      if (value === undefined || value === null) numbers[position] = Number.NaN;
      else if (typeof value === 'number') numbers[position] = value;
      else return null;
    }
    const { ranks, distinct } = distinctValues(numbers, false);
    const missing = distinct.length;
    for (let position = 0; position < size; position += 1) if (ranks[position] === missing) ranks[position] = -1;
    const labels = Array.from(distinct, (value) => String(value));
    return { ids: ranks, labels, numbers };
  }

  /** A list attribute's column: labels by first spelling (normalised like every facet), each document's ids. */
  function listColumn(attribute: string, stored: IndexColumn['values'] | undefined): Column {
    const labels: string[] = [];
    const keys = new Map<string, number>();
    const start = new Int32Array(size + 1);
    const values: number[] = [];
    for (let position = 0; position < size; position += 1) {
      start[position] = values.length;
      const value = stored ? stored[position] : (record(position) as unknown as Record<string, unknown>)[attribute];
      if (!Array.isArray(value)) continue;
      const held = new Set<number>();
      for (const item of value as unknown[]) {
        if (typeof item !== 'string') continue;
        const key = normalizeText(item);
        let id = keys.get(key);
        if (id === undefined) {
          id = labels.length;
          keys.set(key, id);
          labels.push(item);
        }
        if (!held.has(id)) values.push(id);
        held.add(id);
      }
    }
    start[size] = values.length;
    return { ids: new Int32Array(size).fill(-1), labels, keys, numbers: null, lists: { start, values: Int32Array.from(values) } };
  }

  function scanColumn(attribute: string, stored: IndexColumn['values'] | undefined): Column {
    const ids = new Int32Array(size).fill(-1);
    const labels: string[] = [];
    const keys = new Map<string, number>();
    const bySpelling = new Map<string, number>();
    // Numbers and booleans keyed as they are: no text made per document.
    const byValue = new Map<number | boolean, number>();
    let numbers: Float64Array | null = new Float64Array(size).fill(Number.NaN);
    for (let position = 0; position < size; position += 1) {
      const value = stored ? stored[position] : (record(position) as unknown as Record<string, FieldValue | undefined>)[attribute];
      // Lists have their own column (listColumn): a stored list is no single value.
      if (value === undefined || value === null || typeof value === 'object') continue;
      const isText = typeof value === 'string';
      // Normalise each distinct spelling once: columns have few distinct values.
      let id = isText ? bySpelling.get(value) : byValue.get(value);
      if (id === undefined) {
        const label = String(value);
        // Numbers and booleans are their own normal form (no letters, no accents).
        const key = isText ? normalizeText(label) : label;
        id = keys.get(key);
        if (id === undefined) {
          id = labels.length;
          keys.set(key, id);
          labels.push(label);
        }
        if (isText) bySpelling.set(value, id);
        else byValue.set(value, id);
      }
      ids[position] = id;
      if (numbers && typeof value === 'number') numbers[position] = value;
      else numbers = null;
    }
    return { ids, labels, keys, numbers };
  }

  /**
   * The value ids a facet shows: count desc, then label (code unit order), at most
   * MAX_VALUES_PER_FACET. A column with thousands of values (km, price) is cut to the limit
   * before anything is sorted.
   */
  function topValues(column: Column, counts: Int32Array): number[] {
    const labels = column.labels;
    const labelOrder = (a: number, b: number) => (labels[a] < labels[b] ? -1 : labels[a] > labels[b] ? 1 : 0);
    // The first search with this facet compares labels; a facet asked for again keeps their order.
    column.uses = (column.uses ?? 0) + 1;
    if (column.uses === 2 && labels.length > MAX_VALUES_PER_FACET) {
      column.byLabel = Int32Array.from(labels, (_, id) => id).sort(labelOrder);
      column.labelRank = new Int32Array(labels.length);
      column.byLabel.forEach((id, place) => (column.labelRank![id] = place));
    }
    const rank = column.labelRank;
    const byCountThenLabel = rank ? (a: number, b: number) => counts[b] - counts[a] || rank[a] - rank[b] : (a: number, b: number) => counts[b] - counts[a] || labelOrder(a, b);
    let shown = 0;
    let highest = 0;
    for (let id = 0; id < counts.length; id += 1) {
      if (counts[id] === 0) continue;
      shown += 1;
      if (counts[id] > highest) highest = counts[id];
    }
    if (shown <= MAX_VALUES_PER_FACET) {
      const present: number[] = [];
      for (let id = 0; id < counts.length; id += 1) if (counts[id] > 0) present.push(id);
      return present.sort(byCountThenLabel);
    }
    // More values than shown (km, price): the count of the last value shown, and how many
    // values with that count fit; only the shown values are collected (no list of thousands).
    const frequency = new Int32Array(highest + 1);
    for (let id = 0; id < counts.length; id += 1) frequency[counts[id]] += 1;
    let room = MAX_VALUES_PER_FACET;
    let threshold = highest;
    for (; threshold > 0; threshold -= 1) {
      if (frequency[threshold] >= room) break;
      room -= frequency[threshold];
    }
    const kept: number[] = [];
    for (let id = 0; id < counts.length; id += 1) if (counts[id] > threshold) kept.push(id);
    if (column.byLabel) {
      // Values at the threshold count: the `room` first in label order.
      for (const id of column.byLabel) {
        if (room === 0) break;
        if (counts[id] === threshold) {
          kept.push(id);
          room -= 1;
        }
      }
      return kept.sort(byCountThenLabel);
    }
    // Values at the threshold count: the `room` first in label order, kept sorted while
    // scanning (a label after the last kept one costs one comparison).
    const ties: number[] = [];
    for (let id = 0; id < counts.length && room > 0; id += 1) {
      if (counts[id] !== threshold) continue;
      const label = labels[id];
      if (ties.length === room && !(label < labels[ties[room - 1]])) continue;
      let low = 0;
      let high = ties.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (labels[ties[middle]] < label) low = middle + 1;
        else high = middle;
      }
      ties.splice(low, 0, id);
      if (ties.length > room) ties.pop();
    }
    return kept.concat(ties).sort(byCountThenLabel);
  }

  const maskBuffer = new Uint8Array(size);
  const wordBuffer = new Uint8Array(size);
  const matchedBuffer = new Int32Array(size);
  const positionBuffer = new Int32Array(size);

  /** Documents matching the text query and every filter, as a mask. */
  function candidates({ query, facetGroups, numericGroups }: CompiledSearch): Uint8Array {
    // Reused buffers: a search allocates almost nothing, so GC pauses stay out of typing.
    const mask = maskBuffer.fill(1);
    const { words, lastIsPrefix } = query;
    words.forEach((word, index) => {
      const hits = wordBuffer.fill(0);
      matchWord(word, lastIsPrefix && index === words.length - 1, hits);
      andMask(mask, hits);
    });
    // Facet groups: OR inside a group, AND across groups, compared on value ids.
    for (const group of facetGroups) {
      const tests = group.map((filter) => {
        const column = columnFor(filter.attribute);
        // Number labels are their own normal form: the map is the labels themselves.
        column.keys ??= new Map(column.labels.map((label, id) => [label, id]));
        return { ids: column.ids, id: column.keys.get(filter.key) ?? -2, negate: filter.negate, lists: column.lists };
      });
      if (tests.some((test) => test.lists)) keepAnyListed(mask, tests);
      else if (tests.length === 1) keepValue(mask, tests[0].ids, tests[0].id, tests[0].negate);
      else keepAnyValue(mask, tests);
    }
    for (const group of numericGroups) {
      const tests = group.map((condition) => ({ condition, column: columnFor(condition.attribute) }));
      // The usual case, one range on a number column (the price slider): compared in place.
      const only = tests.length === 1 ? tests[0] : null;
      const range = only?.condition.range;
      if (only && range && only.column.numbers) {
        keepRange(mask, only.column.numbers, range.low, range.high, range.lowIn, range.highIn);
        continue;
      }
      for (let position = 0; position < size; position += 1) {
        if (!mask[position]) continue;
        if (!tests.some(({ condition, column }) => condition.test(column.numbers ? (Number.isNaN(column.numbers[position]) ? undefined : column.numbers[position]) : (record(position) as unknown as Record<string, FieldValue | undefined>)[condition.attribute]))) mask[position] = 0;
      }
    }
    return mask;
  }

  /** Count the wanted facets over the documents of the mask, into `facets` and `stats`. */
  function countFacets(wanted: readonly string[], mask: Uint8Array, facets: Record<string, Record<string, number>>, stats: Record<string, FacetStats>): void {
    // Facets are counted over the matches in document order: the columns are read front to back.
    const inPlace = wanted.length > 0 ? collectMasked(mask, positionBuffer) : 0;
    for (const attribute of wanted) {
      const column = columnFor(attribute);
      const into = (column.counts ??= new Int32Array(column.labels.length));
      const counts = column.lists ? countListed(column.lists, into, positionBuffer, inPlace) : countValues(column.ids, into, positionBuffer, inPlace);
      if (column.numbers) {
        const summary = numericStats(column.numbers, positionBuffer, inPlace);
        if (summary) stats[attribute] = summary;
      }
      const distribution: Record<string, number> = {};
      for (const id of topValues(column, counts)) distribution[column.labels[id]] = counts[id];
      facets[attribute] = distribution;
    }
  }

  // What the first refinement and the first text query need, in steps short enough to run
  // between a shopper's clicks: each facet column, the default order, the word index (which
  // makes every document).
  const preparation: (() => unknown)[] = [
    ...[...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES].map((attribute) => () => columnFor(attribute)),
    () => orderFor(null),
    ...Array.from({ length: Math.ceil(size / WORD_INDEX_SLICE) }, (_, slice) => () => indexWords(Math.min(size, (slice + 1) * WORD_INDEX_SLICE))),
    wordIndex,
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
        countFacets(wanted, mask, facets, stats);
      }

      const hitsPerPage = Math.max(0, Math.floor(params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE));
      const page = Math.max(0, Math.floor(params.page ?? 0));
      const nbHits = Math.min(matched.length, PAGINATION_LIMIT);
      const start = page * hitsPerPage;
      const hits: SearchHit[] =
        hitsPerPage === 0
          ? []
          : Array.from(matched.subarray(start, Math.max(start, Math.min(start + hitsPerPage, nbHits))), (position) => {
              const document = record(position);
              return { ...document, objectID: document.uid };
            });
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
