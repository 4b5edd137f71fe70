/**
 * Issue 17 item 7: on PostgreSQL new leads are inserted in groups (one statement and one
 * commit for the leads that arrive while the previous group is written). Concurrent leads
 * must all be stored with their delivery jobs, and a client key sent twice, even inside one
 * group, must give one lead and a replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadKey } from '../../src/server/leads/repository.ts';
import { openStores } from '../../src/server/stores.ts';
import { POSTGRES_SKIP_REASON, tempDir, testDatabase } from '../support/server-helpers.ts';

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)('17.7 PostgreSQL group insert of new leads', () => {
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;

  beforeAll(async () => {
    folder = tempDir('pg-group-');
    database = await testDatabase('postgres', folder.dir);
  });
  afterAll(async () => {
    await database?.stop();
    folder?.remove();
  });

  it('17.7 concurrent leads are all stored with one delivery job per destination; a repeated client key replays', async () => {
    const store = openStores(database.db);
    const write = (index: number, clientKey?: string) =>
      store.leads.save({ tenant: 'alpha', clientKey: clientKey === undefined ? undefined : leadKey('browser', clientKey), values: { name: `N${index}`, email: `n${index}@example.com`, form_completed: index % 10 !== 0 }, destinations: ['crm', 'adf'], now: 1_000 + index });
    const results = await Promise.all([...Array.from({ length: 60 }, (_, index) => write(index, `key-${index}`)), write(100, 'key-5'), write(101, 'key-7'), write(102)]);
    const created = results.filter((result) => result.status === 'created');
    expect(created).toHaveLength(61);
    const replays = results.filter((result) => result.status === 'replayed');
    expect(replays).toHaveLength(2);
    expect(replays.map((result) => ('id' in result ? result.id : ''))).toEqual([results[5], results[7]].map((result) => ('id' in result! ? result.id : '')));
    expect(await store.leads.count('alpha')).toBe(61);
    const first = created[1]!;
    const lead = await store.leads.get('alpha', 'id' in first ? first.id : '');
    expect(lead).toMatchObject({ name: 'N1', email: 'n1@example.com', revision: 1, form_completed: true });
    expect((await store.outbox.deliveriesOf(lead!.id)).map((job) => job.idempotency_key).sort()).toEqual([`${lead!.id}:adf:1`, `${lead!.id}:crm:1`]);
    // form_completed false: stored, not delivered.
    const held = await store.leads.get('alpha', 'id' in results[10]! ? results[10].id : '');
    expect(held?.form_completed).toBe(false);
    expect(await store.outbox.deliveriesOf(held!.id)).toEqual([]);
    expect((await store.outbox.deliveryCounts()).pending).toBe(2 * 55);
  });
});
