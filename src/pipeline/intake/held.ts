/**
 * Held feeds: a feed stopped by the mass-change guard waits
 * in the pipeline state (src/pipeline/state/store.ts: SQLite locally, PostgreSQL with
 * DATABASE_URL) - the original bytes, a JSON description and the dry-run report - until an
 * operator confirms it (it is then taken in as if it had just arrived) or discards it. Any
 * intake or worker process, on any machine sharing the state, lists and decides it; a
 * decided feed keeps its row with the outcome, so the history stays in the state.
 */
import { randomBytes } from 'node:crypto';
import type { FeedKind } from './read/feeds.ts';
import type { MassChange } from './guard.ts';
import type { HeldFeed } from '../state/records.ts';
import type { PipelineState } from '../state/store.ts';

export type { HeldFeed } from '../state/records.ts';

const ID = /^\d{8}T\d{9}Z-[0-9a-f]{4}$/;

/** Keep a feed for an operator's decision; returns its description. */
export async function holdFeed(state: PipelineState, slug: string, feed: { source: string; kind: FeedKind; bytes: Uint8Array; change: MassChange; report: string }): Promise<HeldFeed> {
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
  await state.heldFeeds.add(held, feed.bytes, feed.report);
  return held;
}

/** Feeds of a tenant awaiting a decision, oldest first. */
export function listHeldFeeds(state: PipelineState, slug: string): Promise<HeldFeed[]> {
  return state.heldFeeds.pending(slug);
}

/** One held feed with its bytes and dry-run report (awaiting a decision or decided), or null. */
export async function readHeldFeed(state: PipelineState, slug: string, id: string): Promise<{ feed: HeldFeed; bytes: Buffer; report: string } | null> {
  return ID.test(id) ? state.heldFeeds.get(slug, id) : null;
}

/**
 * Decide a held feed: record the outcome and return it with its bytes, or null when it is
 * unknown or already decided. Recording the outcome is the claim, so two operators (or two
 * processes) pressing the button at once decide it only once.
 */
export async function closeHeldFeed(state: PipelineState, slug: string, id: string, outcome: NonNullable<HeldFeed['outcome']>, note?: string): Promise<{ feed: HeldFeed; bytes: Buffer } | null> {
  return ID.test(id) ? state.heldFeeds.close(slug, id, outcome, note) : null;
}
