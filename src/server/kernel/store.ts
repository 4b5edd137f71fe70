/**
 * The kernel's data access (DESIGN §6, docs/lead-api.md "Kernel and features"): what more
 * than one feature, the outbox or the operators' commands need: a lead and its delivery
 * jobs written in one transaction (the leads form and the payments module both store leads),
 * the outbox, recorded messages, SMS caps, the session lookup, booked test-drive slots, the
 * evaluation read the delivered lead carries, and retention. Each feature's own SQL lives in
 * its folder (features/<name>/store.ts); src/server/store.ts composes them into `Store`.
 * The same SQL runs on SQLite and PostgreSQL (see db.ts); callers never write SQL.
 * Every row is scoped by tenant: no method reads or changes another tenant's data.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { groupQueue } from '../../lib/batch/group-queue.ts';
import type { SqlDatabase, SqlExecutor } from './db.ts';

/** A stored lead. `data` is the validated submission (form values and attributes). */
export interface StoredLead {
  id: string;
  tenant: string;
  category: string;
  subcategory: string | null;
  car_id: string | null;
  dealership_slug: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  form_completed: boolean;
  offer_accepted: boolean;
  revision: number;
  data: Record<string, unknown>;
  created_at: number;
  updated_at: number;
}

/** What saveLead needs: the tenant, the validated values, and the tenant's delivery destinations. */
export interface LeadWrite {
  tenant: string;
  /** The lead to update (second step of a multi-step form); absent for a new lead. */
  leadId?: string;
  /** Client's Idempotency-Key: a retried first submission returns the same lead. */
  clientKey?: string;
  values: Record<string, unknown>;
  /** Destination ids that receive this lead (one outbox job each). */
  destinations: readonly string[];
  /** A test-drive slot booked in the same transaction as a new lead (no double booking). */
  appointment?: { carId: string; startsAt: number };
  now: number;
}

export type LeadWriteResult = { status: 'created' | 'updated' | 'replayed'; id: string; revision: number } | { status: 'not-found' } | { status: 'slot-taken' };

/** Thrown inside a lead transaction to roll it back when its test-drive slot is taken. */
class SlotTaken extends Error {}

/** Outbox state of one tenant for /api/health. */
export interface DeliveryHealth {
  pending: number;
  dead: number;
  /** ms since epoch of the oldest job still pending, or null. */
  oldest_pending_at: number | null;
}

/** Why an SMS may not be sent, or 'ok' (the send is then recorded). */
export type SmsReservation = 'ok' | 'duplicate' | 'phone-cap' | 'tenant-cap' | 'client-cap';

/** Where the images of a Store live (files, outside the database). */
export interface StoreOptions {
  imagesDir?: string;
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

export const LEAD_COLUMNS = 'id, tenant, category, subcategory, car_id, dealership_slug, name, email, phone, form_completed, offer_accepted, revision, data, created_at, updated_at';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

export function leadFromRow(row: Record<string, unknown>): StoredLead {
  return {
    id: String(row.id),
    tenant: String(row.tenant),
    category: String(row.category),
    subcategory: (row.subcategory as string | null) ?? null,
    car_id: (row.car_id as string | null) ?? null,
    dealership_slug: (row.dealership_slug as string | null) ?? null,
    name: (row.name as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
    form_completed: Number(row.form_completed) === 1,
    offer_accepted: Number(row.offer_accepted) === 1,
    revision: Number(row.revision),
    data: JSON.parse(String(row.data)) as Record<string, unknown>,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Columns kept beside the JSON so exports and lookups need not parse it. */
function leadColumns(values: Record<string, unknown>) {
  return {
    category: text(values.category) ?? 'General Enquiry',
    subcategory: text(values.subcategory),
    car_id: text(values.car_id),
    dealership_slug: text(values.dealership_slug),
    name: [text(values.name) ?? text(values['First Name']), text(values.last_name)].filter(Boolean).join(' ') || null,
    email: text(values.email) ?? text(values['Email Address']),
    phone: text(values.phone) ?? text(values['Mobile Number']),
    form_completed: values.form_completed === true,
    offer_accepted: values.offer_accepted === true,
  };
}

/** leadColumns in the order of the leads table (category .. offer_accepted), for one row's statement parameters. */
function leadColumnValues(values: Record<string, unknown>) {
  const columns = leadColumns(values);
  return [columns.category, columns.subcategory, columns.car_id, columns.dealership_slug, columns.name, columns.email, columns.phone, columns.form_completed, columns.offer_accepted];
}

/** A lead is delivered unless the form says this step is not the last one (form_completed false). */
function isDeliverable(values: Record<string, unknown>): boolean {
  return values.form_completed !== false;
}

/** The kernel's data access (shared by the features, the outbox and the operators' commands). */
export class KernelStore {
  readonly db: SqlDatabase;
  /** Trade-in photos are files here, named by image id (issue 13 M12); undefined: in the database (old rows, tests). */
  readonly imagesDir: string | undefined;

  constructor(db: SqlDatabase, options: StoreOptions = {}) {
    this.db = db;
    this.imagesDir = options.imagesDir;
  }

  // ---- Leads and the outbox -------------------------------------------------------------

  /**
   * Store a new lead, or merge a later step into an existing one, and enqueue its
   * deliveries in the same transaction: when this resolves the lead is committed.
   */
  async saveLead(write: LeadWrite): Promise<LeadWriteResult> {
    if (this.db.dialect === 'postgres' && !write.leadId && !write.appointment) return this.createLeadPostgres(write);
    return this.db.transaction(async (tx): Promise<LeadWriteResult> => {
      if (write.leadId) return this.updateLead(tx, write.leadId, write);
      if (write.clientKey) {
        const existing = await tx.query<{ id: string; revision: number }>('SELECT id, revision FROM leads WHERE tenant = $1 AND client_key = $2', [write.tenant, write.clientKey]);
        if (existing[0]) return { status: 'replayed', id: existing[0].id, revision: Number(existing[0].revision) };
      }
      const id = randomUUID();
      await tx.run(
        `INSERT INTO leads (${LEAD_COLUMNS}, client_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12, $13, $13, $14)`,
        [
          id,
          write.tenant,
          ...leadColumnValues(write.values),
          JSON.stringify(write.values),
          write.now,
          write.clientKey ?? null,
        ],
      );
      if (write.appointment) {
        // Check and book in one statement inside the lead's transaction: two requests for one slot cannot both win.
        const booked = await tx.run(
          'INSERT INTO appointments (id, tenant, car_id, starts_at, lead_id, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, car_id, starts_at) DO NOTHING',
          [randomUUID(), write.tenant, write.appointment.carId, write.appointment.startsAt, id, write.now],
        );
        if (booked === 0) throw new SlotTaken();
      }
      if (isDeliverable(write.values)) {
        for (const destination of write.destinations) await this.enqueue(tx, id, write.tenant, destination, 1, write.now);
      }
      return { status: 'created', id, revision: 1 };
    }).catch((error: unknown) => {
      if (error instanceof SlotTaken) return { status: 'slot-taken' } satisfies LeadWriteResult;
      throw error;
    });
  }

  /** New PostgreSQL leads waiting for the next group insert (createLeadPostgres). */
  private readonly pgLeads = groupQueue((writes: LeadWrite[]) => this.insertLeadGroup(writes), 256);

  /**
   * PostgreSQL: new leads are written in groups (issue 17 item 7), as the SQLite path groups
   * its commits: the first lead goes at once; leads arriving while a group is being written
   * wait and go together in the next one, ONE statement (data-modifying CTEs are atomic) and
   * so one commit and one WAL flush for the whole group. Each caller is answered only when
   * its group has committed, so an acknowledged lead is stored durably. Same rows as the
   * generic path.
   */
  private createLeadPostgres(write: LeadWrite): Promise<LeadWriteResult> {
    return this.pgLeads.push(write);
  }

  /** Insert a group of new leads and their delivery jobs in one statement; a client key seen before is a replay. */
  private async insertLeadGroup(writes: readonly LeadWrite[]): Promise<LeadWriteResult[]> {
    const ids = writes.map(() => randomUUID());
    const rows = writes.map((write) => leadColumns(write.values));
    const jobs = writes.flatMap((write, index) => (isDeliverable(write.values) ? write.destinations.map((destination) => ({ id: randomUUID(), lead: ids[index]!, destination })) : []));
    const array = (values: unknown[]) => values as unknown as string;
    const inserted = await this.db.query<{ id: string }>(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::int[], $12::text[], $13::bigint[], $14::text[])
           AS t(id, tenant, category, subcategory, car_id, dealership_slug, name, email, phone, form_completed, offer_accepted, data, at, client_key)
       ), lead AS (
         INSERT INTO leads (${LEAD_COLUMNS}, client_key)
         SELECT id, tenant, category, subcategory, car_id, dealership_slug, name, email, phone, form_completed, offer_accepted, 1, data, at, at, client_key FROM input
         ON CONFLICT (tenant, client_key) DO NOTHING RETURNING id, tenant, created_at
       ), jobs AS (
         INSERT INTO deliveries (id, lead_id, tenant, destination, revision, idempotency_key, status, attempts, next_attempt_at, lease_until, created_at)
         SELECT job.id, lead.id, lead.tenant, job.destination, 1, lead.id || ':' || job.destination || ':1', 'pending', 0, lead.created_at, 0, lead.created_at
         FROM unnest($15::text[], $16::text[], $17::text[]) AS job(id, lead_id, destination) JOIN lead ON lead.id = job.lead_id
         RETURNING 1
       )
       SELECT id FROM lead`,
      [
        array(ids),
        array(writes.map((write) => write.tenant)),
        array(rows.map((row) => row.category)),
        array(rows.map((row) => row.subcategory)),
        array(rows.map((row) => row.car_id)),
        array(rows.map((row) => row.dealership_slug)),
        array(rows.map((row) => row.name)),
        array(rows.map((row) => row.email)),
        array(rows.map((row) => row.phone)),
        array(rows.map((row) => (row.form_completed ? 1 : 0))),
        array(rows.map((row) => (row.offer_accepted ? 1 : 0))),
        array(writes.map((write) => JSON.stringify(write.values))),
        array(writes.map((write) => write.now)),
        array(writes.map((write) => write.clientKey ?? null)),
        array(jobs.map((job) => job.id)),
        array(jobs.map((job) => job.lead)),
        array(jobs.map((job) => job.destination)),
      ],
    );
    const created = new Set(inserted.map((row) => String(row.id)));
    const results: LeadWriteResult[] = [];
    for (const [index, write] of writes.entries()) {
      if (created.has(ids[index]!)) {
        results.push({ status: 'created', id: ids[index]!, revision: 1 });
        continue;
      }
      // The client key was seen before (an earlier request, or the same key twice in this group): a retried submission.
      const existing = await this.db.query<{ id: string; revision: number }>('SELECT id, revision FROM leads WHERE tenant = $1 AND client_key = $2', [write.tenant, write.clientKey ?? null]);
      if (!existing[0]) throw new Error('lead insert skipped without a matching client key');
      results.push({ status: 'replayed', id: String(existing[0].id), revision: Number(existing[0].revision) });
    }
    return results;
  }

  private async updateLead(tx: SqlExecutor, leadId: string, write: LeadWrite): Promise<LeadWriteResult> {
    const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const rows = await tx.query(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1 AND tenant = $2${lock}`, [leadId, write.tenant]);
    if (!rows[0]) return { status: 'not-found' };
    const lead = leadFromRow(rows[0]);
    const merged: Record<string, unknown> = { ...lead.data };
    for (const [key, value] of Object.entries(write.values)) if (value !== undefined) merged[key] = value;
    const revision = lead.revision + 1;
    await tx.run(
      `UPDATE leads SET category = $1, subcategory = $2, car_id = $3, dealership_slug = $4, name = $5, email = $6, phone = $7,
        form_completed = $8, offer_accepted = $9, data = $10, revision = $11, updated_at = $12 WHERE id = $13`,
      [
        ...leadColumnValues(merged),
        JSON.stringify(merged),
        revision,
        write.now,
        leadId,
      ],
    );
    if (isDeliverable(merged)) {
      for (const destination of write.destinations) {
        // A job still waiting sends the lead as it is at send time, so it already carries this step. A job a
        // worker has leased is being sent with the previous data (issue 13 M5): this revision gets its own job.
        const waiting = await tx.query("SELECT id FROM deliveries WHERE lead_id = $1 AND destination = $2 AND status = 'pending' AND lease_until <= $3", [leadId, destination, write.now]);
        if (waiting.length === 0) await this.enqueue(tx, leadId, write.tenant, destination, revision, write.now);
      }
    }
    return { status: 'updated', id: leadId, revision };
  }

  private async enqueue(tx: SqlExecutor, leadId: string, tenant: string, destination: string, revision: number, now: number): Promise<void> {
    await tx.run(
      `INSERT INTO deliveries (id, lead_id, tenant, destination, revision, idempotency_key, status, attempts, next_attempt_at, lease_until, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, 0, $7)`,
      [randomUUID(), leadId, tenant, destination, revision, `${leadId}:${destination}:${revision}`, now],
    );
  }

  /** One lead of a tenant. */
  async getLead(tenant: string, id: string): Promise<StoredLead | undefined> {
    const rows = await this.db.query(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1 AND tenant = $2`, [id, tenant]);
    return rows[0] ? leadFromRow(rows[0]) : undefined;
  }

  /** Lead counts by tenant (ops and tests). */
  async countLeads(tenant?: string): Promise<number> {
    const rows = tenant
      ? await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM leads WHERE tenant = $1', [tenant])
      : await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM leads');
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Lease up to `limit` due outbox jobs for `leaseMs`: a crashed sender's lease runs out and
   * another process (or the restarted one) takes the job over. SKIP LOCKED lets several
   * PostgreSQL workers claim different jobs at once.
   */
  async claimDeliveries(now: number, limit: number, leaseMs: number): Promise<DeliveryJob[]> {
    const skipLocked = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.db.query(
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
   * `column` is one of the ids in parameter $n (one statement for many ids): a text[] on
   * PostgreSQL (= ANY keeps the primary-key index scan in a prepared statement's generic
   * plan, where IN over jsonb_array_elements measured as a sequential scan), a JSON array
   * through json_each on SQLite. Pass the ids through idsParam.
   */
  private idIn(column: string, n: number): string {
    return this.db.dialect === 'postgres' ? `${column} = ANY($${n}::text[])` : `${column} IN (SELECT value FROM json_each($${n}))`;
  }

  private idsParam(ids: readonly string[]): string {
    return this.db.dialect === 'postgres' ? (ids as unknown as string) : JSON.stringify(ids);
  }

  /** The leads of a round of outbox jobs, by id, in one query (the jobs name their tenants). */
  async leadsForDelivery(jobs: readonly DeliveryJob[]): Promise<Map<string, StoredLead>> {
    if (jobs.length === 0) return new Map();
    const ids = [...new Set(jobs.map((job) => job.lead_id))];
    const rows = await this.db.query(`SELECT ${LEAD_COLUMNS} FROM leads WHERE ${this.idIn('id', 1)}`, [this.idsParam(ids)]);
    return new Map(rows.map((row) => [String(row.id), leadFromRow(row)]));
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
      executor.run(`UPDATE deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = $1, lease_until = 0, last_error = NULL WHERE ${this.idIn('id', 2)}`, [
        now,
        this.idsParam(delivered),
      ]);
    if (failed.length === 0) {
      await markDelivered(this.db);
      return;
    }
    await this.db.transaction(async (tx) => {
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
    const rows = await this.db.query('SELECT destination, status, attempts, revision, idempotency_key FROM deliveries WHERE lead_id = $1 ORDER BY created_at, destination', [leadId]);
    return rows.map((row) => ({ destination: String(row.destination), status: String(row.status), attempts: Number(row.attempts), revision: Number(row.revision), idempotency_key: String(row.idempotency_key) }));
  }

  /** Count of outbox jobs by status. */
  async deliveryCounts(): Promise<Record<string, number>> {
    const rows = await this.db.query<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM deliveries GROUP BY status');
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }

  /** Per tenant: pending and dead-letter counts and the oldest pending job (/api/health, operators). */
  async deliveryHealth(): Promise<Record<string, DeliveryHealth>> {
    const rows = await this.db.query<{ tenant: string; status: string; n: number; oldest: number | null }>(
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
    const rows = await this.db.query("SELECT id, tenant, lead_id, destination, attempts, last_error, created_at FROM deliveries WHERE status = 'dead' AND ($1 = '' OR tenant = $1) ORDER BY created_at DESC LIMIT $2", [tenant ?? '', limit]);
    return rows.map((row) => ({ id: String(row.id), tenant: String(row.tenant), lead_id: String(row.lead_id), destination: String(row.destination), attempts: Number(row.attempts), last_error: (row.last_error as string | null) ?? null, created_at: Number(row.created_at) }));
  }

  /** Put dead-letter jobs back in the queue (all, one tenant's, or one lead's); resolves to how many. */
  async retryDeadDeliveries(filter: { tenant?: string; leadId?: string } = {}, now: number = Date.now()): Promise<number> {
    return this.db.run("UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = $1, lease_until = 0 WHERE status = 'dead' AND ($2 = '' OR tenant = $2) AND ($3 = '' OR lead_id = $3)", [
      now,
      filter.tenant ?? '',
      filter.leadId ?? '',
    ]);
  }

  /** Earliest time a pending job becomes due (to schedule the next worker wake-up). */
  async nextDeliveryDue(): Promise<number | undefined> {
    const rows = await this.db.query<{ due: number | null }>("SELECT MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS due FROM deliveries WHERE status = 'pending'");
    const due = rows[0]?.due;
    return due === null || due === undefined ? undefined : Number(due);
  }

  // ---- Messages recorded by local adapters -------------------------------------------------

  /** Record an SMS or e-mail that the local adapter "sent". */
  async recordMessage(message: { tenant: string; channel: 'sms' | 'email'; recipient: string; subject?: string; body: string; now: number }): Promise<void> {
    await this.db.run('INSERT INTO messages (id, tenant, channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      randomUUID(),
      message.tenant,
      message.channel,
      message.recipient,
      message.subject ?? null,
      message.body,
      message.now,
    ]);
  }

  /** Recorded messages of a tenant, newest first. */
  async messages(tenant: string, channel?: 'sms' | 'email', recipient?: string): Promise<{ recipient: string; subject: string | null; body: string; created_at: number }[]> {
    const rows = await this.db.query(
      'SELECT recipient, subject, body, created_at FROM messages WHERE tenant = $1 AND ($2 = \'\' OR channel = $2) AND ($3 = \'\' OR recipient = $3) ORDER BY created_at DESC',
      [tenant, channel ?? '', recipient ?? ''],
    );
    return rows.map((row) => ({ recipient: String(row.recipient), subject: (row.subject as string | null) ?? null, body: String(row.body), created_at: Number(row.created_at) }));
  }

  // ---- SMS sent by the API: daily caps and once per evaluation --------------------------------

  /**
   * Record an SMS about to be sent if the caps allow it: at most `perPhone` texts to a phone
   * from this tenant, `perPhoneAllTenants` to a phone from every tenant together (issue 34
   * N5) and `perTenant` texts from a tenant in the 24 hours before `now`, and (with an
   * evaluation id) one text per kind and evaluation.
   */
  async reserveSms(sms: { tenant: string; phone: string; kind: string; evaluationId?: string; perPhone: number; perPhoneAllTenants?: number; perTenant: number; now: number }): Promise<SmsReservation> {
    return this.db.transaction(async (tx) => {
      const since = sms.now - 86_400_000;
      if (sms.evaluationId) {
        const sent = await tx.query('SELECT id FROM sms_log WHERE tenant = $1 AND kind = $2 AND evaluation_id = $3', [sms.tenant, sms.kind, sms.evaluationId]);
        if (sent.length > 0) return 'duplicate';
      }
      const tenantCount = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM sms_log WHERE tenant = $1 AND created_at > $2', [sms.tenant, since]);
      if (Number(tenantCount[0]?.n ?? 0) >= sms.perTenant) return 'tenant-cap';
      const phoneCount = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM sms_log WHERE tenant = $1 AND phone = $2 AND created_at > $3', [sms.tenant, sms.phone, since]);
      if (Number(phoneCount[0]?.n ?? 0) >= sms.perPhone) return 'phone-cap';
      if (sms.perPhoneAllTenants !== undefined) {
        const everywhere = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM sms_log WHERE phone = $1 AND created_at > $2', [sms.phone, since]);
        if (Number(everywhere[0]?.n ?? 0) >= sms.perPhoneAllTenants) return 'phone-cap';
      }
      const inserted = await tx.run('INSERT INTO sms_log (id, tenant, phone, kind, evaluation_id, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, kind, evaluation_id) DO NOTHING', [
        randomUUID(),
        sms.tenant,
        sms.phone,
        sms.kind,
        sms.evaluationId ?? null,
        sms.now,
      ]);
      return inserted > 0 ? 'ok' : 'duplicate';
    });
  }

  /** The live session of a token hash on this tenant. */
  async findSession(tenant: string, tokenHash: string, now: number): Promise<{ user_id: string; phone: string } | undefined> {
    const rows = await this.db.query<{ user_id: string; phone: string }>('SELECT user_id, phone FROM sessions WHERE token_hash = $1 AND tenant = $2 AND expires_at > $3', [tokenHash, tenant, now]);
    return rows[0] ? { user_id: String(rows[0].user_id), phone: String(rows[0].phone) } : undefined;
  }

  // ---- Marketing opt-outs (issue 14 item 6, audit 2.81) -------------------------------------------

  /** Record a marketing opt-out for each contact (idempotent: the first time is kept). */
  async recordOptOuts(tenant: string, contacts: readonly { kind: string; contact: string }[], source: string, now: number): Promise<void> {
    if (contacts.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const entry of contacts) {
        await tx.run('INSERT INTO marketing_opt_outs (tenant, kind, contact, source, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant, kind, contact) DO NOTHING', [
          tenant,
          entry.kind,
          entry.contact,
          source,
          now,
        ]);
      }
    });
  }

  /** Keep a typed contact waiting for its confirmation link (issue 34 N13); resolves to the request id. */
  async createOptOutRequest(tenant: string, contact: { kind: string; contact: string }, now: number): Promise<string> {
    const id = randomUUID();
    await this.db.run('INSERT INTO unsubscribe_requests (id, tenant, kind, contact, created_at) VALUES ($1, $2, $3, $4, $5)', [id, tenant, contact.kind, contact.contact, now]);
    return id;
  }

  /** The contact of a confirmation request of this tenant made after `since`, or undefined. */
  async optOutRequest(tenant: string, id: string, since: number): Promise<{ kind: string; contact: string } | undefined> {
    const rows = await this.db.query<{ kind: string; contact: string }>('SELECT kind, contact FROM unsubscribe_requests WHERE id = $1 AND tenant = $2 AND created_at > $3', [id, tenant, since]);
    return rows[0] ? { kind: String(rows[0].kind), contact: String(rows[0].contact) } : undefined;
  }

  /** When the earliest of these contacts opted out of this tenant's marketing (ms), or undefined. One query per call. */
  async optedOutAt(tenant: string, contacts: readonly { kind: string; contact: string }[]): Promise<number | undefined> {
    return (await this.optedOutAtMany([{ tenant, contacts }]))[0];
  }

  /** optedOutAt for many (tenant, contacts) at once, in one query (an outbox round); same order as asked. */
  async optedOutAtMany(asked: readonly { tenant: string; contacts: readonly { kind: string; contact: string }[] }[]): Promise<(number | undefined)[]> {
    const keys = asked.flatMap((entry) => entry.contacts.map((contact) => [entry.tenant, contact.kind, contact.contact]));
    if (keys.length === 0) return asked.map(() => undefined);
    const triples =
      this.db.dialect === 'postgres'
        ? 'SELECT k->>0, k->>1, k->>2 FROM jsonb_array_elements($1::jsonb) AS k'
        : "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each($1)";
    const rows = await this.db.query<{ tenant: string; kind: string; contact: string; created_at: number }>(
      `SELECT tenant, kind, contact, created_at FROM marketing_opt_outs WHERE (tenant, kind, contact) IN (${triples})`,
      [JSON.stringify(keys)],
    );
    const at = new Map(rows.map((row) => [JSON.stringify([String(row.tenant), String(row.kind), String(row.contact)]), Number(row.created_at)]));
    return asked.map((entry) => {
      const times = entry.contacts.map((contact) => at.get(JSON.stringify([entry.tenant, contact.kind, contact.contact]))).filter((time): time is number => time !== undefined);
      return times.length > 0 ? Math.min(...times) : undefined;
    });
  }

  // ---- Test-drive appointments -------------------------------------------------------------------

  /** Booked slot start times of a car in [from, to). */
  async bookedSlots(tenant: string, carId: string, from: number, to: number): Promise<number[]> {
    const rows = await this.db.query<{ starts_at: number }>('SELECT starts_at FROM appointments WHERE tenant = $1 AND car_id = $2 AND starts_at >= $3 AND starts_at < $4', [tenant, carId, from, to]);
    return rows.map((row) => Number(row.starts_at));
  }

  // ---- Trade-in evaluations ----------------------------------------------------------------------

  /** One evaluation of a tenant. */
  async getEvaluation(tenant: string, id: string): Promise<Evaluation | undefined> {
    const rows = await this.db.query('SELECT id, tenant, rego, state, vin, description, vehicle, km, contact, offer_price, image_count FROM evaluations WHERE id = $1 AND tenant = $2', [id, tenant]);
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

  // ---- Retention (issue 13 M15) -------------------------------------------------------------------

  /** Every tenant slug that has rows (purge also covers tenants whose folder is gone). */
  async tenantsWithData(): Promise<string[]> {
    const rows = await this.db.query<{ tenant: string }>('SELECT tenant FROM leads UNION SELECT tenant FROM evaluations UNION SELECT tenant FROM messages UNION SELECT tenant FROM users');
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
    await this.db.transaction(async (tx) => {
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
    if (!dryRun && this.imagesDir) for (const file of files) rmSync(join(this.imagesDir, file), { force: true });
    return counts;
  }

  /** Images of an evaluation (metadata only). */
  async evaluationImages(tenant: string, evaluationId: string): Promise<{ id: string; mime: string; bytes: number; sha256: string }[]> {
    const rows = await this.db.query('SELECT id, mime, bytes, sha256 FROM evaluation_images WHERE tenant = $1 AND evaluation_id = $2 ORDER BY created_at, id', [tenant, evaluationId]);
    return rows.map((row) => ({ id: String(row.id), mime: String(row.mime), bytes: Number(row.bytes), sha256: String(row.sha256) }));
  }

}
