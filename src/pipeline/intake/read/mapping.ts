/**
 * Feed mapping: turns a source table - the rows of a CSV export or the vehicle
 * elements of an XML feed - into raw Car records, following the tenant's feed-mapping.json
 * (src/schemas/feed-mapping.ts) on top of the built-in column names (csv-columns.ts CSV_COLUMNS).
 * The records are validated afterwards exactly as the build validates stock.json. Pure.
 */
import { LIST_FIELDS, type FeedMapping } from '../../../schemas/feed-mapping.ts';
import { excerpt } from './inbox-file.ts';
import { compileSkipPattern } from '../../../schemas/skip-pattern.ts';
import { isoTimeAsUtc } from '../../../schemas/feed-text.ts';
import { CSV_COLUMNS, mapCarType, mapStatus, normaliseHeader, numeric, REQUIRED_COLUMNS, slugify, splitPhotos } from './csv-columns.ts';

/** One vehicle of the source: column -> its values (several for a repeated column or element). */
export interface SourceRow {
  /** Line of the file the row (CSV) or vehicle element (XML) starts on. */
  line: number;
  /** The values of a column in this row (empty when the row lacks it). */
  get(column: string): readonly string[];
}

/** A feed file read into columns and rows, before any mapping. */
export interface SourceTable {
  format: 'csv' | 'xml';
  /** Every column name, in order of first appearance (CSV header names, XML element paths). */
  columns: string[];
  rows: SourceRow[];
  /** How the file was read, for the dry run (separator, vehicle element, ...). */
  details: Record<string, string>;
}

/** What one source column feeds. */
export interface ColumnUse {
  column: string;
  /** Car field, or null when the column is ignored. */
  field: string | null;
  /** Why: named in the mapping, a built-in name, a photo column, ignored, or only read by a skip rule. */
  via: 'mapping' | 'built-in' | 'photos' | 'ignored' | 'skip';
}

/** The columns feeding each Car field, worked out once per file. */
export interface MappingPlan {
  uses: ColumnUse[];
  /** Car field -> source columns, in the order their values are taken. */
  fields: Map<string, string[]>;
  errors: string[];
}

/** Result of mapping a whole table. */
export interface MappedTable {
  plan: MappingPlan;
  records: Record<string, unknown>[];
  /** Source line of each record (same index). */
  lines: number[];
  /** Rows left out by the mapping's skip rules. */
  skipped: { line: number; reason: string }[];
  /** Problems that make the file unusable (missing columns); empty when it can be used. */
  errors: string[];
}

const PRICE_FIELDS = new Set(['price', 'before_price', 'offer_price', 'subscription_price']);
const NUMBER_FIELDS = new Set(['year', 'seats', 'doors', 'engine_size', 'engine_size_litres', 'gearnum', 'views', 'photos_count']);
const BOOLEAN_FIELDS = new Set(['preorder', 'reserved', 'certified', 'has_nvic', 'show_on_dealer_website']);
const DATE_FIELDS = new Set(['created_at', 'updated_at']);
/** Numbered photo columns the built-in names recognise: Photo1, Image 2, PhotoURL_3 ... */
const NUMBERED_PHOTO = /^(?:photo|image|picture|pic|img|photourl|imageurl)(\d+)$/;

/** Name of a column as compared: XML paths and headers alike. */
const key = (name: string) => normaliseHeader(name);

/**
 * A cell value as value maps and skip values compare it: ignoring case, spaces and any punctuation
 * or symbol (docs/feed-mapping.md); a value of punctuation only ('-', '*') compares as it is, so it
 * never matches an empty cell.
 */
function valueKey(value: string): string {
  const lower = value.trim().toLowerCase();
  return lower.replace(/[\s\p{P}\p{S}]+/gu, '') || lower;
}

/** Columns of the file matching a name from the mapping: exact first, else normalised. */
export function findColumns(columns: readonly string[], name: string): string[] {
  const exact = columns.filter((column) => column === name);
  if (exact.length) return exact;
  return columns.filter((column) => key(column) === key(name));
}

/** Built-in Car field of a column name (XML paths also try their last and first element). */
function builtInField(column: string, format: SourceTable['format']): string | undefined {
  const segments = column.split('/');
  const last = segments[segments.length - 1];
  // An attribute speaks for itself (Price/@currency is not the price); an element path also answers to its
  // last and first element (Specs/Odometer -> Odometer, Photos/Photo -> Photos).
  const candidates = format === 'csv' ? [column] : last.startsWith('@') ? [column, last] : [column, last, segments[0]];
  for (const candidate of candidates) {
    const name = key(candidate);
    const field = (Object.keys(CSV_COLUMNS) as (keyof typeof CSV_COLUMNS)[]).find((entry) => (CSV_COLUMNS[entry] as readonly string[]).includes(name));
    if (field) return field;
  }
  return undefined;
}

/** Numbered columns `<prefix><n>` sorted by n. */
function numberedColumns(columns: readonly string[], pattern: RegExp): string[] {
  return columns
    .map((column) => ({ column, match: pattern.exec(key(column)) }))
    .filter((entry): entry is { column: string; match: RegExpExecArray } => entry.match !== null)
    .sort((a, b) => Number(a.match[1]) - Number(b.match[1]))
    .map((entry) => entry.column);
}

/** Work out which columns feed which Car fields; `errors` name mapping entries the file lacks. */
export function planMapping(columns: readonly string[], mapping: FeedMapping, format: SourceTable['format']): MappingPlan {
  const fields = new Map<string, string[]>();
  const byColumn = new Map<string, ColumnUse>();
  const errors: string[] = [];
  const feed = (field: string, column: string, via: ColumnUse['via']) => {
    if (byColumn.has(column)) return;
    byColumn.set(column, { column, field, via });
    fields.set(field, [...(fields.get(field) ?? []), column]);
  };
  const available = `(the file's ${format === 'csv' ? 'columns' : 'vehicle elements'}: ${quoteColumns(columns, true)})`;
  for (const [name, target] of Object.entries(mapping.columns)) {
    const found = findColumns(columns, name);
    if (found.length === 0) {
      errors.push(`feed-mapping.json columns: "${name}" (-> ${target}) is not a ${format === 'csv' ? 'column' : 'vehicle element'} of this file ${available}`);
      continue;
    }
    for (const column of found) {
      if (target === 'ignore') byColumn.set(column, { column, field: null, via: 'ignored' });
      else feed(target, column, 'mapping');
    }
  }
  for (const entry of mapping.photos) {
    const found = entry.includes('#')
      ? numberedColumns(columns, new RegExp(`^${key(entry.replace('#', '\u0000')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '(\\d+)')}$`))
      : findColumns(columns, entry);
    if (found.length === 0) errors.push(`feed-mapping.json photos: no ${entry.includes('#') ? `numbered column "${entry.replace('#', '1')}", "${entry.replace('#', '2')}", ...` : `column "${entry}"`} in this file ${available}`);
    for (const column of found) feed('images', column, 'photos');
  }
  for (const rule of mapping.skip) {
    if (findColumns(columns, rule.column).length === 0) errors.push(`feed-mapping.json skip: column "${rule.column}" is not in this file ${available}`);
  }
  // Built-in names feed only the fields the mapping left alone.
  const claimed = new Set([...fields.keys(), ...Object.keys(mapping.constants)]);
  for (const column of columns) {
    if (byColumn.has(column)) continue;
    const field = builtInField(column, format);
    if (field && !claimed.has(field)) feed(field, column, 'built-in');
  }
  if (!claimed.has('images')) for (const column of numberedColumns(columns, NUMBERED_PHOTO)) if (!byColumn.has(column)) feed('images', column, 'photos');
  const missing = REQUIRED_COLUMNS.filter((field) => !fields.has(field) && !(field in mapping.constants));
  if (missing.length > 0) {
    const what = format === 'csv' ? 'the CSV header lacks' : 'the XML vehicles lack';
    errors.push(
      `${what} required column(s): ${missing.map((field) => CSV_COLUMNS[field][0]).join(', ')} (${format === 'csv' ? 'header was' : 'elements were'}: ${quoteColumns(columns)}); ` +
        `name the ${format === 'csv' ? 'column' : 'element'} that holds ${missing.length > 1 ? 'each' : 'it'} in the tenant's feed-mapping.json "columns" (docs/pipeline.md)`,
    );
  }
  const skipColumns = new Set(mapping.skip.flatMap((rule) => findColumns(columns, rule.column)));
  const uses = columns.map((column): ColumnUse => byColumn.get(column) ?? { column, field: null, via: skipColumns.has(column) ? 'skip' : 'ignored' });
  return { uses, fields, errors };
}

/** An ISO 8601 date, alone or with a 'T' time (isoTimeAsUtc gives a zone-less time its Z; Date.parse reads the rest by the standard); a space before the time reads as the other forms do. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:$|T)/;

/** A non-ISO date text that names its zone: GMT/UTC, or an offset or Z after the time ('10:00 +1000', '10:00Z'). */
const NAMES_ZONE = /\b(?:GMT|UTC|UT)\b|\d:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})\b/i;

/** Date.parse's instant, or null. */
function parsed(text: string): number | null {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : time;
}

/** Read a date cell in the mapping's date format; null when it does not parse. */
export function parseDate(value: string, format: FeedMapping['formats']['date']): number | null {
  const text = value.trim();
  if (format === 'unix' || format === 'unix-ms') {
    if (!/^\d+(\.\d+)?$/.test(text)) return null;
    return format === 'unix' ? Number(text) * 1000 : Number(text);
  }
  if (format === 'auto') {
    // A date or time without a zone is UTC, whatever the form: Date.parse would take the server's zone.
    // ISO 8601 with a time: add Z; a date alone is UTC already. Other forms ('3 Nov 2026 10:00') are read with ' UTC' added unless they name a zone.
    return ISO_DATE.test(text) || NAMES_ZONE.test(text) ? parsed(isoTimeAsUtc(text)) : parsed(`${text} UTC`);
  }
  const time = /(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?)?$/i;
  const parts =
    format === 'y-m-d'
      ? new RegExp(`^(\\d{4})[/.-](\\d{1,2})[/.-](\\d{1,2})${time.source}`, 'i').exec(text)
      : new RegExp(`^(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{2}|\\d{4})${time.source}`, 'i').exec(text);
  if (!parts) return null;
  const [a, b, c] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const [year, month, day] = format === 'y-m-d' ? [a, b, c] : format === 'd/m/y' ? [c, b, a] : [c, a, b];
  let hours = Number(parts[4] ?? 0);
  if (parts[7] && /pm/i.test(parts[7]) && hours < 12) hours += 12;
  if (parts[7] && /am/i.test(parts[7]) && hours === 12) hours = 0;
  const fullYear = year < 100 ? 2000 + year : year;
  const ms = Date.UTC(fullYear, month - 1, day, hours, Number(parts[5] ?? 0), Number(parts[6] ?? 0));
  const check = new Date(ms);
  // 31/02 must not roll over into March.
  if (month < 1 || month > 12 || check.getUTCDate() !== day) return null;
  return ms;
}

/** A price cell in the mapping's price format; text that is not a number is left for validation to report. */
function readPrice(value: string, format: FeedMapping['formats']['price']): string | number {
  if (format === 'cents') {
    const cleaned = numeric(value);
    return /^-?\d+$/.test(cleaned) ? Number(cleaned) / 100 : value;
  }
  if (format === 'comma-decimal') return value.replace(/[$\s.]/g, '').replace(',', '.');
  return numeric(value);
}

function readKm(value: string, format: FeedMapping['formats']['km']): string | number {
  const cleaned = numeric(value.replace(/\s*(kms?|miles?|mi)$/i, ''));
  if (format === 'km' || !/^\d+(\.\d+)?$/.test(cleaned)) return cleaned;
  return Math.round(Number(cleaned) * (format === 'thousands' ? 1000 : 1.609344));
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** One cell's text as the Car field's value (before validation). */
function convert(field: string, value: string, mapping: FeedMapping): unknown {
  if (field === 'status') return mapStatus(value);
  if (field === 'car_type') return mapCarType(value);
  if (PRICE_FIELDS.has(field)) return readPrice(value, mapping.formats.price);
  if (field === 'km') return readKm(value, mapping.formats.km);
  if (NUMBER_FIELDS.has(field)) return numeric(value);
  if (BOOLEAN_FIELDS.has(field)) {
    const word = key(value);
    return YES.has(word) ? true : NO.has(word) ? false : value;
  }
  if (DATE_FIELDS.has(field)) {
    const time = parseDate(value, mapping.formats.date);
    return time === null ? value : new Date(time).toISOString();
  }
  if (field === 'sold_date_timestamp') {
    const time = parseDate(value, mapping.formats.date);
    return time === null ? value : Math.floor(time / 1000);
  }
  return value;
}

/** The mapping's value map of a field applied to one cell: the mapped value, or undefined when not listed. */
const valueMaps = new WeakMap<FeedMapping['values'], Map<string, Map<string, unknown>>>();
function mappedValue(field: string, value: string, mapping: FeedMapping): { value: unknown } | undefined {
  if (!mapping.values[field]) return undefined;
  let maps = valueMaps.get(mapping.values);
  if (!maps) {
    maps = new Map(Object.entries(mapping.values).map(([name, map]) => [name, new Map(Object.entries(map).map(([entry, mapped]) => [valueKey(entry), mapped]))]));
    valueMaps.set(mapping.values, maps);
  }
  const lookup = maps.get(field);
  const wanted = valueKey(value);
  return lookup?.has(wanted) ? { value: lookup.get(wanted) } : undefined;
}

/** Column names as quoted in a message: a few, each short and escaped (the file is untrusted). */
function quoteColumns(columns: readonly string[], quoted = false): string {
  const shown = columns.slice(0, 20).map((column) => (quoted ? `"${excerpt(column, 40)}"` : excerpt(column, 40)));
  return `${shown.join(', ')}${columns.length > 20 ? `, ... (${columns.length} columns)` : ''}`;
}

/** Why a row is left out by the mapping's skip rules, or null. */
function skipReason(columns: readonly string[], row: SourceRow, mapping: FeedMapping): string | null {
  for (const rule of mapping.skip) {
    const column = findColumns(columns, rule.column)[0];
    if (column === undefined) continue;
    const value = firstValue(row, [column]) ?? '';
    if (rule.empty && value === '') return `"${column}" is empty`;
    if (rule.equals?.some((entry) => valueKey(entry) === valueKey(value)) && value !== '') return `"${excerpt(column, 40)}" is "${excerpt(value)}"`;
    if (rule.matches && value !== '' && compileSkipPattern(rule.matches).test(value)) return `"${excerpt(column, 40)}" is "${excerpt(value)}" (matches ${rule.matches})`;
  }
  return null;
}

function firstValue(row: SourceRow, columns: readonly string[]): string | undefined {
  for (const column of columns) {
    for (const value of row.get(column)) {
      const text = value.trim();
      if (text !== '') return text;
    }
  }
  return undefined;
}

/** Map one row to a raw Car record. */
export function rowToRecord(plan: MappingPlan, row: SourceRow, mapping: FeedMapping): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [field, columns] of plan.fields) {
    if (field === 'images' || (LIST_FIELDS as readonly string[]).includes(field)) {
      const cells = columns.flatMap((column) => row.get(column)).map((text) => text.trim()).filter((text) => text !== '');
      if (cells.length === 0) continue;
      if (field === 'images') record.images = cells.flatMap(splitPhotos).map((image) => ({ image, thumb: null }));
      else record[field] = cells.flatMap((cell) => cell.split(/\s*[|;\n]\s*/)).filter((item) => item !== '');
      continue;
    }
    // A scalar field takes the first non-empty cell of its columns.
    const cell = firstValue(row, columns);
    if (cell === undefined) continue;
    const mapped = mappedValue(field, cell, mapping);
    if (mapped === undefined) record[field] = convert(field, cell, mapping);
    else if (mapped.value !== null) record[field] = typeof mapped.value === 'string' ? convert(field, mapped.value, mapping) : mapped.value;
  }
  Object.assign(record, mapping.constants);
  if (record.car_type === undefined) record.car_type = 'used';
  if (record.stocknum !== undefined && record.id === undefined) record.id = record.stocknum;
  if (record.slug === undefined) {
    const slug = slugify(record.year as string, record.make as string, record.model as string, record.badge as string, record.stocknum as string);
    if (slug) record.slug = slug;
  }
  // A DMS marks web visibility with status; sold rows stay on the site for the sold window.
  if (record.status === 'sold' && record.show_on_dealer_website === undefined) record.show_on_dealer_website = true;
  return record;
}

/** Map every row of a table; `errors` is non-empty when the file cannot be used with this mapping. */
export function mapTable(table: SourceTable, mapping: FeedMapping): MappedTable {
  const plan = planMapping(table.columns, mapping, table.format);
  const result: MappedTable = { plan, records: [], lines: [], skipped: [], errors: plan.errors };
  if (plan.errors.length) return result;
  for (const row of table.rows) {
    const reason = skipReason(table.columns, row, mapping);
    if (reason) {
      result.skipped.push({ line: row.line, reason });
      continue;
    }
    result.records.push(rowToRecord(plan, row, mapping));
    result.lines.push(row.line);
  }
  return result;
}
