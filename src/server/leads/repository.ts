/**
 * The lead and outbox SQL (DESIGN §6): reading leads (one, a count, a delivery round's),
 * the write through LeadWriter (write.ts), booked test-drives, and the deliveries
 * table the outbox worker leases, records and dead-letters. The same SQL runs on SQLite
 * and PostgreSQL (src/platform/sql/db.ts). Every lead read is scoped by tenant; the outbox reads
 * across tenants because one worker serves them all.
 */
import type { SqlDatabase, SqlExecutor, SqlValue } from '../../platform/sql/db.ts';
import type { DriveTime } from '../kernel/adapters.ts';
import { LEAD_COLUMNS, leadFromRow, type StoredLead } from './row.ts';
import { LeadWriter, bookingEnd, type LeadWrite, type LeadWriteResult } from './write.ts';

export type { StoredLead } from './row.ts';
export { leadKey, type LeadKey, type LeadWrite, type LeadWriteResult } from './write.ts';

/** Outbox state of one tenant for /api/health. */
export interface DeliveryHealth {
  pending: number;
  dead: number;
  /** ms since epoch of the oldest job still pending, or null. */
  oldest_pending_at: number | null;
}

/** An outbox job claimed for sending. */
export interface DeliveryJob {
  id: string;
  lead_id: string;
  tenant: string;
  destination: string;
  revision: number;
  idempotency_key: string;
  attempts: number;
}

/**
 * `column` is one of the ids in parameter $n (one statement for many ids): a text[] on
 * PostgreSQL (= ANY keeps the primary-key index scan in a prepared statement's generic
 * plan), a JSON array through json_each on SQLite. Pass the ids through idsParam.
 */
function idIn(db: SqlDatabase, column: string, n: number): string {
  return db.dialect === 'postgres' ? `${column} = ANY($${n}::text[])` : `${column} IN (SELECT value FROM json_each($${n}))`;
}

function idsParam(db: SqlDatabase, ids: readonly string[]): SqlValue {
  return db.dialect === 'postgres' ? ids : JSON.stringify(ids);
}

/** The leads table: the write, reads by tenant, and the test-drive slots booked with a lead. */
export class LeadRepository {
  readonly #db: SqlDatabase;
  readonly #writer: LeadWriter;

  constructor(db: SqlDatabase) {
    this.#db = db;
    this.#writer = new LeadWriter(db);
  }

  /** Store a new lead or a later step of one, with its delivery jobs (LeadWriter.save). */
  save(write: LeadWrite): Promise<LeadWriteResult> {
    return this.#writer.save(write);
  }

  /** One lead of a tenant. */
  async get(tenant: string, id: string): Promise<StoredLead | undefined> {
    const rows = await this.#db.query(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1 AND tenant = $2`, [id, tenant]);
    return rows[0] ? leadFromRow(rows[0]) : undefined;
  }

  /** Lead counts by tenant (ops and tests). */
  async count(tenant?: string): Promise<number> {
    const rows = tenant
      ? await this.#db.query<{ n: number }>('SELECT COUNT(*) AS n FROM leads WHERE tenant = $1', [tenant])
      : await this.#db.query<{ n: number }>('SELECT COUNT(*) AS n FROM leads');
    return Number(rows[0]?.n ?? 0);
  }

  /** The leads of a round of outbox jobs, by id, in one query (the jobs name their tenants). */
  async leadsForDelivery(jobs: readonly DeliveryJob[]): Promise<Map<string, StoredLead>> {
    if (jobs.length === 0) return new Map();
    const ids = [...new Set(jobs.map((job) => job.lead_id))];
    const rows = await this.#db.query(`SELECT ${LEAD_COLUMNS} FROM leads WHERE ${idIn(this.#db, 'id', 1)}`, [idsParam(this.#db, ids)]);
    return new Map(rows.map((row) => [String(row.id), leadFromRow(row)]));
  }

  /** The times of a car's booked test drives that start in [from, to) or hold it into that time; one stored without its end holds `unendedMs` (bookingEnd). */
  async bookedDrives(tenant: string, carId: string, from: number, to: number, unendedMs: number): Promise<DriveTime[]> {
    const rows = await this.#db.query<{ starts_at: number; ends_at: number }>(
      `SELECT starts_at, ${bookingEnd('$5')} AS ends_at FROM appointments WHERE tenant = $1 AND car_id = $2 AND starts_at < $3 AND (${bookingEnd('$5')} > $4 OR starts_at >= $4) ORDER BY starts_at`,
      [tenant, carId, to, from, unendedMs],
    );
    return rows.map((row) => ({ startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) }));
  }
}

/** The deliveries table: the outbox worker's queue, its outcomes and the dead letters. */
export class OutboxRepository {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /**
   * Lease up to `limit` due outbox jobs for `leaseMs`: a crashed sender's lease runs out and
   * another process (or the restarted one) takes the job over. SKIP LOCKED lets several
   * PostgreSQL workers claim different jobs at once.
   */
  async claimDeliveries(now: number, limit: number, leaseMs: number): Promise<DeliveryJob[]> {
    const skipLocked = this.#db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.#db.query(
      `UPDATE deliveries SET lease_until = $1 WHERE id IN (
         SELECT id FROM deliveries WHERE status = 'pending' AND next_attempt_at <= $2 AND lease_until <= $2
         ORDER BY next_attempt_at LIMIT $3${skipLocked})
       RETURNING id, lead_id, tenant, destination, revision, idempotency_key, attempts`,
      [now + leaseMs, now, limit],
    );
    return rows.map((row) => ({
      id: String(row.id),
      lead_id: String(row.lead_id),
      tenant: String(row.tenant),
      destination: String(row.destination),
      revision: Number(row.revision),
      idempotency_key: String(row.idempotency_key),
      attempts: Number(row.attempts),
    }));
  }

  /**
   * Which of `jobs` send a lead again: an earlier job (a lower revision) of the same lead was
   * delivered to the same destination. A multi-step form's first send is not one, though its
   * revision is not 1 (its first steps were not sent), nor a send after an earlier one that never
   * reached the dealer (dead-lettered, or still being tried).
   */
  async resends(jobs: readonly DeliveryJob[]): Promise<Set<string>> {
    if (jobs.length === 0) return new Set();
    const ids = [...new Set(jobs.map((job) => job.lead_id))];
    const rows = await this.#db.query(`SELECT lead_id, destination, MIN(revision) AS first FROM deliveries WHERE status = 'delivered' AND ${idIn(this.#db, 'lead_id', 1)} GROUP BY lead_id, destination`, [
      idsParam(this.#db, ids),
    ]);
    const first = new Map(rows.map((row) => [`${String(row.lead_id)}:${String(row.destination)}`, Number(row.first)]));
    return new Set(jobs.filter((job) => job.revision > (first.get(`${job.lead_id}:${job.destination}`) ?? job.revision)).map((job) => job.id));
  }

  /**
   * Record the outcome of a round of sends in one transaction (one commit for the whole round).
   * A failure marked `dead` (permanent 4xx, or the last allowed attempt) leaves the retry loop
   * for the dead-letter state, where only an operator's retry (retryDeadDeliveries) revives it.
   */
  async recordDeliveryOutcomes(delivered: readonly string[], failed: readonly { id: string; error: string; nextAttemptAt: number; dead?: boolean }[], now: number): Promise<void> {
    if (delivered.length === 0 && failed.length === 0) return;
    // Every delivered job of the round in one statement, atomic by itself (one round trip and one commit on PostgreSQL).
    const markDelivered = (executor: SqlExecutor) =>
      executor.run(`UPDATE deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = $1, lease_until = 0, last_error = NULL WHERE ${idIn(this.#db, 'id', 2)}`, [
        now,
        idsParam(this.#db, delivered),
      ]);
    if (failed.length === 0) {
      await markDelivered(this.#db);
      return;
    }
    await this.#db.transaction(async (tx) => {
      if (delivered.length > 0) await markDelivered(tx);
      for (const failure of failed) {
        await tx.run('UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = $1, lease_until = 0, last_error = $2, status = $3 WHERE id = $4', [
          failure.nextAttemptAt,
          failure.error.slice(0, 500),
          failure.dead ? 'dead' : 'pending',
          failure.id,
        ]);
      }
    });
  }

  /** Outbox state of a lead (tests, ops). */
  async deliveriesOf(leadId: string): Promise<{ destination: string; status: string; attempts: number; revision: number; idempotency_key: string }[]> {
    const rows = await this.#db.query('SELECT destination, status, attempts, revision, idempotency_key FROM deliveries WHERE lead_id = $1 ORDER BY created_at, destination', [leadId]);
    return rows.map((row) => ({ destination: String(row.destination), status: String(row.status), attempts: Number(row.attempts), revision: Number(row.revision), idempotency_key: String(row.idempotency_key) }));
  }

  /** Count of outbox jobs by status. */
  async deliveryCounts(): Promise<Record<string, number>> {
    const rows = await this.#db.query<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM deliveries GROUP BY status');
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }

  /** Per tenant: pending and dead-letter counts and the oldest pending job (/api/health, operators). */
  async deliveryHealth(): Promise<Record<string, DeliveryHealth>> {
    const rows = await this.#db.query<{ tenant: string; status: string; n: number; oldest: number | null }>(
      "SELECT tenant, status, COUNT(*) AS n, MIN(created_at) AS oldest FROM deliveries WHERE status IN ('pending', 'dead') GROUP BY tenant, status",
    );
    const health: Record<string, DeliveryHealth> = {};
    for (const row of rows) {
      const entry = (health[String(row.tenant)] ??= { pending: 0, dead: 0, oldest_pending_at: null });
      if (row.status === 'dead') entry.dead = Number(row.n);
      else {
        entry.pending = Number(row.n);
        entry.oldest_pending_at = row.oldest === null ? null : Number(row.oldest);
      }
    }
    return health;
  }

  /** Dead-letter jobs (operators): newest first. */
  async deadDeliveries(tenant?: string, limit = 100): Promise<{ id: string; tenant: string; lead_id: string; destination: string; attempts: number; last_error: string | null; created_at: number }[]> {
    const rows = await this.#db.query("SELECT id, tenant, lead_id, destination, attempts, last_error, created_at FROM deliveries WHERE status = 'dead' AND ($1 = '' OR tenant = $1) ORDER BY created_at DESC LIMIT $2", [tenant ?? '', limit]);
    return rows.map((row) => ({ id: String(row.id), tenant: String(row.tenant), lead_id: String(row.lead_id), destination: String(row.destination), attempts: Number(row.attempts), last_error: (row.last_error as string | null) ?? null, created_at: Number(row.created_at) }));
  }

  /** Put dead-letter jobs back in the queue (all, one tenant's, or one lead's); resolves to how many. */
  async retryDeadDeliveries(filter: { tenant?: string; leadId?: string } = {}, now: number = Date.now()): Promise<number> {
    return this.#db.run("UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = $1, lease_until = 0 WHERE status = 'dead' AND ($2 = '' OR tenant = $2) AND ($3 = '' OR lead_id = $3)", [
      now,
      filter.tenant ?? '',
      filter.leadId ?? '',
    ]);
  }

  /** Earliest time a pending job becomes due (to schedule the next worker wake-up). */
  async nextDeliveryDue(): Promise<number | undefined> {
    const rows = await this.#db.query<{ due: number | null }>("SELECT MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS due FROM deliveries WHERE status = 'pending'");
    const due = rows[0]?.due;
    return due === null || due === undefined ? undefined : Number(due);
  }
}
