/**
 * The message caps over an in-memory SQLite database and the local adapters (texts recorded in
 * the message log): the daily caps per tenant, per phone and per client (given back for a text
 * not recorded after all), one trade-in text per evaluation, the sign-in reserve of a spent
 * budget for a known phone, the caller's own limit and store in the text's transaction, the
 * sender name; capped e-mails (unsubscribe confirmations) on their own channel of the same log.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqlDatabase } from '../database.ts';
import { MessageLog } from '../ops/messages.ts';
import { createKernelAdapters } from './adapters.ts';
import { allowances, memoryCounter } from './rate-limits.ts';
import { API_DEFAULTS } from '../../config/server-settings.ts';
import { CONFIRMATION_EMAIL_LIMITS, sendCappedEmail, sendCappedSms, signInReserve, SmsLog, type SmsLimits } from './message-caps.ts';
import { smsSender } from './sms-policy.ts';
import type { ApiTenant } from './tenants.ts';

const tenant = (slug: string, typedMobile = false, name = 'Alpha Motors Brisbane', sms: { sender_id?: string } = {}) =>
  ({
    slug,
    site: { name, url: `https://${slug}.example`, sms, features: { trade_in_sms_to_typed_mobile: typedMobile } },
  }) as unknown as ApiTenant;

let db: SqlDatabase;
let messages: MessageLog;
let now: number;

beforeEach(async () => {
  db = await openDatabase({ kind: 'sqlite', file: ':memory:' });
  messages = new MessageLog(db);
  now = Date.UTC(2026, 11, 2, 1);
});

afterEach(async () => {
  await db.close();
});

function deps(limits: Partial<SmsLimits> = {}) {
  return {
    sms: new SmsLog(db),
    adapters: createKernelAdapters(messages, {}, () => now),
    now: () => now,
    limits: { ...API_DEFAULTS.sms, ...limits },
    allowances: allowances(
      memoryCounter(() => now),
      () => {},
    ),
  };
}

describe('sendCappedSms', () => {
  it("sends under the tenant's sender ID and records the text", async () => {
    const named = tenant('alpha', false, 'Alpha Motors Brisbane', { sender_id: 'Alpha Cars' });
    expect(await sendCappedSms(deps(), named, { to: '0412000001', body: 'Your code is 123456', kind: 'sign-in' })).toBe('ok');
    expect(await messages.list('alpha', 'sms')).toMatchObject([{ recipient: '0412000001', subject: 'Alpha Cars', body: 'Your code is 123456' }]);
  });

  // An alphanumeric sender ID: at most 11 letters, digits and spaces. Without sms.sender_id it is the name's whole words that fit.
  it.each([
    ['Alpha Motors Brisbane', 'Alpha'],
    ['Forms Demo Motors', 'Forms Demo'],
    ['Ridgeline Toyota', 'Ridgeline'],
    ['Bayside Cars', 'Bayside'],
    ['Bayside Car Co', 'Bayside Car'],
    ["Bob's Cars", 'Bobs Cars'],
    ['Smith & Sons Motors', 'Smith Sons'],
    ['St. George Autos', 'St George'],
    ['Café Autos', 'Cafe Autos'],
    ['  4WD  World ', '4WD World'],
    ['Toowoombagroupcars', 'Toowoombagr'],
  ])('without sms.sender_id, %j texts as %j', (name, sender) => {
    expect(smsSender(tenant('alpha', false, name))).toBe(sender);
  });

  it('stops at the per-phone cap of one tenant, and the cap over all tenants, within 24 hours only', async () => {
    const d = deps({ perPhonePerDay: 2, perPhoneAllTenantsPerDay: 3 });
    const send = (slug: string, to = '0412000001') => sendCappedSms(d, tenant(slug), { to, body: 'x', kind: 'sign-in' });
    expect([await send('alpha'), await send('alpha'), await send('alpha')]).toEqual(['ok', 'ok', 'phone-cap']);
    expect(await send('alpha', '0412000002')).toBe('ok');
    expect([await send('beta'), await send('beta')]).toEqual(['ok', 'phone-cap']);
    now += 86_400_001;
    expect(await send('alpha')).toBe('ok');
    expect(await messages.list('alpha', 'sms', '0412000001')).toHaveLength(3);
  });

  it("stops at the tenant's budget; a sign-in code to a phone known to the tenant may use the reserve, nothing else may", async () => {
    const limits = { perTenantPerDay: 20, perPhonePerDay: 100, perPhoneAllTenantsPerDay: 100 };
    expect(signInReserve({ ...API_DEFAULTS.sms, ...limits })).toBe(2);
    expect(signInReserve({ ...API_DEFAULTS.sms, perTenantPerDay: 3 })).toBe(1);
    const d = deps(limits);
    for (let n = 0; n < 20; n++) await sendCappedSms(d, tenant('alpha'), { to: `04120000${String(n).padStart(2, '0')}`, body: 'x', kind: 'sign-in' });
    expect(await sendCappedSms(d, tenant('alpha'), { to: '0412999999', body: 'x', kind: 'sign-in' })).toBe('tenant-cap');
    expect(await sendCappedSms(d, tenant('alpha'), { to: '0412000001', body: 'x', kind: 'trade-in', knownPhone: true })).toBe('tenant-cap');
    const known = () => sendCappedSms(d, tenant('alpha'), { to: '0412000001', body: 'x', kind: 'sign-in', knownPhone: true });
    expect([await known(), await known(), await known()]).toEqual(['ok', 'ok', 'tenant-cap']);
    // Another tenant's budget is its own.
    expect(await sendCappedSms(d, tenant('beta'), { to: '0412999999', body: 'x', kind: 'sign-in' })).toBe('ok');
  });

  it('sends one text per kind and evaluation, and runs beforeSend only for a text that is sent', async () => {
    const d = deps();
    let prepared = 0;
    const message = { to: '0412000001', body: 'thanks', kind: 'trade-in' as const, evaluationId: 'e-1', beforeSend: async () => void prepared++ };
    expect(await sendCappedSms(d, tenant('alpha'), message)).toBe('ok');
    expect(await sendCappedSms(d, tenant('alpha'), message)).toBe('duplicate');
    expect(prepared).toBe(1);
    expect(await sendCappedSms(d, tenant('alpha'), { ...message, evaluationId: 'e-2' })).toBe('ok');
    expect(await messages.list('alpha', 'sms')).toHaveLength(2);
  });

  it("asks the caller's own limit in the text's transaction, and stores what the text carries with its record or not at all", async () => {
    const d = deps();
    const logged = async () => Number((await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM sms_log'))[0]!.n);
    let prepared = 0;
    const message = { to: '0412000001', body: 'x', kind: 'sign-in' as const, beforeSend: async () => void prepared++ };
    expect(await sendCappedSms(d, tenant('alpha'), { ...message, allowed: async () => false })).toBe('refused');
    expect([prepared, await logged(), (await messages.list('alpha', 'sms')).length]).toEqual([0, 0, 0]);
    // The caller's store fails: the text is neither recorded nor sent.
    const failing = sendCappedSms(d, tenant('alpha'), { ...message, beforeSend: async () => Promise.reject(new Error('disk full')) });
    await expect(failing).rejects.toThrow('disk full');
    expect([await logged(), (await messages.list('alpha', 'sms')).length]).toEqual([0, 0]);
    expect(await sendCappedSms(d, tenant('alpha'), { ...message, allowed: async (tx) => (await tx.query('SELECT id FROM sms_log')).length === 0 })).toBe('ok');
    expect([prepared, await logged(), (await messages.list('alpha', 'sms')).length]).toEqual([1, 1, 1]);
  });

  it('counts the client address that caused the text against its own allowance, across tenants', async () => {
    const d = deps({ perClientPerDay: 2 });
    const send = (slug: string, to: string) => sendCappedSms(d, tenant(slug), { to, body: 'x', kind: 'sign-in', client: '203.0.113.9' });
    expect([await send('alpha', '0412000001'), await send('beta', '0412000002'), await send('alpha', '0412000003')]).toEqual(['ok', 'ok', 'client-cap']);
    expect(await sendCappedSms(d, tenant('alpha'), { to: '0412000003', body: 'x', kind: 'sign-in', client: '203.0.113.10' })).toBe('ok');
  });

  it("takes the client's allowance only for a text every other check allows", async () => {
    const d = deps({ perClientPerDay: 1 });
    const message = { to: '0412000001', body: 'x', kind: 'sign-in' as const, client: '203.0.113.9' };
    expect(await sendCappedSms(d, tenant('alpha'), { ...message, allowed: async () => false })).toBe('refused');
    expect(await sendCappedSms(d, tenant('alpha'), message)).toBe('ok');
    expect(await sendCappedSms(d, tenant('alpha'), { ...message, to: '0412000002' })).toBe('client-cap');
  });

  it("gives the client's allowance back for a text refused under the locks after all, or whose record fails", async () => {
    const d = deps({ perClientPerDay: 1 });
    const message = { to: '0412000001', body: 'x', kind: 'sign-in' as const, client: '203.0.113.9' };
    // The caller's limit allows the text when asked before the locks, not under them (another text was recorded meanwhile).
    let asked = 0;
    expect(await sendCappedSms(d, tenant('alpha'), { ...message, allowed: async () => asked++ === 0 })).toBe('refused');
    expect(asked).toBe(2);
    await expect(sendCappedSms(d, tenant('alpha'), { ...message, beforeSend: () => Promise.reject(new Error('disk full')) })).rejects.toThrow('disk full');
    expect(await sendCappedSms(d, tenant('alpha'), message)).toBe('ok');
    expect(await sendCappedSms(d, tenant('alpha'), { ...message, to: '0412000002' })).toBe('client-cap');
  });

  it("gives a refused text's allowance back into the window it was taken in only, never into one opened since", async () => {
    const d = deps({ perClientPerDay: 2 });
    const client = '203.0.113.9';
    const send = (to: string, extra: { allowed?: () => Promise<boolean> } = {}) =>
      sendCappedSms(d, tenant('alpha'), { to, body: 'x', kind: 'sign-in', client, ...extra });
    const windowStart = now;
    expect(await send('0412000001')).toBe('ok');
    // Text A takes the day's last allowance just before its window ends; while it is checked under the locks the
    // window ends and text B of the client takes an allowance in the next one; A is then refused after all.
    now = windowStart + 86_400_000 - 1;
    let asked = 0;
    const refusedLate = send('0412000002', {
      allowed: async () => {
        if (asked++ === 0) return true;
        now = windowStart + 86_400_000 + 1;
        expect(await d.allowances.take('sms-client', client, 2)).toBe(true);
        return false;
      },
    });
    expect(await refusedLate).toBe('refused');
    // The new window holds B: one more text, not two.
    expect([await send('0412000003'), await send('0412000004')]).toEqual(['ok', 'client-cap']);
  });
});

describe('sendCappedEmail', () => {
  const mail = (to = 'victim@example.com') => ({ to, subject: 'Unsubscribe', body: 'Open the link', kind: 'unsubscribe' as const });

  it('e-mails an address once a day from a tenant and a few times from all tenants, within 24 hours only', async () => {
    const d = deps();
    const slugs = Array.from({ length: CONFIRMATION_EMAIL_LIMITS.perRecipientAllTenantsPerDay + 1 }, (_, i) => `tenant${i}`);
    expect([await sendCappedEmail(d, tenant(slugs[0]!), mail()), await sendCappedEmail(d, tenant(slugs[0]!), mail())]).toEqual(['ok', 'phone-cap']);
    for (const slug of slugs.slice(1, -1)) expect(await sendCappedEmail(d, tenant(slug), mail())).toBe('ok');
    expect(await sendCappedEmail(d, tenant(slugs.at(-1)!), mail())).toBe('phone-cap');
    expect(await sendCappedEmail(d, tenant(slugs[0]!), mail('other@example.com'))).toBe('ok');
    expect(await messages.list(slugs[0]!, 'email', 'victim@example.com')).toMatchObject([
      { recipient: 'victim@example.com', subject: 'Unsubscribe', body: 'Open the link' },
    ]);
    now += 86_400_001;
    expect(await sendCappedEmail(d, tenant(slugs[0]!), mail())).toBe('ok');
  });

  it("stops at the tenant's e-mail budget; e-mails and texts count only against their own channel's caps", async () => {
    const d = deps({ perTenantPerDay: 1, perPhoneAllTenantsPerDay: 1 });
    expect(await sendCappedSms(d, tenant('alpha'), { to: '0412000001', body: 'x', kind: 'sign-in' })).toBe('ok');
    expect(await sendCappedEmail(d, tenant('alpha'), mail())).toBe('ok');
    expect(await sendCappedSms(d, tenant('alpha'), { to: '0412000002', body: 'x', kind: 'sign-in' })).toBe('tenant-cap');
    for (let i = 1; i < CONFIRMATION_EMAIL_LIMITS.perTenantPerDay; i++)
      await db.run('INSERT INTO sms_log (id, tenant, phone, kind, created_at, channel) VALUES ($1, $2, $3, $4, $5, $6)', [
        `e${i}`,
        'alpha',
        `a${i}@example.com`,
        'unsubscribe',
        now,
        'email',
      ]);
    expect(await sendCappedEmail(d, tenant('alpha'), mail('last@example.com'))).toBe('tenant-cap');
    expect(await messages.list('alpha', 'email', 'last@example.com')).toEqual([]);
  });
});
