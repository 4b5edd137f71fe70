/**
 * Feed intake I/O: dropped files in the watched inbox and webhook pushes become the tenant's
 * next stock snapshot in the pipeline state (compare-and-set; never the tenant folder), are
 * rejected with a report and change nothing, or, when they would take too much stock off the
 * site, are held for an operator (mass-change guard). Files are read with the tenant's
 * feed-mapping.json (read/feed-check.ts); the push rules are in read/feeds.ts.
 * Inbox layout: `<inbox>/<slug>/<name>.json|.csv|.tsv|.xml`; a handled file moves to `processed/`
 * or `rejected/` (real folders only, never links: inbox-folders.ts) with the dry-run report beside it; a held one waits in `held/<held id>-<name>`
 * with its report (the feed itself is in the state, held.ts) until an operator decides, then
 * moves to `processed/` (confirmed) or `rejected/` (discarded, superseded), the decision added.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, unlinkSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as v from 'valibot';
import { loadSite } from '../../lib/site/tenant.ts';
import { StockRulesSchema } from '../../schemas/site/stock-rules.ts';
import type { Site } from '../../schemas/site.ts';
import { FEED_MAPPING_FILE, parseFeedMapping, type FeedMapping } from '../../schemas/feed-mapping.ts';
import { checkFeed, formatFeedCheck, type FeedCheck } from './read/feed-check.ts';
import { applyPush, feedKindOfFile, parsePushBody, type FeedResult } from './read/feeds.ts';
import { closeHeldFeed, holdFeed, listHeldFeeds, type HeldFeed } from './held.ts';
import type { Logger } from '../log.ts';
import { InboxFolderError, openInboxFolder, openInboxFolders, type InboxFolders } from './inbox-folders.ts';
import { DEFAULT_INBOX_MAX_BYTES, readInboxFile } from './read/inbox-file.ts';
import { checkFeedInWorker, DEFAULT_PARSE_TIMEOUT_MS, failedCheck } from './read/parse-worker.ts';
import { assessParsedChange, GUARD_DEFAULTS, type GuardSettings, type MassChange } from './guard.ts';
import type { Car } from '../../schemas/car.ts';
import { parseStock, stockFileRecords, type ParsedStock } from '../../lib/vehicle/stock.ts';
import { readReservationOverlay, settleReservationOverlay, updateReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';
import { readFolderStock } from '../state/stock.ts';
import { withState, type PipelineState, type StockSnapshot } from '../state/store.ts';
import { STATUS_REPORT_MAX } from '../state/records.ts';
import { feedStatusFile, recordFeedIn } from '../state/status.ts';

/** Intake settings shared by dropped files and pushes. */
export interface IntakeOptions {
  /** Sites directory: its pipeline state (when `state` is not given) keeps held feeds; the last-feed status file lives under `<sites>/<slug>/`. Without it there is no guard. */
  sitesDir?: string;
  /** Pipeline-wide guard settings (a tenant's feed-mapping.json `guard` overrides them); false turns the guard off. */
  guard?: GuardSettings | false;
  /** Clock for visibility (ms); default now. */
  now?: number;
  /** The pipeline state (accepted stock); default the state of `sitesDir` (`<sites>/.pipeline`). */
  state?: PipelineState;
  /** Largest inbox file read (bytes); default DEFAULT_INBOX_MAX_BYTES. */
  inboxMaxBytes?: number;
  /** Time limit of one inbox file's parse (ms); default DEFAULT_PARSE_TIMEOUT_MS. */
  parseTimeoutMs?: number;
  /** The inbox: where a held feed's file waits (`<inbox>/<slug>/held/`) until it is decided. */
  inboxDir?: string;
}

/** Outcome of one feed for callers (and the webhook response). */
export interface IntakeResult {
  tenant: string;
  kind: FeedResult['kind'];
  accepted: boolean;
  reason?: string;
  read: number;
  valid: number;
  problems: string[];
  /** Set when the mass-change guard held the feed for an operator. */
  held?: HeldFeed;
}

/** A tenant's feed mapping: the parsed file, null when it has none, or its problems. */
export function loadFeedMapping(tenantDir: string): { mapping: FeedMapping | null; problems?: string[] } {
  const file = join(tenantDir, FEED_MAPPING_FILE);
  if (!existsSync(file)) return { mapping: null };
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { mapping: null, problems: [`invalid JSON: ${(error as Error).message}`] };
  }
  const parsed = parseFeedMapping(data);
  return parsed.ok ? { mapping: parsed.mapping } : { mapping: null, problems: parsed.problems };
}

/** The guard settings of a tenant: pipeline settings with the tenant's own on top. */
function guardOf(options: IntakeOptions, mapping: FeedMapping | null): GuardSettings | null {
  if (options.guard === false || !options.sitesDir) return null;
  const base = options.guard ?? GUARD_DEFAULTS;
  return { maxRemovedShare: mapping?.guard.max_removed_share ?? base.maxRemovedShare, minRemoved: mapping?.guard.min_removed ?? base.minRemoved };
}

/** What a feed's cars would do to the tenant's visible stock, or null when the guard is off (the current cars are parsed only when needed). */
function assess(tenantDir: string, current: () => readonly Car[], next: readonly Car[], settings: GuardSettings | null, now: number): MassChange | null {
  if (!settings) return null;
  let site: Pick<Site, 'include_sold_cars_days' | 'stock_rules'>;
  try {
    site = loadSite(tenantDir);
  } catch {
    // A broken site.json fails the tenant's job anyway; judge visibility by the default rules.
    site = { include_sold_cars_days: 3, stock_rules: v.parse(StockRulesSchema, {}) };
  }
  return assessParsedChange(site, current(), next, now, settings);
}

/** The cars of a feed's result: the parse the reader made, else parsed now. */
const carsOf = (slug: string, result: Extract<FeedResult, { ok: true }>): Car[] => (result.parsed ?? parseStock(slug, result.records)).cars;

/**
 * The records the pipeline would take as a tenant's current stock: the state's snapshot, or the
 * tenant folder's stock.json when the state would take it in (none when missing or unreadable).
 * Read only: a seed is not taken in (the dry run changes nothing).
 */
export async function readStockRecords(tenantDir: string, state?: PipelineState): Promise<unknown[]> {
  const folder = () => readFolderStock(tenantDir)?.data;
  const data = state ? await state.stock.peek(basename(tenantDir), tenantDir).catch(folder) : folder();
  return stockFileRecords(data) ?? [];
}

/**
 * Take a feed in as the tenant's next stock snapshot (compare-and-set in the state: a feed
 * taken in by another process meanwhile is never lost, `decide` runs again on its result).
 * `decide` gets the current records (and their cars, parsed once per snapshot) and returns the
 * next ones, or null to change nothing; `parsed` gives the feed's parse when the records are
 * the feed's (the state keeps it for the release).
 */
async function updateStock(tenantDir: string, slug: string, options: IntakeOptions, decide: (current: unknown[], currentCars: () => Car[]) => unknown[] | null, parsed?: (records: unknown[]) => ParsedStock | undefined): Promise<unknown[] | null> {
  if (!options.state && !options.sitesDir) throw new Error('feed intake needs the pipeline state (options.state or options.sitesDir)');
  let written: unknown[] | null = null;
  await withState(options.state, options.sitesDir ?? '', async (state) => {
    const currentCars = (snapshot: StockSnapshot | null) => () => (snapshot ? state.stock.parse(slug, snapshot, options.now ?? Date.now()).cars : []);
    const seq = await state.stock.update(slug, tenantDir, (current, snapshot) => (written = decide(current, currentCars(snapshot))), parsed);
    if (seq === null) written = null;
    const records = written as unknown[] | null;
    if (records) await state.reservations.settle(slug, records);
  });
  const records = written as unknown[] | null;
  if (records) settleReservations(tenantDir, records);
  return records;
}

/** Reserved overlay entries of the tenant folder's file the dealer's accepted feed now reflects are done (docs/payments.md); the state's are settled with the stock. */
export function settleReservations(tenantDir: string, records: readonly unknown[]): void {
  // Nothing to settle (most tenants have no overlay file): no lock and no write in the tenant folder, which may be read-only.
  const before = readReservationOverlay(tenantDir);
  if (JSON.stringify(settleReservationOverlay({ ...before }, records)) === JSON.stringify(before)) return;
  updateReservationOverlay(tenantDir, (overlay) => settleReservationOverlay(overlay, records));
}

function toIntake(tenant: string, result: FeedResult): IntakeResult {
  return result.ok
    ? { tenant, kind: result.kind, accepted: true, read: result.read, valid: result.valid, problems: result.problems }
    : { tenant, kind: result.kind, accepted: false, reason: result.reason, read: 0, valid: 0, problems: result.problems };
}

/** Log a feed; `report`: where its problems are written (a file beside it in the inbox, or the tenant's feed-status.json), when it has a report. */
function logIntake(log: Logger, result: IntakeResult, source: string, report?: string): void {
  const outcome = result.held ? 'held' : result.accepted ? 'accepted' : 'rejected';
  log({
    level: result.accepted ? (result.problems.length ? 'warn' : 'info') : result.held ? 'warn' : 'error',
    event: 'feed',
    tenant: result.tenant,
    kind: result.kind,
    source,
    outcome,
    records: result.read,
    valid: result.valid,
    problems: result.problems.length,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.held ? { held: result.held.id, removed: result.held.removed, visibleBefore: result.held.visibleBefore } : {}),
    ...(report ? { report } : {}),
  });
}

/** Remember the last feed (operator page), with its report when it has one, when there is a sites directory. */
async function noteFeed(options: IntakeOptions, result: IntakeResult, source: string, outcome?: 'confirmed' | 'discarded', report?: string): Promise<void> {
  if (!options.sitesDir) return;
  await recordFeedIn(options.state, options.sitesDir, result.tenant, {
    at: new Date().toISOString(),
    source,
    kind: result.kind,
    outcome: outcome ?? (result.held ? 'held' : result.accepted ? 'accepted' : 'rejected'),
    read: result.read,
    valid: result.valid,
    problems: result.problems.length,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(report ? { report: report.length > STATUS_REPORT_MAX ? `${report.slice(0, STATUS_REPORT_MAX)}\n... (cut: the whole report is beside the file in the inbox)\n` : report } : {}),
  });
}

/** A newer complete snapshot makes older held feeds of the tenant obsolete. */
async function supersedeHeld(options: IntakeOptions, slug: string, by: string, log: Logger): Promise<void> {
  if (!options.sitesDir) return;
  await withState(options.state, options.sitesDir, async (state) => {
    for (const held of await listHeldFeeds(state, slug)) {
      if (await closeHeldFeed(state, slug, held.id, 'superseded', `superseded by the newer feed ${by}`)) {
        log({ level: 'warn', event: 'feed-held-closed', tenant: slug, held: held.id, source: held.source, outcome: 'superseded', by });
        settleHeldFile(options, slug, held, 'rejected', `superseded by the newer feed ${by}: not taken in`);
      }
    }
  });
}

/** Where a held feed's file waits in the inbox. */
function heldFileName(held: Pick<HeldFeed, 'id' | 'source'>): string {
  return `${held.id}-${held.source}`;
}

/** Keep a held feed's file in the inbox's `held/` folder (a real folder, never a link) with its report, until an operator decides. */
function keepHeldFile(file: string, slug: string, held: HeldFeed, report: string): void {
  const folder = openInboxFolder(dirname(file), slug, 'held');
  try {
    folder.moveIn(file, heldFileName(held));
    folder.write(`${heldFileName(held)}.report.txt`, report);
  } finally {
    folder.close();
  }
}

/** A decided held feed's file leaves `held/` for `processed/` or `rejected/`, the decision added to its report. */
function settleHeldFile(options: IntakeOptions, slug: string, held: Pick<HeldFeed, 'id' | 'source'>, to: 'processed' | 'rejected', decision: string): void {
  if (!options.inboxDir || held.source === 'webhook') return;
  const tenantInbox = join(options.inboxDir, slug);
  const name = heldFileName(held);
  if (!existsSync(join(tenantInbox, 'held', name))) return;
  let folders: InboxFolders;
  try {
    folders = openInboxFolders(tenantInbox, slug, ['held', to]);
  } catch (error) {
    // A folder that is a link or a file: the feed stays in held/ (the scan reports the folder).
    if (error instanceof InboxFolderError) return;
    throw error;
  }
  try {
    const from = folders.get('held');
    const target = folders.get(to);
    const stamped = `${new Date().toISOString().replace(/[:.]/g, '-')}-${held.source}`;
    from.moveOut(name, target, stamped);
    const report = from.read(`${name}.report.txt`) ?? '';
    from.remove(`${name}.report.txt`);
    target.write(`${stamped}.report.txt`, `${report}${report.endsWith('\n') || !report ? '' : '\n'}decision: ${decision} (${new Date().toISOString()})\n`);
  } finally {
    folders.close();
  }
}

/** Keep a feed the guard stopped in the pipeline state (held.ts). */
function hold(options: IntakeOptions & { sitesDir: string }, slug: string, feed: Parameters<typeof holdFeed>[2]): Promise<HeldFeed> {
  return withState(options.state, options.sitesDir, (state) => holdFeed(state, slug, feed));
}

/** Apply a signed-and-verified webhook body to a tenant's stock (held instead when it trips the mass-change guard). */
export async function intakePush(tenantDir: string, slug: string, body: string, log: Logger, options: IntakeOptions = {}): Promise<IntakeResult> {
  let result = { ok: false, kind: 'webhook', reason: 'not applied', problems: [] } as FeedResult;
  let change = null as MassChange | null;
  const guard = guardOf(options, loadFeedMapping(tenantDir).mapping);
  // The push is applied to the stock as it is when written (again, if another feed came first).
  await updateStock(
    tenantDir,
    slug,
    options,
    (current, currentCars) => {
      try {
        result = applyPush(slug, current, parsePushBody(body), options.now ?? Date.now());
      } catch (error) {
        result = { ok: false, kind: 'webhook', reason: (error as Error).message, problems: [] };
      }
      change = result.ok ? assess(tenantDir, currentCars, carsOf(slug, result), guard, options.now ?? Date.now()) : null;
      return result.ok && !(change?.held && options.sitesDir) ? result.records : null;
    },
    (records) => (result.ok && records === result.records ? result.parsed : undefined),
  );
  const intake = toIntake(slug, result);
  const pushed = `feed: webhook push\ntenant: ${slug}\nrecords pushed: ${intake.read}, valid: ${intake.valid}\n`;
  let report: string | undefined;
  if (result.ok && change?.held && options.sitesDir) {
    const sitesDir = options.sitesDir;
    report = `${pushed}visible stock: ${change.visibleBefore} now, ${change.visibleAfter} after this push\nmass-change guard: HOLD - ${change.reason}\n`;
    const held = await hold({ ...options, sitesDir }, slug, { source: 'webhook', kind: 'webhook', bytes: Buffer.from(body), change, report });
    Object.assign(intake, { accepted: false, held, reason: change.reason });
  } else if (!intake.accepted || intake.problems.length) {
    const problems = intake.problems.map((problem) => `- ${problem}\n`).join('');
    report = `${pushed}result: ${intake.accepted ? 'accepted (each problem ends with what was done)' : `REJECTED - ${intake.reason ?? 'not applied'}`}\n${problems ? `problems:\n${problems}` : ''}`;
  }
  logIntake(log, intake, 'webhook', report && options.sitesDir ? feedStatusFile(options.sitesDir, slug) : undefined);
  await noteFeed(options, intake, 'webhook', undefined, report);
  return intake;
}

/** Read one dropped file with the tenant's mapping (the dry run and the intake share this); `now`: the clock the model year is held to (FeedCheckInput). */
export function checkFeedFile(tenantDir: string, slug: string, file: string, bytes: Uint8Array = readFileSync(file), now?: number): FeedCheck {
  const { mapping, problems } = loadFeedMapping(tenantDir);
  return checkFeed({ tenant: slug, file: file.split('/').pop() ?? file, bytes, mapping, mappingProblems: problems, now });
}

/** What the guard says about a checked feed against the accepted stock (the dry run). */
export async function assessFeedCheck(tenantDir: string, slug: string, check: FeedCheck, options: IntakeOptions): Promise<MassChange | null> {
  if (!check.result.ok) return null;
  const current = await readStockRecords(tenantDir, options.state);
  return assess(tenantDir, () => parseStock(slug, current).cars, carsOf(slug, check.result), guardOf(options, loadFeedMapping(tenantDir).mapping), options.now ?? Date.now());
}

/** Inbox folders whose refusal was logged, with the refusal (each said once until the folder is sound again). */
const refusedInboxFolders = new Map<string, string>();

/** A tenant inbox folder whose own folders cannot be used: the file stays where it is, the refusal is logged (once) and noted as the last feed. */
async function refuseInboxFolder(options: IntakeOptions, tenantInbox: string, slug: string, name: string, reason: string, log: Logger): Promise<IntakeResult> {
  const intake: IntakeResult = { tenant: slug, kind: feedKindOfFile(name) ?? 'snapshot', accepted: false, reason, read: 0, valid: 0, problems: [] };
  if (refusedInboxFolders.get(tenantInbox) === reason) return intake;
  refusedInboxFolders.set(tenantInbox, reason);
  log({ level: 'error', event: 'feed', tenant: slug, source: name, outcome: 'refused', reason });
  await noteFeed(options, intake, name, undefined, `feed: ${name}\ntenant: ${slug}\nresult: NOT READ - ${reason}\nThe file stays in the inbox until the folder is put right.\n`);
  return intake;
}

/**
 * Handle one dropped file: accept it as the tenant's stock snapshot, reject it, or hold it
 * for an operator when it would take too much stock off the site. The file is moved either
 * way (`processed/`, `rejected/` with the dry-run report beside it, or the held-feed store).
 * Only a regular file inside the tenant's inbox folder, within the size cap, is read
 * (read/inbox-file.ts), and it is parsed in a worker thread with a time limit (read/parse-worker.ts).
 * When `processed/` or `rejected/` is not a real folder inside the inbox (inbox-folders.ts),
 * the file is not read and stays where it is.
 */
export async function intakeFile(tenantDir: string, slug: string, file: string, log: Logger, options: IntakeOptions = {}): Promise<IntakeResult | null> {
  const name = basename(file);
  if (!feedKindOfFile(name)) return null;
  const tenantInbox = dirname(file);
  let folders: InboxFolders;
  try {
    folders = openInboxFolders(tenantInbox, slug, ['processed', 'rejected']);
  } catch (error) {
    if (error instanceof InboxFolderError) return refuseInboxFolder(options, tenantInbox, slug, name, error.message, log);
    throw error;
  }
  refusedInboxFolders.delete(tenantInbox);
  try {
    return await takeFile(tenantDir, slug, file, folders, log, options);
  } catch (error) {
    // A folder made a link meanwhile: the file stays (its stock may be in; the next scan refuses first).
    if (error instanceof InboxFolderError) return refuseInboxFolder(options, tenantInbox, slug, basename(file), error.message, log);
    throw error;
  } finally {
    folders.close();
  }
}

/** intakeFile with the inbox folders open. */
async function takeFile(tenantDir: string, slug: string, file: string, folders: InboxFolders, log: Logger, options: IntakeOptions): Promise<IntakeResult> {
  const name = basename(file);
  const read = readInboxFile(dirname(file), name, options.inboxMaxBytes ?? DEFAULT_INBOX_MAX_BYTES);
  const bytes = read.ok ? read.bytes : Buffer.alloc(0);
  let check: FeedCheck;
  if (!read.ok) check = failedCheck({ tenant: slug, file: name }, read.reason);
  else {
    const { mapping, problems } = loadFeedMapping(tenantDir);
    check = await checkFeedInWorker({ tenant: slug, file: name, bytes, mapping, mappingProblems: problems, now: options.now ?? Date.now() }, options.parseTimeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS);
  }
  const result = check.result;
  const intake = toIntake(slug, result);
  let change = null as MassChange | null;
  if (result.ok) {
    // Parsed once, in the reader: the guard and (through the state) the release use that parse.
    const guard = guardOf(options, loadFeedMapping(tenantDir).mapping);
    await updateStock(
      tenantDir,
      slug,
      options,
      (_current, currentCars) => {
        change = assess(tenantDir, currentCars, carsOf(slug, result), guard, options.now ?? Date.now());
        return change?.held && options.sitesDir ? null : result.records;
      },
      (records) => (records === result.records ? result.parsed : undefined),
    );
  }
  if (result.ok && change?.held && options.sitesDir) {
    const report = formatFeedCheck(check, { guard: change, outcome: 'held for an operator (the site was not changed): confirm or discard it on the pipeline\'s /status page' });
    await supersedeHeld(options, slug, name, log);
    const held = await hold({ ...options, sitesDir: options.sitesDir }, slug, { source: name, kind: result.kind, bytes, change, report });
    // The dealer sees it waiting where the feed was dropped; the state keeps the bytes every intake decides on.
    let reportFile: string | undefined = join(dirname(file), 'held', `${heldFileName(held)}.report.txt`);
    try {
      keepHeldFile(file, slug, held, report);
    } catch {
      rmFile(file);
      reportFile = feedStatusFile(options.sitesDir, slug);
    }
    Object.assign(intake, { accepted: false, held, reason: change.reason });
    logIntake(log, intake, name, reportFile);
    await noteFeed(options, intake, name, undefined, report);
    return intake;
  }
  if (result.ok) await supersedeHeld(options, slug, name, log);
  const folder = folders.get(intake.accepted ? 'processed' : 'rejected');
  const stamped = `${new Date().toISOString().replace(/[:.]/g, '-')}-${name}`;
  folder.moveIn(file, stamped);
  let report: string | undefined;
  if (!intake.accepted || intake.problems.length || check.skipped.length || check.reading.some((line) => line.startsWith('note:'))) {
    const outcome = intake.accepted ? 'accepted (each problem ends with what was done)' : 'rejected (the site was not changed)';
    report = formatFeedCheck(check, { guard: change ?? undefined, outcome });
    folder.write(`${stamped}.report.txt`, report);
  }
  logIntake(log, intake, name, report ? join(dirname(file), intake.accepted ? 'processed' : 'rejected', `${stamped}.report.txt`) : undefined);
  await noteFeed(options, intake, name, undefined, report);
  return intake;
}

function rmFile(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone: nothing to clean up.
  }
}

/**
 * An operator's decision on a held feed. Confirm: the feed is taken in as it stands now
 * (a snapshot replaces the stock, a push is applied to the current stock), without the
 * guard. Discard: it is dropped. Returns null when the feed is unknown or already decided.
 */
export async function decideHeldFeed(tenantDir: string, slug: string, id: string, decision: 'confirm' | 'discard', log: Logger, options: IntakeOptions & { sitesDir: string }): Promise<IntakeResult | null> {
  const closed = await withState(options.state, options.sitesDir, (state) => closeHeldFeed(state, slug, id, decision === 'confirm' ? 'confirmed' : 'discarded', `by an operator`));
  if (!closed) return null;
  const { feed, bytes } = closed;
  const source = `${feed.source} (${decision === 'confirm' ? 'confirmed' : 'discarded'} by operator)`;
  if (decision === 'discard') {
    const intake: IntakeResult = { tenant: slug, kind: feed.kind, accepted: false, reason: 'discarded by an operator', read: 0, valid: 0, problems: [] };
    log({ level: 'warn', event: 'feed', tenant: slug, kind: feed.kind, source, held: id, outcome: 'discarded' });
    await noteFeed(options, intake, source, 'discarded');
    settleHeldFile(options, slug, feed, 'rejected', 'discarded by an operator: not taken in');
    return intake;
  }
  let result = { ok: false, kind: feed.kind, reason: 'not applied', problems: [] } as FeedResult;
  await updateStock(
    tenantDir,
    slug,
    options,
    (current) => {
      if (feed.kind === 'webhook') {
        try {
          result = applyPush(slug, current, parsePushBody(bytes.toString('utf8')), options.now ?? Date.now());
        } catch (error) {
          result = { ok: false, kind: 'webhook', reason: (error as Error).message, problems: [] };
        }
      } else result = checkFeedFile(tenantDir, slug, feed.source, bytes, options.now ?? Date.now()).result;
      return result.ok ? result.records : null;
    },
    (records) => (result.ok && records === result.records ? result.parsed : undefined),
  );
  const intake = toIntake(slug, result);
  logIntake(log, intake, source);
  await noteFeed(options, intake, source, result.ok ? 'confirmed' : undefined);
  settleHeldFile(options, slug, feed, result.ok ? 'processed' : 'rejected', result.ok ? 'confirmed by an operator: taken in' : `confirmed by an operator, but it could not be taken in: ${intake.reason ?? 'not applied'}`);
  return intake;
}

/** What scanInbox needs besides the intake settings. */
export interface ScanOptions extends IntakeOptions {
  /** Tenants whose inbox is being handled by an earlier scan (left alone; shared across scans). */
  busy?: Set<string>;
  /** Called as soon as a tenant's stock changed (before slower tenants are done). */
  onChanged?: (slug: string) => void;
}

/** Inbox folders already reported as refused (each reported once per process). */
const refusedFolders = new Set<string>();

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** A file in the inbox folder of a slug with no tenant folder: moved to that folder's `rejected/` (when it is a real folder). */
function rejectWithoutTenant(folder: string, slug: string, name: string, log: Logger): void {
  const reason = `no tenant folder "${slug}"`;
  try {
    const rejected = openInboxFolder(folder, slug, 'rejected');
    try {
      rejected.moveIn(join(folder, name), name);
    } finally {
      rejected.close();
    }
    log({ level: 'error', event: 'feed', tenant: slug, source: name, outcome: 'rejected', reason });
  } catch (error) {
    if (!(error instanceof InboxFolderError)) throw error;
    if (refusedInboxFolders.get(folder) === error.message) return;
    refusedInboxFolders.set(folder, error.message);
    log({ level: 'error', event: 'feed', tenant: slug, source: name, outcome: 'refused', reason: `${reason}; ${error.message}` });
  }
}

/** Handle one tenant's inbox folder, file by file, in name order. */
async function scanTenantInbox(folder: string, slug: string, tenantDir: string | null, log: Logger, settleMs: number, options: ScanOptions): Promise<{ changed: boolean; pending: boolean }> {
  let changed = false;
  let pending = false;
  for (const name of readdirSync(folder).sort()) {
    const file = join(folder, name);
    const stats = lstatOrNull(file);
    // Folders (processed/, rejected/) are skipped; links, pipes and devices are refused by intakeFile.
    if (!feedKindOfFile(name) || !stats || stats.isDirectory()) continue;
    if (!tenantDir) {
      rejectWithoutTenant(folder, slug, name, log);
      continue;
    }
    // settleMs 0 takes every file: a file written this very millisecond can show an mtime past Date.now(), which counts whole milliseconds.
    if (settleMs > 0 && Date.now() - stats.mtimeMs < settleMs) {
      pending = true;
      continue;
    }
    const result = await intakeFile(tenantDir, slug, file, log, options);
    if (result?.accepted) {
      changed = true;
      options.onChanged?.(slug);
    }
  }
  return { changed, pending };
}

/**
 * Handle every complete feed file in the inbox. A file still being written (modified less
 * than `settleMs` ago) is left for the next scan. Tenants are handled side by side, so one
 * tenant's slow file does not hold up the others; a tenant folder that is a symbolic link
 * is refused. Returns the tenants whose stock changed.
 */
export async function scanInbox(inboxDir: string, tenantDirOf: (slug: string) => string | null, log: Logger, settleMs = 300, options: ScanOptions = {}): Promise<{ changed: string[]; pending: boolean }> {
  const changed = new Set<string>();
  let pending = false;
  if (!existsSync(inboxDir)) return { changed: [], pending };
  const tasks: Promise<void>[] = [];
  for (const slug of readdirSync(inboxDir).sort()) {
    const folder = join(inboxDir, slug);
    const stats = lstatOrNull(folder);
    if (stats?.isSymbolicLink()) {
      if (!refusedFolders.has(folder)) log({ level: 'error', event: 'feed', tenant: slug.slice(0, 100), outcome: 'rejected', reason: `the inbox folder ${folder} is a symbolic link: refused (the inbox takes only real folders)` });
      refusedFolders.add(folder);
      continue;
    }
    if (!stats?.isDirectory() || options.busy?.has(slug)) continue;
    options.busy?.add(slug);
    tasks.push(
      scanTenantInbox(folder, slug, tenantDirOf(slug), log, settleMs, options)
        .then((outcome) => {
          if (outcome.changed) changed.add(slug);
          pending ||= outcome.pending;
        })
        .catch((error: unknown) => log({ level: 'error', event: 'feed', tenant: slug, outcome: 'failed', reason: `inbox scan failed: ${(error as Error).message}` }))
        .finally(() => options.busy?.delete(slug)),
    );
  }
  await Promise.all(tasks);
  return { changed: [...changed], pending };
}
