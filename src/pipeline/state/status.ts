/**
 * Status per tenant: the last job's outcome, success and failure (with its
 * reason) and the last feed, so an operator or a monitor can read them without parsing logs.
 * Kept in the pipeline state (every worker's jobs, src/pipeline/state/store.ts) and, as
 * this machine's copy, in `<sites>/<slug>/status.json` and `feed-status.json`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../platform/fs/atomic-file.ts';
import { tenantPaths } from './release-dirs.ts';
import type { PipelineState } from './store.ts';
import { STATUS_REPORT_MAX, type FeedStatus, type StatusEntry, type TenantStatus } from './records.ts';

export type { FeedStatus, StatusEntry, TenantStatus } from './records.ts';

/** A hash of a tenant folder's file as it is now ('missing' when it cannot be read): StatusEntry.config. */
export function configFileHash(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 24);
  } catch {
    return 'missing';
  }
}

/** Read a tenant's status, or null when it has none yet. */
export function readStatus(sitesDir: string, slug: string): TenantStatus | null {
  const file = tenantPaths(sitesDir, slug).status;
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TenantStatus;
  } catch {
    return null;
  }
}

/** What a job reports to the status. */
export interface StatusUpdate {
  outcome: string;
  current: string | null;
  success?: StatusEntry;
  failure?: StatusEntry;
  held?: boolean;
  /** When the pointer switched to `current` (a publish or rollback); kept while `current` stays. */
  publishedAt?: string;
}

/** Update a tenant's status in the state (shared by every worker) and in its local status file. */
export async function recordStatusIn(state: PipelineState, sitesDir: string, slug: string, update: StatusUpdate): Promise<TenantStatus> {
  const status = nextStatus(slug, (await state.tenants.status(slug)) ?? readStatus(sitesDir, slug), update);
  await state.tenants.setStatus(slug, status);
  writeStatusFile(sitesDir, slug, status);
  return status;
}

/** Update a tenant's local status file with the outcome of a job. */
export function recordStatus(sitesDir: string, slug: string, update: StatusUpdate): TenantStatus {
  const status = nextStatus(slug, readStatus(sitesDir, slug), update);
  writeStatusFile(sitesDir, slug, status);
  return status;
}

function nextStatus(slug: string, previous: TenantStatus | null, update: StatusUpdate): TenantStatus {
  return {
    tenant: slug,
    current: update.current,
    ...(update.publishedAt ? { publishedAt: update.publishedAt } : previous?.current === update.current && previous?.publishedAt ? { publishedAt: previous.publishedAt } : {}),
    lastOutcome: update.outcome,
    lastSuccess: update.success ?? previous?.lastSuccess ?? null,
    lastFailure: update.failure ?? previous?.lastFailure ?? null,
    held: update.held ?? previous?.held ?? false,
    updatedAt: new Date().toISOString(),
  };
}

/**
 * A published release's problems for its status entry: how many, and one `- ` line each, whole
 * lines up to STATUS_REPORT_MAX characters (then how many more); nothing when there are none, so
 * a release without problems clears the last one's.
 */
export function releaseProblems(problems: readonly string[]): Pick<StatusEntry, 'problems' | 'report'> {
  if (problems.length === 0) return {};
  const lines = problems.map((problem) => `- ${problem}\n`);
  const whole = lines.join('');
  if (whole.length <= STATUS_REPORT_MAX) return { problems: problems.length, report: whole };
  const tail = (more: number) => `... and ${more} more (${problems.length} problems in all)\n`;
  let report = '';
  let kept = 0;
  for (const line of lines) {
    if (report.length + line.length + tail(lines.length - kept - 1).length > STATUS_REPORT_MAX) break;
    report += line;
    kept += 1;
  }
  return { problems: problems.length, report: `${report}${tail(lines.length - kept)}` };
}

function writeStatusFile(sitesDir: string, slug: string, status: TenantStatus): void {
  const paths = tenantPaths(sitesDir, slug);
  mkdirSync(paths.base, { recursive: true });
  writeFileAtomic(paths.status, `${JSON.stringify(status, null, 2)}\n`);
}

/** The local file of a tenant's last feed, with its report (`<sites>/<slug>/feed-status.json`). */
export const feedStatusFile = (sitesDir: string, slug: string) => join(tenantPaths(sitesDir, slug).base, 'feed-status.json');

/** Record the last feed of a tenant in the state (when given) and the local file. */
export async function recordFeedIn(state: PipelineState | undefined, sitesDir: string, slug: string, feed: FeedStatus): Promise<void> {
  await state?.tenants.setFeedStatus(slug, feed);
  recordFeed(sitesDir, slug, feed);
}

/** Record the last feed of a tenant in the local file. */
export function recordFeed(sitesDir: string, slug: string, feed: FeedStatus): void {
  mkdirSync(tenantPaths(sitesDir, slug).base, { recursive: true });
  writeFileAtomic(feedStatusFile(sitesDir, slug), `${JSON.stringify(feed, null, 2)}\n`);
}

/** The last feed of a tenant, or null. */
export function readFeedStatus(sitesDir: string, slug: string): FeedStatus | null {
  try {
    return JSON.parse(readFileSync(feedStatusFile(sitesDir, slug), 'utf8')) as FeedStatus;
  } catch {
    return null;
  }
}
