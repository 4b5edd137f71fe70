/**
 * The spin-to-win store over an in-memory SQLite database, and the weighted draw: one spin per
 * shopper and month (per tenant), a prize whose quantity is given away is left out of the draw
 * (per promotion), no prize left is 'sold-out' with nothing recorded, and a spin whose lead was
 * not made is found again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqlDatabase } from '../../database.ts';
import { deriveKeys } from '../../kernel/keys.ts';
import { drawPrize } from './plugin.ts';
import { SpinToWinStore, type DrawablePrize } from './store.ts';

let db: SqlDatabase;
let store: SpinToWinStore;

beforeEach(async () => {
  db = await openDatabase({ kind: 'sqlite', file: ':memory:' });
  store = new SpinToWinStore(db, deriveKeys('store-test-secret').spinEntrants);
});

afterEach(async () => {
  await db.close();
});

const car = { id: 'car', label: 'A car', weight: 1, quantity: 1 };
const cap = { id: 'cap', label: 'A cap', weight: 99 };
const first = (available: readonly DrawablePrize[]) => available[0]!;
const values = (prize: DrawablePrize, spinId: string) => ({ prize: prize.id, spin: spinId });

function spin(phone: string, month: string, prizes: readonly DrawablePrize[], draw = first, tenant = 'alpha') {
  return store.spin({ tenant, phone, month, promotion: '2026-11-01', prizes, now: 5 }, draw, values);
}

describe('SpinToWinStore.spin', () => {
  it("records the month's spin with its prize and lead values; a second spin that month gets the first back", async () => {
    const outcome = await spin('0412000001', '2026-12', [car, cap]);
    expect(outcome).toMatchObject({
      status: 'spun',
      spin: { tenant: 'alpha', phone: '0412000001', month: '2026-12', prize_id: 'car', prize_label: 'A car', lead_id: null, created_at: 5 },
    });
    const spinId = outcome.status === 'spun' ? outcome.spin.id : '';
    expect(outcome.status === 'spun' && outcome.spin.lead_values).toEqual({ prize: 'car', spin: spinId });
    const again = await spin('0412000001', '2026-12', [cap]);
    expect(again).toEqual({ status: 'already', spin: { ...(outcome as { spin: object }).spin } });
    expect(await store.monthSpin('alpha', '0412000001', '2026-12')).toEqual(again.status === 'already' ? again.spin : undefined);
    // Next month, and another tenant, are other spins.
    expect((await spin('0412000001', '2027-01', [cap])).status).toBe('spun');
    expect((await spin('0412000001', '2026-12', [cap], first, 'beta')).status).toBe('spun');
    expect(await store.monthSpin('alpha', '0412000002', '2026-12')).toBeUndefined();
  });

  it('leaves a prize out of the draw once its quantity is given away, and counts prizes without one too', async () => {
    const seen: string[][] = [];
    const recording = (available: readonly DrawablePrize[]) => {
      seen.push(available.map((prize) => prize.id));
      return available[0]!;
    };
    await spin('0412000001', '2026-12', [car, cap], recording);
    await spin('0412000002', '2026-12', [car, cap], recording);
    expect(seen).toEqual([['car', 'cap'], ['cap']]);
    expect(await store.soldOut('alpha', '2026-11-01', [car, cap])).toEqual(['car']);
    // A new promotion (another start date) counts afresh.
    expect(await store.soldOut('alpha', '2027-01-01', [car, cap])).toEqual([]);
    const rows = await db.query<{ prize_id: string; awarded: number }>('SELECT prize_id, awarded FROM spin_to_win_awards ORDER BY prize_id');
    expect(rows.map((row) => [row.prize_id, Number(row.awarded)])).toEqual([
      ['cap', 1],
      ['car', 1],
    ]);
  });

  it('is sold-out with nothing recorded when every prize is given away, so the shopper may spin when more are added', async () => {
    await spin('0412000001', '2026-12', [car]);
    expect(await spin('0412000002', '2026-12', [car])).toEqual({ status: 'sold-out' });
    expect(await store.monthSpin('alpha', '0412000002', '2026-12')).toBeUndefined();
    expect((await spin('0412000002', '2026-12', [car, cap])).status).toBe('spun');
  });
});

describe('SpinToWinStore leads', () => {
  it('lists the spins whose lead was not made, oldest first, until their lead is set', async () => {
    const december = await spin('0412000001', '2026-12', [cap]);
    const january = await spin('0412000001', '2027-01', [cap]);
    const ids = [december, january].map((outcome) => (outcome.status === 'spun' ? outcome.spin.id : ''));
    expect((await store.withoutLead('alpha', '0412000001')).map((record) => record.id)).toEqual(ids);
    await store.setLead(ids[0]!, 'lead-1');
    expect((await store.withoutLead('alpha', '0412000001')).map((record) => record.id)).toEqual([ids[1]]);
    expect((await store.monthSpin('alpha', '0412000001', '2026-12'))?.lead_id).toBe('lead-1');
    expect(await store.withoutLead('beta', '0412000001')).toEqual([]);
  });
});

describe('drawPrize', () => {
  it('picks by weight over the prizes still available: a roll below the first weight is the first prize', () => {
    const prizes = [
      { id: 'a', label: 'A', weight: 3 },
      { id: 'b', label: 'B', weight: 1 },
    ];
    const rolls: number[] = [];
    const roll = (value: number) => (max: number) => {
      rolls.push(max);
      return value;
    };
    expect(drawPrize(prizes, roll(0)).id).toBe('a');
    expect(drawPrize(prizes, roll(2)).id).toBe('a');
    expect(drawPrize(prizes, roll(3)).id).toBe('b');
    expect(rolls).toEqual([4, 4, 4]);
    expect(drawPrize([prizes[1]!]).id).toBe('b');
  });
});
