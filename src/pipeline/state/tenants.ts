/**
 * Per-tenant pointers in the state: the live release every worker builds on and when it was
 * set, the sequence of the accepted stock the live site reflects, the rollback hold, the last
 * job's status and the last feed. One row per tenant, one column each. `behind` is the
 * reconciler's question: which tenants have accepted stock their live site does not show yet.
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';
import type { FeedStatus, ReleaseHold, TenantStatus } from './records.ts';

/** The tenant table (migration 1 of the state). */
export const TENANT_TABLES = ['CREATE TABLE pipeline_tenants (tenant TEXT PRIMARY KEY, live TEXT, hold TEXT, status TEXT, feed_status TEXT)'];
/** The stock sequence the live site reflects (migration 4). */
export const TENANT_BUILT_COLUMN = ['ALTER TABLE pipeline_tenants ADD COLUMN built_seq BIGINT'];
/** When the live pointer was set (migration 8): written with the pointer, so no reader sees one without the other. */
export const TENANT_LIVE_AT_COLUMN = ['ALTER TABLE pipeline_tenants ADD COLUMN live_at TEXT'];

/** Columns of pipeline_tenants (names put into SQL text: never from input). */
type TenantColumn = 'live' | 'hold' | 'status' | 'feed_status';

/** A tenant whose live site does not reflect its accepted stock (or whose search index is behind it). */
export interface BehindTenant {
  tenant: string;
  /** The accepted stock's sequence. */
  seq: number;
  /** The sequence the live site was built from (null: not known, e.g. published before it was recorded). */
  built: number | null;
  /** Held on a rolled-back release: not to be rebuilt. */
  held: boolean;
  /** The last job published the release but its search sync failed. */
  searchBehind: boolean;
  /** The last job failed on a file of the tenant folder (StatusEntry.config): the file and its hash then. */
  configFailure?: { file: string; hash: string };
}

export class TenantStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  private async value(slug: string, column: TenantColumn): Promise<string | null> {
    const rows = await this.db.query<Record<TenantColumn, string | null>>(`SELECT ${column} FROM pipeline_tenants WHERE tenant = $1`, [slug]);
    return rows[0]?.[column] ?? null;
  }

  private async setValue(slug: string, column: TenantColumn, value: string | null): Promise<void> {
    await this.db.run(`INSERT INTO pipeline_tenants (tenant, ${column}) VALUES ($1, $2) ON CONFLICT (tenant) DO UPDATE SET ${column} = excluded.${column}`, [
      slug,
      value,
    ]);
  }

  private async json<T>(slug: string, column: TenantColumn): Promise<T | null> {
    const text = await this.value(slug, column);
    return text === null ? null : (JSON.parse(text) as T);
  }

  /** The live release of a tenant (the pointer every worker builds on), or null. */
  live(slug: string): Promise<string | null> {
    return this.value(slug, 'live');
  }

  /** The live release and when the pointer was set to it (null: not recorded, a pointer set before it was), or null. */
  async livePointer(slug: string): Promise<{ release: string; at: string | null } | null> {
    const rows = await this.db.query<{ live: string | null; live_at: string | null }>('SELECT live, live_at FROM pipeline_tenants WHERE tenant = $1', [slug]);
    const [row] = rows;
    return row?.live ? { release: row.live, at: row.live_at } : null;
  }

  /**
   * Point the tenant at a release: `builtSeq`, the accepted stock's sequence it was built from;
   * `at`, when the pointer switched (default now; null when not known, a release adopted from a disk).
   */
  async setLive(slug: string, id: string, builtSeq?: number, at: string | null = new Date().toISOString()): Promise<void> {
    if (builtSeq === undefined) {
      await this.db.run(
        'INSERT INTO pipeline_tenants (tenant, live, live_at) VALUES ($1, $2, $3) ON CONFLICT (tenant) DO UPDATE SET live = excluded.live, live_at = excluded.live_at',
        [slug, id, at],
      );
      return;
    }
    await this.db.run(
      'INSERT INTO pipeline_tenants (tenant, live, live_at, built_seq) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant) DO UPDATE SET live = excluded.live, live_at = excluded.live_at, built_seq = excluded.built_seq',
      [slug, id, at, builtSeq],
    );
  }

  /** The live site reflects the accepted stock up to `seq` (a job found nothing to change). */
  async setBuilt(slug: string, seq: number): Promise<void> {
    await this.db.run('INSERT INTO pipeline_tenants (tenant, built_seq) VALUES ($1, $2) ON CONFLICT (tenant) DO UPDATE SET built_seq = excluded.built_seq', [slug, seq]);
  }

  /** Tenants whose live site is behind their accepted stock, or whose last release's search sync failed. */
  async behind(): Promise<BehindTenant[]> {
    const rows = await this.db.query<{ tenant: string; seq: number | string; built_seq: number | string | null; hold: string | null; status: string | null }>(
      'SELECT s.tenant, s.seq, t.built_seq, t.hold, t.status FROM pipeline_stock s LEFT JOIN pipeline_tenants t ON t.tenant = s.tenant ORDER BY s.tenant',
    );
    return rows
      .map((row) => {
        const status = row.status ? (JSON.parse(row.status) as Partial<TenantStatus>) : undefined;
        const outcome = status?.lastOutcome;
        const built = row.built_seq === null ? null : Number(row.built_seq);
        const config = outcome === 'failed' ? status?.lastFailure?.config : undefined;
        return {
          tenant: row.tenant,
          seq: Number(row.seq),
          built,
          held: row.hold !== null,
          searchBehind: outcome === 'published-search-failed',
          ...(config ? { configFailure: config } : {}),
        };
      })
      .filter((row) => row.built === null || row.built < row.seq || row.searchBehind);
  }

  /** The rollback hold of a tenant, or null. */
  hold(slug: string): Promise<ReleaseHold | null> {
    return this.json<ReleaseHold>(slug, 'hold');
  }

  setHold(slug: string, hold: ReleaseHold | null): Promise<void> {
    return this.setValue(slug, 'hold', hold ? JSON.stringify(hold) : null);
  }

  /** The last job's status of a tenant (state/status.ts), or null. */
  status(slug: string): Promise<TenantStatus | null> {
    return this.json<TenantStatus>(slug, 'status');
  }

  setStatus(slug: string, status: TenantStatus): Promise<void> {
    return this.setValue(slug, 'status', JSON.stringify(status));
  }

  /** The last feed of a tenant, or null. */
  feedStatus(slug: string): Promise<FeedStatus | null> {
    return this.json<FeedStatus>(slug, 'feed_status');
  }

  setFeedStatus(slug: string, feed: FeedStatus): Promise<void> {
    return this.setValue(slug, 'feed_status', JSON.stringify(feed));
  }
}
