/**
 * Reading a trade-in evaluation and its photo list, and the one write of an evaluation's row
 * (writeEvaluation): the lead that finishes an instant offer carries them to the dealer (the
 * outbox, the thank-you SMS), and commits the offer its answers adjust with the lead, so both
 * are shared. Starting an evaluation and its photos are the trade-in feature's
 * (features/trade-in/store.ts), whose updates go through writeEvaluation.
 */
import type { SqlDatabase, SqlExecutor } from '../../platform/sql/db.ts';

/** A trade-in evaluation (instant offer) in progress. */
export interface Evaluation {
  id: string;
  tenant: string;
  rego: string | null;
  state: string | null;
  vin: string | null;
  description: string | null;
  vehicle: Record<string, unknown> | null;
  km: number | null;
  contact: Record<string, unknown> | null;
  offer_price: number | null;
  image_count: number;
}

/** What an update of an evaluation changes; a field left out keeps its value (offer_price null clears the offer: an over-limit car gets none). */
export interface EvaluationPatch {
  vin?: string | null;
  description?: string | null;
  vehicle?: Record<string, unknown>;
  km?: number;
  contact?: Record<string, unknown>;
  offer_price?: number | null;
}

/** Update `current` (as read) by `patch`, through `executor`: the database, or the transaction of the lead that adjusts its offer. */
export async function writeEvaluation(executor: SqlExecutor, current: Evaluation, patch: EvaluationPatch, now: number): Promise<void> {
  await executor.run('UPDATE evaluations SET vin = $1, description = $2, vehicle = $3, km = $4, contact = $5, offer_price = $6, updated_at = $7 WHERE id = $8 AND tenant = $9', [
    patch.vin !== undefined ? patch.vin : current.vin,
    patch.description !== undefined ? patch.description : current.description,
    JSON.stringify(patch.vehicle ?? current.vehicle),
    patch.km ?? current.km,
    JSON.stringify(patch.contact ?? current.contact),
    patch.offer_price !== undefined ? patch.offer_price : current.offer_price,
    now,
    current.id,
    current.tenant,
  ]);
}

/** Reads of the evaluations and evaluation_images tables, scoped by tenant. */
export class EvaluationReader {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /** One evaluation of a tenant. An id with a NUL names none (PostgreSQL text cannot hold one and would refuse the query). */
  async get(tenant: string, id: string): Promise<Evaluation | undefined> {
    if (id.includes('\u0000')) return undefined;
    const rows = await this.#db.query('SELECT id, tenant, rego, state, vin, description, vehicle, km, contact, offer_price, image_count FROM evaluations WHERE id = $1 AND tenant = $2', [id, tenant]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: String(row.id),
      tenant: String(row.tenant),
      rego: (row.rego as string | null) ?? null,
      state: (row.state as string | null) ?? null,
      vin: (row.vin as string | null) ?? null,
      description: (row.description as string | null) ?? null,
      vehicle: row.vehicle ? (JSON.parse(String(row.vehicle)) as Record<string, unknown>) : null,
      km: row.km === null || row.km === undefined ? null : Number(row.km),
      contact: row.contact ? (JSON.parse(String(row.contact)) as Record<string, unknown>) : null,
      offer_price: row.offer_price === null || row.offer_price === undefined ? null : Number(row.offer_price),
      image_count: Number(row.image_count),
    };
  }

  /** Images of an evaluation (metadata only). */
  async images(tenant: string, evaluationId: string): Promise<{ id: string; mime: string; bytes: number; sha256: string }[]> {
    const rows = await this.#db.query('SELECT id, mime, bytes, sha256 FROM evaluation_images WHERE tenant = $1 AND evaluation_id = $2 ORDER BY created_at, id', [tenant, evaluationId]);
    return rows.map((row) => ({ id: String(row.id), mime: String(row.mime), bytes: Number(row.bytes), sha256: String(row.sha256) }));
  }
}
