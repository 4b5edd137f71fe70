/**
 * Held feeds in the state: a feed the mass-change guard stopped, with its bytes (base64 text:
 * one column type on SQLite and PostgreSQL), its description and dry-run report, until an
 * operator decides it. Decided rows stay as history; deciding is a claim (only an undecided
 * row changes), so two operators or processes decide a feed once.
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';
import type { HeldFeed } from './records.ts';

/** The held-feed table (migration 2 of the state). */
export const HELD_FEED_TABLES = [
  'CREATE TABLE pipeline_held_feeds (tenant TEXT NOT NULL, id TEXT NOT NULL, description TEXT NOT NULL, feed TEXT NOT NULL, report TEXT NOT NULL, outcome TEXT, decided_at TEXT, PRIMARY KEY (tenant, id))',
];

export class HeldFeedStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** Keep a held feed (its description, bytes and dry-run report) for an operator's decision. */
  async add(feed: HeldFeed, bytes: Uint8Array, report: string): Promise<void> {
    await this.db.run('INSERT INTO pipeline_held_feeds (tenant, id, description, feed, report) VALUES ($1, $2, $3, $4, $5)', [
      feed.tenant,
      feed.id,
      JSON.stringify(feed),
      Buffer.from(bytes).toString('base64'),
      report,
    ]);
  }

  /** Held feeds of a tenant awaiting a decision, oldest first. */
  async pending(slug: string): Promise<HeldFeed[]> {
    const rows = await this.db.query<{ description: string }>('SELECT description FROM pipeline_held_feeds WHERE tenant = $1 AND outcome IS NULL ORDER BY id', [
      slug,
    ]);
    return rows.map((row) => JSON.parse(row.description) as HeldFeed);
  }

  /** One held feed (awaiting a decision or decided) with its bytes and report, or null. */
  async get(slug: string, id: string): Promise<{ feed: HeldFeed; bytes: Buffer; report: string } | null> {
    const rows = await this.db.query<{ description: string; feed: string; report: string }>(
      'SELECT description, feed, report FROM pipeline_held_feeds WHERE tenant = $1 AND id = $2',
      [slug, id],
    );
    const row = rows[0];
    return row ? { feed: JSON.parse(row.description) as HeldFeed, bytes: Buffer.from(row.feed, 'base64'), report: row.report } : null;
  }

  /** Decide a held feed: record the outcome and return it with its bytes, or null when it is unknown or already decided. */
  async close(slug: string, id: string, outcome: NonNullable<HeldFeed['outcome']>, note?: string): Promise<{ feed: HeldFeed; bytes: Buffer } | null> {
    const decidedAt = new Date().toISOString();
    const changed = await this.db.run('UPDATE pipeline_held_feeds SET outcome = $1, decided_at = $2 WHERE tenant = $3 AND id = $4 AND outcome IS NULL', [
      outcome,
      decidedAt,
      slug,
      id,
    ]);
    if (changed !== 1) return null;
    const held = await this.get(slug, id);
    if (!held) return null;
    const feed: HeldFeed = { ...held.feed, outcome, decidedAt, ...(note ? { note } : {}) };
    await this.db.run('UPDATE pipeline_held_feeds SET description = $1 WHERE tenant = $2 AND id = $3', [JSON.stringify(feed), slug, id]);
    return { feed, bytes: held.bytes };
  }
}
