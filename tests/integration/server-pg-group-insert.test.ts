/**
 * Issue 17 item 7: on PostgreSQL new leads are inserted in groups (one statement and one
 * commit for the leads that arrive while the previous group is written). Concurrent leads
 * must all be stored with their delivery jobs, and a client key sent twice, even inside one
 * group, must give one lead and a replay. A browser key and the key as sent (an earlier
 * release's form of it) are one key, also while the earlier release's insert is in flight.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database.ts';
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

  /** The row a release before the prefixes inserted for a browser's Idempotency-Key: the header as sent. */
  const earlierReleaseInsert = (key: string, now: number) => [
    `INSERT INTO leads (id, tenant, category, subcategory, car_id, dealership_slug, name, email, phone, form_completed, offer_accepted, revision, data, created_at, updated_at, client_key)
     VALUES ($1, 'alpha', 'General Enquiry', NULL, NULL, NULL, 'Old', NULL, NULL, 1, 0, 1, '{}', $2, $2, $3) ON CONFLICT (tenant, client_key) DO NOTHING`,
    [randomUUID(), now, key],
  ] as const;

  it('a lead retried at once to a process of the earlier release (key as sent) and to this one (browser key) is stored once', async () => {
    const store = openStores(database.db);
    const earlier = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 });
    try {
      let oldId = '';
      // The earlier release's insert is in flight (not yet committed) when this release looks the key up.
      const oldWrite = earlier.transaction(async (tx) => {
        const [sql, params] = earlierReleaseInsert('k-rolling', Date.now());
        oldId = params[0];
        await tx.run(sql, params);
        await new Promise((resolve) => setTimeout(resolve, 400));
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const saved = await store.leads.save({ tenant: 'alpha', clientKey: leadKey('browser', 'k-rolling'), values: { name: 'New', form_completed: true }, destinations: ['crm'], now: Date.now() });
      await oldWrite;
      expect(saved).toMatchObject({ status: 'replayed', id: oldId });
      expect(await database.db.query("SELECT client_key FROM leads WHERE tenant = 'alpha' AND client_key IN ('k-rolling', 'browser:k-rolling')")).toEqual([{ client_key: 'k-rolling' }]);

      // The other order: this release stored the browser key; the earlier release's insert of the key as sent is refused.
      const first = await store.leads.save({ tenant: 'alpha', clientKey: leadKey('browser', 'k-rolling-2'), values: { name: 'New', form_completed: true }, destinations: [], now: Date.now() });
      expect(first).toMatchObject({ status: 'created' });
      const [sql, params] = earlierReleaseInsert('k-rolling-2', Date.now());
      await expect(earlier.run(sql, params)).rejects.toThrow(/leads_key_as_sent/);
      // A browser key naming a server's key is its own: no conflict with the server's lead.
      await store.leads.save({ tenant: 'alpha', clientKey: leadKey('spin-to-win', 'spin-9'), values: { name: 'Prize' }, destinations: [], now: Date.now() });
      expect(await store.leads.save({ tenant: 'alpha', clientKey: leadKey('browser', 'spin-to-win:spin-9'), values: { name: 'Posted' }, destinations: [], now: Date.now() })).toMatchObject({ status: 'created' });
    } finally {
      await earlier.close();
    }
  });
});
