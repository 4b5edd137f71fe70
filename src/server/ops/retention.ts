/**
 * Retention (docs/lead-api.md "Retention", `npm run purge`): what a tenant's settings no
 * longer allow is deleted, rows first and photo files after, so a crash never leaves a
 * row without its file. Covers tenants whose folder is gone too.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { spinMonth } from '../../lib/marketing/spin-to-win.ts';
import type { SqlDatabase } from '../../platform/sql/db.ts';
import type { Retention as RetentionSettings } from '../../schemas/lead-delivery.ts';

/** What a purge deletes: created before `leadsBefore` / `photosBefore`; Spin to Win spins of `spinMonth` and later keep their digest. */
export interface RetentionCutoffs {
  leadsBefore: number;
  photosBefore: number;
  now: number;
  /**
   * The dealer's month ('YYYY-MM'): its spins are the once-a-month rule (docs/spin-to-win.md "Retention").
   * Undefined for a tenant whose folder is gone: it takes no spin, so no month is kept.
   */
  spinMonth: string | undefined;
}

const DAY = 86_400_000;

/** A tenant's cutoffs at `now`: its retention settings and its time zone (site.json; undefined when the folder is gone). */
export function retentionCutoffs(retention: RetentionSettings, timeZone: string | undefined, now: number): RetentionCutoffs {
  return {
    leadsBefore: now - retention.leads_days * DAY,
    photosBefore: now - retention.trade_in_photos_days * DAY,
    now,
    spinMonth: timeZone === undefined ? undefined : spinMonth(now, timeZone),
  };
}

/** One purge step: the name its count is reported under, its DELETE or UPDATE and the parameters. */
type Step = [string, string, unknown[]];

/**
 * A spin holds the shopper's mobile number and entry: kept as long as the lead it made. One of the
 * dealer's month (or later) is the once-a-month rule: it keeps the prize, the month and the digest only.
 * With no month kept (the tenant's folder is gone) every old spin goes and no entry is stripped: months
 * are compared only with a real month, since how a stand-in such as '~' sorts depends on the collation.
 */
function spinSteps(tenant: string, cutoffs: RetentionCutoffs): Step[] {
  const old = 'tenant = $1 AND created_at < $2';
  if (cutoffs.spinMonth === undefined) return [['spin_to_win_spins', `DELETE FROM spin_to_win_spins WHERE ${old}`, [tenant, cutoffs.leadsBefore]]];
  const params = [tenant, cutoffs.leadsBefore, cutoffs.spinMonth];
  return [
    ['spin_to_win_spins', `DELETE FROM spin_to_win_spins WHERE ${old} AND (month < $3 OR phone_digest IS NULL)`, params],
    [
      'spin_to_win_entries',
      `UPDATE spin_to_win_spins SET phone = phone_digest, lead_values = '{}' WHERE ${old} AND month >= $3 AND phone <> phone_digest`,
      params,
    ],
  ];
}

/** The count a dry run reports for a step: the rows its DELETE or UPDATE would change. */
const countOf = (sql: string) =>
  sql.replace(/^DELETE FROM (\w+)/, 'SELECT COUNT(*) AS n FROM $1').replace(/^UPDATE (\w+) SET .+? WHERE /, 'SELECT COUNT(*) AS n FROM $1 WHERE ');

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
   * than a week) whatever the setting. A spin of `spinMonth` or later loses its mobile number
   * and entry instead (the keyed digest stays until its month is over). Resolves to the counts deleted.
   */
  async purgeTenant(tenant: string, cutoffs: RetentionCutoffs, dryRun = false): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const files: string[] = [];
    const oldImages = `evaluation_images WHERE tenant = $1 AND (created_at < $2 OR evaluation_id IN (SELECT id FROM evaluations WHERE tenant = $1 AND created_at < $3))`;
    const oldLeads = 'SELECT id FROM leads WHERE tenant = $1 AND created_at < $2';
    const oldEvaluations = 'SELECT id FROM evaluations WHERE tenant = $1 AND created_at < $2';
    const steps: Step[] = [
      ['trade_in_photos', `DELETE FROM ${oldImages}`, [tenant, cutoffs.photosBefore, cutoffs.leadsBefore]],
      ['deliveries', `DELETE FROM deliveries WHERE tenant = $1 AND lead_id IN (${oldLeads})`, [tenant, cutoffs.leadsBefore]],
      ['miscellaneous', `DELETE FROM miscellaneous WHERE tenant = $1 AND (created_at < $2 OR lead_id IN (${oldLeads}) OR evaluation_id IN (${oldEvaluations}))`, [tenant, cutoffs.leadsBefore]],
      ['appointments', `DELETE FROM appointments WHERE tenant = $1 AND lead_id IN (${oldLeads})`, [tenant, cutoffs.leadsBefore]],
      ['leads', 'DELETE FROM leads WHERE tenant = $1 AND created_at < $2', [tenant, cutoffs.leadsBefore]],
      ...spinSteps(tenant, cutoffs),
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
          counts[name] = Number((await tx.query<{ n: number }>(countOf(sql), params as never))[0]?.n ?? 0);
        } else counts[name] = await tx.run(sql, params as never);
      }
    });
    // Files go after the rows are gone (a crash in between leaves an orphan file, never a row without its file).
    if (!dryRun && this.#imagesDir) for (const file of files) rmSync(join(this.#imagesDir, file), { force: true });
    return counts;
  }
}
