/**
 * Retention (docs/lead-api.md "Retention", `npm run purge`): what a tenant's settings no
 * longer allow is deleted, rows first and photo files after, so a crash never leaves a
 * row without its file. Covers tenants whose folder is gone too.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlDatabase } from '../../platform/sql/db.ts';

/** Deletes a tenant's expired rows and trade-in photo files. */
export class Retention {
  readonly #db: SqlDatabase;
  /** Trade-in photo files live here (undefined: in the database). */
  readonly #imagesDir: string | undefined;

  constructor(db: SqlDatabase, imagesDir?: string) {
    this.#db = db;
    this.#imagesDir = imagesDir;
  }

  /** Every tenant slug that has rows (purge also covers tenants whose folder is gone). */
  async tenantsWithData(): Promise<string[]> {
    const rows = await this.#db.query<{ tenant: string }>('SELECT tenant FROM leads UNION SELECT tenant FROM evaluations UNION SELECT tenant FROM messages UNION SELECT tenant FROM users');
    return rows.map((row) => String(row.tenant)).sort();
  }

  /**
   * Delete what a tenant's retention no longer allows: trade-in photos created before
   * `photosBefore` (files too); leads, evaluations, their deliveries, extra data and
   * bookings, recorded messages and events created before `leadsBefore`; and the
   * short-lived rows (used or expired sign-in codes, ended sessions, SMS cap records older
   * than a week) whatever the setting. Resolves to the counts deleted.
   */
  async purgeTenant(tenant: string, cutoffs: { leadsBefore: number; photosBefore: number; now: number }, dryRun = false): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const files: string[] = [];
    const oldImages = `evaluation_images WHERE tenant = $1 AND (created_at < $2 OR evaluation_id IN (SELECT id FROM evaluations WHERE tenant = $1 AND created_at < $3))`;
    const oldLeads = 'SELECT id FROM leads WHERE tenant = $1 AND created_at < $2';
    const oldEvaluations = 'SELECT id FROM evaluations WHERE tenant = $1 AND created_at < $2';
    const steps: [string, string, unknown[]][] = [
      ['trade_in_photos', `DELETE FROM ${oldImages}`, [tenant, cutoffs.photosBefore, cutoffs.leadsBefore]],
      ['deliveries', `DELETE FROM deliveries WHERE tenant = $1 AND lead_id IN (${oldLeads})`, [tenant, cutoffs.leadsBefore]],
      ['miscellaneous', `DELETE FROM miscellaneous WHERE tenant = $1 AND (created_at < $2 OR lead_id IN (${oldLeads}) OR evaluation_id IN (${oldEvaluations}))`, [tenant, cutoffs.leadsBefore]],
      ['appointments', `DELETE FROM appointments WHERE tenant = $1 AND lead_id IN (${oldLeads})`, [tenant, cutoffs.leadsBefore]],
      ['leads', 'DELETE FROM leads WHERE tenant = $1 AND created_at < $2', [tenant, cutoffs.leadsBefore]],
      ['evaluations', 'DELETE FROM evaluations WHERE tenant = $1 AND created_at < $2', [tenant, cutoffs.leadsBefore]],
      ['messages', 'DELETE FROM messages WHERE tenant = $1 AND created_at < $2', [tenant, cutoffs.leadsBefore]],
      ['events', 'DELETE FROM events WHERE tenant = $1 AND created_at < $2', [tenant, cutoffs.leadsBefore]],
      ['sign_in_codes', 'DELETE FROM sign_in_codes WHERE tenant = $1 AND (used_at IS NOT NULL OR expires_at < $2)', [tenant, cutoffs.now]],
      ['sessions', 'DELETE FROM sessions WHERE tenant = $1 AND expires_at < $2', [tenant, cutoffs.now]],
      ['sms_log', 'DELETE FROM sms_log WHERE tenant = $1 AND created_at < $2', [tenant, cutoffs.now - 7 * 86_400_000]],
      ['unsubscribe_requests', 'DELETE FROM unsubscribe_requests WHERE tenant = $1 AND created_at < $2', [tenant, cutoffs.now - 7 * 86_400_000]],
    ];
    await this.#db.transaction(async (tx) => {
      const images = await tx.query<{ file: string | null }>(`SELECT file FROM ${oldImages}`, [tenant, cutoffs.photosBefore, cutoffs.leadsBefore]);
      for (const image of images) if (image.file) files.push(String(image.file));
      for (const [name, sql, params] of steps) {
        if (dryRun) {
          const select = sql.replace(/^DELETE FROM (\w+)/, 'SELECT COUNT(*) AS n FROM $1');
          counts[name] = Number((await tx.query<{ n: number }>(select, params as never))[0]?.n ?? 0);
        } else counts[name] = await tx.run(sql, params as never);
      }
    });
    // Files go after the rows are gone (a crash in between leaves an orphan file, never a row without its file).
    if (!dryRun && this.#imagesDir) for (const file of files) rmSync(join(this.#imagesDir, file), { force: true });
    return counts;
  }
}
