/** The cars feature's SQL: page views and events such as a phone reveal. */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from '../../../platform/sql/db.ts';

/** Data access of the cars feature. */
export class CarsStore {
  readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** Count one view of a car page; returns the new total. `base` is the feed's own count. */
  async countView(tenant: string, carSlug: string, base: number): Promise<number> {
    const rows = await this.db.query<{ views: number }>(
      'INSERT INTO car_views (tenant, car_slug, views) VALUES ($1, $2, $3) ON CONFLICT (tenant, car_slug) DO UPDATE SET views = car_views.views + 1 RETURNING views',
      [tenant, carSlug, base + 1],
    );
    return Number(rows[0]!.views);
  }

  /** Record an event (phone reveal and the like). */
  async recordEvent(tenant: string, kind: string, carId: string | undefined, data: Record<string, unknown>, now: number): Promise<void> {
    await this.db.run('INSERT INTO events (id, tenant, kind, car_id, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [randomUUID(), tenant, kind, carId ?? null, JSON.stringify(data), now]);
  }

  /** Number of events of a kind (tests, ops). */
  async countEvents(tenant: string, kind: string): Promise<number> {
    const rows = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM events WHERE tenant = $1 AND kind = $2', [tenant, kind]);
    return Number(rows[0]?.n ?? 0);
  }
}
