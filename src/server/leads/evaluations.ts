/**
 * Reading a trade-in evaluation and its photo list: the lead that finishes an instant
 * offer carries them to the dealer (the outbox, the thank-you SMS), so the read is shared;
 * starting and updating an evaluation is the trade-in feature's (features/trade-in/store.ts).
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';

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
