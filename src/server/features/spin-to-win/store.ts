/**
 * The spin-to-win feature's SQL: a shopper's spin of a month, and the count of each prize a
 * promotion has given away. The month's spin and the prize's count change in one transaction,
 * so two spins at once can neither both count as the month's nor both take a prize's last unit.
 * A month's spin is found by the mobile number or by its keyed digest (what the retention purge
 * leaves of a spin whose lead it deleted: src/server/ops/retention.ts).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { SqlDatabase, SqlExecutor } from '../../../platform/sql/db.ts';

/** One stored spin. */
export interface SpinRecord {
  id: string;
  tenant: string;
  phone: string;
  month: string;
  prize_id: string;
  prize_label: string;
  /** The lead this spin makes (saved with the spin, so it can be made again after a crash). */
  lead_values: Record<string, unknown>;
  lead_id: string | null;
  created_at: number;
}

/** What `spin` did: recorded a new spin, or found the month's spin already made. */
export type SpinOutcome = { status: 'spun'; spin: SpinRecord } | { status: 'already'; spin: SpinRecord } | { status: 'sold-out' };

/** A prize the draw may pick: its id, label, weight and the quantity the promotion gives away (undefined: no limit). */
export interface DrawablePrize {
  id: string;
  label: string;
  weight: number;
  quantity?: number;
}

function toRecord(row: Record<string, unknown>): SpinRecord {
  return {
    id: String(row.id),
    tenant: String(row.tenant),
    phone: String(row.phone),
    month: String(row.month),
    prize_id: String(row.prize_id),
    prize_label: String(row.prize_label),
    lead_values: JSON.parse(String(row.lead_values)) as Record<string, unknown>,
    lead_id: row.lead_id === null || row.lead_id === undefined ? null : String(row.lead_id),
    created_at: Number(row.created_at),
  };
}

const COLUMNS = 'id, tenant, phone, month, prize_id, prize_label, lead_values, lead_id, created_at';

/** The month's spin of an entrant: $1 tenant, $2 month, $3 phone, $4 its digest. */
const MONTH_SPIN = `SELECT ${COLUMNS} FROM spin_to_win_spins WHERE tenant = $1 AND month = $2 AND (phone = $3 OR phone_digest = $4)`;

/** Thrown inside the spin's transaction to roll the month's row back when no prize is left. */
class SoldOut extends Error {}

/** Data access of the spin-to-win feature. */
export class SpinToWinStore {
  readonly #db: SqlDatabase;
  /** Keys the entrant's digest (DerivedKeys.spinEntrants). */
  readonly #entrantKey: Buffer;

  constructor(db: SqlDatabase, entrantKey: Buffer) {
    this.#db = db;
    this.#entrantKey = entrantKey;
  }

  /** The keyed digest of a tenant's entrant, stored with each spin. */
  #digest(tenant: string, phone: string): string {
    return createHmac('sha256', this.#entrantKey).update(`${tenant}|${phone}`).digest('hex');
  }

  /** The shopper's spin of `month`, if any. */
  async monthSpin(tenant: string, phone: string, month: string): Promise<SpinRecord | undefined> {
    const rows = await this.#db.query(MONTH_SPIN, [tenant, month, phone, this.#digest(tenant, phone)]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** Prize ids whose quantity the promotion has given away. */
  async soldOut(tenant: string, promotion: string, prizes: readonly DrawablePrize[]): Promise<string[]> {
    const counts = await this.awarded(this.#db, tenant, promotion);
    return prizes.filter((prize) => prize.quantity !== undefined && (counts.get(prize.id) ?? 0) >= prize.quantity).map((prize) => prize.id);
  }

  private async awarded(executor: SqlExecutor, tenant: string, promotion: string): Promise<Map<string, number>> {
    const rows = await executor.query<{ prize_id: string; awarded: number }>(
      'SELECT prize_id, awarded FROM spin_to_win_awards WHERE tenant = $1 AND promotion = $2',
      [tenant, promotion],
    );
    return new Map(rows.map((row) => [String(row.prize_id), Number(row.awarded)]));
  }

  /**
   * The month's spin, in one transaction: nothing when the shopper already spun this month
   * (that spin is returned); else `draw` picks among the prizes still available, the pick's
   * unit is claimed (a prize whose last unit another spin just took is left out and the draw
   * runs again), and the spin is recorded. 'sold-out' when no prize is left.
   */
  async spin(
    input: { tenant: string; phone: string; month: string; promotion: string; prizes: readonly DrawablePrize[]; now: number },
    draw: (available: readonly DrawablePrize[]) => DrawablePrize,
    leadValues: (prize: DrawablePrize, spinId: string) => Record<string, unknown>,
  ): Promise<SpinOutcome> {
    const id = randomUUID();
    const digest = this.#digest(input.tenant, input.phone);
    const monthSpin = [input.tenant, input.month, input.phone, digest];
    try {
      return await this.#db.transaction(async (tx): Promise<SpinOutcome> => {
        const existing = await tx.query(MONTH_SPIN, monthSpin);
        if (existing[0]) return { status: 'already', spin: toRecord(existing[0]) };
        // The month's row first: a second spin at the same moment stops at the unique key (and rolls back).
        const inserted = await tx.run(
          `INSERT INTO spin_to_win_spins (${COLUMNS}, phone_digest) VALUES ($1, $2, $3, $4, '', '', '{}', NULL, $5, $6) ON CONFLICT (tenant, phone, month) DO NOTHING`,
          [id, input.tenant, input.phone, input.month, input.now, digest],
        );
        if (inserted === 0) {
          const winner = await tx.query(MONTH_SPIN, monthSpin);
          return { status: 'already', spin: toRecord(winner[0]!) };
        }
        const counts = await this.awarded(tx, input.tenant, input.promotion);
        let available = input.prizes.filter((prize) => prize.quantity === undefined || (counts.get(prize.id) ?? 0) < prize.quantity);
        while (available.length > 0) {
          const prize = draw(available);
          if (await this.claim(tx, input.tenant, input.promotion, prize)) {
            const values = leadValues(prize, id);
            await tx.run('UPDATE spin_to_win_spins SET prize_id = $1, prize_label = $2, lead_values = $3 WHERE id = $4', [
              prize.id,
              prize.label,
              JSON.stringify(values),
              id,
            ]);
            return {
              status: 'spun',
              spin: {
                id,
                tenant: input.tenant,
                phone: input.phone,
                month: input.month,
                prize_id: prize.id,
                prize_label: prize.label,
                lead_values: values,
                lead_id: null,
                created_at: input.now,
              },
            };
          }
          available = available.filter((candidate) => candidate.id !== prize.id);
        }
        throw new SoldOut();
      });
    } catch (error) {
      if (error instanceof SoldOut) return { status: 'sold-out' };
      throw error;
    }
  }

  /** Count one unit of a prize; false when its quantity is already given away. Prizes without a quantity are counted too (for the dealer's records). */
  private async claim(tx: SqlExecutor, tenant: string, promotion: string, prize: DrawablePrize): Promise<boolean> {
    const upsert = `INSERT INTO spin_to_win_awards (tenant, promotion, prize_id, awarded) VALUES ($1, $2, $3, 1)
       ON CONFLICT (tenant, promotion, prize_id) DO UPDATE SET awarded = spin_to_win_awards.awarded + 1`;
    if (prize.quantity === undefined) return (await tx.run(upsert, [tenant, promotion, prize.id])) > 0;
    return (await tx.run(`${upsert} WHERE spin_to_win_awards.awarded < $4`, [tenant, promotion, prize.id, prize.quantity])) > 0;
  }

  /** Spins whose lead was not made (the process stopped between the two writes). */
  async withoutLead(tenant: string, phone: string): Promise<SpinRecord[]> {
    const rows = await this.#db.query(`SELECT ${COLUMNS} FROM spin_to_win_spins WHERE tenant = $1 AND phone = $2 AND lead_id IS NULL ORDER BY created_at`, [
      tenant,
      phone,
    ]);
    return rows.map(toRecord);
  }

  /** Link a spin to the lead made for it. */
  async setLead(spinId: string, leadId: string): Promise<void> {
    await this.#db.run('UPDATE spin_to_win_spins SET lead_id = $1 WHERE id = $2', [leadId, spinId]);
  }
}
