/**
 * Issue 33 item 3: CDN purge after a switch, against local HTTP servers standing in for
 * CloudFront's CreateInvalidation and Cloudflare's purge_cache APIs: batches of the documented
 * size, retries with backoff on throttling and server errors, no retry on a refused token,
 * and only changed HTML purged (assets never), through the bucket publisher on a directory store.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryObjectStore } from '../../src/platform/bucket/object-store.ts';
import { cloudflarePurger, cloudFrontPurger, purgePathsOf, type PurgeRequest } from '../../src/pipeline/publish/purge.ts';
import { createBucketPublisher } from '../../src/pipeline/publish/s3-publisher.ts';

interface Call {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

/** A local API stand-in: records every call and answers from `respond(callIndex)`. */
async function standIn(respond: (index: number, call: Call) => { status: number; body: string; type: string }) {
  const calls: Call[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: Buffer.concat(chunks).toString('utf8') };
      calls.push(call);
      const reply = respond(calls.length - 1, call);
      res.writeHead(reply.status, { 'Content-Type': reply.type }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    calls,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cloudflareOk = { status: 200, type: 'application/json', body: JSON.stringify({ success: true, errors: [], result: { id: 'x' } }) };
const retry = { attempts: 4, baseDelayMs: 5 };

describe('Cloudflare purge adapter', () => {
  it('purges full URLs in batches of at most 100, retrying a throttled call with backoff', async () => {
    const api = await standIn((index) =>
      index === 1 ? { status: 429, type: 'application/json', body: JSON.stringify({ success: false, errors: [{ message: 'rate limited' }] }) } : cloudflareOk,
    );
    try {
      const paths = Array.from({ length: 125 }, (_, index) => `/cars/car-${index}/`);
      const request: PurgeRequest = { paths, origins: ['https://dealer.example.com.au', 'https://www.dealer.example.com.au/'] };
      const report = await cloudflarePurger({ zoneId: 'zone123', apiToken: 'token-abc', apiBase: `${api.url}/client/v4`, retry }).purge(request);
      expect(report).toEqual({ purger: 'cloudflare', items: 250, batches: 3, retries: 1 });
      // 4 calls: batch 1, batch 2 throttled, batch 2 again, batch 3.
      expect(api.calls.map((call) => [call.method, call.url])).toEqual(Array(4).fill(['POST', '/client/v4/zones/zone123/purge_cache']));
      expect(api.calls.every((call) => call.authorization === 'Bearer token-abc')).toBe(true);
      const sizes = api.calls.map((call) => (JSON.parse(call.body) as { files: string[] }).files.length);
      expect(sizes).toEqual([100, 100, 100, 50]);
      expect(api.calls[1]!.body).toBe(api.calls[2]!.body);
      const all = [api.calls[0], api.calls[2], api.calls[3]].flatMap((call) => (JSON.parse(call!.body) as { files: string[] }).files);
      expect(new Set(all).size).toBe(250);
      expect(all).toContain('https://dealer.example.com.au/cars/car-0/');
      expect(all).toContain('https://www.dealer.example.com.au/cars/car-124/');
    } finally {
      await api.close();
    }
  });

  it('gives up at once on a refused token (no retry), and after the attempts on server errors', async () => {
    const refused = await standIn(() => ({
      status: 403,
      type: 'application/json',
      body: JSON.stringify({ success: false, errors: [{ message: 'Authentication error' }] }),
    }));
    const failing = await standIn(() => ({ status: 503, type: 'text/plain', body: 'down' }));
    try {
      await expect(
        cloudflarePurger({ zoneId: 'z', apiToken: 'bad', apiBase: refused.url, retry }).purge({ paths: ['/'], origins: ['https://a.example'] }),
      ).rejects.toThrow(/HTTP 403: Authentication error/);
      expect(refused.calls).toHaveLength(1);
      await expect(
        cloudflarePurger({ zoneId: 'z', apiToken: 't', apiBase: failing.url, retry }).purge({ paths: ['/'], origins: ['https://a.example'] }),
      ).rejects.toThrow(/HTTP 503/);
      expect(failing.calls).toHaveLength(retry.attempts);
    } finally {
      await refused.close();
      await failing.close();
    }
  });
});

describe('CloudFront purge adapter', () => {
  const invalidation = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>I${paths.length}</Id><Status>InProgress</Status><CreateTime>2026-11-27T10:00:00Z</CreateTime><InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${paths.map((path) => `<Path>${path}</Path>`).join('')}</Items></Paths><CallerReference>r</CallerReference></InvalidationBatch></Invalidation>`;
  const pathsOf = (call: Call) => [...call.body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((match) => match[1]!);

  it('creates invalidations in batches, retrying a throttled or failed one', async () => {
    const api = await standIn((index, call) => {
      if (index === 0)
        return {
          status: 400,
          type: 'text/xml',
          body: '<?xml version="1.0"?><ErrorResponse><Error><Type>Sender</Type><Code>TooManyInvalidationsInProgress</Code><Message>slow down</Message></Error><RequestId>r1</RequestId></ErrorResponse>',
        };
      if (index === 2)
        return {
          status: 503,
          type: 'text/xml',
          body: '<?xml version="1.0"?><ErrorResponse><Error><Type>Receiver</Type><Code>ServiceUnavailable</Code><Message>busy</Message></Error><RequestId>r2</RequestId></ErrorResponse>',
        };
      return { status: 201, type: 'text/xml', body: invalidation(pathsOf(call)) };
    });
    try {
      const paths = Array.from({ length: 5 }, (_, index) => `/cars/car-${index}/`);
      const purger = cloudFrontPurger({
        distributionId: 'E2EXAMPLE',
        endpoint: api.url,
        batchSize: 3,
        retry,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      });
      const report = await purger.purge({ paths, origins: [] });
      expect(report).toEqual({ purger: 'cloudfront', items: 5, batches: 2, retries: 2 });
      expect(api.calls).toHaveLength(4);
      expect(api.calls.every((call) => call.method === 'POST' && call.url === '/2020-05-31/distribution/E2EXAMPLE/invalidation')).toBe(true);
      expect(api.calls.every((call) => /^AWS4-HMAC-SHA256 /.test(call.authorization ?? ''))).toBe(true);
      expect(api.calls.map(pathsOf)).toEqual([paths.slice(0, 3), paths.slice(0, 3), paths.slice(3), paths.slice(3)]);
      expect(api.calls[3]!.body).toContain('<Quantity>2</Quantity>');
    } finally {
      await api.close();
    }
  });

  it('does not retry a request CloudFront refuses (no such distribution)', async () => {
    const api = await standIn(() => ({
      status: 404,
      type: 'text/xml',
      body: '<?xml version="1.0"?><ErrorResponse><Error><Type>Sender</Type><Code>NoSuchDistribution</Code><Message>none</Message></Error><RequestId>r</RequestId></ErrorResponse>',
    }));
    try {
      const purger = cloudFrontPurger({ distributionId: 'EMISSING', endpoint: api.url, retry, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
      await expect(purger.purge({ paths: ['/'], origins: [] })).rejects.toThrow(/NoSuchDistribution/);
      expect(api.calls).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});

describe('purge after a switch', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'publish-purge-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const release = (id: string, files: Record<string, string>) => {
    const dir = join(work, id);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  };

  it('maps changed files to the URL paths shoppers request; assets are never purged', () => {
    expect(purgePathsOf(['/index.html', '/cars/a/index.html', '/about.html', '/_astro/x.1a2b.js', '/images/p.webp'])).toEqual([
      '/',
      '/about',
      '/about.html',
      '/cars/a',
      '/cars/a/',
    ]);
  });

  it('purges the changed and removed HTML of a publish and of a rollback, on the tenant origins', async () => {
    const api = await standIn(() => cloudflareOk);
    try {
      const store = new DirectoryObjectStore(join(work, 'bucket'));
      const publisher = createBucketPublisher({
        store,
        originsOf: () => ['https://dealer.example.com.au'],
        purger: cloudflarePurger({ zoneId: 'z1', apiToken: 't', apiBase: api.url, retry }),
      });
      const first = { 'index.html': 'home', 'cars/a/index.html': 'a $10', 'cars/b/index.html': 'b $20', '_astro/app.1.js': 'js1' };
      await publisher.publish({ slug: 'dealer', id: 'r1', dir: release('r1', first), sitesDir: work });
      expect(api.calls).toHaveLength(0);
      // Car a changes price, car b is sold (page gone), a new asset appears.
      await publisher.publish({
        slug: 'dealer',
        id: 'r2',
        dir: release('r2', { 'index.html': 'home', 'cars/a/index.html': 'a $9', '_astro/app.2.js': 'js2' }),
        sitesDir: work,
      });
      expect(api.calls).toHaveLength(1);
      expect((JSON.parse(api.calls[0]!.body) as { files: string[] }).files.sort()).toEqual([
        'https://dealer.example.com.au/cars/a',
        'https://dealer.example.com.au/cars/a/',
        'https://dealer.example.com.au/cars/b',
        'https://dealer.example.com.au/cars/b/',
      ]);
      expect(publisher.reports.at(-1)?.purge).toEqual({ purger: 'cloudflare', items: 4, batches: 1, retries: 0 });
      await publisher.rollback('dealer', 'r1');
      expect(api.calls).toHaveLength(2);
      expect((JSON.parse(api.calls[1]!.body) as { files: string[] }).files).toHaveLength(4);
    } finally {
      await api.close();
    }
  });

  it('a failing purge does not fail the publish (the switch has happened); the report says why', async () => {
    const api = await standIn(() => ({ status: 500, type: 'text/plain', body: 'no' }));
    try {
      const store = new DirectoryObjectStore(join(work, 'bucket2'));
      const logged: string[] = [];
      const publisher = createBucketPublisher({
        store,
        originsOf: () => ['https://d.example'],
        purger: cloudflarePurger({ zoneId: 'z', apiToken: 't', apiBase: api.url, retry: { attempts: 2, baseDelayMs: 1 } }),
        log: (fields) => logged.push(fields.event),
      });
      await publisher.publish({ slug: 'd', id: 'r1', dir: release('s1', { 'index.html': 'one' }), sitesDir: work });
      await publisher.publish({ slug: 'd', id: 'r2', dir: release('s2', { 'index.html': 'two' }), sitesDir: work });
      expect(await publisher.liveRelease('d')).toBe('r2');
      expect(publisher.reports.at(-1)?.purge).toMatchObject({ error: expect.stringMatching(/HTTP 500/) });
      expect(logged).toContain('purge-failed');
    } finally {
      await api.close();
    }
  });
});
