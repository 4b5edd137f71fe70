/**
 * Held feeds (issue 18 §4): a feed stopped by the mass-change guard waits in
 * `<sites>/<slug>/held/` - the original bytes, a JSON description and the dry-run report -
 * until an operator confirms it (it is then taken in as if it had just arrived) or
 * discards it. Decided feeds move to `held/closed/` so the history stays on disk.
 * The sites directory is shared by every pipeline process, like the status file.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeedKind } from './feeds.ts';
import type { MassChange } from './mass-change.ts';
import { tenantPaths, writeFileAtomic } from './releases.ts';

/** A feed awaiting an operator's decision. */
export interface HeldFeed {
  id: string;
  tenant: string;
  /** File name of a dropped feed, or `webhook`. */
  source: string;
  kind: FeedKind;
  /** ISO time it was held. */
  at: string;
  /** Stored copy of the feed, beside this description. */
  file: string;
  visibleBefore: number;
  visibleAfter: number;
  removed: number;
  /** Some of the ids it would take off the site. */
  removedIds: string[];
  reason: string;
  /** Set once decided: confirmed, discarded or superseded (by a newer complete feed). */
  outcome?: 'confirmed' | 'discarded' | 'superseded';
  decidedAt?: string;
  note?: string;
}

const ID = /^\d{8}T\d{9}Z-[0-9a-f]{4}$/;

/** Folder of a tenant's held feeds. */
export function heldDir(sitesDir: string, slug: string): string {
  return join(tenantPaths(sitesDir, slug).base, 'held');
}

/** Keep a feed for an operator's decision; returns its description. */
export function holdFeed(sitesDir: string, slug: string, feed: { source: string; kind: FeedKind; bytes: Uint8Array; change: MassChange; report: string }): HeldFeed {
  const dir = heldDir(sitesDir, slug);
  mkdirSync(dir, { recursive: true });
  const id = `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(2).toString('hex')}`;
  const extension = /\.[a-z0-9]{1,5}$/i.exec(feed.source)?.[0] ?? '.json';
  const held: HeldFeed = {
    id,
    tenant: slug,
    source: feed.source,
    kind: feed.kind,
    at: new Date().toISOString(),
    file: `${id}.feed${extension}`,
    visibleBefore: feed.change.visibleBefore,
    visibleAfter: feed.change.visibleAfter,
    removed: feed.change.removed.length,
    removedIds: feed.change.removed.slice(0, 20),
    reason: feed.change.reason ?? 'held by the mass-change guard',
  };
  writeFileSync(join(dir, held.file), feed.bytes);
  writeFileSync(join(dir, `${id}.report.txt`), feed.report);
  writeFileAtomic(join(dir, `${id}.json`), `${JSON.stringify(held, null, 2)}\n`);
  return held;
}

/** Feeds of a tenant awaiting a decision, oldest first. */
export function listHeldFeeds(sitesDir: string, slug: string): HeldFeed[] {
  const dir = heldDir(sitesDir, slug);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => ID.test(name.replace(/\.json$/, '')) && name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(dir, name), 'utf8')) as HeldFeed];
      } catch {
        return [];
      }
    });
}

/** One held feed with its bytes, or null (unknown or already decided). */
export function readHeldFeed(sitesDir: string, slug: string, id: string): { feed: HeldFeed; bytes: Buffer } | null {
  if (!ID.test(id)) return null;
  const dir = heldDir(sitesDir, slug);
  const description = join(dir, `${id}.json`);
  if (!existsSync(description)) return null;
  const feed = JSON.parse(readFileSync(description, 'utf8')) as HeldFeed;
  return { feed, bytes: readFileSync(join(dir, feed.file)) };
}

/**
 * Decide a held feed: move it to `held/closed/` with the outcome and return it with its
 * bytes, or null when it is unknown or already decided. Moving the description is the
 * claim, so two operators pressing the button at once decide it only once.
 */
export function closeHeldFeed(sitesDir: string, slug: string, id: string, outcome: NonNullable<HeldFeed['outcome']>, note?: string): { feed: HeldFeed; bytes: Buffer } | null {
  if (!ID.test(id)) return null;
  const dir = heldDir(sitesDir, slug);
  const closed = join(dir, 'closed');
  mkdirSync(closed, { recursive: true });
  const description = join(closed, `${id}.json`);
  try {
    renameSync(join(dir, `${id}.json`), description);
  } catch {
    return null;
  }
  const feed: HeldFeed = { ...(JSON.parse(readFileSync(description, 'utf8')) as HeldFeed), outcome, decidedAt: new Date().toISOString(), ...(note ? { note } : {}) };
  writeFileAtomic(description, `${JSON.stringify(feed, null, 2)}\n`);
  for (const name of [feed.file, `${id}.report.txt`]) if (existsSync(join(dir, name))) renameSync(join(dir, name), join(closed, name));
  return { feed, bytes: readFileSync(join(closed, feed.file)) };
}
