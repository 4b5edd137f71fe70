/**
 * Per-tenant pointers in the state: the live release every worker builds on, the rollback
 * hold, the last job's status and the last feed. One row per tenant, one column each.
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';
import type { FeedStatus, ReleaseHold, TenantStatus } from './records.ts';

/** The tenant table (migration 1 of the state). */
export const TENANT_TABLES = ['CREATE TABLE pipeline_tenants (tenant TEXT PRIMARY KEY, live TEXT, hold TEXT, status TEXT, feed_status TEXT)'];

/** Columns of pipeline_tenants (names put into SQL text: never from input). */
type TenantColumn = 'live' | 'hold' | 'status' | 'feed_status';

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

  setLive(slug: string, id: string): Promise<void> {
    return this.setValue(slug, 'live', id);
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
