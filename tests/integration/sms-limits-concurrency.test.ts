/**
 * Sign-in codes and SMS caps under concurrency, on SQLite and PostgreSQL: requests sent at once
 * (from many client addresses, as to several API processes) are counted one after another, so
 * the codes-per-phone limit and the daily caps of sms_log hold exactly; a client's allowance,
 * asked outside the locks, holds too and keeps no other text waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { API_DEFAULTS } from '../../src/config/server-settings.ts';
import { createKernelAdapters } from '../../src/server/kernel/adapters.ts';
import { allowances, memoryCounter, type Allowances, type TakenAllowance } from '../../src/server/kernel/rate-limits.ts';
import { sendCappedSms, SmsLog } from '../../src/server/kernel/message-caps.ts';
import type { ApiTenant } from '../../src/server/kernel/tenants.ts';
import { DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  if (skip) console.warn(`skipping PostgreSQL SMS limit tests: ${skip}`);
  describe.skipIf(skip !== undefined)(`SMS limits under concurrency on ${kind}`, () => {
    let app: LeadApi;
    let folder: ReturnType<typeof tempDir>;
    let database: Awaited<ReturnType<typeof testDatabase>>;
    const clock = Date.parse('2026-03-02T00:00:00Z');

    beforeAll(async () => {
      folder = tempDir('sms-limits-test-');
      writeTestTenants(`${folder.dir}/tenants`);
      database = await testDatabase(kind, folder.dir);
      app = await testApp(database.db, `${folder.dir}/tenants`, { now: () => clock, devMessages: true });
    });
    afterAll(async () => {
      await app?.close();
      await database?.stop();
      folder?.remove();
    });

    const texts = async (phone: string) =>
      Number((await database.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM sms_log WHERE phone = $1', [phone]))[0]!.n);

    it('40 code requests at once for one mobile, from 40 addresses: 3 codes, 3 texts, the rest refused', async () => {
      const phone = '0412999888';
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          app.inject({ method: 'POST', url: '/api/auth/request-code', headers: ALPHA, remoteAddress: `203.0.113.${i + 1}`, payload: { phone } }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(refused).toHaveLength(37);
      expect(new Set(refused.map((answer) => answer.json().error))).toEqual(
        new Set(['Too many codes requested for this number. Please wait 15 minutes and try again.']),
      );
      expect(await app.stores.messages.list('alpha', 'sms', phone)).toHaveLength(3);
      expect(await texts(phone)).toBe(3);
      expect(Number((await database.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_codes WHERE phone = $1', [phone]))[0]!.n)).toBe(3);
    });

    it("reservations at once: a phone's daily cap, the cap across tenants and a tenant's budget hold exactly", async () => {
      const sms = new SmsLog(database.db);
      const reserve = (tenant: string, phone: string, limits: { perPhone: number; perPhoneAllTenants?: number; perTenant: number }) =>
        sms.reserve({ tenant, phone, kind: 'sign-in', now: clock, ...limits });
      const ok = (outcomes: string[]) => outcomes.filter((outcome) => outcome === 'ok').length;
      const phones = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
      // One tenant, 8 requests at once per phone, 2 texts a day per phone.
      const daily = await Promise.all(
        phones('04135000').flatMap((phone) => Array.from({ length: 8 }, () => reserve('alpha', phone, { perPhone: 2, perTenant: 1000 }))),
      );
      expect(ok(daily)).toBe(20);
      for (const phone of phones('04135000')) expect(await texts(phone)).toBe(2);
      // Twelve tenants at once per phone, 3 texts a day on all tenants together.
      const tenants = Array.from({ length: 12 }, (_, i) => `tenant-${i}`);
      const everywhere = await Promise.all(
        phones('04135100').flatMap((phone) => tenants.map((tenant) => reserve(tenant, phone, { perPhone: 10, perPhoneAllTenants: 3, perTenant: 1000 }))),
      );
      expect(ok(everywhere)).toBe(30);
      for (const phone of phones('04135100')) expect(await texts(phone)).toBe(3);
      // A tenant budget of 5 texts, 40 phones at once.
      const budget = await Promise.all(
        Array.from({ length: 40 }, (_, i) => reserve('gamma', `04136000${String(i).padStart(2, '0')}`, { perPhone: 10, perTenant: 5 })),
      );
      expect(ok(budget)).toBe(5);
      expect(budget.filter((outcome) => outcome === 'tenant-cap')).toHaveLength(35);
    });

    const tenant = { slug: 'alpha', site: { name: 'Alpha Motors', sms: {} } } as unknown as ApiTenant;
    const smsDeps = (counter: Allowances, limits: Partial<typeof API_DEFAULTS.sms> = {}) => ({
      sms: new SmsLog(database.db),
      adapters: createKernelAdapters(app.stores.messages, {}, () => clock),
      now: () => clock,
      limits: { ...API_DEFAULTS.sms, ...limits },
      allowances: counter,
    });

    it("a client's allowance (Redis) that answers slowly holds up no other text of the tenant: it is not asked under the tenant's lock", async () => {
      let release = (_allowed: boolean) => {};
      let asked = () => {};
      const slowAsked = new Promise<void>((resolve) => (asked = resolve));
      const fast = allowances(
        memoryCounter(() => clock),
        () => {},
      );
      const counter: Allowances = {
        take: (name, key, max, amount, windowMs) => fast.take(name, key, max, amount, windowMs),
        takeReturnable: (name, key, max, amount, windowMs) =>
          key === '203.0.113.201'
            ? new Promise<TakenAllowance>((resolve) => {
                release = (allowed) => resolve({ allowed, giveBack: async () => {} });
                asked();
              })
            : fast.takeReturnable(name, key, max, amount, windowMs),
      };
      const deps = smsDeps(counter);
      const slow = sendCappedSms(deps, tenant, { to: '0413200001', body: 'x', kind: 'sign-in', client: '203.0.113.201' });
      await slowAsked;
      const other = sendCappedSms(deps, tenant, { to: '0413200002', body: 'x', kind: 'sign-in', client: '203.0.113.202' });
      const waited = await Promise.race([other, new Promise((resolve) => setTimeout(() => resolve('still waiting for the slow allowance'), 2000))]);
      release(true);
      expect(waited).toBe('ok');
      expect(await slow).toBe('ok');
      expect(await texts('0413200001')).toBe(1);
    });

    it("a client's allowance holds for texts asked at once, and a text another cap refuses leaves it whole", async () => {
      const deps = smsDeps(
        allowances(
          memoryCounter(() => clock),
          () => {},
        ),
        { perClientPerDay: 5, perPhonePerDay: 1 },
      );
      const client = '203.0.113.210';
      // A phone whose own cap is spent: each text to it is refused, and uses none of the client's 5.
      expect(await sendCappedSms(deps, tenant, { to: '0413210000', body: 'x', kind: 'sign-in' })).toBe('ok');
      const phones = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? '0413210000' : `04132101${String(i).padStart(2, '0')}`));
      const atOnce = await Promise.all(phones.map((to) => sendCappedSms(deps, tenant, { to, body: 'x', kind: 'sign-in', client })));
      expect(atOnce.filter((outcome) => outcome === 'phone-cap')).toHaveLength(10);
      expect(atOnce.filter((outcome) => outcome === 'ok')).toHaveLength(5);
      expect(atOnce.filter((outcome) => outcome === 'client-cap')).toHaveLength(15);
      expect(await sendCappedSms(deps, tenant, { to: '0413210199', body: 'x', kind: 'sign-in', client })).toBe('client-cap');
      const sent = await database.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM sms_log WHERE phone LIKE '04132101%'");
      expect(Number(sent[0]!.n)).toBe(5);
    });
  });
}
