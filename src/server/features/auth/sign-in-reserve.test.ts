/**
 * POST /api/auth/request-code once a tenant's daily SMS budget is spent: a phone that signed in
 * there before still gets codes from the reserve, and an unknown phone gets the very same answers
 * (its text withheld, so the reserve stays for account holders): the answer does not tell whether
 * a number has an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadApi, stopLeadApi, type LeadApiSuite } from '../../../../tests/support/server-helpers.ts';
import { signInReserve } from '../../kernel/message-caps.ts';
import { AuthStore } from './store.ts';

let suite: LeadApiSuite;
const sms = { perTenantPerDay: 30, perClientPerDay: 1000, perPhonePerDay: 100, perPhoneAllTenantsPerDay: 100 };

beforeAll(async () => {
  suite = await startLeadApi('sqlite', 'sign-in-reserve-', undefined, { rateLimit: { max: 10_000, tenantMax: 10_000, signInMax: 1000 }, sms });
}, 60_000);

afterAll(async () => {
  await stopLeadApi(suite);
});

const ask = async (phone: string) => {
  const response = await suite.app.inject({ method: 'POST', url: '/api/auth/request-code', headers: { host: 'alpha.localhost' }, payload: { phone } });
  return `${response.statusCode} ${response.body}`;
};

describe('sign-in codes past a spent tenant budget', () => {
  it('answer a known and an unknown number alike, texting only the known one', async () => {
    expect(signInReserve(sms)).toBe(3);
    await new AuthStore(suite.database.db).upsertUser('alpha', '0412777000', Date.now());
    for (let n = 0; n < sms.perTenantPerDay; n++) expect(await ask(`04120001${String(n).padStart(2, '0')}`)).toMatch(/^200 /);
    const unknown: string[] = [];
    const known: string[] = [];
    // Four asks each (the fourth over the codes a phone may ask for in 15 minutes), the unknown number first.
    for (let i = 0; i < 4; i++) unknown.push(await ask('0412000199'));
    for (let i = 0; i < 4; i++) known.push(await ask('0412777000'));
    expect(unknown).toEqual(known);
    expect(known.map((answer) => answer.slice(0, 3))).toEqual(['200', '200', '200', '429']);
    expect(await suite.app.stores.messages.list('alpha', 'sms', '0412000199')).toEqual([]);
    expect(await suite.app.stores.messages.list('alpha', 'sms', '0412777000')).toHaveLength(3);
    // The reserve is spent now: every number is refused alike.
    expect(await ask('0412000198')).toBe(await ask('0412000197'));
    expect(await ask('0412000198')).toMatch(/^429 .*Too many text messages have been sent today/);
  }, 60_000);
});
