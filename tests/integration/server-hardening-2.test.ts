/**
 * Issue 34 (second security review), lead API side: one test per finding, each reproducing
 * the attack on the code before the fix (SQLite; the SQL is the same on PostgreSQL, and the
 * per-client counters are the same code in memory and in Redis). Test names say which
 * finding they cover: N5 SMS caps, N7 /api/health, N11 quotas filled by strangers, N13
 * unbounded opt-outs, M8 unbounded evaluations, L12 the e-mail subject.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { tempDir, testApp, testDatabase, waitFor, writeTestTenants, photoUpload } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const BETA = { host: 'beta.localhost:4321' };
/** A complete enquiry of the contact page on alpha (two locations: one is chosen; Comments required by default). */
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', location: 'alpha-brisbane', message: 'Hello' };


const photo = () => sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 90, b: 200 } } }).jpeg().toBuffer();

describe('issue 34 hardening, second round (lead API)', () => {
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const apps: LeadApi[] = [];
  let tenantsDir: string;

  beforeAll(async () => {
    folder = tempDir('hardening-2-test-');
    tenantsDir = `${folder.dir}/tenants`;
    writeTestTenants(tenantsDir);
    database = await testDatabase('sqlite', folder.dir);
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    await database?.stop();
    folder?.remove();
  });

  async function app(overrides: Parameters<typeof testApp>[2] = {}): Promise<LeadApi> {
    const created = await testApp(database.db, tenantsDir, { imagesDir: join(folder.dir, 'images'), ...overrides });
    apps.push(created);
    return created;
  }

  const requestCode = (api: LeadApi, headers: Record<string, string>, phone: string, remoteAddress = '127.0.0.1') =>
    api.inject({ method: 'POST', url: '/api/auth/request-code', remoteAddress, headers, payload: { phone } });

  /** Sign `phone` in on alpha; resolves to the session cookie. */
  async function signIn(api: LeadApi, phone: string, remoteAddress = '127.0.0.1'): Promise<string> {
    expect((await requestCode(api, ALPHA, phone, remoteAddress)).statusCode).toBe(200);
    const code = /^(\d{6})/.exec((await api.stores.messages.list('alpha', 'sms', phone.replace(/\s/g, '')))[0]!.body)![1];
    const verified = await api.inject({ method: 'POST', url: '/api/auth/verify', remoteAddress, headers: ALPHA, payload: { phone, code } });
    expect(verified.statusCode).toBe(200);
    return String(verified.headers['set-cookie']).split(';')[0]!;
  }

  /** A trade-in evaluation valued for `phone` (enter-vin, update-eval). */
  async function valuedEvaluation(api: LeadApi, phone: string, remoteAddress = '127.0.0.1'): Promise<string> {
    const enter = await api.inject({ method: 'POST', url: '/api/eval-expert/enter-vin', remoteAddress, headers: ALPHA, payload: { rego: `K${Math.floor(Math.random() * 90_000 + 10_000)}`, state: 'qld' } });
    expect(enter.statusCode).toBe(200);
    const [item] = enter.json();
    const evalid = (item.EvalID ?? item.evalid) as string;
    if (!item.EvalID) {
      const chosen = await api.inject({ method: 'POST', url: '/api/eval-expert/manual-entry', remoteAddress, headers: ALPHA, payload: { vin: item.VIN, desc: item.VechielDescriptions[0].Description, evalid } });
      expect(chosen.statusCode).toBe(200);
    }
    const valued = await api.inject({ method: 'POST', url: '/api/eval-expert/update-eval', remoteAddress, headers: ALPHA, payload: { evalid, km: '50000', cName: 'Jo Citizen', cEmail: 'jo@example.com', cPhone: phone } });
    expect(valued.statusCode).toBe(200);
    return evalid;
  }

  const tradeInLead = (evalid: string, phone: string) => ({
    category: 'Trade-in Enquiry',
    'First Name': 'Jo',
    postcode: '4000',
    'Mobile Number': phone,
    'Email Address': 'jo@example.com',
    evalid,
    odometer: '45,000',
    service_history: 'Full service history',
    number_of_keys: '2',
    car_condition: 'Good',
    message: 'Tidy car',
  });

  it('N5: one phone cannot get codes from every dealer at once: a platform-wide per-phone cap', async () => {
    const api = await app({ sms: { perPhoneAllTenantsPerDay: 2 } });
    const victim = '0413 500 001';
    const statuses = [];
    // Alpha, beta, alpha: each tenant on its own would allow all three.
    for (const headers of [ALPHA, BETA, ALPHA]) statuses.push((await requestCode(api, headers, victim)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const sent = [...(await api.stores.messages.list('alpha', 'sms', '0413500001')), ...(await api.stores.messages.list('beta', 'sms', '0413500001'))];
    expect(sent).toHaveLength(2);
  });

  it('N5: a stranger cannot spend a tenant budget for everyone: per-client cap, and signed-in shoppers keep a reserve', async () => {
    // Earlier tests of this file texted from alpha today too: the budget is what they used plus 4.
    const used = Number((await database.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM sms_log WHERE tenant = 'alpha'"))[0]!.n);
    const api = await app({ sms: { perTenantPerDay: used + 4, perClientPerDay: 2 } });
    const before = (await api.stores.messages.list('alpha', 'sms')).length;
    // A returning shopper signed in earlier today (one text).
    await signIn(api, '0413 510 000', '198.51.100.10');
    // One client asks for codes for many numbers: it is stopped at its own cap, not the tenant's.
    const flood = [];
    for (let i = 1; i <= 4; i++) flood.push((await requestCode(api, ALPHA, `0413 510 00${i}`, '203.0.113.50')).statusCode);
    expect(flood).toEqual([200, 200, 429, 429]);
    // Another shopper is not refused because of that client.
    expect((await requestCode(api, ALPHA, '0413 510 020', '198.51.100.20')).statusCode).toBe(200);
    expect((await api.stores.messages.list('alpha', 'sms')).length - before).toBe(4);
    // The budget is now spent (4): a new number is answered as a returning shopper is below (the
    // answer does not tell who has an account), but sent nothing...
    const unknown = await requestCode(api, ALPHA, '0413 510 030', '198.51.100.30');
    expect(await api.stores.messages.list('alpha', 'sms', '0413510030')).toHaveLength(0);
    // ...and a shopper who has signed in on this site before still gets a code, from a small reserve.
    const known = await requestCode(api, ALPHA, '0413 510 000', '198.51.100.10');
    expect([known.statusCode, known.body]).toEqual([200, unknown.body]);
    expect(await api.stores.messages.list('alpha', 'sms', '0413510000')).toHaveLength(2);
  });

  it("N5: a code request refused for the phone's 3 codes in 15 minutes uses none of the client's daily SMS allowance", async () => {
    const api = await app({ sms: { perClientPerDay: 4 }, rateLimit: { signInMax: 100 } });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestCode(api, ALPHA, '0413 540 001', '203.0.113.54')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    // Three texts sent: the client's fourth is still its own, for another number.
    const other = await requestCode(api, ALPHA, '0413 540 002', '203.0.113.54');
    expect([other.statusCode, other.json().error]).toEqual([200, undefined]);
    expect((await requestCode(api, ALPHA, '0413 540 003', '203.0.113.54')).json().error).toMatch(/today/);
  });

  it('N5: no trade-in text to a mobile that was only typed; a signed-in shopper with that mobile gets it', async () => {
    const api = await app();
    const victim = '0413 520 001';
    const typed = await valuedEvaluation(api, victim);
    expect((await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: tradeInLead(typed, victim) })).statusCode).toBe(201);
    expect(await api.stores.messages.list('alpha', 'sms', '0413520001')).toHaveLength(0);
    // The shopper proves the number (sign-in code), then sends the trade-in.
    const cookie = await signIn(api, '0413 520 002');
    const proven = await valuedEvaluation(api, '0413 520 002');
    expect((await api.inject({ method: 'POST', url: '/api/leads', headers: { ...ALPHA, cookie }, payload: tradeInLead(proven, '0413 520 002') })).statusCode).toBe(201);
    const texts = await api.stores.messages.list('alpha', 'sms', '0413520002');
    expect(texts.map((text) => text.body).filter((body) => /requesting an offer/.test(body))).toHaveLength(1);
  });

  it('the thank-you text goes with the post that completes the trade-in lead, as its delivery does, once', async () => {
    const api = await app();
    const phone = '0413 530 001';
    const cookie = await signIn(api, phone);
    const evalid = await valuedEvaluation(api, phone);
    const headers = { ...ALPHA, cookie };
    const thanks = async () => (await api.stores.messages.list('alpha', 'sms', '0413530001')).filter((text) => /requesting an offer/.test(text.body));
    // Towards a car the instant offer posts its lead as a step (form_completed false): not delivered, so no promise of contact.
    const step = await api.inject({ method: 'POST', url: '/api/leads', headers, payload: { ...tradeInLead(evalid, phone), form_completed: false } });
    expect(step.statusCode).toBe(201);
    const leadId = step.json().lead_id as string;
    expect(await thanks()).toHaveLength(0);
    expect(await api.stores.outbox.deliveriesOf(leadId)).toHaveLength(0);
    // The acceptance completes it (a later post naming no evaluation): delivered, and the shopper thanked once.
    const accepted = { lead_id: leadId, 'Mobile Number': phone, 'Email Address': 'jo@example.com', form_completed: true, offer_accepted: true };
    expect((await api.inject({ method: 'POST', url: '/api/leads', headers, payload: accepted })).statusCode).toBe(200);
    expect(await thanks()).toHaveLength(1);
    const destinations = api.tenants.get('alpha')!.destinations.length;
    expect(destinations).toBeGreaterThan(0);
    expect(await api.stores.outbox.deliveriesOf(leadId)).toHaveLength(destinations);
    // A second completing post (a retried acceptance) texts no more: once per evaluation.
    expect((await api.inject({ method: 'POST', url: '/api/leads', headers, payload: accepted })).statusCode).toBe(200);
    expect(await thanks()).toHaveLength(1);
  });

  it('N7: /api/health on a dealer host tells the public only whether it is up; operators get the details', async () => {
    const api = await app({ operatorToken: 'o'.repeat(40) });
    const outside = await api.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7', headers: ALPHA });
    expect(outside.statusCode).toBe(200);
    expect(outside.json()).toEqual({ ok: true });
    const spoofed = await api.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers: { ...ALPHA, 'x-forwarded-for': '203.0.113.7' } });
    expect(spoofed.json()).toEqual({ ok: true });
    const wrongToken = await api.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7', headers: { ...ALPHA, authorization: `Bearer ${'x'.repeat(40)}` } });
    expect(wrongToken.json()).toEqual({ ok: true });
    const operator = await api.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7', headers: { ...ALPHA, authorization: `Bearer ${'o'.repeat(40)}` } });
    expect(operator.json()).toMatchObject({ ok: true, tenants: 2, tenants_without_lead_destination: ['beta'] });
    expect(operator.json().deliveries).toBeDefined();
    // A check from the host itself (loopback, not through a proxy) sees everything too.
    expect((await api.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' })).json().tenants_without_lead_destination).toEqual(['beta']);
  });

  it('N11: one client cannot fill a tenant photo or /miscellaneous quota', async () => {
    const api = await app({ quotas: { photosPerClientPerDay: 2, miscellaneousPerClientPerDay: 3 } });
    const bytes = await photo();
    const upload = async (evalid: string, remoteAddress: string) => {
      const body = photoUpload(evalid, bytes);
      return (await api.inject({ method: 'POST', url: '/api/eval-expert/image-upload', remoteAddress, headers: { ...ALPHA, ...body.headers }, payload: body.payload })).statusCode;
    };
    const first = await valuedEvaluation(api, '0413 530 001', '203.0.113.60');
    const second = await valuedEvaluation(api, '0413 530 002', '203.0.113.60');
    // New evaluations do not give the client a new allowance.
    expect([await upload(first, '203.0.113.60'), await upload(first, '203.0.113.60'), await upload(second, '203.0.113.60')]).toEqual([200, 200, 429]);
    const shopper = await valuedEvaluation(api, '0413 530 003', '198.51.100.61');
    expect(await upload(shopper, '198.51.100.61')).toBe(200);
    // /miscellaneous without a lead counts against the tenant's daily rows: per client first.
    const misc = [];
    for (let i = 0; i < 4; i++) misc.push((await api.inject({ method: 'POST', url: '/api/miscellaneous', remoteAddress: '203.0.113.60', headers: ALPHA, payload: { column_name: 'note', n: i } })).statusCode);
    expect(misc).toEqual([200, 200, 200, 429]);
    expect((await api.inject({ method: 'POST', url: '/api/miscellaneous', remoteAddress: '198.51.100.61', headers: ALPHA, payload: { column_name: 'note', n: 9 } })).statusCode).toBe(200);
  });

  it('M8: enter-vin (a paid lookup) is bounded per client and per tenant', async () => {
    const api = await app({ quotas: { evaluationsPerClientPerDay: 2, evaluationsPerTenantPerDay: 3 } });
    const enter = (remoteAddress: string, headers = ALPHA) => api.inject({ method: 'POST', url: '/api/eval-expert/enter-vin', remoteAddress, headers, payload: { rego: 'ABC123', state: 'qld' } });
    const rows = async () => Number((await database.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM evaluations WHERE tenant = 'alpha'"))[0]!.n);
    const before = await rows();
    const client = [];
    for (let i = 0; i < 3; i++) client.push((await enter('203.0.113.70')).statusCode);
    expect(client).toEqual([200, 200, 429]);
    expect((await enter('203.0.113.70')).json().error).toMatch(/valuations/);
    // Other clients: the tenant's daily bound (3) is reached after one more.
    expect((await enter('198.51.100.71')).statusCode).toBe(200);
    expect((await enter('198.51.100.72')).statusCode).toBe(429);
    expect((await rows()) - before).toBe(3);
    // Another tenant is not affected.
    expect((await enter('198.51.100.72', BETA)).statusCode).toBe(200);
  });

  it('N13: typed opt-outs are bounded per client, so a stranger cannot opt out a customer list', async () => {
    const api = await app({ quotas: { optOutsPerClientPerDay: 2 } });
    const rows = async () => Number((await database.db.query<{ n: number }>("SELECT COUNT(*) AS n FROM marketing_opt_outs WHERE tenant = 'alpha'"))[0]!.n);
    const before = await rows();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.inject({ method: 'POST', url: '/api/unsubscribe', remoteAddress: '203.0.113.80', headers: ALPHA, payload: { email: `victim${i}@example.com` } })).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect((await rows()) - before).toBe(2);
    // Another visitor can still unsubscribe by typing their address.
    expect((await api.inject({ method: 'POST', url: '/api/unsubscribe', remoteAddress: '198.51.100.81', headers: ALPHA, payload: { email: 'me@example.com' } })).statusCode).toBe(200);
  });

  it('N13: with unsubscribe_typed "confirm" a typed contact gets a signed link instead of an immediate opt-out', async () => {
    const api = await app();
    api.tenants.get('alpha')!.site.features.unsubscribe_typed = 'confirm';
    const contact = [{ kind: 'email', contact: 'confirm.me@example.com' }];
    const response = await api.inject({ method: 'POST', url: '/api/unsubscribe', remoteAddress: '198.51.100.90', headers: ALPHA, payload: { email: 'Confirm.Me@example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'We have sent a link to the email address or mobile number you entered. Open it to stop marketing from Alpha Motors.' });
    expect(await api.stores.optOuts.optedOutAt('alpha', contact)).toBeUndefined();
    const mail = (await api.stores.messages.list('alpha', 'email')).find((message) => message.recipient.includes('confirm.me@example.com'));
    expect(mail?.body).toMatch(/https:\/\/www\.alpha-motors\.example\/pages\/unsubscribe\?token=/);
    const token = /token=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
    // The link works on its own site only, and it opts out the address it was sent to.
    expect((await api.inject({ method: 'POST', url: '/api/unsubscribe', headers: BETA, payload: { token } })).statusCode).toBe(400);
    expect((await api.inject({ method: 'POST', url: '/api/unsubscribe', headers: ALPHA, payload: { token } })).statusCode).toBe(200);
    expect(await api.stores.optOuts.optedOutAt('alpha', contact)).toBeDefined();
  });

  it('N13: with unsubscribe_typed "confirm" a link opts out only its own contact, never an address typed beside its token', async () => {
    const api = await app();
    api.tenants.get('alpha')!.site.features.unsubscribe_typed = 'confirm';
    const victim = (email: string) => api.stores.optOuts.optedOutAt('alpha', [{ kind: 'email', contact: email }]);
    const post = (payload: Record<string, unknown>) => api.inject({ method: 'POST', url: '/api/unsubscribe', remoteAddress: '198.51.100.95', headers: ALPHA, payload });
    // The attack: type one's own address, take the token from the mail, post it with someone else's address.
    expect((await post({ email: 'own.address@example.com' })).statusCode).toBe(200);
    const mail = (await api.stores.messages.list('alpha', 'email')).find((message) => message.recipient.includes('own.address@example.com'))!;
    const requestToken = /token=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(mail.body)![1]!;
    const withVictim = await post({ token: requestToken, email: 'victim.confirm@example.com', phone: '0412 955 001' });
    expect(withVictim.statusCode).toBe(200);
    expect(await victim('victim.confirm@example.com')).toBeUndefined();
    expect(await api.stores.optOuts.optedOutAt('alpha', [{ kind: 'phone', contact: '0412955001' }])).toBeUndefined();
    expect(await victim('own.address@example.com')).toBeDefined();
    expect((await api.stores.messages.list('alpha', 'email')).some((message) => message.recipient.includes('victim.confirm@example.com'))).toBe(false);
    // The same with the link of one's own lead: it opts out the lead's contact only.
    const lead = await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, email: 'own.lead@example.com' } });
    const id = lead.json().lead_id as string;
    await waitFor(async () => (await api.stores.messages.list('alpha', 'email')).some((message) => message.body.includes(`token=${id}.`)));
    const leadMail = (await api.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(`token=${id}.`))!;
    const leadToken = new RegExp(`token=(${id}\\.[A-Za-z0-9_-]{43})`).exec(leadMail.body)![1]!;
    expect((await post({ token: leadToken, email: 'victim.lead@example.com' })).statusCode).toBe(200);
    expect(await victim('victim.lead@example.com')).toBeUndefined();
    expect(await victim('own.lead@example.com')).toBeDefined();
  });

  it('L12: the lead e-mail subject is built from a fixed category list, never the shopper text (no CR/LF)', async () => {
    const api = await app();
    const response = await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, email: 'l12@example.com', car_id: 1, category: 'Test Drive\r\nBcc: victim@example.com' } });
    expect(response.statusCode).toBe(201);
    const id = response.json().lead_id as string;
    await waitFor(async () => (await api.stores.messages.list('alpha', 'email')).some((message) => message.body.includes(id)));
    const mail = (await api.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(id))!;
    expect(mail.subject).toBe('New lead: Other enquiry (Alpha Motors)');
    const known = (await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, email: 'l12b@example.com', car_id: 1, category: 'test drive' } })).json().lead_id as string;
    await waitFor(async () => (await api.stores.messages.list('alpha', 'email')).some((message) => message.body.includes(known)));
    expect((await api.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(known))!.subject).toBe('New lead: Test Drive (Alpha Motors)');
  });
});
