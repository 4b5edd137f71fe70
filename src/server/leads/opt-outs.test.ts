/**
 * Marketing opt-outs over an in-memory SQLite database: recorded once per tenant and contact
 * (the first time kept), asked for many leads in one query in the order asked (the earliest
 * time of a lead's contacts), and typed contacts kept for their confirmation link only for
 * their own tenant and only while fresh.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqlDatabase } from '../database.ts';
import { OptOutStore } from './opt-outs.ts';
import { optOutContacts } from './unsubscribe.ts';

let db: SqlDatabase;
let optOuts: OptOutStore;

beforeEach(async () => {
  db = await openDatabase({ kind: 'sqlite', file: ':memory:' });
  optOuts = new OptOutStore(db);
});

afterEach(async () => {
  await db.close();
});

describe('OptOutStore', () => {
  it("records an opt-out once per tenant and contact, keeping the first time; another tenant's is its own", async () => {
    await optOuts.record('alpha', optOutContacts('Jo@Example.com', '0412 000 001'), 'link', 100);
    await optOuts.record('alpha', optOutContacts('jo@example.com', null), 'form', 200);
    await optOuts.record('alpha', [], 'form', 300);
    expect(await optOuts.optedOutAt('alpha', optOutContacts('jo@example.com', null))).toBe(100);
    expect(await optOuts.optedOutAt('alpha', optOutContacts(null, '+61412000001'))).toBe(100);
    expect(await optOuts.optedOutAt('beta', optOutContacts('jo@example.com', '0412000001'))).toBeUndefined();
    const rows = await db.query<{ source: string }>('SELECT source FROM marketing_opt_outs ORDER BY kind');
    expect(rows.map((row) => row.source)).toEqual(['link', 'link']);
  });

  it("answers many leads in the order asked: the earliest of each lead's contacts, or undefined", async () => {
    await optOuts.record('alpha', [{ kind: 'email', contact: 'jo@example.com' }], 'link', 300);
    await optOuts.record('alpha', [{ kind: 'phone', contact: '0412000001' }], 'sms', 200);
    await optOuts.record('beta', [{ kind: 'email', contact: 'sam@example.com' }], 'link', 400);
    const jo = [
      { kind: 'email', contact: 'jo@example.com' },
      { kind: 'phone', contact: '0412000001' },
    ];
    expect(
      await optOuts.optedOutAtMany([
        { tenant: 'alpha', contacts: jo },
        { tenant: 'alpha', contacts: [{ kind: 'email', contact: 'sam@example.com' }] },
        { tenant: 'beta', contacts: [{ kind: 'email', contact: 'sam@example.com' }] },
        { tenant: 'alpha', contacts: [] },
        // The same contact under another kind is another contact.
        { tenant: 'alpha', contacts: [{ kind: 'phone', contact: 'jo@example.com' }] },
      ]),
    ).toEqual([200, undefined, 400, undefined, undefined]);
    expect(await optOuts.optedOutAtMany([{ tenant: 'alpha', contacts: [] }])).toEqual([undefined]);
  });

  it('finds a typed contact waiting for its link only for its tenant and only when made after `since`', async () => {
    const id = await optOuts.createRequest('alpha', { kind: 'phone', contact: '0412000001' }, 1000);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await optOuts.request('alpha', id, 999)).toEqual({ kind: 'phone', contact: '0412000001' });
    expect(await optOuts.request('alpha', id, 1000)).toBeUndefined();
    expect(await optOuts.request('beta', id, 0)).toBeUndefined();
    expect(await optOuts.request('alpha', '00000000-0000-4000-8000-000000000000', 0)).toBeUndefined();
  });
});
