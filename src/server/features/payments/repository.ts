/**
 * The payments feature's SQL that more than one step shares: payments by id, attempt key,
 * provider reference or the lead's own hold; counts for the limits; the dealer's invoices;
 * expiring holds and taking a car for a paid reservation; claiming to ask the provider for a
 * verdict, and abandoned /online-payment payments. Each step's own transaction stays with its
 * step (reserve.ts, webhook.ts, refund.ts). Every read is scoped by tenant except the sweeps'
 * (expired holds, abandoned /online-payment payments) and the operator's list (needingAttention).
 */
import type { SqlDatabase, SqlExecutor, SqlValue } from '../../../platform/sql/db.ts';
import type { PaymentNeedingAttention } from '../../ops/plugin.ts';

export interface PaymentRow {
  id: string;
  tenant: string;
  kind: 'reservation' | 'online-payment';
  lead_id: string | null;
  car_id: string | null;
  reference: string | null;
  provider: string;
  provider_ref: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  failure: string | null;
  refunded_cents: number;
  created_at: number;
  paid_at: number | null;
  /** When its card was submitted (the provider's intent claimed); null before, and for payments made before this was kept. */
  intent_at: number | null;
  /** Who started it (the client's network address); null for payments made before this was kept. */
  client: string | null;
}

/** An invoice /online-payment may pay (issued by the dealer with npm run invoice). */
export interface InvoiceRow {
  reference: string;
  amount_cents: number;
  issued_at: number;
  expires_at: number;
  paid_payment_id: string | null;
}

/** An invoice number as compared: without spaces, upper case. */
export const invoiceKey = (reference: string) => reference.replace(/\s+/g, '').toUpperCase();

export function rowOf(row: Record<string, unknown>): PaymentRow {
  return {
    id: String(row.id),
    tenant: String(row.tenant),
    kind: String(row.kind) as PaymentRow['kind'],
    lead_id: row.lead_id === null ? null : String(row.lead_id),
    car_id: row.car_id === null ? null : String(row.car_id),
    reference: row.reference === null ? null : String(row.reference),
    provider: String(row.provider),
    provider_ref: row.provider_ref === null ? null : String(row.provider_ref),
    amount_cents: Number(row.amount_cents),
    currency: String(row.currency),
    status: String(row.status),
    failure: row.failure === null ? null : String(row.failure),
    refunded_cents: Number(row.refunded_cents),
    created_at: Number(row.created_at),
    paid_at: row.paid_at === null || row.paid_at === undefined ? null : Number(row.paid_at),
    intent_at: row.intent_at === null || row.intent_at === undefined ? null : Number(row.intent_at),
    client: row.client === null || row.client === undefined ? null : String(row.client),
  };
}

const PAYMENT_COLUMNS = 'id, tenant, kind, lead_id, car_id, reference, provider, provider_ref, amount_cents, currency, status, failure, refunded_cents, created_at, paid_at, intent_at, client';
/** The same columns of a query's payments table named p. */
const P_COLUMNS = PAYMENT_COLUMNS.split(', ')
  .map((column) => `p.${column}`)
  .join(', ');

/** The payments, car_holds and payment_invoices tables. */
export class PaymentRepository {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /** A payment of the tenant (the browser polls this after confirming; the answer is the server's, never the browser's). */
  async get(tenant: string, id: string): Promise<PaymentRow | undefined> {
    const rows = await this.#db.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE tenant = $1 AND id = $2`, [tenant, id]);
    return rows[0] ? rowOf(rows[0]) : undefined;
  }

  /** Payments of a tenant, newest first (refund command). */
  async list(tenant: string, filter: { carId?: string; ref?: string; id?: string } = {}): Promise<PaymentRow[]> {
    const conditions = ['tenant = $1'];
    const params: string[] = [tenant];
    if (filter.carId) conditions.push(`car_id = $${params.push(filter.carId)}`);
    if (filter.ref) conditions.push(`provider_ref = $${params.push(filter.ref)}`);
    if (filter.id) conditions.push(`id = $${params.push(filter.id)}`);
    const rows = await this.#db.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC`, params);
    return rows.map(rowOf);
  }

  async byAttempt(tenant: string, attemptKey: string): Promise<PaymentRow | undefined> {
    const rows = await this.#db.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE tenant = $1 AND attempt_key = $2`, [tenant, attemptKey]);
    return rows[0] ? rowOf(rows[0]) : undefined;
  }

  /** The payment of a provider reference on this tenant (a webhook's), if any. */
  async byProviderRef(tenant: string, providerRef: string): Promise<PaymentRow | undefined> {
    const rows = await this.#db.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE tenant = $1 AND provider_ref = $2`, [tenant, providerRef]);
    return rows[0] ? rowOf(rows[0]) : undefined;
  }

  /** The lead's payment still holding this car, if any: pending, or declined (its hold kept, with its end, for the lead's next attempt). */
  async ownHold(tenant: string, leadId: string, carId: string, at: number): Promise<PaymentRow | undefined> {
    const held = await this.#db.query(
      `SELECT ${P_COLUMNS} FROM payments p JOIN car_holds h ON h.payment_id = p.id
       WHERE p.tenant = $1 AND p.lead_id = $2 AND h.car_id = $3 AND h.state = 'holding' AND h.expires_at > $4 AND p.status IN ('pending', 'failed')`,
      [tenant, leadId, carId, at],
    );
    return held[0] ? rowOf(held[0]) : undefined;
  }

  /**
   * When payment `id`'s reservation of its car ends (its hold reserved: a paid deposit, or one refunded
   * only in part), if it still stands at `at`: an expired hold is deleted only when another lead reserves the car.
   */
  async reservedUntil(id: string, at: number): Promise<number | undefined> {
    const rows = await this.#db.query<{ expires_at: number | string }>(
      "SELECT expires_at FROM car_holds WHERE payment_id = $1 AND state = 'reserved' AND expires_at > $2",
      [id, at],
    );
    return rows[0] ? Number(rows[0].expires_at) : undefined;
  }

  /**
   * Whether this car's reservation is the lead's own: a deposit of the lead for it paid (or refunded
   * only in part, the car still reserved). Holds are told apart by lead only (docs/payments.md).
   */
  async paidByLead(tenant: string, leadId: string, carId: string): Promise<boolean> {
    const rows = await this.#db.query(
      "SELECT id FROM payments WHERE tenant = $1 AND lead_id = $2 AND car_id = $3 AND kind = 'reservation' AND status IN ('paid', 'partially_refunded') LIMIT 1",
      [tenant, leadId, carId],
    );
    return rows.length > 0;
  }

  /** The payments of a lead (id and status), in the order they were started (then by id). */
  async leadPayments(tenant: string, leadId: string): Promise<{ id: string; status: string }[]> {
    const rows = await this.#db.query('SELECT id, status FROM payments WHERE tenant = $1 AND lead_id = $2 ORDER BY created_at, id', [tenant, leadId]);
    return rows.map((row) => ({ id: String(row.id), status: String(row.status) }));
  }

  /** A COUNT(*) AS n query's answer (inside a transaction when `on` is one). */
  async count(sql: string, params: readonly SqlValue[], on: SqlExecutor = this.#db): Promise<number> {
    const rows = await on.query<{ n: number | string }>(sql, params);
    return Number(rows[0]?.n ?? 0);
  }

  /** The issued invoice of a reference (compared without spaces, upper case), if any. */
  async invoice(tenant: string, reference: string, db: SqlExecutor = this.#db): Promise<{ amount_cents: number; expires_at: number; paid_payment_id: string | null } | undefined> {
    const rows = await db.query<{ amount_cents: number; expires_at: number; paid_payment_id: string | null }>(
      'SELECT amount_cents, expires_at, paid_payment_id FROM payment_invoices WHERE tenant = $1 AND reference_key = $2',
      [tenant, invoiceKey(reference)],
    );
    return rows[0];
  }

  /**
   * The payments of an invoice (its reference compared as invoiceKey: the form takes no other
   * space than ' ') whose card was submitted and whose verdict has not come: pending with a
   * provider intent. Not the payment `except.id`, nor the one of attempt `except.attemptKey`.
   */
  async invoicePaymentsAwaiting(tenant: string, reference: string, except: { id?: string; attemptKey?: string }): Promise<PaymentRow[]> {
    const rows = await this.#db.query(
      `SELECT ${PAYMENT_COLUMNS} FROM payments
       WHERE tenant = $1 AND kind = 'online-payment' AND status = 'pending' AND provider_ref IS NOT NULL AND UPPER(REPLACE(reference, ' ', '')) = $2 AND id <> $3 AND attempt_key <> $4`,
      [tenant, invoiceKey(reference), except.id ?? '', except.attemptKey ?? ''],
    );
    return rows.map(rowOf);
  }

  /**
   * The pending payments of an invoice whose card was submitted: their intent claimed (claimIntent),
   * made at the provider or still being made (provider_ref NULL). Read with `db` (the invoice
   * command's locked write, Payments.issueInvoice).
   */
  async invoicePaymentsWithCard(tenant: string, reference: string, db: SqlExecutor = this.#db): Promise<PaymentRow[]> {
    const rows = await db.query(
      `SELECT ${PAYMENT_COLUMNS} FROM payments
       WHERE tenant = $1 AND kind = 'online-payment' AND status = 'pending' AND (intent_at IS NOT NULL OR provider_ref IS NOT NULL) AND UPPER(REPLACE(reference, ' ', '')) = $2`,
      [tenant, invoiceKey(reference)],
    );
    return rows.map(rowOf);
  }

  /**
   * Claim asking the provider for a pending payment's verdict now (`at`): only when its card was
   * submitted at `cardBefore` or earlier and it was not asked after `askedBefore`. One
   * conditional update, so of the requests and API processes asking at once one is answered yes.
   * A payment made before intent_at was kept (provider_ref set, intent_at null) counts from its
   * start, as the sweep selects it (abandonedOnlinePayments).
   */
  async claimAsk(id: string, at: number, bounds: { cardBefore: number; askedBefore: number }): Promise<boolean> {
    const claimed = await this.#db.run(
      `UPDATE payments SET asked_at = $1
       WHERE id = $2 AND status = 'pending' AND provider_ref IS NOT NULL AND COALESCE(intent_at, created_at) <= $3 AND (asked_at IS NULL OR asked_at <= $4)`,
      [at, id, bounds.cardBefore, bounds.askedBefore],
    );
    return claimed > 0;
  }

  /**
   * Pending /online-payment payments started (or whose card was submitted) at `before` or
   * earlier and not asked of the provider after `askedBefore`, oldest first, at most `limit`.
   */
  async abandonedOnlinePayments(before: number, askedBefore: number, limit: number): Promise<PaymentRow[]> {
    const rows = await this.#db.query(
      `SELECT ${PAYMENT_COLUMNS} FROM payments
       WHERE kind = 'online-payment' AND status = 'pending' AND COALESCE(intent_at, created_at) <= $1 AND (asked_at IS NULL OR asked_at <= $2)
       ORDER BY created_at LIMIT $3`,
      [before, askedBefore, limit],
    );
    return rows.map(rowOf);
  }

  /**
   * Pending payments whose card was submitted and whose car hold ran out at `at` (of one car of a
   * tenant, or all), the earliest ends first, at most `limit`: asked of the provider before the
   * hold is released (verdicts.ts askExpiringHolds).
   */
  async expiredHoldsWithCard(scope: { tenant: string; carId: string } | undefined, at: number, limit: number): Promise<PaymentRow[]> {
    const where = scope ? ' AND h.tenant = $2 AND h.car_id = $3' : '';
    const rows = await this.#db.query(
      `SELECT ${P_COLUMNS} FROM car_holds h JOIN payments p ON p.id = h.payment_id
       WHERE h.state = 'holding' AND h.expires_at <= $1 AND p.status = 'pending' AND p.provider_ref IS NOT NULL${where}
       ORDER BY h.expires_at LIMIT ${scope ? '$4' : '$2'}`,
      scope ? [at, scope.tenant, scope.carId, limit] : [at, limit],
    );
    return rows.map(rowOf);
  }

  /**
   * Mark a pending payment cancelled because it was abandoned (`failure` says how); with
   * `noCardBefore`, only while no card was submitted on it since then. Resolves to whether this
   * call marked it (another API process's sweep may have).
   */
  async cancelAbandoned(id: string, failure: string, at: number, noCardBefore?: number): Promise<boolean> {
    const noCard = noCardBefore === undefined ? '' : ' AND provider_ref IS NULL AND COALESCE(intent_at, created_at) <= $4';
    const changed = await this.#db.run(`UPDATE payments SET status = 'canceled', failure = $1, updated_at = $2 WHERE id = $3 AND status = 'pending'${noCard}`, [
      failure,
      at,
      id,
      ...(noCardBefore === undefined ? [] : [noCardBefore]),
    ]);
    return changed > 0;
  }

  /**
   * Payments ended (not pending) with an intent claim but no PaymentIntent kept (provider_ref NULL:
   * the API stopped during the provider call, or the call failed after the provider made it), whose
   * claim is older than `claimedBefore` (its call over), never searched for (asked_at NULL, however
   * long ago they ended: those that ended before the sweep existed, or while it did not run), or not
   * searched for after `searchedBefore` that ended after `endedAfter` or were last searched for less
   * than `lastFromMs` after they ended (their last search, however late, not made yet), oldest first,
   * or whose list was left unfinished fewer than `maxLists` times (however long ago they ended),
   * at most `limit`, each with when it ended (`ended_at`, its last change) and its unfinished list
   * (`orphan_list`: where it goes on, '' from the start; `orphan_lists`: how many were) (orphans.ts).
   */
  async endedClaimsWithoutIntent(
    claimedBefore: number,
    endedAfter: number,
    searchedBefore: number,
    lastFromMs: number,
    limit: number,
    maxLists: number,
  ): Promise<(PaymentRow & { ended_at: number; orphan_list: string | null; orphan_lists: number })[]> {
    const rows = await this.#db.query(
      `SELECT ${PAYMENT_COLUMNS}, updated_at, orphan_list, orphan_lists FROM payments
       WHERE status <> 'pending' AND provider_ref IS NULL AND intent_at IS NOT NULL AND intent_at <= $1
         AND (asked_at IS NULL OR (asked_at <= $3 AND (updated_at > $2 OR asked_at - updated_at < $4 OR (orphan_list IS NOT NULL AND orphan_lists < $6))))
       ORDER BY updated_at LIMIT $5`,
      [claimedBefore, endedAfter, searchedBefore, lastFromMs, limit, maxLists],
    );
    return rows.map((row) => ({
      ...rowOf(row),
      ended_at: Number(row.updated_at),
      orphan_list: row.orphan_list === null || row.orphan_list === undefined ? null : String(row.orphan_list),
      orphan_lists: Number(row.orphan_lists ?? 0),
    }));
  }

  /**
   * Record ended payment `id`'s list of PaymentIntents: left unfinished (`after`: where the next goes
   * on, '' from the start; one more counted), or finished (undefined: none left to make).
   */
  async recordOrphanList(id: string, after: string | undefined): Promise<void> {
    if (after === undefined) await this.#db.run('UPDATE payments SET orphan_list = NULL WHERE id = $1 AND orphan_list IS NOT NULL', [id]);
    else await this.#db.run('UPDATE payments SET orphan_list = $1, orphan_lists = orphan_lists + 1 WHERE id = $2', [after, id]);
  }

  /**
   * The payments the operator's /api/health lists (one query, oldest change first, at most `limit`
   * entries): ended ones whose PaymentIntent list is unfinished and none kept (given up at
   * `maxLists`), and those in review (the provider took another amount than the one asked).
   */
  async needingAttention(maxLists: number, limit: number): Promise<PaymentNeedingAttention[]> {
    const rows = await this.#db.query(
      "SELECT tenant, id, status, failure, orphan_list, orphan_lists, provider_ref FROM payments WHERE (orphan_list IS NOT NULL AND provider_ref IS NULL) OR status = 'review' ORDER BY updated_at LIMIT $1",
      [limit],
    );
    return rows
      .flatMap((row): PaymentNeedingAttention[] => {
        const [tenant, payment_id] = [String(row.tenant), String(row.id)];
        const entries: PaymentNeedingAttention[] = [];
        if (row.status === 'review') entries.push({ tenant, payment_id, reason: 'amount mismatch', failure: String(row.failure ?? '') });
        if (row.orphan_list !== null && row.provider_ref === null) {
          const lists = Number(row.orphan_lists);
          entries.push({ tenant, payment_id, reason: 'intent list unfinished', lists, given_up: lists >= maxLists });
        }
        return entries;
      })
      .slice(0, limit);
  }

  /** Claim searching the provider now (`at`) for ended payment `id`'s PaymentIntent: one conditional update (asked_at), so API processes sweeping at once search once. */
  async claimSearch(id: string, at: number, searchedBefore: number): Promise<boolean> {
    const claimed = await this.#db.run("UPDATE payments SET asked_at = $1 WHERE id = $2 AND status <> 'pending' AND provider_ref IS NULL AND (asked_at IS NULL OR asked_at <= $3)", [at, id, searchedBefore]);
    return claimed > 0;
  }

  /** Keep the PaymentIntent `ref` found at the provider for ended payment `id` (its events then name it; it is not searched for again). */
  async keepFoundIntent(id: string, ref: string): Promise<void> {
    await this.#db.run("UPDATE payments SET provider_ref = $1 WHERE id = $2 AND status <> 'pending' AND provider_ref IS NULL", [ref, id]);
  }

  /**
   * Give back the intent claim made at `at` (reserve.ts claimIntent) of a payment refused after it
   * was claimed and before its intent was made: it counts no more against the hourly limits, and
   * a later card submitted on it claims again.
   */
  async releaseIntentClaim(id: string, at: number): Promise<void> {
    await this.#db.run("UPDATE payments SET intent_at = NULL WHERE id = $1 AND intent_at = $2 AND provider_ref IS NULL AND status = 'pending'", [id, at]);
  }

  /** Issue (or change, while unpaid) an invoice /online-payment may pay: npm run invoice. */
  async issueInvoice(tenant: string, input: { reference: string; amountCents: number; expiresAt: number }, at: number, db: SqlExecutor = this.#db): Promise<void> {
    const changed = await db.run(
      `INSERT INTO payment_invoices (tenant, reference_key, reference, amount_cents, issued_at, expires_at, paid_payment_id) VALUES ($1, $2, $3, $4, $5, $6, NULL)
       ON CONFLICT (tenant, reference_key) DO UPDATE SET reference = excluded.reference, amount_cents = excluded.amount_cents, issued_at = excluded.issued_at, expires_at = excluded.expires_at
       WHERE payment_invoices.paid_payment_id IS NULL`,
      [tenant, invoiceKey(input.reference), input.reference, input.amountCents, at, input.expiresAt],
    );
    if (changed === 0) throw new Error(`invoice ${input.reference} of ${tenant} is paid already: it cannot be changed`);
  }

  /** Withdraw an unpaid invoice (npm run invoice --withdraw, under reserve.ts withdrawInvoice's lock with `db`); returns whether one was withdrawn. */
  async withdrawInvoice(tenant: string, reference: string, db: SqlExecutor = this.#db): Promise<boolean> {
    return (await db.run('DELETE FROM payment_invoices WHERE tenant = $1 AND reference_key = $2 AND paid_payment_id IS NULL', [tenant, invoiceKey(reference)])) > 0;
  }

  /** The tenant's invoices, newest first. */
  async invoices(tenant: string): Promise<InvoiceRow[]> {
    const rows = await this.#db.query('SELECT reference, amount_cents, issued_at, expires_at, paid_payment_id FROM payment_invoices WHERE tenant = $1 ORDER BY issued_at DESC', [tenant]);
    return rows.map((row) => ({
      reference: String(row.reference),
      amount_cents: Number(row.amount_cents),
      issued_at: Number(row.issued_at),
      expires_at: Number(row.expires_at),
      paid_payment_id: row.paid_payment_id === null ? null : String(row.paid_payment_id),
    }));
  }

  /** Release every hold (of one car, or all) whose time ran out at `at`; resolves to the payments that expired. */
  async releaseExpired(tenant: string | undefined, carId: string | undefined, at: number): Promise<PaymentRow[]> {
    return this.#db.transaction(async (tx) => {
      const scope = tenant ? ' AND tenant = $2 AND car_id = $3' : '';
      const holds = await tx.query<{ payment_id: string }>(`SELECT payment_id FROM car_holds WHERE state = 'holding' AND expires_at <= $1${scope}`, tenant ? [at, tenant, carId] : [at]);
      const rows: PaymentRow[] = [];
      for (const hold of holds) {
        await tx.run("DELETE FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [hold.payment_id]);
        // A declined attempt whose kept hold ran out let it run out unpaid too: the abandoned-holds limit counts it.
        const changed = await tx.run("UPDATE payments SET status = 'expired', updated_at = $1 WHERE id = $2 AND status IN ('pending', 'failed')", [at, hold.payment_id]);
        if (changed > 0) {
          const row = await tx.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, [hold.payment_id]);
          if (row[0]) rows.push(rowOf(row[0]));
        }
      }
      return rows;
    });
  }

  /** The car becomes this payment's: its own hold turns into a reservation, or a free car is taken. */
  async takeReserved(tx: SqlExecutor, tenant: string, carId: string, paymentId: string, until: number, at: number): Promise<boolean> {
    const own = await tx.run("UPDATE car_holds SET state = 'reserved', expires_at = $1 WHERE tenant = $2 AND car_id = $3 AND payment_id = $4", [until, tenant, carId, paymentId]);
    if (own > 0) return true;
    await tx.run("DELETE FROM car_holds WHERE tenant = $1 AND car_id = $2 AND state = 'holding' AND expires_at <= $3", [tenant, carId, at]);
    const taken = await tx.run('INSERT INTO car_holds (tenant, car_id, payment_id, state, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, car_id) DO NOTHING', [
      tenant,
      carId,
      paymentId,
      'reserved',
      until,
      at,
    ]);
    return taken > 0;
  }
}
