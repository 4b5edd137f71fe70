/**
 * Issue 13 (production hardening), lead API side: one test per finding, each reproducing
 * the attack or fault against the app (SQLite; the SQL is the same on PostgreSQL and is
 * covered there by the other server suites). Test names say which finding they cover.
 */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { photoLink } from '../../src/server/kernel/photo-links.ts';
import { tempDir, testApp, testDatabase, writeTestTenants, waitFor, photoUpload } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
/** A complete enquiry of the contact page on alpha (two locations: one is chosen; Comments required by default). */
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', location: 'alpha-brisbane', message: 'Hello' };

/** A real JPEG carrying EXIF with a GPS position (what a phone camera writes). */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Camera 9' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '27/1 28/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '153/1 1/1 0/1' },
    })
    .toBuffer();
}

describe('issue 13 hardening (lead API)', () => {
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const apps: LeadApi[] = [];
  let tenantsDir: string;

  beforeAll(async () => {
    folder = tempDir('hardening-test-');
    tenantsDir = `${folder.dir}/tenants`;
    writeTestTenants(tenantsDir);
    database = await testDatabase('sqlite', folder.dir);
  });
  // Each test's apps stop before the next (they share the database, so their outbox workers would too).
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

  /** A trade-in evaluation valued for `phone` (enter-vin, update-eval). */
  async function valuedEvaluation(api: LeadApi, phone: string, name = 'Jo Citizen'): Promise<string> {
    const [item] = (
      await api.inject({
        method: 'POST',
        url: '/api/eval-expert/enter-vin',
        headers: ALPHA,
        payload: { rego: `H${Math.floor(Math.random() * 90_000 + 10_000)}`, state: 'qld' },
      })
    ).json();
    const evalid = (item.EvalID ?? item.evalid) as string;
    if (!item.EvalID) {
      const chosen = await api.inject({
        method: 'POST',
        url: '/api/eval-expert/manual-entry',
        headers: ALPHA,
        payload: { vin: item.VIN, desc: item.VechielDescriptions[0].Description, evalid },
      });
      expect(chosen.statusCode).toBe(200);
    }
    const valued = await api.inject({
      method: 'POST',
      url: '/api/eval-expert/update-eval',
      headers: ALPHA,
      payload: { evalid, km: '50000', cName: name, cEmail: 'jo@example.com', cPhone: phone },
    });
    expect(valued.statusCode).toBe(200);
    return evalid;
  }

  const tradeInLead = (evalid: string, phone: string, extra: Record<string, unknown> = {}) => ({
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
    sms_content: 'URGENT: your bank account is locked, log in at http://phish.example now',
    sms_from: 'ANZ Bank',
    ...extra,
  });

  /** Issue 34 N5: a typed mobile gets the thank-you only where the site chose the spec's flow; these tests are about that flow. */
  const textTypedMobiles = (api: LeadApi) => {
    api.tenants.get('alpha')!.site.features.trade_in_sms_to_typed_mobile = true;
  };

  it('H1 open SMS relay: the server builds the thank-you SMS itself, once per evaluation, within daily caps', async () => {
    const api = await app({ sms: { perPhonePerDay: 3, perTenantPerDay: 1000 } });
    textTypedMobiles(api);
    const victim = '0412 700 001';
    const evalid = await valuedEvaluation(api, victim);
    const first = await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: tradeInLead(evalid, victim) });
    expect(first.statusCode).toBe(201);
    // The lead keeps the spec's fields (§7), but the text sent is the server's own.
    expect((await api.stores.leads.get('alpha', first.json().lead_id))?.data.sms_content).toMatch(/phish/);
    const sent = await api.stores.messages.list('alpha', 'sms', '0412700001');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).not.toMatch(/phish|bank/i);
    expect(sent[0]!.body).toMatch(/^Hi Jo, thanks for requesting an offer for your .+ from Alpha Motors\./);
    // The sender is the dealer's sender ID (from the name 'Alpha Motors': its whole words that fit in 11), never the lead's sms_from.
    expect(sent[0]!.subject).toBe('Alpha');
    // At most once per evaluation: replaying the lead (new Idempotency-Key each time) sends nothing more.
    for (let i = 0; i < 3; i++)
      await api.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { ...ALPHA, 'idempotency-key': `replay-${i}-abcdef` },
        payload: tradeInLead(evalid, victim),
      });
    expect(await api.stores.messages.list('alpha', 'sms', '0412700001')).toHaveLength(1);
    // A lead whose own mobile is not the number typed in that evaluation gets no SMS.
    const other = await valuedEvaluation(api, '0412 700 002');
    await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: tradeInLead(other, '0412 700 003') });
    expect(await api.stores.messages.list('alpha', 'sms', '0412700002')).toHaveLength(0);
    // A name is not a channel for a message: the server sends only a plain first name.
    const named = await valuedEvaluation(api, '0412 700 004', 'http://phish.example/login now');
    await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: tradeInLead(named, '0412 700 004') });
    expect((await api.stores.messages.list('alpha', 'sms', '0412700004'))[0]?.body).toMatch(/^Hi there, /);
    // Per-phone daily cap: new evaluations for the same phone stop getting texts after 3.
    for (let i = 0; i < 4; i++) {
      const again = await valuedEvaluation(api, victim);
      await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: tradeInLead(again, victim) });
    }
    expect(await api.stores.messages.list('alpha', 'sms', '0412700001')).toHaveLength(3);
  });

  it('H1 open SMS relay: a per-tenant daily cap stops texts to many numbers', async () => {
    const api = await app({ sms: { perPhonePerDay: 3, perTenantPerDay: 2 } });
    textTypedMobiles(api);
    const before = (await api.stores.messages.list('alpha', 'sms')).length;
    for (let i = 0; i < 4; i++) {
      const phone = `0412 71${i} 000`;
      const evalid = await valuedEvaluation(api, phone);
      await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: tradeInLead(evalid, phone) });
    }
    // Earlier tests of this file count towards the same day; the cap is on everything sent today.
    expect((await api.stores.messages.list('alpha', 'sms')).length - before).toBeLessThanOrEqual(2);
    const code = await api.inject({ method: 'POST', url: '/api/auth/request-code', headers: ALPHA, payload: { phone: '0412 719 999' } });
    expect(code.statusCode).toBe(429);
    expect(code.json().error).toMatch(/today/);
  });

  it('H2 rate limits keyed on the resolved tenant: other ports and a random Host with ?site= still get 429 after 5', async () => {
    const api = await app({ rateLimit: { signInMax: 5 } });
    const statuses: number[] = [];
    const hosts = [
      'alpha.localhost:4321',
      'alpha.localhost:4322',
      'alpha.localhost',
      'random-1.example',
      'random-2.example:8080',
      'ALPHA.localhost:9',
      'random-3.example',
      'random-4.example',
    ];
    for (const [index, host] of hosts.entries()) {
      const query = host.startsWith('random') ? '?site=alpha' : '';
      const response = await api.inject({
        method: 'POST',
        url: `/api/auth/request-code${query}`,
        headers: { host },
        payload: { phone: `0412 72${index} 000` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('H2 X-Forwarded-For is trusted only from the configured proxy addresses', async () => {
    const api = await app({ rateLimit: { signInMax: 2 }, trustProxy: ['10.1.2.3'] });
    const send = (remoteAddress: string, forwardedFor: string, index: number) =>
      api.inject({
        method: 'POST',
        url: '/api/auth/request-code',
        remoteAddress,
        headers: { ...ALPHA, 'x-forwarded-for': forwardedFor },
        payload: { phone: `0412 73${index} 000` },
      });
    // A client that is not the proxy cannot pick its own address.
    const direct = [];
    for (let i = 0; i < 3; i++) direct.push((await send('203.0.113.9', `198.51.100.${i}`, i)).statusCode);
    expect(direct).toEqual([200, 200, 429]);
    // Behind the proxy each real client has its own allowance.
    const proxied = [];
    for (let i = 0; i < 3; i++) proxied.push((await send('10.1.2.3', `198.51.100.${i}`, i + 3)).statusCode);
    expect(proxied).toEqual([200, 200, 200]);
  });

  it('H4 silent lead loss: a tenant with no lead destination is reported at load and on /api/health', async () => {
    const api = await app();
    // beta has no e-mail and no lead-delivery.json.
    expect(api.tenants.undeliverable()).toEqual(['beta']);
    const health = await api.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().tenants_without_lead_destination).toEqual(['beta']);
  });

  it('M5 a revision made while its delivery is in flight is delivered too', async () => {
    const api = await app({ delivery: { enabled: false } });
    const created = (await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, message: 'first' } })).json()
      .lead_id as string;
    // A worker has claimed (leased) the job and is sending revision 1.
    const claimed = await api.stores.outbox.claimDeliveries(Date.now(), 50, 60_000);
    expect(claimed.some((job) => job.lead_id === created)).toBe(true);
    const revised = await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { lead_id: created, message: 'second thoughts' } });
    expect(revised.statusCode).toBe(200);
    const jobs = await api.stores.outbox.deliveriesOf(created);
    expect(jobs.map((job) => job.revision)).toEqual([1, 2]);
  });

  it('M6 manual-entry without evalid cannot take over another shopper evaluation by VIN', async () => {
    const api = await app();
    const [candidates] = (
      await api.inject({ method: 'POST', url: '/api/eval-expert/enter-vin', headers: ALPHA, payload: { rego: 'TRD77Q', state: 'qld' } })
    ).json();
    const attack = await api.inject({
      method: 'POST',
      url: '/api/eval-expert/manual-entry',
      headers: ALPHA,
      payload: { vin: candidates.VIN, desc: candidates.VechielDescriptions[1].Description },
    });
    expect(attack.statusCode).toBe(400);
    expect(attack.json().fields.evalid).toBe('Please start again from your registration number.');
    expect(JSON.stringify(attack.json())).not.toContain(candidates.evalid);
    expect((await api.stores.evaluations.get('alpha', candidates.evalid))?.description).toBeNull();
  });

  it('M7 the session token is only in an HttpOnly cookie: not in JSON, Secure behind TLS, cleared on sign-out', async () => {
    const api = await app({ devMessages: true, trustProxy: ['127.0.0.1'] });
    await api.inject({ method: 'POST', url: '/api/auth/request-code', headers: ALPHA, payload: { phone: '0412740001' } });
    const code = /^(\d{6})/.exec((await api.stores.messages.list('alpha', 'sms', '0412740001'))[0]!.body)![1];
    const verified = await api.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: { ...ALPHA, 'x-forwarded-proto': 'https' },
      payload: { phone: '0412740001', code },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().token).toBeUndefined();
    expect(JSON.stringify(verified.json())).not.toMatch(/[A-Za-z0-9_-]{43}/);
    const cookie = String(verified.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    const token = /dealer_session=([^;]+)/.exec(cookie)![1]!;
    expect((await api.inject({ method: 'GET', url: '/api/auth/session', headers: { ...ALPHA, cookie: `dealer_session=${token}` } })).statusCode).toBe(200);
    const out = await api.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...ALPHA, cookie: `dealer_session=${token}` }, payload: {} });
    expect(String(out.headers['set-cookie'])).toMatch(/dealer_session=; Path=\/api; .*Max-Age=0/);
    expect((await api.inject({ method: 'GET', url: '/api/auth/session', headers: { ...ALPHA, cookie: `dealer_session=${token}` } })).statusCode).toBe(401);
  });

  it('M10 two tenants with the same url host: the later folder is refused, not given the other site leads', async () => {
    const dir = join(folder.dir, 'dup-tenants');
    writeTestTenants(dir);
    const site = JSON.parse(readFileSync(join(dir, 'beta', 'site.json'), 'utf8'));
    mkdirSync(join(dir, 'gamma'));
    writeFileSync(join(dir, 'gamma', 'site.json'), JSON.stringify({ ...site, slug: 'gamma', url: 'https://www.alpha-motors.example/' }));
    writeFileSync(join(dir, 'gamma', 'stock.json'), '[]');
    const api = await testApp(database.db, dir);
    apps.push(api);
    const report = api.reloadTenants();
    expect(report.failed.map((entry) => entry.error).join('\n')).toMatch(/gamma.*www\.alpha-motors\.example.*alpha/);
    expect(api.tenants.fromHost('www.alpha-motors.example')?.slug).toBe('alpha');
    await expect(testApp(database.db, dir, { production: true })).rejects.toThrow(/www\.alpha-motors\.example/);
    // A SITE_HOSTS entry cannot hand one tenant's host to another either.
    const mapped = await testApp(database.db, tenantsDir, { hostMap: { 'www.alpha-motors.example': 'beta' } });
    apps.push(mapped);
    expect(mapped.tenants.fromHost('www.alpha-motors.example')?.slug).toBe('alpha');
    expect(
      mapped
        .reloadTenants()
        .failed.map((entry) => entry.error)
        .join('\n'),
    ).toMatch(/SITE_HOSTS maps www\.alpha-motors\.example to beta/);
  });

  it('Low gated pages gated only in the browser: everything personal behind the gate needs the session cookie', async () => {
    const api = await app();
    // What GateGuard reads in the browser (a localStorage record) opens nothing on the server.
    const forged = { ...ALPHA, cookie: 'shopper_session=%7B%22user_id%22%3A%22u%22%2C%22phone%22%3A%220412000000%22%7D' };
    expect((await api.inject({ method: 'GET', url: '/api/watchlist', headers: forged })).statusCode).toBe(401);
    expect((await api.inject({ method: 'GET', url: '/api/auth/session', headers: forged })).statusCode).toBe(401);
    expect(
      (await api.inject({ method: 'POST', url: '/api/watchlist/save-car', headers: forged, payload: { phone_number: '0412000000', car_id: 1 } })).statusCode,
    ).toBe(401);
  });

  it('M11 OTP hashes and photo links use separate keys derived from the secret', async () => {
    const secret = 'a-test-secret-of-enough-length';
    const api = await app({ signIn: { secret } });
    const evalid = await valuedEvaluation(api, '0412 750 001');
    const upload = photoUpload(evalid, await jpegWithGps());
    const uploaded = await api.inject({
      method: 'POST',
      url: '/api/eval-expert/image-upload',
      headers: { ...ALPHA, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const [image] = await api.stores.evaluations.images('alpha', evalid);
    // A link signed with the raw sign-in secret, not the photo-link key derived from it, is refused.
    const forged = photoLink(secret, api.tenants.get('alpha')!, image!.id, Date.now()).replace('https://www.alpha-motors.example', '');
    expect((await api.inject({ method: 'GET', url: forged, headers: ALPHA })).statusCode).toBe(403);
  });

  it('M12/M15 trade-in photos are re-encoded without EXIF (GPS) and kept outside the database', async () => {
    const api = await app();
    const evalid = await valuedEvaluation(api, '0412 760 001');
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const upload = photoUpload(evalid, original);
    expect(
      (await api.inject({ method: 'POST', url: '/api/eval-expert/image-upload', headers: { ...ALPHA, ...upload.headers }, payload: upload.payload }))
        .statusCode,
    ).toBe(200);
    const [image] = await api.stores.evaluations.images('alpha', evalid);
    const stored = await api.stores.tradeIn.evaluationImage('alpha', image!.id);
    expect(stored).toBeDefined();
    expect((await sharp(Buffer.from(stored!.content)).metadata()).exif).toBeUndefined();
    expect(Buffer.from(stored!.content).includes(Buffer.from('PhoneCo'))).toBe(false);
    const rows = await database.db.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM evaluation_images WHERE id = $1 AND content IS NOT NULL AND length(content) > 0',
      [image!.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('M12 unbounded storage: a tenant photo quota refuses uploads with a message, and /miscellaneous is bounded per lead', async () => {
    const api = await app({ imageQuotaBytes: 1 });
    const evalid = await valuedEvaluation(api, '0412 780 001');
    const upload = photoUpload(evalid, await jpegWithGps());
    const refused = await api.inject({
      method: 'POST',
      url: '/api/eval-expert/image-upload',
      headers: { ...ALPHA, ...upload.headers },
      payload: upload.payload,
    });
    expect(refused.statusCode).toBe(507);
    expect(refused.json().fields.file).toBe('Photos cannot be stored at the moment. Please send your details without photos, or call us.');
    expect(await api.stores.evaluations.images('alpha', evalid)).toEqual([]);
    const lead = (await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: contact })).json().lead_id as string;
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++)
      statuses.push(
        (await api.inject({ method: 'POST', url: '/api/miscellaneous', headers: ALPHA, payload: { column_name: 'note', lead_id: lead, n: i } })).statusCode,
      );
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
  });

  it('M14 a permanent 4xx or too many attempts moves a delivery to dead-letter, counted on /api/health, and one command retries it', async () => {
    let status = 400;
    const seen: { key: string; signature?: string; timestamp?: string; body: string }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({
          key: String(req.headers['idempotency-key']),
          signature: req.headers['x-signature'] as string,
          timestamp: req.headers['x-signature-timestamp'] as string,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const dir = join(folder.dir, 'dead-tenants');
      writeTestTenants(dir, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
      const api = await testApp(database.db, dir, {
        delivery: {
          baseDelayMs: 5,
          maxDelayMs: 10,
          pollMs: 10,
          maxAttempts: 3,
          env: { LEAD_DELIVERY_SECRET_ALPHA: 'alpha-secret-for-tests' },
          allowAddresses: ['127.0.0.1'],
        },
      });
      apps.push(api);
      const permanent = (await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: contact })).json().lead_id as string;
      await waitFor(async () => (await api.stores.outbox.deliveriesOf(permanent)).some((job) => job.destination === 'crm' && job.status === 'dead'));
      expect((await api.stores.outbox.deliveriesOf(permanent)).find((job) => job.destination === 'crm')?.attempts).toBe(1);
      status = 503;
      const transient = (await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, message: 'retry me' } })).json()
        .lead_id as string;
      await waitFor(async () => (await api.stores.outbox.deliveriesOf(transient)).some((job) => job.destination === 'crm' && job.status === 'dead'));
      expect((await api.stores.outbox.deliveriesOf(transient)).find((job) => job.destination === 'crm')?.attempts).toBe(3);
      const health = (await api.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health.deliveries.alpha.dead).toBeGreaterThanOrEqual(2);
      // Outbound signatures carry a timestamp and cover it.
      const call = seen.at(-1)!;
      expect(call.timestamp).toMatch(/^\d{10}$/);
      expect(call.signature).toBe(`sha256=${createHmac('sha256', 'alpha-secret-for-tests').update(`${call.timestamp}.${call.body}`).digest('hex')}`);
      // The operator retries every dead delivery of the tenant with one command.
      status = 200;
      expect(await api.stores.outbox.retryDeadDeliveries({ tenant: 'alpha' })).toBeGreaterThanOrEqual(2);
      api.outbox.kick();
      await waitFor(
        async () => [permanent, transient].every((_id) => true) && (await api.stores.outbox.deliveriesOf(transient)).every((job) => job.status === 'delivered'),
      );
      await waitFor(async () => (await api.stores.outbox.deliveriesOf(permanent)).every((job) => job.status === 'delivered'));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('M15 retention: npm run purge deletes trade-in photos after 90 days and leads after 2 years, or the tenant setting', async () => {
    const DAY = 86_400_000;
    let clock = Date.now() - 800 * DAY;
    const api = await app({ now: () => clock, delivery: { enabled: false } });
    const oldLead = (await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, message: 'from long ago' } })).json()
      .lead_id as string;
    clock = Date.now() - 100 * DAY;
    const evalid = await valuedEvaluation(api, '0412 770 001');
    const upload = photoUpload(evalid, await jpegWithGps());
    expect(
      (await api.inject({ method: 'POST', url: '/api/eval-expert/image-upload', headers: { ...ALPHA, ...upload.headers }, payload: upload.payload }))
        .statusCode,
    ).toBe(200);
    const [photo] = await api.stores.evaluations.images('alpha', evalid);
    clock = Date.now();
    const recentLead = (await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, message: 'recent' } })).json()
      .lead_id as string;
    const imagesDir = join(folder.dir, 'images');
    expect(readdirSync(join(imagesDir, 'alpha'))).toContain(photo!.id);
    const env = { PATH: process.env.PATH ?? '', SQLITE_FILE: join(folder.dir, 'leads.sqlite'), TENANTS_DIR: tenantsDir, IMAGES_DIR: imagesDir };
    const dry = spawnSync(process.execPath, ['scripts/purge.ts', '--tenant', 'alpha', '--dry-run'], {
      cwd: join(import.meta.dirname, '../..'),
      env,
      encoding: 'utf8',
    });
    expect(dry.status, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).deleted.leads).toBeGreaterThanOrEqual(1);
    expect(await api.stores.leads.get('alpha', oldLead)).toBeDefined();
    const run = spawnSync(process.execPath, ['scripts/purge.ts', '--tenant', 'alpha'], { cwd: join(import.meta.dirname, '../..'), env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ tenant: 'alpha', retention: { leads_days: 730, trade_in_photos_days: 90 } });
    expect(await api.stores.leads.get('alpha', oldLead)).toBeUndefined();
    expect(await api.stores.leads.get('alpha', recentLead)).toBeDefined();
    // The 100-day-old evaluation stays (within 2 years); its photo (older than 90 days) is gone, file and row.
    expect(await api.stores.evaluations.get('alpha', evalid)).toBeDefined();
    expect(await api.stores.evaluations.images('alpha', evalid)).toEqual([]);
    expect(existsSync(join(imagesDir, 'alpha', photo!.id))).toBe(false);
    // A tenant's own setting (lead-delivery.json retention) shortens it.
    writeFileSync(join(tenantsDir, 'alpha', 'lead-delivery.json'), JSON.stringify({ retention: { leads_days: 30 } }));
    try {
      const strict = spawnSync(process.execPath, ['scripts/purge.ts', '--tenant', 'alpha'], { cwd: join(import.meta.dirname, '../..'), env, encoding: 'utf8' });
      expect(strict.status, strict.stderr).toBe(0);
      expect(await api.stores.evaluations.get('alpha', evalid)).toBeUndefined();
      expect(await api.stores.leads.get('alpha', recentLead)).toBeDefined();
    } finally {
      rmSync(join(tenantsDir, 'alpha', 'lead-delivery.json'));
    }
  });

  it('M14 npm run outbox -- status / retry: the operator command', async () => {
    const api = await app({ delivery: { enabled: false } });
    const lead = (await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: contact })).json().lead_id as string;
    const [job] = await api.stores.outbox.claimDeliveries(Date.now() + 1, 500, 1).then((jobs) => jobs.filter((entry) => entry.lead_id === lead));
    await api.stores.outbox.recordDeliveryOutcomes(
      [],
      [{ id: job!.id, error: 'webhook refused the lead: HTTP 400', nextAttemptAt: 0, dead: true }],
      Date.now(),
    );
    const env = { PATH: process.env.PATH ?? '', SQLITE_FILE: join(folder.dir, 'leads.sqlite') };
    const cwd = join(import.meta.dirname, '../..');
    const status = spawnSync(process.execPath, ['scripts/outbox.ts', 'status'], { cwd, env, encoding: 'utf8' });
    expect(status.status, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).find((row: { tenant: string }) => row.tenant === 'alpha').dead).toBeGreaterThanOrEqual(1);
    const retry = spawnSync(process.execPath, ['scripts/outbox.ts', 'retry', '--lead', lead], { cwd, env, encoding: 'utf8' });
    expect(retry.status, retry.stderr).toBe(0);
    expect(retry.stdout).toMatch(/^1 dead-letter deliveries put back in the queue/);
    expect((await api.stores.outbox.deliveriesOf(lead)).every((entry) => entry.status === 'pending')).toBe(true);
  });

  it('Low test-drive slots cannot be double-booked by two requests at once', async () => {
    // A fixed clock (Friday 6 March 2026, 9am in Brisbane) and a slot it offers: Monday 11am, a weekday (a lead's time must be an offered slot).
    const api = await app({ now: () => Date.parse('2026-03-05T23:00:00Z') });
    const booking = (name: string) => ({ ...contact, name, category: 'Test Drive', car_id: 2, dateTime: '2026-03-09T11:00:00+10:00' });
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) => api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: booking(`Driver ${i}`) })),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('Low *.localhost hosts and origins are refused in production', async () => {
    const api = await app({ production: true, hostMap: { 'www.alpha-motors.example': 'alpha' } });
    expect((await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: contact })).statusCode).toBe(404);
    const fromLocalOrigin = await api.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { host: 'www.alpha-motors.example', origin: 'http://alpha.localhost:4321' },
      payload: contact,
    });
    expect(fromLocalOrigin.statusCode).toBe(403);
    expect(
      (
        await api.inject({
          method: 'POST',
          url: '/api/leads',
          headers: { host: 'www.alpha-motors.example', origin: 'https://www.alpha-motors.example' },
          payload: contact,
        })
      ).statusCode,
    ).toBe(201);
  });
});
