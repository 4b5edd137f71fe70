/**
 * The reserved overlay in the state (docs/payments.md): one row per car a paid deposit marks
 * reserved, written by a lead API on any machine, removed when the feed catches up or on
 * refund; with the signature of the rows each tenant's live site was last built from, so a
 * poller that starts later still sees what changed meanwhile (reservation-watch.ts). The
 * tenant folder's reservations.json is the same interface's other adapter (folderReservations,
 * src/lib/vehicle/reservation-overlay.ts), for a lead API without the state (`npm start`).
 */
import { readReservationOverlay, settleReservationOverlay, type ReservationOverlay, type Reservations } from '../../lib/vehicle/reservation-overlay.ts';
import type { SqlDatabase } from '../../platform/sql/db.ts';

/** The reservation tables (migration 3 of the state). */
export const RESERVATION_TABLES = [
  'CREATE TABLE pipeline_reservations (tenant TEXT NOT NULL, car_id TEXT NOT NULL, reference TEXT NOT NULL, reserved_at TEXT NOT NULL, PRIMARY KEY (tenant, car_id))',
  'CREATE TABLE pipeline_reservations_built (tenant TEXT PRIMARY KEY, signature TEXT NOT NULL)',
];

/** A tenant's reserved rows as one comparable string (car id and reference of each, in car id order); '' for none. */
export function reservationSignature(overlay: ReservationOverlay): string {
  return Object.keys(overlay)
    .sort()
    .map((carId) => JSON.stringify([carId, overlay[carId]!.reference]))
    .join('');
}

export class ReservationStore implements Reservations {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** The reserved overlay of a tenant. */
  async of(slug: string): Promise<ReservationOverlay> {
    const rows = await this.db.query<{ car_id: string; reference: string; reserved_at: string }>(
      'SELECT car_id, reference, reserved_at FROM pipeline_reservations WHERE tenant = $1 ORDER BY car_id',
      [slug],
    );
    return Object.fromEntries(rows.map((row) => [row.car_id, { reference: row.reference, reserved_at: row.reserved_at }]));
  }

  /**
   * The overlay a build uses: the state's rows over the tenant folder's file (which a lead API
   * without the state writes), and the signature of the state's rows, recorded once live.
   */
  async forBuild(slug: string, tenantDir?: string): Promise<{ overlay: ReservationOverlay; signature: string }> {
    const rows = await this.of(slug);
    return { overlay: { ...(tenantDir ? readReservationOverlay(tenantDir) : {}), ...rows }, signature: reservationSignature(rows) };
  }

  /** Every tenant's rows as one comparable string (reservationSignature); a tenant without rows is absent. */
  async signatures(): Promise<Map<string, string>> {
    const rows = await this.db.query<{ tenant: string; car_id: string; reference: string }>('SELECT tenant, car_id, reference FROM pipeline_reservations');
    const byTenant = new Map<string, ReservationOverlay>();
    for (const row of rows) {
      const overlay = byTenant.get(row.tenant) ?? {};
      overlay[row.car_id] = { reference: row.reference, reserved_at: '' };
      byTenant.set(row.tenant, overlay);
    }
    return new Map([...byTenant].map(([tenant, overlay]) => [tenant, reservationSignature(overlay)]));
  }

  /** The signature of each tenant's rows its live site was last built from (recordBuilt); absent: built from none. */
  async builtSignatures(): Promise<Map<string, string>> {
    const rows = await this.db.query<{ tenant: string; signature: string }>('SELECT tenant, signature FROM pipeline_reservations_built');
    return new Map(rows.filter((row) => row.signature !== '').map((row) => [row.tenant, row.signature]));
  }

  /** A release of the tenant built from (or found unchanged against) the rows of this signature. */
  async recordBuilt(slug: string, signature: string): Promise<void> {
    await this.db.run(
      'INSERT INTO pipeline_reservations_built (tenant, signature) VALUES ($1, $2) ON CONFLICT (tenant) DO UPDATE SET signature = excluded.signature',
      [slug, signature],
    );
  }

  async reserveCar(slug: string, carId: string, reference: string, reservedAt: string): Promise<boolean> {
    const added = await this.db.run(
      'INSERT INTO pipeline_reservations (tenant, car_id, reference, reserved_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant, car_id) DO NOTHING',
      [slug, carId, reference, reservedAt],
    );
    return added > 0;
  }

  async unreserveCar(slug: string, carId: string, reference: string | null): Promise<boolean> {
    const removed =
      reference === null
        ? await this.db.run('DELETE FROM pipeline_reservations WHERE tenant = $1 AND car_id = $2', [slug, carId])
        : await this.db.run('DELETE FROM pipeline_reservations WHERE tenant = $1 AND car_id = $2 AND reference = $3', [slug, carId, reference]);
    return removed > 0;
  }

  /** Remove the entries an accepted feed now reflects; each delete names the reference it read, so a payment recorded meanwhile is kept. */
  async settle(slug: string, feedRecords: readonly unknown[]): Promise<string[]> {
    const overlay = await this.of(slug);
    const kept = settleReservationOverlay(overlay, feedRecords);
    const settled: string[] = [];
    for (const [carId, entry] of Object.entries(overlay)) {
      if (!kept[carId] && (await this.unreserveCar(slug, carId, entry.reference))) settled.push(carId);
    }
    return settled;
  }
}
