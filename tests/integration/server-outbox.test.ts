/**
 * Outbox delivery across restarts (jobs left by a stopped service are sent by the next one)
 * and, on PostgreSQL, two API processes sharing one database: every lead is delivered
 * exactly once per destination.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/database.ts';
import { DATABASES, POSTGRES_SKIP_REASON, startWebhookReceiver, tempDir, testApp, testDatabase, writeTestTenants, waitFor, type WebhookReceiver } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
/** A complete enquiry of the contact page on alpha (two locations: one is chosen; Comments required by default). */
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', location: 'alpha-brisbane', message: 'Hello' };

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  if (skip) console.warn(`skipping PostgreSQL outbox tests: ${skip}`);
  describe.skipIf(skip !== undefined)(`outbox on ${kind}`, () => {
    let hook: WebhookReceiver;
    let folder: ReturnType<typeof tempDir>;
    let database: Awaited<ReturnType<typeof testDatabase>>;
    const apps: LeadApi[] = [];

    beforeAll(async () => {
      folder = tempDir('outbox-test-');
      hook = await startWebhookReceiver();
      writeTestTenants(`${folder.dir}/tenants`, hook.url);
      database = await testDatabase(kind, folder.dir);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database?.stop();
      await hook?.close();
      folder?.remove();
    });

    it('jobs left behind by a stopped service are delivered by the next one', async () => {
      const first = await testApp(database.db, `${folder.dir}/tenants`, { delivery: { enabled: false } });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await first.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: contact })).json().lead_id);
      await first.close();
      expect(ids.every((id) => !hook.delivered.has(`${id}:crm:1`))).toBe(true);
      const second = await testApp(database.db, `${folder.dir}/tenants`);
      apps.push(second);
      await waitFor(() => ids.every((id) => hook.delivered.has(`${id}:crm:1`)));
      expect(ids.map((id) => hook.delivered.get(`${id}:crm:1`))).toEqual([1, 1, 1, 1, 1]);
    });

    it.skipIf(kind !== 'postgres')('two services sharing PostgreSQL deliver each lead exactly once', async () => {
      // The second service has its own connection pool, as a second process would.
      const otherDb = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 5 });
      const second = await testApp(otherDb, `${folder.dir}/tenants`);
      apps.push(second);
      const [a] = apps;
      const ids = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => (await (i % 2 ? a! : second).inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, message: `lead ${i}` } })).json().lead_id as string),
      );
      await waitFor(() => ids.every((id) => hook.delivered.has(`${id}:crm:1`)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ids.map((id) => hook.delivered.get(`${id}:crm:1`)).every((count) => count === 1)).toBe(true);
      expect(hook.calls.filter((call) => ids.some((id) => call.key === `${id}:crm:1`))).toHaveLength(60);
      await second.close();
      apps.pop();
      await otherDb.close();
    });
  });
}
