/**
 * The embedded engine's index file: a tenant's search documents in a compact columnar
 * JSON that gzips small (issue 4 target: under 80 bytes gzip per car). Written at build
 * time (src/pages/search-index-[tenant].json.ts), fetched lazily by the search island.
 *
 * Encoding, per field: repeated texts (make, model, city...) become a dictionary plus
 * indexes; whole numbers that grow with the id order are delta-coded; booleans are the
 * list of positions that are true; the name and slug are left out when they equal what
 * the other fields derive; uid, site, make_model, custom_rank and tiebreak are recomputed on load.
 */
import { slugify } from '../lib/text/slug.ts';
import { nameFromParts } from '../lib/vehicle/identity.ts';
import { customRank, documentUid, makeModel, priceBand, tiebreakOf, type SearchDocument } from './documents.ts';

/** Format version: bump when the layout changes so stale caches are not misread. */
export const INDEX_VERSION = 2;

type DictionaryColumn = { d: string[]; i: number[] };
type NumberColumn = { n: (number | null)[] };
type DeltaColumn = { z: number[] };
type TextColumn = { s: (string | null)[] };
type FlagColumn = { b: number[] };
type Column = DictionaryColumn | NumberColumn | DeltaColumn | TextColumn | FlagColumn;

/** The serialised index. */
export interface EmbeddedIndex {
  v: number;
  site: string;
  n: number;
  c: Record<string, Column>;
}

const DICTIONARY_FIELDS = [
  'make', 'model', 'badge', 'colour', 'body', 'fuel', 'transmission', 'drive', 'car_type', 'status', 'price_type',
  'tag', 'dealership_slug', 'dealership_name', 'location_name', 'location_slug', 'city', 'state', 'item_type', 'image',
  'weekly_price_range',
] as const;
const NUMBER_FIELDS = ['year', 'km', 'price', 'before_price', 'offer_price', 'subscription_price', 'views', 'seats'] as const;
const FLAG_FIELDS = ['preorder', 'reserved', 'certified'] as const;
/** Flags every document carries as true or false (the others are left out when false). */
const BOTH_VALUE_FLAGS: ReadonlySet<string> = new Set(['certified']);

/** The name the encoder predicts (and the decoder restores): the display name built from the facts (src/lib/vehicle/identity.ts). */
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

function isEmptyColumn(column: Column): boolean {
  if ('d' in column) return column.d.length === 0;
  if ('n' in column) return column.n.every((value) => value === null);
  if ('s' in column) return column.s.every((value) => value === null);
  if ('b' in column) return column.b.length === 0;
  return false;
}

/** Encode a tenant's documents (all of one site). */
export function encodeIndex(site: string, documents: readonly SearchDocument[]): EmbeddedIndex {
  // The engine's default order (custom_rank desc, then tiebreak = id order): the engine finds
  // the file already in it and skips that sort when loading (src/search/engine.ts). Within a
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
  for (const [field, column] of Object.entries(columns)) if (isEmptyColumn(column) && field !== 'id') delete columns[field];
  return { v: INDEX_VERSION, site, n: sorted.length, c: columns };
}

function readColumn(column: Column | undefined, size: number): (string | number | null | boolean | undefined)[] {
  if (!column) return new Array(size).fill(undefined);
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

/**
 * Stored columns of a decoded index, by field, for the engine to read instead of the documents
 * (a plain array per field is much faster to scan than 16,000 objects of varying shape).
 * `values[position]` equals `documents[position][field]` (null for a missing value, as stored); a dictionary column also gives its
 * spellings and each position's spelling number (0 = missing), as stored.
 */
export interface IndexColumn {
  /** null or undefined: the document has no value. */
  values: readonly (string | number | boolean | null | undefined)[];
  dictionary?: { labels: readonly string[]; ids: readonly number[] };
}

/** Decode an index file back into search documents. */
export function decodeIndex(index: EmbeddedIndex): SearchDocument[] {
  return decodeIndexWithColumns(index).documents;
}

/** Decode an index file into search documents and the stored columns the engine can reuse. */
export function decodeIndexWithColumns(index: EmbeddedIndex): { documents: SearchDocument[]; columns: Map<string, IndexColumn> } {
  if (index.v !== INDEX_VERSION) throw new Error(`search index version ${index.v} is not supported (expected ${INDEX_VERSION})`);
  const size = index.n;
  const read = (field: string) => readColumn(index.c[field], size);
  const columns = Object.fromEntries(Object.keys(index.c).map((field) => [field, read(field)]));
  const value = (field: string, position: number) => columns[field]?.[position];
  const documents: SearchDocument[] = [];
  // Only the columns the file has, looked up once (not per car).
  const present = [...DICTIONARY_FIELDS, ...NUMBER_FIELDS, ...FLAG_FIELDS, 'stocknum'].flatMap((field) => (columns[field] ? [[field, columns[field]] as const] : []));
  for (let position = 0; position < size; position += 1) {
    const document: Record<string, unknown> = {};
    for (const [field, column] of present) {
      const item = column[position];
      if (item !== undefined && item !== null) document[field] = item;
    }
    for (const field of BOTH_VALUE_FLAGS) document[field] ??= false;
    const id = String(value('id', position));
    const partial = document as Partial<SearchDocument>;
    const name = (value('name', position) as string | null | undefined) ?? derivedName(partial);
    const slugChoice = value('slug', position) as number | null | undefined;
    const slug =
      slugChoice === null || slugChoice === undefined
        ? (value('slugs', position) as string)
        : slugChoice === 0
          ? slugify(`${name} ${partial.stocknum ?? ''}`)
          : slugify(name);
    const priceRange = value('price_range', position) as string | null | undefined;
    const range = priceRange === null || priceRange === undefined ? priceBand(partial.price) : priceRange || undefined;
    const createdAt = (value('created_at', position) as number | null | undefined) ?? 0;
    document.uid = documentUid(index.site, id);
    document.site = index.site;
    document.id = id;
    document.slug = slug;
    document.name = name;
    if (range !== undefined) document.price_range = range;
    const hierarchy = makeModel(partial.make, partial.model);
    if (hierarchy !== undefined) document.make_model = hierarchy;
    document.created_at = createdAt;
    document.custom_rank = customRank(partial.status as SearchDocument['status'], createdAt);
    document.tiebreak = tiebreakOf(id);
    documents.push(document as unknown as SearchDocument);
  }
  const stored = new Map<string, IndexColumn>();
  for (const [field, values] of present) {
    const column = index.c[field]!;
    // As the documents hold them: null is a missing value; two-valued flags are false when unset.
    // Two-valued flags are false when unset, as the documents hold them (the only copy made).
    const stated = BOTH_VALUE_FLAGS.has(field) ? values.map((value) => value ?? false) : (values as IndexColumn['values']);
    stored.set(field, 'd' in column ? { values: stated, dictionary: { labels: column.d, ids: column.i } } : { values: stated });
  }
  return { documents, columns: stored };
}
