/**
 * The leads feature's own SQL: the CSV export's pages and the
 * extra data pages post (POST /api/miscellaneous). Storing a lead with its delivery jobs is
 * the leads room's (src/server/leads/write.ts), because payments store leads too.
 */
import { randomUUID } from 'node:crypto';
import { lockInTransaction, type SqlDatabase, type SqlExecutor } from '../../../platform/sql/db.ts';
import { LEAD_COLUMNS, leadFromRow, type StoredLead } from '../../leads/row.ts';

/** Data access of the leads feature. */
export class LeadsStore {
  readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** A tenant's leads created in [from, to), oldest first, in keyset pages after (from, afterId) (for the CSV export). */
  async listLeads(tenant: string, options: { from?: number; to?: number; afterId?: string; limit?: number } = {}): Promise<StoredLead[]> {
    const rows = await this.db.query(
      `SELECT ${LEAD_COLUMNS} FROM leads WHERE tenant = $1 AND (created_at > $2 OR (created_at = $2 AND id > $4)) AND created_at < $3 ORDER BY created_at, id LIMIT $5`,
      [tenant, options.from ?? 0, options.to ?? Number.MAX_SAFE_INTEGER, options.afterId ?? '', options.limit ?? 1000],
    );
    return rows.map(leadFromRow);
  }

  /**
   * Store any extra data a page posts about a lead or evaluation (POST /api/miscellaneous), within
   * its quota; resolves to the row's id, or undefined when the quota is full. The count and the
   * insert are one transaction under the tenant's lock, so posts sent at once (to any API process)
   * cannot all pass the count.
   */
  async saveMiscellaneous(tenant: string, columnName: string, leadId: string | undefined, evaluationId: string | undefined, data: unknown, now: number): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      await lockInTransaction(tx, 'miscellaneous', tenant);
      if ((await this.miscellaneousQuota(tenant, leadId, evaluationId, now, tx)) !== 'ok') return undefined;
      const id = randomUUID();
      await tx.run('INSERT INTO miscellaneous (id, tenant, lead_id, evaluation_id, column_name, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        id,
        tenant,
        leadId ?? null,
        evaluationId ?? null,
        columnName,
        JSON.stringify(data),
        now,
      ]);
      return id;
    });
  }

  /** Whether another /api/miscellaneous row may be stored: 50 per lead or evaluation, 10,000 a day per tenant otherwise (read through `on`, the database or a transaction). */
  async miscellaneousQuota(tenant: string, leadId: string | undefined, evaluationId: string | undefined, now: number, on: SqlExecutor = this.db): Promise<'ok' | 'full'> {
    const rows =
      leadId || evaluationId
        ? await on.query<{ n: number }>('SELECT COUNT(*) AS n FROM miscellaneous WHERE tenant = $1 AND (lead_id = $2 OR evaluation_id = $3)', [tenant, leadId ?? '', evaluationId ?? ''])
        : await on.query<{ n: number }>('SELECT COUNT(*) AS n FROM miscellaneous WHERE tenant = $1 AND lead_id IS NULL AND evaluation_id IS NULL AND created_at > $2', [tenant, now - 86_400_000]);
    return Number(rows[0]?.n ?? 0) < (leadId || evaluationId ? 50 : 10_000) ? 'ok' : 'full';
  }
}
