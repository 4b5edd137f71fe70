/**
 * Feed intake I/O (issue 8 §1): dropped files in the watched inbox and webhook pushes
 * become the tenant's next stock.json (written atomically), or are rejected with a report
 * and change nothing. The feed rules themselves are in feeds.ts.
 *
 * Inbox layout: `<inbox>/<slug>/<name>.json|.csv`; a handled file moves to
 * `<inbox>/<slug>/processed/` or `<inbox>/<slug>/rejected/` with a `.report.txt` beside it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPush, feedKindOfFile, parsePushBody, readCsvFeed, readSnapshotFeed, type FeedResult } from './feeds.ts';
import type { Logger } from './log.ts';
import { settleReservationOverlay, updateReservationOverlay } from '../lib/reservation-overlay.ts';
import { writeFileAtomic } from './releases.ts';

/** Outcome of one feed for callers (and the webhook response). */
export interface IntakeResult {
  tenant: string;
  kind: FeedResult['kind'];
  accepted: boolean;
  reason?: string;
  read: number;
  valid: number;
  problems: string[];
}

function readStockRecords(tenantDir: string): unknown[] {
  const file = join(tenantDir, 'stock.json');
  if (!existsSync(file)) return [];
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

/** Write accepted records as the tenant's stock.json (atomic: readers see old or new). */
export function writeStock(tenantDir: string, records: readonly unknown[]): void {
  writeFileAtomic(join(tenantDir, 'stock.json'), `${JSON.stringify(records, null, 1)}\n`);
  // Reserved overlay entries the dealer's feed now reflects are done (docs/payments.md).
  updateReservationOverlay(tenantDir, (overlay) => settleReservationOverlay(overlay, records));
}

function toIntake(tenant: string, result: FeedResult): IntakeResult {
  return result.ok
    ? { tenant, kind: result.kind, accepted: true, read: result.read, valid: result.valid, problems: result.problems }
    : { tenant, kind: result.kind, accepted: false, reason: result.reason, read: 0, valid: 0, problems: result.problems };
}

function logIntake(log: Logger, result: IntakeResult, source: string): void {
  log({
    level: result.accepted ? (result.problems.length ? 'warn' : 'info') : 'error',
    event: 'feed',
    tenant: result.tenant,
    kind: result.kind,
    source,
    outcome: result.accepted ? 'accepted' : 'rejected',
    records: result.read,
    valid: result.valid,
    problems: result.problems.length,
    ...(result.reason ? { reason: result.reason } : {}),
  });
}

/** Apply a signed-and-verified webhook body to a tenant folder. */
export function intakePush(tenantDir: string, slug: string, body: string, log: Logger): IntakeResult {
  let result: FeedResult;
  try {
    result = applyPush(slug, readStockRecords(tenantDir), parsePushBody(body));
  } catch (error) {
    result = { ok: false, kind: 'webhook', reason: (error as Error).message, problems: [] };
  }
  const intake = toIntake(slug, result);
  if (result.ok) writeStock(tenantDir, result.records);
  logIntake(log, intake, 'webhook');
  return intake;
}

function report(result: IntakeResult, file: string): string {
  const lines = [
    `feed: ${file}`,
    `tenant: ${result.tenant}`,
    `outcome: ${result.accepted ? 'accepted' : 'rejected (the site was not changed)'}`,
    ...(result.reason ? [`reason: ${result.reason}`] : []),
    ...(result.accepted ? [`records read: ${result.read}, valid: ${result.valid}`] : []),
    ...(result.problems.length ? ['problems (records skipped):', ...result.problems.map((line) => `  ${line}`)] : []),
  ];
  return `${lines.join('\n')}\n`;
}

/** Handle one dropped file: accept it into stock.json or reject it; the file is moved either way. */
export function intakeFile(tenantDir: string, slug: string, file: string, log: Logger): IntakeResult | null {
  const name = file.split('/').pop() ?? file;
  const kind = feedKindOfFile(name);
  if (!kind) return null;
  const text = readFileSync(file, 'utf8');
  const result = kind === 'csv' ? readCsvFeed(slug, text) : readSnapshotFeed(slug, text);
  const intake = toIntake(slug, result);
  if (result.ok) writeStock(tenantDir, result.records);
  const folder = join(file, '..', intake.accepted ? 'processed' : 'rejected');
  mkdirSync(folder, { recursive: true });
  const stamped = `${new Date().toISOString().replace(/[:.]/g, '-')}-${name}`;
  renameSync(file, join(folder, stamped));
  if (!intake.accepted || intake.problems.length) writeFileSync(join(folder, `${stamped}.report.txt`), report(intake, name));
  logIntake(log, intake, name);
  return intake;
}

/**
 * Handle every complete feed file in the inbox. A file still being written (modified less
 * than `settleMs` ago) is left for the next scan. Returns the tenants whose stock changed.
 */
export function scanInbox(inboxDir: string, tenantDirOf: (slug: string) => string | null, log: Logger, settleMs = 300): { changed: string[]; pending: boolean } {
  const changed = new Set<string>();
  let pending = false;
  if (!existsSync(inboxDir)) return { changed: [], pending };
  for (const slug of readdirSync(inboxDir).sort()) {
    const folder = join(inboxDir, slug);
    if (!statSync(folder).isDirectory()) continue;
    const tenantDir = tenantDirOf(slug);
    for (const name of readdirSync(folder).sort()) {
      const file = join(folder, name);
      if (!feedKindOfFile(name) || !statSync(file).isFile()) continue;
      if (!tenantDir) {
        log({ level: 'error', event: 'feed', tenant: slug, source: name, outcome: 'rejected', reason: `no tenant folder "${slug}"` });
        const rejected = join(folder, 'rejected');
        mkdirSync(rejected, { recursive: true });
        renameSync(file, join(rejected, name));
        continue;
      }
      if (Date.now() - statSync(file).mtimeMs < settleMs) {
        pending = true;
        continue;
      }
      const result = intakeFile(tenantDir, slug, file, log);
      if (result?.accepted) changed.add(slug);
    }
  }
  return { changed: [...changed], pending };
}
