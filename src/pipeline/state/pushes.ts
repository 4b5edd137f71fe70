/**
 * Feed pushes already accepted, in the state: a push's signature is kept until its timestamp
 * leaves the webhook's window, so a captured push is taken in once, whatever intake it reaches
 * and across restarts. Recording it is the claim: two intakes given one push at once take it once.
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';

/** The seen-push table (migration 5 of the state). */
export const SEEN_PUSH_TABLES = [
  'CREATE TABLE pipeline_seen_pushes (tenant TEXT NOT NULL, signature TEXT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (tenant, signature))',
  'CREATE INDEX pipeline_seen_pushes_expiry ON pipeline_seen_pushes (expires_at)',
];

export class SeenPushStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** Record a tenant's push signature until `expiresAt` (ms): true when it is new, false when it was seen already (a replay). Expired ones are dropped first. */
  async firstSeen(slug: string, signature: string, expiresAt: number, now: number): Promise<boolean> {
    await this.db.run('DELETE FROM pipeline_seen_pushes WHERE expires_at <= $1', [now]);
    const inserted = await this.db.run(
      'INSERT INTO pipeline_seen_pushes (tenant, signature, expires_at) VALUES ($1, $2, $3) ON CONFLICT (tenant, signature) DO NOTHING',
      [slug, signature, expiresAt],
    );
    return inserted > 0;
  }

  /** Forget a tenant's push signature (the push was not applied: the sender may send it again). */
  async forget(slug: string, signature: string): Promise<void> {
    await this.db.run('DELETE FROM pipeline_seen_pushes WHERE tenant = $1 AND signature = $2', [slug, signature]);
  }
}
