/**
 * Feed intake rules: a tenant's stock arrives as a Car JSON snapshot, a DMS
 * CSV export or a signed JSON webhook push. Each is turned into the tenant's next
 * stock.json records and validated exactly as the build validates stock (parseStock):
 * bad records are reported and skipped by the build; a feed with nothing usable in it is
 * rejected and changes nothing. Pure: the caller does the file and network I/O.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatProblem, parseStock, recordLabel, stockFileRecords, stockShapeProblem, type ParsedStock, type StockProblem } from '../../../lib/vehicle/stock.ts';
import { csvToRecords, CsvFeedError } from './csv.ts';
import type { FeedKind } from '../../state/records.ts';

/** Where a feed came from (for logs and reports). */
export type { FeedKind };

/** The outcome of reading one feed. */
export type FeedResult =
  | { ok: true; kind: FeedKind; records: unknown[]; read: number; valid: number; problems: string[]; parsed?: ParsedStock }
  | { ok: false; kind: FeedKind; reason: string; problems: string[] };

/** Header that carries the webhook signature: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'x-signature-256';

/** Header that carries the push's signing time (Unix seconds), covered by the signature. */
export const TIMESTAMP_HEADER = 'x-signature-timestamp';

/**
 * Signature of a webhook push: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`
 * keyed with the tenant's secret, the timestamp (Unix seconds) sent as TIMESTAMP_HEADER. The
 * timestamp inside the MAC bounds how long a captured push could be replayed; the receiver
 * also refuses a signature it has already accepted.
 */
export function signPush(body: string | Buffer, secret: string, timestamp: number | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

/** Hex HMAC-SHA256 of a body with the tenant's secret (the MAC without a timestamp). */
export function signBody(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** True when `signature` is the body's HMAC-SHA256 under `secret` (constant-time compare). */
export function verifySignature(body: string | Buffer, signature: string | undefined, secret: string | undefined): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(signBody(body, secret));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Validate a feed's records as the build validates stock.json; `locate` words a problem
 * (table feeds name the row and column it came from); `now`: the intake's clock, whose latest
 * model year the records are held to (parseStock), so the build can use this parse.
 */
export function validateFeed(kind: FeedKind, slug: string, records: unknown[], locate: (problem: StockProblem) => string = formatProblem, now?: number): FeedResult {
  const parsed = parseStock(slug, records, undefined, now);
  const problems = parsed.problems.map(locate);
  // A non-empty feed in which not one record is usable is a broken export, not "the dealer
  // sold everything": publishing it would empty the site, so it is rejected.
  if (records.length > 0 && parsed.cars.length === 0) {
    return { ok: false, kind, reason: `no valid vehicle record in the feed (${records.length} read, all invalid)`, problems };
  }
  // The parse goes along (intake: the guard and the release use it rather than parsing again).
  return { ok: true, kind, records, read: records.length, valid: parsed.cars.length, problems, parsed };
}

/** A JSON snapshot file (`file`: its name as dropped, which its report lines name): the tenant's complete stock as an array of Car records; `now` as validateFeed's. */
export function readSnapshotFeed(slug: string, text: string, file = 'stock.json', now?: number): FeedResult {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, kind: 'snapshot', reason: `invalid JSON: ${(error as Error).message}`, problems: [] };
  }
  // The shapes the build reads a stock.json in (stockFileRecords): a bare array or `{ "vehicles": [...] }`.
  const records = stockFileRecords(data);
  if (!records) return { ok: false, kind: 'snapshot', reason: stockShapeProblem(data), problems: [] };
  return validateFeed('snapshot', slug, records, (problem) => formatProblem(problem, file), now);
}

/** A DMS CSV export: the tenant's complete stock, one vehicle a row; `now` as validateFeed's. */
export function readCsvFeed(slug: string, text: string, now?: number): FeedResult {
  let records: Record<string, unknown>[];
  try {
    records = csvToRecords(text);
  } catch (error) {
    if (error instanceof CsvFeedError) return { ok: false, kind: 'csv', reason: error.message, problems: [] };
    throw error;
  }
  if (records.length === 0) return { ok: false, kind: 'csv', reason: 'the CSV file has a header but no vehicle rows', problems: [] };
  return validateFeed('csv', slug, records, formatProblem, now);
}

/** A webhook push body: one vehicle, an array, or `{ vehicles?: [...], removed?: [ids] }`. */
export interface WebhookPush {
  vehicles: unknown[];
  removed: string[];
}

/** Parse a push body; throws a message a sender can act on when the shape is wrong. */
export function parsePushBody(text: string): WebhookPush {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`invalid JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(data)) return { vehicles: data, removed: [] };
  if (data && typeof data === 'object') {
    const object = data as Record<string, unknown>;
    if ('vehicles' in object || 'removed' in object) {
      const vehicles = object.vehicles ?? [];
      const removed = object.removed ?? [];
      if (!Array.isArray(vehicles)) throw new Error('"vehicles" must be an array of Car records');
      if (!Array.isArray(removed) || removed.some((id) => typeof id !== 'string' && typeof id !== 'number')) throw new Error('"removed" must be an array of vehicle ids');
      return { vehicles, removed: removed.map(String) };
    }
    return { vehicles: [object], removed: [] };
  }
  throw new Error('expected a Car record, an array of them, or { "vehicles": [...], "removed": [ids] }');
}

function idOf(record: unknown): string | null {
  if (record && typeof record === 'object' && 'id' in record) {
    const id = (record as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return null;
}

/** A valid pushed record and its index in the push. */
interface Pushed {
  record: unknown;
  index: number;
}

/** `current` with the pushed records in place: each replaces the record with its id (or is added at the end); removed ids are dropped. */
function withPushed(current: readonly unknown[], pushed: readonly Pushed[], removed: ReadonlySet<string>): unknown[] {
  const replace = new Map(pushed.map(({ record }) => [idOf(record) as string, record]));
  const next: unknown[] = [];
  for (const record of current) {
    const id = idOf(record);
    if (id !== null && removed.has(id)) continue;
    if (id !== null && replace.has(id)) {
      next.push(replace.get(id));
      replace.delete(id);
    } else next.push(record);
  }
  return [...next, ...replace.values()];
}

/**
 * The problems of pushed records whose slug or stock number a current car the push leaves
 * already uses, each naming its record by its index in the push. The current records are read
 * first (those the push replaces or removes as empty places, so a problem names a current car by
 * its place in the stock), so a clash skips the pushed record, never a current car.
 */
function clashesWithCurrent(slug: string, current: readonly unknown[], pushed: readonly Pushed[], removed: ReadonlySet<string>, now?: number): StockProblem[] {
  const leaves = new Set([...removed, ...pushed.map(({ record }) => idOf(record) as string)]);
  const kept = current.map((record) => {
    const id = idOf(record);
    return id !== null && leaves.has(id) ? null : record;
  });
  const labels = new Map(pushed.map(({ record, index }, at) => [recordLabel(record, kept.length + at), recordLabel(record, index)]));
  // Only what skips a pushed record is a clash: a value the reader drops (said by the push's own parse) keeps its car.
  return parseStock(slug, [...kept, ...pushed.map(({ record }) => record)], undefined, now).problems.flatMap((problem) => {
    const record = labels.get(problem.record);
    return record === undefined || problem.outcome !== 'record skipped' ? [] : [{ ...problem, record }];
  });
}

/**
 * The valid pushed records that clash with no current car (clashesWithCurrent): one rejected
 * brings its car's previous version back, which the others are then checked against again.
 */
function acceptedPushed(slug: string, current: readonly unknown[], valid: readonly Pushed[], removed: ReadonlySet<string>, now?: number): { accepted: Pushed[]; problems: StockProblem[] } {
  let accepted = [...valid];
  const problems: StockProblem[] = [];
  let clashes = clashesWithCurrent(slug, current, accepted, removed, now);
  while (clashes.length > 0) {
    problems.push(...clashes);
    const rejected = new Set(clashes.map((problem) => problem.record));
    accepted = accepted.filter(({ record, index }) => !rejected.has(recordLabel(record, index)));
    clashes = clashesWithCurrent(slug, current, accepted, removed, now);
  }
  return { accepted, problems };
}

/**
 * Apply a push to the tenant's current records: pushed vehicles replace the record with
 * the same id (or are added), removed ids are dropped. Pushed records that fail validation, or
 * whose slug or stock number another current car uses, are rejected here (the previous
 * version of that car stays), so one bad push never takes a good car off the site. `now` as
 * validateFeed's.
 */
export function applyPush(slug: string, current: readonly unknown[], push: WebhookPush, now?: number): FeedResult & { accepted?: number; rejected?: number } {
  if (push.vehicles.length === 0 && push.removed.length === 0) return { ok: false, kind: 'webhook', reason: 'the push holds no vehicles and no removals', problems: [] };
  const checked = parseStock(slug, push.vehicles, undefined, now);
  // The records of the cars the parse kept: of two with one id (or slug, or stock number), the first valid one, as a snapshot publishes it.
  const valid = (checked.sources ?? []).map((index) => ({ record: push.vehicles[index], index }));
  const removed = new Set(push.removed);
  const { accepted, problems: clashes } = acceptedPushed(slug, current, valid, removed, now);
  const problems = [...checked.problems, ...clashes].map((problem) => formatProblem(problem, 'webhook push'));
  if (accepted.length === 0 && push.removed.length === 0) {
    return { ok: false, kind: 'webhook', reason: `no valid vehicle record in the push (${push.vehicles.length} read, all invalid)`, problems };
  }
  const next = withPushed(current, accepted, removed);
  const parsed = parseStock(slug, next, undefined, now);
  return { ok: true, kind: 'webhook', records: next, read: push.vehicles.length, valid: parsed.cars.length, problems, parsed, accepted: accepted.length, rejected: push.vehicles.length - accepted.length };
}

/** Feed kind of a dropped file by its name, or null for files the watcher ignores. */
export function feedKindOfFile(name: string): FeedKind | null {
  if (name.startsWith('.') || /\.(tmp|part|partial|swp)$/i.test(name)) return null;
  if (/\.json$/i.test(name)) return 'snapshot';
  if (/\.(csv|tsv)$/i.test(name)) return 'csv';
  if (/\.xml$/i.test(name)) return 'xml';
  return null;
}
