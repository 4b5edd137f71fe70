/**
 * The trade-in feature's SQL: evaluations started, updated and their photos stored (files
 * outside the database when an images folder is set). Reading an evaluation, its photo list
 * and the write of its row are shared (leads/evaluations.ts): the delivered lead carries
 * them, and a trade-in lead commits the offer its answers adjust with itself.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../platform/fs/atomic-file.ts';
import type { SqlDatabase } from '../../../platform/sql/db.ts';
import { writeEvaluation, type Evaluation, type EvaluationPatch, type EvaluationReader } from '../../leads/evaluations.ts';

/** Data access of the trade-in feature. */
export class TradeInStore {
  readonly db: SqlDatabase;
  /** Trade-in photos are files here, named by image id; undefined: in the database (old rows, tests). */
  readonly imagesDir: string | undefined;
  readonly #evaluations: EvaluationReader;

  constructor(db: SqlDatabase, evaluations: EvaluationReader, imagesDir?: string) {
    this.db = db;
    this.imagesDir = imagesDir;
    this.#evaluations = evaluations;
  }

  /** Start an evaluation. */
  async createEvaluation(evaluation: Omit<Evaluation, 'image_count' | 'contact' | 'offer_price' | 'km'>, now: number): Promise<void> {
    await this.db.run(
      'INSERT INTO evaluations (id, tenant, rego, state, vin, description, vehicle, image_count, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $8)',
      [evaluation.id, evaluation.tenant, evaluation.rego, evaluation.state, evaluation.vin, evaluation.description, evaluation.vehicle ? JSON.stringify(evaluation.vehicle) : null, now],
    );
  }

  /** Update the chosen vehicle, odometer, contact or offer of an evaluation (writeEvaluation: the one write of its row). */
  async updateEvaluation(tenant: string, id: string, patch: EvaluationPatch, now: number): Promise<void> {
    const current = await this.#evaluations.get(tenant, id);
    if (current) await writeEvaluation(this.db, current, patch, now);
  }

  /**
   * Store one image if the evaluation still has room and the tenant is within its quota
   * (atomic check-and-increment, so concurrent uploads cannot pass the limit). With an
   * images folder the bytes go to a file named by the image id (written first, removed when
   * refused) and the row keeps only the file name. Returns the new count, or why it was refused.
   */
  async addEvaluationImage(
    tenant: string,
    evaluationId: string,
    image: { mime: string; sha256: string; content: Uint8Array },
    maxImages: number,
    now: number,
    quotaBytes: number = Number.MAX_SAFE_INTEGER,
  ): Promise<number | 'full' | 'quota'> {
    const id = randomUUID();
    const file = this.imagesDir ? `${tenant}/${id}` : null;
    if (file) {
      const path = join(this.imagesDir!, file);
      mkdirSync(join(this.imagesDir!, tenant), { recursive: true });
      writeFileAtomic(path, image.content, { mode: 0o600 });
    }
    const outcome = await this.db
      .transaction(async (tx): Promise<number | 'full' | 'quota'> => {
        const used = await tx.query<{ n: number | null }>('SELECT SUM(bytes) AS n FROM evaluation_images WHERE tenant = $1', [tenant]);
        if (Number(used[0]?.n ?? 0) + image.content.byteLength > quotaBytes) return 'quota';
        const changed = await tx.run('UPDATE evaluations SET image_count = image_count + 1, updated_at = $1 WHERE id = $2 AND tenant = $3 AND image_count < $4', [now, evaluationId, tenant, maxImages]);
        if (changed === 0) return 'full';
        await tx.run('INSERT INTO evaluation_images (id, evaluation_id, tenant, mime, bytes, sha256, content, created_at, file) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
          id,
          evaluationId,
          tenant,
          image.mime,
          image.content.byteLength,
          image.sha256,
          file ? new Uint8Array(0) : image.content,
          now,
          file,
        ]);
        const rows = await tx.query<{ image_count: number }>('SELECT image_count FROM evaluations WHERE id = $1', [evaluationId]);
        return Number(rows[0]!.image_count);
      })
      .catch((error: unknown) => {
        if (file) rmSync(join(this.imagesDir!, file), { force: true });
        throw error;
      });
    if (typeof outcome !== 'number' && file) rmSync(join(this.imagesDir!, file), { force: true });
    return outcome;
  }

  /** One image of a tenant with its bytes (signed photo links). */
  async evaluationImage(tenant: string, imageId: string): Promise<{ mime: string; content: Uint8Array } | undefined> {
    const rows = await this.db.query('SELECT mime, content, file FROM evaluation_images WHERE tenant = $1 AND id = $2', [tenant, imageId]);
    const row = rows[0];
    if (!row) return undefined;
    if (typeof row.file === 'string' && row.file !== '') {
      if (!this.imagesDir) return undefined;
      try {
        return { mime: String(row.mime), content: readFileSync(join(this.imagesDir, row.file)) };
      } catch {
        return undefined;
      }
    }
    return { mime: String(row.mime), content: row.content as Uint8Array };
  }
}
