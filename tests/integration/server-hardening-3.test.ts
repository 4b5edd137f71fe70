/**
 * Third security review (2026-12-01), lead API side: one test per finding, each reproducing
 * the attack on the code before the fix. NEW-3: lead-delivery.json as a blind SSRF and a
 * signing oracle; NEW-6: per-client allowances keyed by the full IPv6 address; N10: a crafted
 * HEIF that declares an HEVC image and holds HTML.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { tempDir, testApp, testDatabase, waitFor, writeTestTenants, photoUpload } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };

const contact = {
  name: 'Eve Oracle',
  email: 'eve@example.com',
  phone: '0400000077',
  postcode: '4000',
  category: 'Enquiry',
  location: 'alpha-brisbane',
  message: 'hi',
};

/**
 * The review's 454-byte HEIF (N10 leftover): ftyp heic, a meta box with one `hvc1` item, an
 * hvcC with no parameter sets, ispe 640x480, and an iloc pointing at an mdat of HTML.
 */
function craftedHeif(): Buffer {
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
  const box = (type: string, body: Buffer) => Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
  const full = (type: string, version: number, body: Buffer) => box(type, Buffer.concat([Buffer.from([version, 0, 0, 0]), body]));
  const payload = Buffer.from('<html><script>alert(document.domain)</script></html>'.repeat(4));
  const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
  const hdlr = full('hdlr', 0, Buffer.concat([Buffer.alloc(4), Buffer.from('pict'), Buffer.alloc(13)]));
  const pitm = full('pitm', 0, u16(1));
  const iinf = full('iinf', 0, Buffer.concat([u16(1), full('infe', 2, Buffer.concat([u16(1), u16(0), Buffer.from('hvc1'), Buffer.from([0])]))]));
  const hvcC = box(
    'hvcC',
    Buffer.concat([Buffer.from([1, 1, 0x60, 0, 0, 0]), Buffer.alloc(6), Buffer.from([0x5a, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0])]),
  );
  const ispe = full('ispe', 0, Buffer.concat([u32(640), u32(480)]));
  const iprp = box(
    'iprp',
    Buffer.concat([box('ipco', Buffer.concat([hvcC, ispe])), full('ipma', 0, Buffer.concat([u32(1), u16(1), Buffer.from([2, 0x81, 0x02])]))]),
  );
  const head = (offset: number) =>
    Buffer.concat([
      ftyp,
      full(
        'meta',
        0,
        Buffer.concat([
          hdlr,
          pitm,
          full('iloc', 1, Buffer.concat([Buffer.from([0x44, 0]), u16(1), u16(1), u16(0), u16(0), u16(1), u32(offset), u32(payload.length)])),
          iinf,
          iprp,
        ]),
      ),
    ]);
  return Buffer.concat([head(head(0).length + 8), box('mdat', payload)]);
}

/** A listener standing in for an internal service: it records every request it gets. */
async function listener(host: string): Promise<{ server: Server; port: number; hits: { url: string; headers: Record<string, unknown>; body: string }[] }> {
  const hits: { url: string; headers: Record<string, unknown>; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

describe('security review 2026-12-01, lead API', () => {
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let tenantsDir: string;
  const apps: LeadApi[] = [];
  const servers: Server[] = [];

  beforeAll(async () => {
    folder = tempDir('hardening-3-test-');
    tenantsDir = join(folder.dir, 'tenants');
    writeTestTenants(tenantsDir);
    database = await testDatabase('sqlite', folder.dir);
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
  });
  afterAll(async () => {
    await database?.stop();
    folder?.remove();
  });

  /** Alpha's lead-delivery.json (tenant-authored), then an app over the tenants. */
  async function appDelivering(destinations: unknown[], delivery: Record<string, unknown> = {}): Promise<LeadApi> {
    mkdirSync(join(tenantsDir, 'alpha'), { recursive: true });
    writeFileSync(join(tenantsDir, 'alpha', 'lead-delivery.json'), JSON.stringify({ destinations }));
    const app = await testApp(database.db, tenantsDir, { delivery: { baseDelayMs: 5, maxDelayMs: 10, pollMs: 10, maxAttempts: 2, ...delivery } });
    apps.push(app);
    return app;
  }

  const sendLead = async (api: LeadApi) => {
    const response = await api.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, email: `eve${Math.random()}@example.com` } });
    expect(response.statusCode).toBe(201);
    return response.json().lead_id as string;
  };

  it('NEW-3: a lead-delivery.json webhook never reaches loopback, private, link-local or mapped addresses (literal or by DNS)', async () => {
    const internal = await listener('127.0.0.1');
    servers.push(internal.server);
    const forms = [
      `http://127.0.0.1:${internal.port}/internal-admin/collect`,
      `http://[::ffff:127.0.0.1]:${internal.port}/mapped`,
      `http://[::ffff:7f00:1]:${internal.port}/mapped-hex`,
      `http://0x7f.1:${internal.port}/hex`,
      `http://2130706433:${internal.port}/decimal`,
      `http://localhost:${internal.port}/by-dns`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[fd00::1]/',
    ];
    const api = await appDelivering(forms.map((url, index) => ({ id: `hook-${index}`, type: 'webhook', format: 'json', url, timeout_ms: 500 })));
    expect(api.tenants.get('alpha')?.destinations).toHaveLength(forms.length);
    const lead = await sendLead(api);
    // Every destination is settled (delivered or dead-lettered); the internal service was never posted to.
    await waitFor(
      async () => (await api.stores.outbox.deliveriesOf(lead)).every((delivery) => delivery.status === 'delivered' || delivery.status === 'dead'),
      10_000,
    );
    expect(internal.hits.map((hit) => hit.url)).toEqual([]);
    const dead = (await api.stores.outbox.deadDeliveries('alpha', 1000)).filter((delivery) => delivery.lead_id === lead);
    expect(dead).toHaveLength(forms.length);
    for (const delivery of dead) {
      expect(delivery.attempts, delivery.destination).toBe(1);
      expect(delivery.last_error, delivery.destination).toMatch(/refused: /);
    }
  });

  it('NEW-3: the outbound allowance for local receivers is exact (tests), and the same lead then reaches it', async () => {
    const receiver = await listener('127.0.0.2');
    servers.push(receiver.server);
    const api = await appDelivering([{ id: 'crm', type: 'webhook', format: 'json', url: `http://127.0.0.2:${receiver.port}/crm` }], {
      allowAddresses: ['127.0.0.2'],
    });
    await sendLead(api);
    await waitFor(() => receiver.hits.length === 1);
  });

  it("NEW-3: secret_env may name only LEAD_DELIVERY_SECRET_<SLUG>: no MAC under STRIPE_WEBHOOK_SECRET or another tenant's secret", async () => {
    const receiver = await listener('127.0.0.2');
    servers.push(receiver.server);
    const env = {
      STRIPE_WEBHOOK_SECRET: 'whsec_canary',
      FEED_SECRET_BETA: 'feed-canary',
      LEAD_DELIVERY_SECRET_BETA: 'beta-crm-canary',
      LEAD_DELIVERY_SECRET_ALPHA: 'alpha-crm-secret',
      LEAD_DELIVERY_SECRET_ALPHA__CRM: 'alpha-crm-2',
    };
    const url = `http://127.0.0.2:${receiver.port}/collect`;
    for (const name of [
      'STRIPE_WEBHOOK_SECRET',
      'FEED_SECRET_BETA',
      'SIGN_IN_SECRET',
      'LEAD_DELIVERY_SECRET_BETA',
      'LEAD_DELIVERY_SECRET_',
      'LEAD_DELIVERY_SECRET_ALPHAX',
    ]) {
      const api = await appDelivering([{ id: 'crm', type: 'webhook', format: 'json', url, secret_env: name }], { env, allowAddresses: ['127.0.0.2'] });
      // The tenant folder is refused, naming the file and the field; nothing is signed or sent.
      const report = api.reloadTenants();
      expect(report.failed.map((entry) => entry.error).join('\n'), name).toMatch(
        /lead-delivery\.json: field destinations\.0\.secret_env: .*LEAD_DELIVERY_SECRET_ALPHA/,
      );
      expect(api.tenants.get('alpha'), name).toBeUndefined();
      await api.close();
      apps.splice(apps.indexOf(api), 1);
    }
    expect(receiver.hits).toEqual([]);
    // The tenant's own delivery secrets sign as documented.
    for (const [name, secret] of [
      ['LEAD_DELIVERY_SECRET_ALPHA', 'alpha-crm-secret'],
      ['LEAD_DELIVERY_SECRET_ALPHA__CRM', 'alpha-crm-2'],
    ] as const) {
      const api = await appDelivering([{ id: 'crm', type: 'webhook', format: 'json', url, secret_env: name }], { env, allowAddresses: ['127.0.0.2'] });
      const before = receiver.hits.length;
      await sendLead(api);
      await waitFor(() => receiver.hits.length === before + 1);
      const hit = receiver.hits.at(-1)!;
      expect(hit.headers['x-signature']).toBe(
        `sha256=${createHmac('sha256', secret)
          .update(`${String(hit.headers['x-signature-timestamp'])}.${hit.body}`)
          .digest('hex')}`,
      );
      await api.close();
      apps.splice(apps.indexOf(api), 1);
    }
  });

  describe('NEW-6: per-client allowances', () => {
    /** Three addresses of one IPv6 /64 (what one VPS or home connection is routed), and one of another /64. */
    const SAME_64 = ['2001:db8:0:1::a', '2001:db8:0:1:ffff:1:2:3', '2001:db8:0:1::c'];
    const OTHER_64 = '2001:db8:0:2::a';

    async function freshApp(overrides: Parameters<typeof testApp>[2] = {}): Promise<LeadApi> {
      const app = await testApp(database.db, tenantsDir, { imagesDir: join(folder.dir, 'images'), delivery: { enabled: false }, ...overrides });
      apps.push(app);
      return app;
    }

    const enterVin = (api: LeadApi, remoteAddress: string) =>
      api.inject({
        method: 'POST',
        url: '/api/eval-expert/enter-vin',
        remoteAddress,
        headers: ALPHA,
        payload: { rego: `N6${Math.floor(Math.random() * 9000 + 1000)}`, state: 'qld' },
      });

    it('NEW-6: one IPv6 /64 is one client: valuations, opt-outs, /miscellaneous, SMS and the request rate limit', async () => {
      const api = await freshApp({
        quotas: { evaluationsPerClientPerDay: 2, optOutsPerClientPerDay: 2, miscellaneousPerClientPerDay: 2 },
        sms: { perClientPerDay: 2 },
        rateLimit: { max: 40 },
      });
      const valuations = [];
      for (const address of SAME_64) valuations.push((await enterVin(api, address)).statusCode);
      expect(valuations).toEqual([200, 200, 429]);
      expect((await enterVin(api, OTHER_64)).statusCode).toBe(200);

      const optOuts = [];
      for (const [index, address] of SAME_64.entries())
        optOuts.push(
          (
            await api.inject({
              method: 'POST',
              url: '/api/unsubscribe',
              remoteAddress: address,
              headers: ALPHA,
              payload: { email: `n6-victim${index}@example.com` },
            })
          ).statusCode,
        );
      expect(optOuts).toEqual([200, 200, 429]);

      const misc = [];
      for (const [index, address] of SAME_64.entries())
        misc.push(
          (await api.inject({ method: 'POST', url: '/api/miscellaneous', remoteAddress: address, headers: ALPHA, payload: { column_name: 'note', n: index } }))
            .statusCode,
        );
      expect(misc).toEqual([200, 200, 429]);

      const codes = [];
      for (const [index, address] of SAME_64.entries())
        codes.push(
          (
            await api.inject({
              method: 'POST',
              url: '/api/auth/request-code',
              remoteAddress: address,
              headers: ALPHA,
              payload: { phone: `0413 66${index} 001` },
            })
          ).statusCode,
        );
      expect(codes).toEqual([200, 200, 429]);

      // The request rate limit (RATE_LIMIT_MAX) is per /64 too.
      const api2 = await freshApp({ rateLimit: { max: 4 } });
      const health = [];
      for (let i = 0; i < 6; i++)
        health.push((await api2.inject({ method: 'GET', url: '/api/health', remoteAddress: SAME_64[i % 3]!, headers: ALPHA })).statusCode);
      expect(health).toEqual([200, 200, 200, 200, 429, 429]);
      expect((await api2.inject({ method: 'GET', url: '/api/health', remoteAddress: OTHER_64, headers: ALPHA })).statusCode).toBe(200);
    });

    it('NEW-6: photos are counted per /64; IPv4 stays per address and IPv4-mapped IPv6 counts as its IPv4 address', async () => {
      const api = await freshApp({ quotas: { photosPerClientPerDay: 2, evaluationsPerClientPerDay: 100 } });
      const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 9, g: 9, b: 9 } } })
        .jpeg()
        .toBuffer();
      const [item] = (await enterVin(api, '198.51.100.99')).json();
      const evalid = (item.EvalID ?? item.evalid) as string | undefined;
      const upload = async (remoteAddress: string) => {
        const body = photoUpload(evalid ?? '', bytes);
        return (
          await api.inject({
            method: 'POST',
            url: '/api/eval-expert/image-upload',
            remoteAddress,
            headers: { ...ALPHA, ...body.headers },
            payload: body.payload,
          })
        ).statusCode;
      };
      expect(evalid).toBeDefined();
      const photos = [];
      for (const address of SAME_64) photos.push(await upload(address));
      expect(photos).toEqual([200, 200, 429]);
      // IPv4: two addresses are two clients; the IPv4-mapped form of one is the same client.
      const v4 = await freshApp({ quotas: { evaluationsPerClientPerDay: 1 } });
      expect((await enterVin(v4, '203.0.113.41')).statusCode).toBe(200);
      expect((await enterVin(v4, '::ffff:203.0.113.41')).statusCode).toBe(429);
      expect((await enterVin(v4, '203.0.113.42')).statusCode).toBe(200);
      // The prefix is a setting: /128 keys every IPv6 address on its own again.
      const exact = await freshApp({ quotas: { evaluationsPerClientPerDay: 1 }, clientIpv6PrefixBits: 128 });
      expect((await enterVin(exact, SAME_64[0]!)).statusCode).toBe(200);
      expect((await enterVin(exact, SAME_64[1]!)).statusCode).toBe(200);
    });
  });

  it('N10: a HEIF that declares an HEVC image but holds HTML is refused; a real HEVC-coded HEIC (grid, Exif, thumbnail) is kept', async () => {
    const api = await testApp(database.db, tenantsDir, { imagesDir: join(folder.dir, 'images'), delivery: { enabled: false } });
    apps.push(api);
    const [item] = (
      await api.inject({
        method: 'POST',
        url: '/api/eval-expert/enter-vin',
        remoteAddress: '198.51.100.110',
        headers: ALPHA,
        payload: { rego: 'HEIC10', state: 'qld' },
      })
    ).json();
    const evalid = (item.EvalID ?? item.evalid) as string;
    const upload = async (bytes: Buffer) => {
      const body = photoUpload(evalid, bytes, 'IMG_0001.HEIC', 'image/heic');
      return api.inject({
        method: 'POST',
        url: '/api/eval-expert/image-upload',
        remoteAddress: '198.51.100.110',
        headers: { ...ALPHA, ...body.headers },
        payload: body.payload,
      });
    };
    const crafted = craftedHeif();
    expect(crafted.length).toBe(454);
    const refused = await upload(crafted);
    expect(refused.statusCode).toBe(415);
    // A real photo from a phone's HEIC encoder (heif-enc 1.15 with x265: a grid of HEVC tiles, an Exif item with GPS, a thumbnail).
    const real = readFileSync(new URL('../support/photos/real-hevc-grid.heic', import.meta.url));
    const kept = await upload(real);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ success: true });
    const [stored] = await api.stores.evaluations.images('alpha', evalid);
    expect(stored).toBeDefined();
  });
});
