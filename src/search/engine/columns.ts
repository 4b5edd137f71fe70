/**
 * The engine's columns: one attribute of every document as value ids (-1 = missing), the
 * label of each id (its first spelling) and, for numbers, the values; a list attribute
 * (filtered_features) holds several ids per document. A column is read from an opened index
 * file's stored column when there is one, else from the documents, on first use, and then
 * kept: filters, facet counts and sort orders all read these.
 */
import { LIST_ATTRIBUTES } from '../core/config.ts';
import { normalizeText } from '../core/text.ts';
import type { FieldValue } from './filters.ts';
import { distinctValues, type ValueLists } from './kernels.ts';
import type { IndexColumn } from './types.ts';

/** What the columns are read from: the documents (any records) by position, and an index file's stored columns. */
export interface ColumnSource {
  readonly size: number;
  record(position: number): object;
  readonly stored?: ReadonlyMap<string, IndexColumn>;
}

/** One attribute's value of one document, as a record field (the documents' own shape varies by attribute). */
export function fieldOf(source: ColumnSource, position: number, attribute: string): FieldValue | undefined {
  return (source.record(position) as Record<string, FieldValue | undefined>)[attribute];
}

/** A number per document (NaN when missing): the stored column when there is one, else the documents. */
export function numberKeys(source: ColumnSource, attribute: string): Float64Array {
  const { size } = source;
  const stored = source.stored?.get(attribute)?.values;
  const keys = new Float64Array(size);
  for (let position = 0; position < size; position += 1) {
    const value = stored ? stored[position] : (source.record(position) as Record<string, unknown>)[attribute];
    keys[position] = typeof value === 'number' ? value : Number.NaN;
  }
  return keys;
}

/**
 * One attribute as a column: each document's value id (-1 = missing), the label of each id
 * (first spelling seen) and, for numbers, the values. Built on first use, then reused.
 */
export interface Column {
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
  /** A list attribute (LIST_ATTRIBUTES, or a list field of a list index's records): each document's value ids; `ids` are then all -1. */
  lists?: ValueLists;
}

/**
 * The column of each attribute, made on first use and then reused. `isList` names the list
 * attributes (default LIST_ATTRIBUTES, the cars' own).
 */
export function createColumns(source: ColumnSource, isList: (attribute: string) => boolean = (attribute) => LIST_ATTRIBUTES.has(attribute)): (attribute: string) => Column {
  const { size } = source;
  const record = (position: number) => source.record(position);
  const columns = new Map<string, Column>();
  function columnFor(attribute: string): Column {
    let column = columns.get(attribute);
    if (column) return column;
    const stored = source.stored?.get(attribute);
    column = isList(attribute) ? listColumn(attribute, stored?.values) : (stored?.dictionary && dictionaryColumn(stored.dictionary)) || numberColumn(attribute, stored?.values) || scanColumn(attribute, stored?.values);
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
      const value = stored ? stored[position] : fieldOf(source, position, attribute);
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
      const value = stored ? stored[position] : (record(position) as Record<string, unknown>)[attribute];
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
      const value = stored ? stored[position] : fieldOf(source, position, attribute);
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

  return columnFor;
}
