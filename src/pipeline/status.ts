/**
 * Status file per tenant (issue 8 §5): `<sites>/<slug>/status.json`, rewritten atomically
 * after every job, so an operator or a monitor can read the last success and the last
 * failure (with its reason) without parsing logs.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tenantPaths, writeFileAtomic } from './releases.ts';

/** One finished job as the status file records it. */
export interface StatusEntry {
  at: string;
  release?: string;
  mode?: 'full' | 'incremental';
  added?: number;
  changed?: number;
  removed?: number;
  seconds?: number;
  reason?: string;
}

/** The status file's content. */
export interface TenantStatus {
  tenant: string;
  /** Release served now. */
  current: string | null;
  /** Outcome of the last job: published, unchanged, failed, rejected (feed), held, rolled-back. */
  lastOutcome: string;
  lastSuccess: StatusEntry | null;
  lastFailure: StatusEntry | null;
  /** Set while a rollback holds the tenant on an older release (automatic publishing paused). */
  held: boolean;
  updatedAt: string;
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

/** Update a tenant's status file with the outcome of a job. */
export function recordStatus(
  sitesDir: string,
  slug: string,
  update: { outcome: string; current: string | null; success?: StatusEntry; failure?: StatusEntry; held?: boolean },
): TenantStatus {
  const previous = readStatus(sitesDir, slug);
  const status: TenantStatus = {
    tenant: slug,
    current: update.current,
    lastOutcome: update.outcome,
    lastSuccess: update.success ?? previous?.lastSuccess ?? null,
    lastFailure: update.failure ?? previous?.lastFailure ?? null,
    held: update.held ?? previous?.held ?? false,
    updatedAt: new Date().toISOString(),
  };
  const paths = tenantPaths(sitesDir, slug);
  mkdirSync(paths.base, { recursive: true });
  writeFileAtomic(paths.status, `${JSON.stringify(status, null, 2)}\n`);
  return status;
}

/** The last feed taken in for a tenant (`<sites>/<slug>/feed-status.json`; kept apart from status.json, which jobs rewrite). */
export interface FeedStatus {
  at: string;
  /** File name, `webhook`, or `<file> (confirmed by operator)`. */
  source: string;
  kind: string;
  outcome: 'accepted' | 'rejected' | 'held' | 'confirmed' | 'discarded';
  read: number;
  valid: number;
  problems: number;
  reason?: string;
}

const feedStatusFile = (sitesDir: string, slug: string) => join(tenantPaths(sitesDir, slug).base, 'feed-status.json');

/** Record the last feed of a tenant. */
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
