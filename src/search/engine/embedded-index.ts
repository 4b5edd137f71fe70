/**
 * The embedded engine's index file: a tenant's search documents in a compact columnar JSON
 * that gzips small (sizes: docs/scale.md). Written at build time
 * (src/pages/search-index-[tenant].json.ts), fetched lazily by the search island. Per field:
 * repeated texts become a dictionary plus indexes; whole numbers that grow with the id order
 * are delta-coded; booleans are the list of true positions; name and slug are left out when
 * the other fields derive them; uid, site, make_model, custom_rank and tiebreak are recomputed.
 */
import { slugify } from '../../lib/text/slug.ts';
import { nameFromParts } from '../../schemas/identity.ts';
import { DEFAULT_INDEX } from '../core/config.ts';
import { customRank, documentUid, makeModel, tiebreakOf, type SearchDocument } from '../core/documents.ts';
import { priceBand } from '../../schemas/price-band.ts';
import { createSearchEngine } from './engine.ts';
import type { IndexColumn, SearchEngine, WholeStockAnswer } from './types.ts';

/** Format version: bump when the layout changes so stale caches are not misread. */
export const INDEX_VERSION = 3;

type DictionaryColumn = { d: string[]; i: number[] };
type NumberColumn = { n: (number | null)[] };
type DeltaColumn = { z: number[] };
type TextColumn = { s: (string | null)[] };
type FlagColumn = { b: number[] };
/** A list attribute (filtered_features): its values ('m', most frequent first) and each document's 0-based indexes into them. */
type ListColumn = { m: string[]; l: number[][] };
type Column = DictionaryColumn | NumberColumn | DeltaColumn | TextColumn | FlagColumn | ListColumn;

/** The serialised index. */
export interface EmbeddedIndex {
  v: number;
  site: string;
  n: number;
  c: Record<string, Column>;
  /** 1: the documents stand in the engine's default order (the encoder writes them so). */
  o?: 1;
  /** The whole stock's answer to every facet (no query, no filter). */
  f?: WholeStockAnswer;
}

const DICTIONARY_FIELDS = [
  'make', 'model', 'badge', 'colour', 'body', 'fuel', 'transmission', 'drive', 'car_type', 'status', 'price_type',
  'tag', 'dealership_slug', 'dealership_name', 'location_name', 'location_slug', 'city', 'state', 'item_type', 'image',
  'weekly_price_range', 'final_drive',
] as const;
const NUMBER_FIELDS = ['year', 'km', 'price', 'before_price', 'offer_price', 'subscription_price', 'drive_away_price', 'views', 'seats', 'sleeps', 'body_length'] as const;
const LIST_FIELDS = ['filtered_features'] as const;
const FLAG_FIELDS = ['preorder', 'reserved', 'certified'] as const;
/** Flags every document carries as true or false (the others are left out when false). */
const BOTH_VALUE_FLAGS: ReadonlySet<string> = new Set(['certified']);

/** The name the encoder predicts (and the decoder restores): the display name built from the facts (src/schemas/identity.ts). */
function derivedName(document: Partial<SearchDocument>): string {
  return nameFromParts(document);
}

/** The slugs a feed commonly builds: name + stock number, or the name alone. */
function derivedSlugs(name: string, stocknum: string | undefined): string[] {
  return [slugify(`${name} ${stocknum ?? ''}`), slugify(name)];
}

function encodeDictionary(values: (string | undefined)[]): DictionaryColumn {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  // Most frequent first: small indexes for common values compress best.
  const dictionary = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1));
  const position = new Map(dictionary.map((value, index) => [value, index + 1]));
  return { d: dictionary, i: values.map((value) => (value === undefined ? 0 : position.get(value)!)) };
}

function encodeNumbers(values: (number | undefined)[]): NumberColumn | DeltaColumn {
  const whole = values.every((value) => value !== undefined && Number.isSafeInteger(value));
  if (whole) {
    const deltas: number[] = [];
    let previous = 0;
    for (const value of values as number[]) {
      deltas.push(value - previous);
      previous = value;
    }
    const deltaText = JSON.stringify(deltas).length;
    const plainText = JSON.stringify(values).length;
    if (deltaText < plainText) return { z: deltas };
  }
  return { n: values.map((value) => (value === undefined ? null : value)) };
}

function encodeList(values: (readonly string[] | undefined)[]): ListColumn {
  const counts = new Map<string, number>();
  for (const list of values) for (const value of list ?? []) counts.set(value, (counts.get(value) ?? 0) + 1);
  const members = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1));
  const position = new Map(members.map((value, index) => [value, index]));
  return { m: members, l: values.map((list) => (list ?? []).map((value) => position.get(value)!)) };
}

function isEmptyColumn(column: Column): boolean {
  if ('m' in column) return column.m.length === 0;
  if ('d' in column) return column.d.length === 0;
  if ('n' in column) return column.n.every((value) => value === null);
  if ('s' in column) return column.s.every((value) => value === null);
  if ('b' in column) return column.b.length === 0;
  return false;
}

/** Encode a tenant's documents (all of one site). */
export function encodeIndex(site: string, documents: readonly SearchDocument[]): EmbeddedIndex {
  // The engine's default order (custom_rank desc, then tiebreak = id order): the engine finds
  // the file already in it and skips that sort when loading (src/search/engine/engine.ts). Within a
  // status, newest first keeps ids, stock numbers and dates nearly sequential for the deltas.
  const sorted = [...documents].sort((a, b) => b.custom_rank - a.custom_rank || a.tiebreak - b.tiebreak || (a.id < b.id ? -1 : 1));
  const columns: Record<string, Column> = {};
  const numericIds = sorted.every((document) => /^\d{1,15}$/.test(document.id) && String(Number(document.id)) === document.id);
  columns.id = numericIds ? encodeNumbers(sorted.map((document) => Number(document.id))) : { s: sorted.map((document) => document.id) };
  // 0 = derived from the other fields, else the text itself.
  columns.name = { s: sorted.map((document) => (document.name === derivedName(document) ? null : document.name)) };
  columns.slug = {
    n: sorted.map((document) => {
      const index = derivedSlugs(document.name, document.stocknum).indexOf(document.slug);
      return index === -1 ? null : index;
    }),
  };
  columns.slugs = { s: sorted.map((document) => (derivedSlugs(document.name, document.stocknum).includes(document.slug) ? null : document.slug)) };
  columns.stocknum = { s: sorted.map((document) => document.stocknum ?? null) };
  columns.price_range = { s: sorted.map((document) => (document.price_range === priceBand(document.price) ? null : (document.price_range ?? ''))) };
  for (const field of DICTIONARY_FIELDS) columns[field] = encodeDictionary(sorted.map((document) => document[field]));
  for (const field of NUMBER_FIELDS) columns[field] = encodeNumbers(sorted.map((document) => document[field]));
  columns.created_at = encodeNumbers(sorted.map((document) => document.created_at));
  for (const field of FLAG_FIELDS) columns[field] = { b: sorted.flatMap((document, index) => (document[field] ? [index] : [])) };
  for (const field of LIST_FIELDS) columns[field] = encodeList(sorted.map((document) => document[field]));
  for (const [field, column] of Object.entries(columns)) if (isEmptyColumn(column) && field !== 'id') delete columns[field];
  // The whole stock's facet counts and stats, as the engine answers them: the search page's
  // first answer (no query, no filter) reads them instead of counting every car.
  const answer = createSearchEngine(sorted).search(DEFAULT_INDEX, { facets: ['*'], hitsPerPage: 0 });
  return { v: INDEX_VERSION, site, n: sorted.length, c: columns, o: 1, f: { facets: answer.facets, stats: answer.facets_stats } };
}

function readColumn(column: Column | undefined, size: number): (string | number | null | boolean | string[] | undefined)[] {
  if (!column) return new Array(size).fill(undefined);
  if ('m' in column) return column.l.map((list) => (list.length === 0 ? undefined : list.map((index) => column.m[index])));
  if ('d' in column) return column.i.map((index) => (index === 0 ? undefined : column.d[index - 1]));
  if ('n' in column) return column.n;
  if ('s' in column) return column.s;
  if ('z' in column) {
    let value = 0;
    return column.z.map((delta) => (value += delta));
  }
  const flags = new Array(size).fill(undefined);
  for (const index of column.b) flags[index] = true;
  return flags;
}

/** Decode an index file back into search documents (every one made now). */
export function decodeIndex(index: EmbeddedIndex): SearchDocument[] {
  return decodeIndexWithColumns(index).documents;
}

/** Decode an index file into search documents and the stored columns the engine can reuse. */
export function decodeIndexWithColumns(index: EmbeddedIndex): { documents: SearchDocument[]; columns: Map<string, IndexColumn> } {
  const opened = openIndex(index);
  return { documents: Array.from({ length: opened.size }, (_, position) => opened.at(position)), columns: opened.columns };
}

/**
 * An opened index: each stored column read when first asked for, each document made when
 * first asked for (`at`). The engine filters, sorts and counts on the columns, and answers the
 * whole stock's facets from the file's `f`, so the first answer makes only the documents of
 * its page of hits; the rest is made when the page is idle (SearchEngine.prepare) or a search
 * first needs it.
 */
export interface OpenedIndex {
  readonly size: number;
  /** The document at a position (made on first use, then kept). */
  at(position: number): SearchDocument;
  /** Stored columns by field, plus the fields documents derive (name, make_model, price_range, id, custom_rank, tiebreak, created_at). */
  readonly columns: Map<string, IndexColumn>;
  /** The facet counts and stats of the whole stock, as the encoder's engine answered them (absent in older files). */
  readonly whole?: WholeStockAnswer;
  /** The file is written in the engine's default order (custom_rank desc, tiebreak asc). */
  readonly ordered: boolean;
}

/** A column whose values are read from the file on first use. */
function lazyColumn(read: () => IndexColumn['values'], dictionary?: IndexColumn['dictionary']): IndexColumn {
  let values: IndexColumn['values'] | undefined;
  return {
    get values() {
      return (values ??= read());
    },
    ...(dictionary ? { dictionary } : {}),
  };
}

/** A car's price range as its document holds it: the stated one (an empty one: none), else the band of its price. */
function priceRangeFrom(stated: string | null | undefined, price: number | null | undefined): string | undefined {
  return stated === null || stated === undefined ? priceBand(price ?? undefined) : stated || undefined;
}

/** A car's created_at as its document holds it (seconds; 0 when the file has none). */
const createdFrom = (seconds: number | null | undefined): number => seconds ?? 0;

/** Open an index file: nothing is decoded until a search or a document needs it. */
export function openIndex(index: EmbeddedIndex): OpenedIndex {
  if (index.v !== INDEX_VERSION) throw new Error(`search index version ${index.v} is not supported (expected ${INDEX_VERSION})`);
  const size = index.n;
  const raw = new Map<string, ReturnType<typeof readColumn>>();
  const read = (field: string) => {
    let values = raw.get(field);
    if (!values) raw.set(field, (values = readColumn(index.c[field], size)));
    return values;
  };
  // One cell of a column: dictionary, number and text columns are read in place; delta and
  // flag columns are decoded whole on first use.
  const cells = new Map<string, (position: number) => string | number | null | boolean | string[] | undefined>();
  const cellReader = (field: string) => {
    const column = index.c[field];
    if (!column) return () => undefined;
    if ('d' in column) return (position: number) => (column.i[position] === 0 ? undefined : column.d[column.i[position] - 1]);
    if ('n' in column) return (position: number) => column.n[position];
    if ('s' in column) return (position: number) => column.s[position];
    return (position: number) => read(field)[position];
  };
  const value = (field: string, position: number) => {
    let cell = cells.get(field);
    if (!cell) cells.set(field, (cell = cellReader(field)));
    return cell(position);
  };
  // Only the fields the file has, looked up once (not per car).
  const present = [...DICTIONARY_FIELDS, ...NUMBER_FIELDS, ...FLAG_FIELDS, ...LIST_FIELDS, 'stocknum'].filter((field) => index.c[field]);
  let ids: string[] | undefined;
  const idOf = (position: number) => (ids ? ids[position] : String(value('id', position)));
  const allIds = () => (ids ??= Array.from(read('id'), String));
  const createdAt = (position: number) => createdFrom(value('created_at', position) as number | null | undefined);
  const made: (SearchDocument | undefined)[] = new Array(size);

  function make(position: number): SearchDocument {
    const document: Record<string, unknown> = {};
    for (const field of present) {
      const item = value(field, position);
      if (item !== undefined && item !== null) document[field] = item;
    }
    for (const field of BOTH_VALUE_FLAGS) document[field] ??= false;
    const id = idOf(position);
    const partial = document as Partial<SearchDocument>;
    const name = (value('name', position) as string | null | undefined) ?? derivedName(partial);
    const slugChoice = value('slug', position) as number | null | undefined;
    const slug =
      slugChoice === null || slugChoice === undefined
        ? (value('slugs', position) as string)
        : slugChoice === 0
          ? slugify(`${name} ${partial.stocknum ?? ''}`)
          : slugify(name);
    document.uid = documentUid(index.site, id);
    document.site = index.site;
    document.id = id;
    document.slug = slug;
    document.name = name;
    const range = priceRangeFrom(value('price_range', position) as string | null | undefined, partial.price);
    if (range !== undefined) document.price_range = range;
    const hierarchy = makeModel(partial.make, partial.model);
    if (hierarchy !== undefined) document.make_model = hierarchy;
    document.created_at = createdAt(position);
    document.custom_rank = customRank(partial.status as SearchDocument['status'], document.created_at as number);
    document.tiebreak = tiebreakOf(id);
    return document as unknown as SearchDocument;
  }
  const each = <T>(of: (position: number) => T): T[] => Array.from({ length: size }, (_, position) => of(position));

  const stored = new Map<string, IndexColumn>();
  // Every field the engine filters, counts or sorts on has a column, even one the file left
  // out (empty), so that no search has to make the documents.
  for (const field of [...DICTIONARY_FIELDS, ...NUMBER_FIELDS, ...FLAG_FIELDS, ...LIST_FIELDS, 'stocknum']) {
    const column = index.c[field];
    // As the documents hold them: null is a missing value; two-valued flags are false when unset.
    const values = BOTH_VALUE_FLAGS.has(field) ? () => (column ? read(field).map((item) => item ?? false) : new Array(size).fill(false)) : () => (column ? (read(field) as IndexColumn['values']) : new Array(size).fill(undefined));
    stored.set(field, lazyColumn(values, column && 'd' in column ? { labels: column.d, ids: column.i } : undefined));
  }
  // The fields make() derives, computed the same way without making the documents.
  // (Whole columns read once, then one pass: a lookup per cell is slow before the JIT warms up.)
  const texts = (field: string) => read(field) as (string | null | undefined)[];
  const numbers = (field: string) => read(field) as (number | null | undefined)[];
  stored.set('make_model', lazyColumn(() => {
    const [make, model] = [texts('make'), texts('model')];
    return each((position) => makeModel(make[position] ?? undefined, model[position] ?? undefined));
  }));
  stored.set('price_range', lazyColumn(() => {
    const [stated, price] = [texts('price_range'), numbers('price')];
    return each((position) => priceRangeFrom(stated[position], price[position]));
  }));
  stored.set('id', lazyColumn(allIds));
  stored.set('name', lazyColumn(() => {
    const [names, year, make, model, badge] = [texts('name'), numbers('year'), texts('make'), texts('model'), texts('badge')];
    return each((position) => names[position] ?? nameFromParts({ year: year[position], make: make[position], model: model[position], badge: badge[position] }));
  }));
  const createdAll = () => numbers('created_at').map(createdFrom);
  stored.set('created_at', lazyColumn(createdAll));
  stored.set('custom_rank', lazyColumn(() => {
    const [status, created] = [texts('status'), createdAll()];
    return each((position) => customRank(status[position] as SearchDocument['status'], created[position]));
  }));
  stored.set('tiebreak', lazyColumn(() => allIds().map(tiebreakOf)));
  return {
    size,
    at: (position) => (made[position] ??= make(position)),
    columns: stored,
    ...(index.f ? { whole: index.f } : {}),
    ordered: index.o === 1,
  };
}

/** An engine over an index file: what the search island runs (src/search/browser/embedded-loader.ts). */
export function openEngine(index: EmbeddedIndex): SearchEngine {
  const opened = openIndex(index);
  return createSearchEngine(opened, { columns: opened.columns, whole: opened.whole, ordered: opened.ordered });
}
