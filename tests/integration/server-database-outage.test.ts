/**
 * The lead API while its PostgreSQL is stopped and started again (docs/reliability.md
 * "PostgreSQL"): a lead sent during the outage is answered 503 with Retry-After, never 500 and
 * never 2xx, and nothing of it is stored; /api/health answers 503; the same lead sent again with
 * its Idempotency-Key after the restart is stored once (201), and a repeat is a replay (200).
 * The fault suite (tests/integration/faults.test.ts) runs the same fault on the whole stack
 * under load; this is its fast, single-process form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlPostgres } from '../support/dev-postgres.ts';
import { openStores } from '../../src/server/stores.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/server/kernel/server.ts';
import { POSTGRES_SKIP_REASON, startLeadApi, stopLeadApi, type LeadApiSuite } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321', 'content-type': 'application/json' };
const lead = (index: number) => ({
  category: 'General Enquiry',
  name: `Outage ${index}`,
  email: `outage${index}@example.com`,
  phone: '0412345678',
  postcode: '4000',
  message: 'Is it still there?',
  location: 'alpha-brisbane',
  source: 'Website',
});

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)('lead API during a PostgreSQL outage', () => {
  let suite: LeadApiSuite;

  beforeAll(async () => {
    suite = await startLeadApi('postgres', 'pg-outage-');
  }, 120_000);
  afterAll(async () => stopLeadApi(suite), 60_000);

  it('answers 503 with Retry-After while the database is stopped, stores nothing then, and stores the retried lead once after', async () => {
    const post = (index: number, key: string) =>
      suite.app.inject({ method: 'POST', url: '/api/leads', headers: { ...ALPHA, 'idempotency-key': key }, payload: lead(index) });
    expect((await post(1, 'outage-key-0001')).statusCode).toBe(201);

    const dataDir = suite.database.dataDir!;
    controlPostgres(dataDir, 'stop');
    try {
      const during = await post(2, 'outage-key-0002');
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(during.json()).toEqual({ success: false, error: 'An unexpected error occured' });
      expect((await suite.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      controlPostgres(dataDir, 'start');
    }

    // The same submission again (what the form does after Retry-After): stored once.
    const again = await post(2, 'outage-key-0002');
    expect(again.statusCode).toBe(201);
    const replay = await post(2, 'outage-key-0002');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().lead_id).toBe(again.json().lead_id);
    expect(await openStores(suite.database.db).leads.count('alpha')).toBe(2);
  }, 120_000);
});
