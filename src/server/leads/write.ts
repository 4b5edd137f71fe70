/**
 * The lead write: a new lead (or a later step merged into one), its delivery jobs and an
 * optional test-drive booking in ONE transaction, so a lead is committed with its outbox
 * jobs or not at all, and a retried submission (same Idempotency-Key) is answered with
 * the first one's id (to its own shopper only: replayOf). The bind lists (`leadColumnValues`,
 * the PostgreSQL group's arrays) follow the leads table's column order. Shared by the leads
 * and payments features.
 */
import { randomUUID } from 'node:crypto';
import { groupQueue } from '../../lib/batch/group-queue.ts';
import { lockInTransaction, type SqlDatabase, type SqlExecutor } from '../../platform/sql/db.ts';
import type { DriveTime } from '../kernel/adapters.ts';
import { completesForm } from '../../schemas/lead.ts';
import { LEAD_COLUMNS, leadFromRow, leadOpenTo, type StoredLead } from './row.ts';

/** Why a later step is not merged into the lead it names (LeadWrite.refuse): answered as it says; nothing is written. */
export interface LeadRefusal {
  status: 409 | 422;
  error: string;
  fields?: Record<string, string>;
}

/** A lead's idempotency key, in the key space of whoever chose it (`leadKey`): a browser's never equals the server's own. */
export type LeadKey = string & { readonly __leadKey: unique symbol };

/** Who chose a lead's idempotency key: each has its own prefix in the leads' key space. */
const KEY_OWNERS = ['browser', 'online-payment', 'spin-to-win'] as const;

/**
 * The one place a lead's idempotency key is made: `browser` (a form's Idempotency-Key header),
 * `online-payment` (the payment attempt) and `spin-to-win` (the spin) each have their own prefix,
 * so no key a browser sends can name a lead the server stores for a payment or a prize.
 */
export const leadKey = (owner: (typeof KEY_OWNERS)[number], key: string): LeadKey => `${owner}:${key}` as LeadKey;

/**
 * The key a release before the prefixes stored a browser's lead under: the header as sent. A
 * retry across the deploy (or to an older process in a rolling deploy) must still find that
 * lead, so a browser key is also looked up so. Never for a header that begins with an owner's
 * prefix: 'online-payment:x' as sent is the server's key of a payment (docs/lead-api.md
 * "Idempotency keys": how long this is needed).
 */
function unprefixedKey(key: LeadKey | undefined): string | null {
  const sent = key?.startsWith('browser:') ? key.slice('browser:'.length) : undefined;
  return sent === undefined || KEY_OWNERS.some((owner) => sent.startsWith(`${owner}:`)) ? null : sent;
}

/** What a new lead's key finds of the lead stored under it. */
type KeyedLead = Pick<StoredLead, 'id' | 'revision' | 'shopper'>;

/** The lead stored under `key` (or, for a browser's key, under the key as sent before the prefixes): the first of them. */
async function storedUnderKey(db: SqlExecutor, tenant: string, key: LeadKey | undefined): Promise<KeyedLead | undefined> {
  const rows = await db.query<KeyedLead>(
    'SELECT id, revision, shopper FROM leads WHERE tenant = $1 AND (client_key = $2 OR client_key = $3) ORDER BY created_at, id LIMIT 1',
    [tenant, key ?? null, unprefixedKey(key)],
  );
  return rows[0] ? { id: String(rows[0].id), revision: Number(rows[0].revision), shopper: rows[0].shopper ?? null } : undefined;
}

/**
 * A new lead's post whose key names the stored lead `existing`: a replay (the same lead, nothing written) when the lead is
 * open to the post's caller as a later step naming it would be (LeadWrite.caller, else its shopper: leadOpenTo); a key of
 * a lead another shopper started is taken, and nothing of it is told. Asked after the write's transaction (nothing was written).
 */
async function replayOf(existing: KeyedLead, write: LeadWrite): Promise<LeadWriteResult> {
  const caller = write.caller ? await write.caller(existing) : write.shopper;
  return leadOpenTo(existing, caller) ? { status: 'replayed', id: existing.id, revision: existing.revision } : { status: 'key-taken' };
}

/** What a new lead's write found before the replay check (replayOf): its result, or the lead stored under its key. */
type FoundOrWritten = LeadWriteResult | { status: 'keyed'; existing: KeyedLead };

/** What LeadWriter.save needs: the tenant, the validated values, and the tenant's delivery destinations. */
export interface LeadWrite {
  tenant: string;
  /** The lead to update (second step of a multi-step form); absent for a new lead. */
  leadId?: string;
  /** With leadId: why the stored lead takes no such step, asked in the write's transaction (the row locked), or undefined to merge it. */
  refuse?: (stored: StoredLead) => LeadRefusal | undefined;
  /** The lead's idempotency key (`leadKey`): a retried first submission returns the same lead. */
  clientKey?: LeadKey;
  /**
   * The signed-in shopper (user id) the post speaks for, where it matters (leads plugin: kernel/gated-actions.ts
   * leadShopper): a new lead records them as its shopper, and so does a later step of a lead that recorded none;
   * a later step of a lead that recorded another is not found.
   */
  shopper?: string;
  /**
   * Who the post speaks for to the lead its key names, asked only then (replayOf): the caller as for a later step naming
   * that lead (kernel/gated-actions.ts leadShopper with it), so a retry is its shopper's replay whether or not the site
   * still gates the family. Absent: `shopper`.
   */
  caller?: (stored: Pick<StoredLead, 'shopper'>) => Promise<string | undefined>;
  /** The server's own later step (a payment's verdict put on its lead): it speaks for no shopper, so a lead's shopper does not hold it. */
  byServer?: true;
  values: Record<string, unknown>;
  /** Destination ids that receive this lead (one outbox job each). */
  destinations: readonly string[];
  /**
   * The test drive booked in the same transaction as a new lead: the car and the time the drive
   * holds it (refused when another booking's time clashes: no double booking), and how long a
   * booking stored without its end holds the car (AppointmentsAdapter.unendedMs).
   */
  appointment?: { carId: string; unendedMs: number } & DriveTime;
  /**
   * Another table's write committed with the lead, run in its transaction only when the lead is
   * created or updated (never for a refused, not-found, clashing or replayed post): a trade-in
   * lead's offer adjusted by its answers.
   */
  alongside?: (tx: SqlExecutor) => Promise<void>;
  now: number;
}

/**
 * `data`: the lead's values as this write stored them (a later step merged into the first), for what follows the commit.
 * 'key-taken': a new lead's key names a lead another shopper started (replayOf); nothing written.
 */
export type LeadWriteResult =
  | { status: 'created' | 'updated'; id: string; revision: number; data: Record<string, unknown> }
  | { status: 'replayed'; id: string; revision: number }
  | { status: 'not-found' }
  | { status: 'key-taken' }
  | { status: 'drive-clash' }
  | { status: 'refused'; refusal: LeadRefusal };

/**
 * The end of a stored test-drive booking (SQL over the appointments table): its ends_at, or for a
 * row without one (booked before migration 310, or during a rolling restart by a process older
 * than it) its start plus the bound parameter `placeholder` ('$5') names: the running
 * deployment's AppointmentsAdapter.unendedMs (an hour on the local grid, nothing with a provider).
 */
export const bookingEnd = (placeholder: string): string => `COALESCE(ends_at, starts_at + ${placeholder})`;

/** Thrown inside a lead transaction to roll it back when its test drive clashes with one booked. */
class DriveClash extends Error {}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
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
    // One reading of 'completed' (absent = completed), as delivery and the formats read it.
    form_completed: completesForm(values),
    offer_accepted: values.offer_accepted === true,
  };
}

/** leadColumns in the order of the leads table (category .. offer_accepted), for one row's statement parameters. */
function leadColumnValues(values: Record<string, unknown>) {
  const columns = leadColumns(values);
  return [columns.category, columns.subcategory, columns.car_id, columns.dealership_slug, columns.name, columns.email, columns.phone, columns.form_completed, columns.offer_accepted];
}

/** Writes leads and their delivery jobs (one per database: the PostgreSQL group queue is per writer). */
export class LeadWriter {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /**
   * Store a new lead, or merge a later step into an existing one, and enqueue its
   * deliveries in the same transaction: when this resolves the lead is committed.
   */
  async save(write: LeadWrite): Promise<LeadWriteResult> {
    const result = await this.foundOrWritten(write);
    return result.status === 'keyed' ? replayOf(result.existing, write) : result;
  }

  /** save's write: on PostgreSQL a new lead's goes in the next group insert; a key seen before is found, not written. */
  private foundOrWritten(write: LeadWrite): Promise<FoundOrWritten> {
    if (this.#db.dialect === 'postgres' && !write.leadId && !write.appointment && !write.alongside) return this.createLeadPostgres(write);
    return this.#db.transaction(async (tx): Promise<FoundOrWritten> => {
      if (write.leadId) return this.updateLead(tx, write.leadId, write);
      const existing = write.clientKey ? await storedUnderKey(tx, write.tenant, write.clientKey) : undefined;
      if (existing) return { status: 'keyed', existing };
      const id = randomUUID();
      await tx.run(
        `INSERT INTO leads (${LEAD_COLUMNS}, client_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12, $13, $13, $14, $15)`,
        [
          id,
          write.tenant,
          ...leadColumnValues(write.values),
          JSON.stringify(write.values),
          write.now,
          write.shopper ?? null,
          write.clientKey ?? null,
        ],
      );
      if (write.appointment) await this.bookDrive(tx, id, write.tenant, write.appointment, write.now);
      await write.alongside?.(tx);
      if (completesForm(write.values)) {
        for (const destination of write.destinations) await this.enqueue(tx, id, write.tenant, destination, 1, write.now);
      }
      return { status: 'created', id, revision: 1, data: write.values };
    }).catch((error: unknown) => {
      if (error instanceof DriveClash) return { status: 'drive-clash' } satisfies LeadWriteResult;
      throw error;
    });
  }

  /** New PostgreSQL leads waiting for the next group insert (createLeadPostgres). */
  private readonly pgLeads = groupQueue((writes: LeadWrite[]) => this.insertLeadGroup(writes), 256);

  /**
   * PostgreSQL: new leads are written in groups, as the SQLite path groups
   * its commits: the first lead goes at once; leads arriving while a group is being written
   * wait and go together in the next one, ONE statement (data-modifying CTEs are atomic) and
   * so one commit and one WAL flush for the whole group. Each caller is answered only when
   * its group has committed, so an acknowledged lead is stored durably. Same rows as the
   * generic path.
   */
  private createLeadPostgres(write: LeadWrite): Promise<FoundOrWritten> {
    return this.pgLeads.push(write);
  }

  /**
   * Insert a group of new leads and their delivery jobs in one statement; a client key seen before (or its
   * unprefixedKey) is found (save asks replayOf). ON CONFLICT without a target: the key's own unique index, and
   * leads_key_as_sent, by which an earlier release's insert of the key as sent still in flight is waited
   * for and then found (kernel migration 330).
   */
  private async insertLeadGroup(writes: readonly LeadWrite[]): Promise<FoundOrWritten[]> {
    const ids = writes.map(() => randomUUID());
    const rows = writes.map((write) => leadColumns(write.values));
    const jobs = writes.flatMap((write, index) => (completesForm(write.values) ? write.destinations.map((destination) => ({ id: randomUUID(), lead: ids[index]!, destination })) : []));
    const inserted = await this.#db.query<{ id: string }>(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::int[], $12::text[], $13::bigint[], $14::text[], $15::text[], $19::text[])
           AS t(id, tenant, category, subcategory, car_id, dealership_slug, name, email, phone, form_completed, offer_accepted, data, at, client_key, unprefixed_key, shopper)
       ), lead AS (
         INSERT INTO leads (${LEAD_COLUMNS}, client_key)
         SELECT id, tenant, category, subcategory, car_id, dealership_slug, name, email, phone, form_completed, offer_accepted, 1, data, at, at, shopper, client_key FROM input
         WHERE unprefixed_key IS NULL OR NOT EXISTS (SELECT 1 FROM leads stored WHERE stored.tenant = input.tenant AND stored.client_key = input.unprefixed_key)
         ON CONFLICT DO NOTHING RETURNING id, tenant, created_at
       ), jobs AS (
         INSERT INTO deliveries (id, lead_id, tenant, destination, revision, idempotency_key, status, attempts, next_attempt_at, lease_until, created_at)
         SELECT job.id, lead.id, lead.tenant, job.destination, 1, lead.id || ':' || job.destination || ':1', 'pending', 0, lead.created_at, 0, lead.created_at
         FROM unnest($16::text[], $17::text[], $18::text[]) AS job(id, lead_id, destination) JOIN lead ON lead.id = job.lead_id
         RETURNING 1
       )
       SELECT id FROM lead`,
      [
        ids,
        writes.map((write) => write.tenant),
        rows.map((row) => row.category),
        rows.map((row) => row.subcategory),
        rows.map((row) => row.car_id),
        rows.map((row) => row.dealership_slug),
        rows.map((row) => row.name),
        rows.map((row) => row.email),
        rows.map((row) => row.phone),
        rows.map((row) => (row.form_completed ? 1 : 0)),
        rows.map((row) => (row.offer_accepted ? 1 : 0)),
        writes.map((write) => JSON.stringify(write.values)),
        writes.map((write) => write.now),
        writes.map((write) => write.clientKey ?? null),
        writes.map((write) => unprefixedKey(write.clientKey)),
        jobs.map((job) => job.id),
        jobs.map((job) => job.lead),
        jobs.map((job) => job.destination),
        writes.map((write) => write.shopper ?? null),
      ],
    );
    const created = new Set(inserted.map((row) => String(row.id)));
    const results: FoundOrWritten[] = [];
    for (const [index, write] of writes.entries()) {
      if (created.has(ids[index]!)) {
        results.push({ status: 'created', id: ids[index]!, revision: 1, data: write.values });
        continue;
      }
      // The client key was seen before (an earlier request, or the same key twice in this group): a retried submission.
      const existing = await storedUnderKey(this.#db, write.tenant, write.clientKey);
      if (!existing) throw new Error('lead insert skipped without a matching client key');
      results.push({ status: 'keyed', existing });
    }
    return results;
  }

  private async updateLead(tx: SqlExecutor, leadId: string, write: LeadWrite): Promise<LeadWriteResult> {
    const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const rows = await tx.query(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1 AND tenant = $2${lock}`, [leadId, write.tenant]);
    if (!rows[0]) return { status: 'not-found' };
    const lead = leadFromRow(rows[0]);
    if (!write.byServer && !leadOpenTo(lead, write.shopper)) return { status: 'not-found' };
    const refusal = write.refuse?.(lead);
    if (refusal) return { status: 'refused', refusal };
    const merged: Record<string, unknown> = { ...lead.data };
    for (const [key, value] of Object.entries(write.values)) if (value !== undefined) merged[key] = value;
    const revision = lead.revision + 1;
    await write.alongside?.(tx);
    // A lead with no shopper becomes the shopper's whose step speaks for one (a gate let it through: LeadWrite.shopper); a recorded one stays.
    await tx.run(
      `UPDATE leads SET category = $1, subcategory = $2, car_id = $3, dealership_slug = $4, name = $5, email = $6, phone = $7,
        form_completed = $8, offer_accepted = $9, data = $10, revision = $11, updated_at = $12, shopper = COALESCE(shopper, $13) WHERE id = $14`,
      [
        ...leadColumnValues(merged),
        JSON.stringify(merged),
        revision,
        write.now,
        write.shopper ?? null,
        leadId,
      ],
    );
    if (completesForm(merged)) {
      for (const destination of write.destinations) {
        // A job still waiting sends the lead as it is at send time, so it already carries this step. A job a
        // worker has leased is being sent with the previous data: this revision gets its own job.
        const waiting = await tx.query("SELECT id FROM deliveries WHERE lead_id = $1 AND destination = $2 AND status = 'pending' AND lease_until <= $3", [leadId, destination, write.now]);
        if (waiting.length === 0) await this.enqueue(tx, leadId, write.tenant, destination, revision, write.now);
      }
    }
    return { status: 'updated', id: leadId, revision, data: merged };
  }

  /**
   * Book a new lead's test drive inside its transaction, under the car's lock (so two requests
   * whose drives overlap, at any starts, are checked one after the other, on every process): a
   * booking of the car whose time overlaps the drive's, or that starts with it (the table's key),
   * throws DriveClash and the lead rolls back.
   */
  private async bookDrive(tx: SqlExecutor, leadId: string, tenant: string, appointment: NonNullable<LeadWrite['appointment']>, now: number): Promise<void> {
    await lockInTransaction(tx, 'test-drive', `${tenant}|${appointment.carId}`);
    const clash = await tx.query(`SELECT id FROM appointments WHERE tenant = $1 AND car_id = $2 AND starts_at < $3 AND ${bookingEnd('$5')} > $4 LIMIT 1`, [
      tenant,
      appointment.carId,
      appointment.endsAt,
      appointment.startsAt,
      appointment.unendedMs,
    ]);
    if (clash.length > 0) throw new DriveClash();
    const booked = await tx.run(
      'INSERT INTO appointments (id, tenant, car_id, starts_at, ends_at, lead_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant, car_id, starts_at) DO NOTHING',
      [randomUUID(), tenant, appointment.carId, appointment.startsAt, appointment.endsAt, leadId, now],
    );
    if (booked === 0) throw new DriveClash();
  }

  private async enqueue(tx: SqlExecutor, leadId: string, tenant: string, destination: string, revision: number, now: number): Promise<void> {
    await tx.run(
      `INSERT INTO deliveries (id, lead_id, tenant, destination, revision, idempotency_key, status, attempts, next_attempt_at, lease_until, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, 0, $7)`,
      [randomUUID(), leadId, tenant, destination, revision, `${leadId}:${destination}:${revision}`, now],
    );
  }
}
