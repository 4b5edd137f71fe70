/**
 * Reading one feed file end to end: detect its format and encoding, read it
 * (JSON snapshot, CSV or XML), apply the tenant's feed mapping, validate the records as the
 * build does, and say where every problem is (row and column). The same check drives the
 * intake of dropped files and the dry run (`npm run feed:check`), and its text is the
 * report written beside a rejected or held file. Pure: the caller reads the files.
 */
import { problemDetail, type StockProblem } from '../../../lib/vehicle/stock.ts';
import type { Car } from '../../../schemas/car.ts';
import { DEFAULT_FEED_MAPPING, type FeedMapping } from '../../../schemas/feed-mapping.ts';
import { csvTable, CsvFeedError } from './csv.ts';
import { decodeFeed, FeedTextError } from './feed-text.ts';
import { feedKindOfFile, readSnapshotFeed, validateFeed, type FeedKind, type FeedResult } from './feeds.ts';
import { mapTable, type ColumnUse, type SourceTable } from './mapping.ts';
import type { MassChange } from '../guard.ts';
import { excerpt } from './inbox-file.ts';
import { xmlTable, XmlFeedError } from './xml.ts';

/** Everything the dry run reports about one file. */
export interface FeedCheck {
  tenant: string;
  file: string;
  kind: Exclude<FeedKind, 'webhook'>;
  /** Where the mapping came from: the tenant's file, or the built-in names. */
  mappingSource: string;
  /** How the file was read: format, separator, encoding, vehicle element. */
  reading: string[];
  /** Each source column and the field it feeds (table feeds). */
  columns: ColumnUse[];
  constants: Record<string, unknown>;
  /** Data rows (CSV) or vehicle elements (XML) in the file. */
  rows: number;
  skipped: { line: number; reason: string }[];
  /** The raw Car records and the line each came from. */
  records: unknown[];
  lines: number[];
  result: FeedResult;
}

/** Inputs of a check: the file's name and bytes, and the tenant's mapping (or its problems). */
export interface FeedCheckInput {
  tenant: string;
  file: string;
  bytes: Uint8Array;
  /** The tenant's parsed feed-mapping.json; null when it has none. */
  mapping: FeedMapping | null;
  /** Problems of an invalid feed-mapping.json: the feed is rejected with them. */
  mappingProblems?: string[];
  /** The intake's clock (ms), whose latest model year the records are held to (validateFeed). */
  now?: number;
}

/** The record index in a stock problem's label (`id T1, stock A1 (#3)` or `#3`). */
const recordIndex = (problem: StockProblem) => Number(/#(\d+)\)?$/.exec(problem.record)?.[1] ?? -1);

/** Read, map and validate one feed file. */
export function checkFeed(input: FeedCheckInput): FeedCheck {
  const mapping = input.mapping ?? DEFAULT_FEED_MAPPING;
  const byName = feedKindOfFile(input.file) ?? 'csv';
  const kind: FeedCheck['kind'] = byName === 'snapshot' || byName === 'webhook' ? 'snapshot' : mapping.format === 'auto' ? byName : mapping.format;
  const check: FeedCheck = {
    tenant: input.tenant,
    file: input.file,
    kind,
    mappingSource: input.mapping || input.mappingProblems ? 'feed-mapping.json' : 'none (built-in column names)',
    reading: [],
    columns: [],
    constants: mapping.constants,
    rows: 0,
    skipped: [],
    records: [],
    lines: [],
    result: { ok: false, kind, reason: '', problems: [] },
  };
  const reject = (reason: string, problems: string[] = []) => {
    check.result = { ok: false, kind, reason, problems };
    return check;
  };
  if (input.mappingProblems?.length) return reject(`the tenant's feed-mapping.json is invalid: ${input.mappingProblems.join('; ')}`);
  let text: string;
  try {
    const decoded = decodeFeed(input.bytes, kind === 'snapshot' ? 'auto' : mapping.encoding, kind === 'xml');
    text = decoded.text;
    check.reading.push(`format: ${kind === 'snapshot' ? 'JSON snapshot (Car records)' : kind.toUpperCase()}${byName !== kind && kind !== 'snapshot' ? ' (feed-mapping.json format)' : ''}`);
    check.reading.push(`encoding: ${decoded.encoding}`);
    if (decoded.note) check.reading.push(`note: ${decoded.note}`);
  } catch (error) {
    if (error instanceof FeedTextError) return reject(error.message);
    throw error;
  }
  if (kind === 'snapshot') {
    check.result = readSnapshotFeed(input.tenant, text, input.file, input.now);
    if (check.result.ok) {
      check.records = check.result.records;
      check.rows = check.result.read;
    }
    return check;
  }
  let table: SourceTable;
  try {
    table = kind === 'csv' ? csvTable(text, mapping) : xmlTable(text, mapping.vehicle_element);
  } catch (error) {
    if (error instanceof CsvFeedError || error instanceof XmlFeedError) return reject(error.message);
    throw error;
  }
  if (table.format === 'csv') check.reading.push(`separator: ${table.details.separator} (${table.details.separatorDetected === 'true' ? 'detected from the header' : 'feed-mapping.json'})`);
  else check.reading.push(`vehicle element: ${table.details.vehicleElement}`);
  check.rows = table.rows.length;
  const mapped = mapTable(table, mapping);
  check.columns = mapped.plan.uses;
  check.skipped = mapped.skipped;
  if (mapped.errors.length) return reject(mapped.errors.join('; '));
  check.records = mapped.records;
  check.lines = mapped.lines;
  if (table.rows.length === 0) return reject(kind === 'csv' ? 'the CSV file has a header but no vehicle rows' : 'the XML holds no vehicle');
  const unit = kind === 'csv' ? 'row' : 'vehicle at line';
  const locate = (problem: StockProblem) => {
    const index = recordIndex(problem);
    const line = check.lines[index];
    const field = problem.field.split('.')[0];
    const columns = mapped.plan.fields.get(field);
    const source = columns ? `column ${columns.map((column) => `"${column}"`).join(' / ')} -> ${field}` : field in mapping.constants ? `constant ${field}` : field ? `field ${problem.field}` : 'record';
    const record = problem.record.replace(/ \(#\d+\)$/, '').replace(/^#\d+$/, '');
    return `${line !== undefined ? `${unit} ${line}` : `record ${problem.record}`}${record ? ` (${record})` : ''}, ${source}: ${problemDetail(problem)}`;
  };
  check.result = validateFeed(kind, input.tenant, mapped.records, locate, input.now);
  return check;
}

/** The Car the feed's parse made of its record at `index`, or undefined when it left the record out. */
function publishedCar(result: FeedResult, index: number): Car | undefined {
  const parsed = result.ok ? result.parsed : undefined;
  const at = parsed?.sources?.indexOf(index) ?? -1;
  return at >= 0 ? parsed?.cars[at] : undefined;
}

/** A record as one line of JSON for the report (long values shortened). */
function recordLine(record: unknown): string {
  const text = JSON.stringify(record, (_key, value: unknown) => (typeof value === 'string' && value.length > 80 ? `${value.slice(0, 77)}...` : value));
  return text.length > 900 ? `${text.slice(0, 897)}...` : text;
}

/** The dry-run report of a check; `guard` adds what the feed would do to the live stock. */
export function formatFeedCheck(check: FeedCheck, options: { sample?: number; guard?: MassChange; outcome?: string } = {}): string {
  const sample = options.sample ?? 3;
  const lines = [`feed: ${check.file}`, `tenant: ${check.tenant}`, `mapping: ${check.mappingSource}`, ...check.reading];
  if (check.columns.length) {
    lines.push('columns:');
    // Column names come from the file: a bounded number, each short and escaped.
    const shown = check.columns.slice(0, 100).map((use) => ({ ...use, column: excerpt(use.column, 60) }));
    const width = Math.min(40, Math.max(...shown.map((use) => use.column.length)) + 2);
    for (const use of shown) {
      const target = use.field ? `${use.field}${use.via === 'mapping' ? ' (feed-mapping.json)' : use.via === 'photos' ? ' (photo column)' : ''}` : use.via === 'skip' ? 'ignored (read by a skip rule)' : 'ignored';
      lines.push(`  ${`"${use.column}"`.padEnd(width)} -> ${target}`);
    }
    if (check.columns.length > shown.length) lines.push(`  ... and ${check.columns.length - shown.length} more columns`);
  }
  const constants = Object.entries(check.constants);
  if (constants.length) lines.push(`constants: ${constants.map(([field, value]) => `${field} = ${JSON.stringify(value)}`).join(', ')}`);
  if (check.kind !== 'snapshot') lines.push(`${check.kind === 'csv' ? 'rows' : 'vehicles'} read: ${check.rows}${check.skipped.length ? `, skipped by feed-mapping.json: ${check.skipped.length}` : ''}`);
  for (const skipped of check.skipped.slice(0, 20)) lines.push(`  skipped ${check.kind === 'csv' ? 'row' : 'vehicle at line'} ${skipped.line}: ${excerpt(skipped.reason, 300)}`);
  if (check.skipped.length > 20) lines.push(`  ... and ${check.skipped.length - 20} more`);
  if (check.records.length) {
    lines.push(`first ${Math.min(sample, check.records.length)} of ${check.records.length} record(s) as Car records:`);
    check.records.slice(0, sample).forEach((record, index) => {
      const where = check.lines[index] !== undefined ? `${check.kind === 'csv' ? 'row' : 'line'} ${check.lines[index]}` : `#${index}`;
      // As published (the check's parse: validated, numbers read, the display name filled in); a record it left out as mapped.
      const car = publishedCar(check.result, index);
      lines.push(`  ${where}: ${car ? recordLine(car) : `${recordLine(record)} (invalid, see problems)`}`);
    });
  }
  const result = check.result;
  if (result.problems.length) {
    lines.push(`problems (${result.problems.length}; each ends with what was done):`);
    for (const problem of result.problems.slice(0, 200)) lines.push(`  ${excerpt(problem, 300)}`);
    if (result.problems.length > 200) lines.push(`  ... and ${result.problems.length - 200} more`);
  } else if (result.ok) lines.push('problems: none');
  if (result.ok) lines.push(`result: ${result.valid} of ${result.read} record(s) valid`);
  else lines.push(`result: REJECTED - ${excerpt(result.reason, 1000)}`);
  if (options.guard) {
    const guard = options.guard;
    lines.push(
      `visible stock: ${guard.visibleBefore} now, ${guard.visibleAfter} after this feed (${guard.removed.length} taken off the site)` +
        (guard.held ? `\nmass-change guard: HOLD - ${guard.reason}` : '\nmass-change guard: ok'),
    );
  }
  if (options.outcome) lines.push(`outcome: ${options.outcome}`);
  return `${lines.join('\n')}\n`;
}
