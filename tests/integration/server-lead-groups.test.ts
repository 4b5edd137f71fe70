/**
 * Issue 17 item 7 (PostgreSQL >= 1,500 leads/s): what the per-lead cost cuts must not break.
 * - New leads are inserted in groups: a caller is answered only once its group is committed
 *   (another connection already sees the lead and its delivery job).
 * - The outbox records a round's outcomes in grouped statements and reads the round's
 *   opt-outs in one query: every lead is still delivered once, every outcome recorded as it
 *   happened, and an opt-out of one tenant never marks another tenant's lead.
 * - Statements run as named prepared statements on PostgreSQL, with a bounded name cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { openDatabase, type SqlDatabase } from '../../src/server/database.ts';
import { openStores } from '../../src/server/stores.ts';
import { DATABASES, POSTGRES_SKIP_REASON, startWebhookReceiver, tempDir, testApp, testDatabase, waitFor, writeTestTenants, type WebhookReceiver } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  describe.skipIf(skip !== undefined)(`17.7 grouped lead writes on ${kind}`, () => {
    let folder: ReturnType<typeof tempDir>;
    let database: Awaited<ReturnType<typeof testDatabase>>;
    let hook: WebhookReceiver;
    let app: LeadApi | undefined;

    beforeAll(async () => {
      folder = tempDir('lead-groups-');
      hook = await startWebhookReceiver();
      writeTestTenants(`${folder.dir}/tenants`, hook.url);
      database = await testDatabase(kind, folder.dir);
    });
    afterAll(async () => {
      await app?.close();
      await database?.stop();
      await hook?.close();
      folder?.remove();
    });

    it.skipIf(kind !== 'postgres')('17.7 durability: each grouped lead is committed (seen by another connection) when its caller is answered', async () => {
      const store = openStores(database.db);
      const other = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 4 });
      try {
        const observer = openStores(other);
        const seen = await Promise.all(
          Array.from({ length: 80 }, async (_, index) => {
            const result = await store.leads.save({ tenant: 'alpha', values: { name: `D${index}`, email: `d${index}@example.com` }, destinations: ['crm'], now: 5_000 + index });
            const id = 'id' in result ? result.id : '';
            // Read at once, from a connection outside the writer's: only a committed row is visible there.
            return { lead: await observer.leads.get('alpha', id), jobs: await observer.outbox.deliveriesOf(id) };
          }),
        );
        expect(seen.filter((entry) => entry.lead === undefined)).toHaveLength(0);
        expect(seen.every((entry) => entry.jobs.length === 1)).toBe(true);
      } finally {
        await other.close();
      }
    });

    it('17.7 a round of outcomes is recorded in one write: delivered, retried and dead jobs each as they happened, others untouched', async () => {
      const store = openStores(database.db);
      const ids: string[] = [];
      for (let index = 0; index < 9; index++) {
        const result = await store.leads.save({ tenant: index % 2 ? 'beta' : 'alpha', values: { name: `R${index}` }, destinations: ['crm'], now: 10 + index });
        ids.push('id' in result ? result.id : '');
      }
      const jobs = (await store.outbox.claimDeliveries(Date.now(), 500, 60_000)).filter((job) => ids.includes(job.lead_id));
      expect(jobs).toHaveLength(9);
      const [retry, dead, untouched, ...delivered] = jobs;
      await store.outbox.recordDeliveryOutcomes(
        delivered.map((job) => job.id),
        [
          { id: retry!.id, error: 'webhook answered HTTP 503', nextAttemptAt: 123 },
          { id: dead!.id, error: 'webhook refused the lead: HTTP 400', nextAttemptAt: 0, dead: true },
        ],
        999,
      );
      for (const job of delivered) expect(await store.outbox.deliveriesOf(job.lead_id)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
      expect(await store.outbox.deliveriesOf(retry!.lead_id)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
      expect(await store.outbox.deliveriesOf(dead!.lead_id)).toEqual([expect.objectContaining({ status: 'dead', attempts: 1 })]);
      expect(await store.outbox.deliveriesOf(untouched!.lead_id)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
      // Only delivered ones: a single statement (no transaction needed), same result.
      await store.outbox.recordDeliveryOutcomes([untouched!.id], [], 1000);
      expect(await store.outbox.deliveriesOf(untouched!.lead_id)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
    });

    it("17.7 the round's opt-outs come from one query and stay per tenant and per contact", async () => {
      const store = openStores(database.db);
      await store.optOuts.record('alpha', [{ kind: 'email', contact: 'gone@example.com' }], 'test', 2_000);
      await store.optOuts.record('alpha', [{ kind: 'phone', contact: '0412000999' }], 'test', 1_000);
      const at = await store.optOuts.optedOutAtMany([
        { tenant: 'alpha', contacts: [{ kind: 'email', contact: 'gone@example.com' }] },
        { tenant: 'beta', contacts: [{ kind: 'email', contact: 'gone@example.com' }] },
        { tenant: 'alpha', contacts: [{ kind: 'email', contact: 'gone@example.com' }, { kind: 'phone', contact: '0412000999' }] },
        { tenant: 'alpha', contacts: [] },
        { tenant: 'alpha', contacts: [{ kind: 'phone', contact: 'gone@example.com' }] },
      ]);
      expect(at).toEqual([2_000, undefined, 1_000, undefined, undefined]);
      expect(await store.optOuts.optedOutAt('alpha', [{ kind: 'phone', contact: '0412000999' }])).toBe(1_000);
      expect(await store.optOuts.optedOutAtMany([])).toEqual([]);
    });

    it('17.7 concurrent leads through the API: each delivered once, every outcome recorded, the opted-out contact marked', async () => {
      const store = openStores(database.db);
      await store.optOuts.record('alpha', [{ kind: 'email', contact: 'optout@example.com' }], 'test', 3_000);
      app = await testApp(database.db, `${folder.dir}/tenants`);
      const ids = await Promise.all(
        Array.from({ length: 100 }, async (_, index) => {
          const email = index === 7 ? 'optout@example.com' : `c${index}@example.com`;
          const response = await app!.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { name: 'Jo', email, phone: '0412345678', postcode: '4000', location: 'alpha-brisbane', message: `lead ${index}` } });
          expect(response.statusCode).toBe(201);
          return response.json().lead_id as string;
        }),
      );
      await waitFor(() => ids.every((id) => hook.delivered.has(`${id}:crm:1`)));
      await waitFor(async () => (await Promise.all(ids.map((id) => store.outbox.deliveriesOf(id)))).every((jobs) => jobs.length === 2 && jobs.every((job) => job.status === 'delivered' && job.attempts === 1)));
      expect(ids.map((id) => hook.delivered.get(`${id}:crm:1`))).toEqual(ids.map(() => 1));
      for (const [index, id] of ids.entries()) {
        const body = JSON.parse(hook.calls.find((call) => call.key === `${id}:crm:1`)!.body) as { customer: { marketing_opt_out: boolean } };
        expect(body.customer.marketing_opt_out, `lead ${index}`).toBe(index === 7);
      }
    });

    it('17.7 a retried submission (same Idempotency-Key, as the forms send) gets 200 and the same lead, also when the copies arrive together', async () => {
      app ??= await testApp(database.db, `${folder.dir}/tenants`);
      const payload = { name: 'Retry', email: 'retry@example.com', phone: '0412345678', postcode: '4000', location: 'alpha-brisbane', message: 'Hello' };
      const send = (key: string) => app!.inject({ method: 'POST', url: '/api/leads', headers: { ...ALPHA, 'idempotency-key': key }, payload });
      const first = await send(`retry-${kind}-sequential`);
      const again = await send(`retry-${kind}-sequential`);
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json().lead_id).toBe(first.json().lead_id);
      // A double click: both copies in flight at once (on PostgreSQL, in one insert group or two).
      const together = await Promise.all(Array.from({ length: 4 }, () => send(`retry-${kind}-together`)));
      expect(together.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(together.map((response) => response.json().lead_id)).size).toBe(1);
      const id = together[0]!.json().lead_id as string;
      expect((await openStores(database.db).outbox.deliveriesOf(id)).map((job) => job.destination).sort()).toEqual(['adf', 'crm']);
    });

    it.skipIf(kind !== 'postgres')('17.7 prepared statements: more distinct statement texts than the name cache holds still run, in and out of transactions', async () => {
      const db: SqlDatabase = database.db;
      for (let index = 0; index < 1_050; index++) expect(await db.query<{ n: number }>(`SELECT $1::int + ${index} AS n`, [1])).toEqual([{ n: 1 + index }]);
      expect(await db.transaction((tx) => tx.query<{ n: number }>('SELECT $1::int + 1049 AS n', [2]))).toEqual([{ n: 1051 }]);
      expect(await db.query<{ n: number }>('SELECT $1::int + 3 AS n', [4])).toEqual([{ n: 7 }]);
    });
  });
}
