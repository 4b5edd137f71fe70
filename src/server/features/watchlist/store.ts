/** The watchlist feature's SQL: a signed-in phone's saved cars. */
import type { SqlDatabase } from '../../../platform/sql/db.ts';

/** Data access of the watchlist feature. */
export class WatchlistStore {
  readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** Add a car to a phone's watchlist (no-op when present). */
  async saveToWatchlist(tenant: string, phone: string, carId: string, now: number): Promise<void> {
    await this.db.run('INSERT INTO watchlist (tenant, phone, car_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant, phone, car_id) DO NOTHING', [tenant, phone, carId, now]);
  }

  /** Remove a car from a phone's watchlist; true when it was there. */
  async removeFromWatchlist(tenant: string, phone: string, carId: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM watchlist WHERE tenant = $1 AND phone = $2 AND car_id = $3', [tenant, phone, carId])) > 0;
  }

  /** Car ids on a phone's watchlist, latest first. */
  async watchlist(tenant: string, phone: string): Promise<string[]> {
    const rows = await this.db.query<{ car_id: string }>('SELECT car_id FROM watchlist WHERE tenant = $1 AND phone = $2 ORDER BY created_at DESC, car_id', [tenant, phone]);
    return rows.map((row) => String(row.car_id));
  }
}
