/**
 * DMS CSV intake: Australian dealer management systems export one vehicle a
 * row. This module parses the CSV text (RFC 4180: quoted fields, doubled quotes, CRLF,
 * BOM, comma / semicolon / tab separators) and maps the documented columns
 * (docs/pipeline.md "CSV columns") to raw Car records, which are then validated exactly as
 * the build validates stock.json. Pure: no I/O. A tenant's feed-mapping.json (mapping.ts)
 * renames columns, maps values and gathers numbered photo columns on top of these names.
 */
import { DEFAULT_FEED_MAPPING, type FeedMapping } from '../../../schemas/feed-mapping.ts';
import { mapTable, type SourceTable } from './mapping.ts';


/** A CSV that cannot be used at all (no header, no known columns). */
export class CsvFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvFeedError';
  }
}

/** One CSV row with the line it starts on (1 = the header line). */
export interface CsvRow {
  line: number;
  fields: string[];
}

/**
 * Parse CSV text into rows with their line numbers. The separator is detected from the
 * header line unless given. A file that ends inside a quoted field was cut off (a
 * truncated export): that throws rather than turning the rest of the file into one cell.
 */
export function parseCsvRows(text: string, separatorOption?: string): { rows: CsvRow[]; separator: string } {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = separatorOption ?? detectSeparator(firstLine);
  const rows: CsvRow[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  let index = 0;
  const length = source.length;
  // Fields are taken as slices of the text (runs between special characters), not char by char.
  while (index < length) {
    if (quoted) {
      const close = source.indexOf('"', index);
      if (close < 0) break;
      const chunk = source.slice(index, close);
      line += (chunk.match(/\r\n|\r|\n/g) ?? []).length;
      field += chunk;
      if (source[close + 1] === '"') {
        field += '"';
        index = close + 2;
      } else {
        quoted = false;
        index = close + 1;
      }
      continue;
    }
    const char = source[index];
    if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
      index += 1;
    } else if (char === separator) {
      row.push(field);
      field = '';
      index += 1;
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push({ line: rowLine, fields: row });
      row = [];
      field = '';
      index += char === '\r' && source[index + 1] === '\n' ? 2 : 1;
      line += 1;
      rowLine = line;
    } else {
      let end = index + 1;
      while (end < length && source[end] !== separator && source[end] !== '\n' && source[end] !== '\r') end += 1;
      field += source.slice(index, end);
      index = end;
    }
  }
  if (quoted) throw new CsvFeedError(`the file ends inside a quoted field opened on line ${quoteLine}: the export looks truncated (cut off before its end)`);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push({ line: rowLine, fields: row });
  }
  // Blank lines (a trailing newline, spacer rows) carry no vehicle.
  return { rows: rows.filter((entry) => entry.fields.some((value) => value.trim() !== '')), separator };
}

/** Parse CSV text into rows of fields; the separator is detected from the header line. */
export function parseCsv(text: string): string[][] {
  return parseCsvRows(text).rows.map((row) => row.fields);
}

/** The separator of a header line: the most frequent of `,` `;` tab `|`. */
export function detectSeparator(headerLine: string): string {
  const counts = [',', ';', '\t', '|'].map((separator) => ({ separator, count: headerLine.split(separator).length - 1 }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0].count > 0 ? counts[0].separator : ',';
}

// The column tables and cell parsers sit below both csv.ts and mapping.ts (csv-columns.ts).
export { CSV_COLUMNS, mapCarType, mapStatus, normaliseHeader, numeric, REQUIRED_COLUMNS, slugify, splitPhotos, type CsvField } from './csv-columns.ts';

/** Parse a DMS CSV export into raw Car records (built-in column names, or a tenant's mapping); throws CsvFeedError when the file is unusable. */
export function csvToRecords(text: string, mapping?: FeedMapping): Record<string, unknown>[] {
  const mapped = mapTable(csvTable(text, mapping), mapping ?? DEFAULT_FEED_MAPPING);
  if (mapped.errors.length) throw new CsvFeedError(mapped.errors.join('; '));
  return mapped.records;
}

/** A CSV file as a source table (header = the column names; repeated headers are one column with several values). */
export function csvTable(text: string, mapping?: FeedMapping): SourceTable {
  const option = mapping && mapping.separator !== 'auto' ? mapping.separator : undefined;
  const { rows, separator } = parseCsvRows(text, option);
  if (rows.length === 0) throw new CsvFeedError('the CSV file is empty (expected a header row and one vehicle a row)');
  const header = rows[0].fields.map((name) => name.trim());
  const columns = [...new Set(header)];
  // Column name -> its places in the header (a repeated header has several).
  const indexes = new Map<string, number[]>();
  header.forEach((name, index) => indexes.set(name, [...(indexes.get(name) ?? []), index]));
  return {
    format: 'csv',
    columns,
    details: { separator: separator === '\t' ? 'tab' : `'${separator}'`, separatorDetected: String(option === undefined) },
    rows: rows.slice(1).map(({ line, fields }) => ({
      line,
      get: (column: string) => {
        const at = indexes.get(column);
        if (!at) return [];
        return at.length === 1 ? [fields[at[0]] ?? ''] : at.map((index) => fields[index] ?? '');
      },
    })),
  };
}
