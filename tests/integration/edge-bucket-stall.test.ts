/**
 * Security review 2026-12-01 NEW-7, as the review ran it: the Node edge (startEdge) over the real
 * S3 client, against a bucket server that stops answering (the review paused s3rver). Every
 * request must be answered within the edge's read bound: a page served before from its last
 * good copy, a page never read as 504; none may hang.
 */
import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge } from '../../src/edge/node-edge.ts';
import { layout, MANIFEST_FORMAT } from '../../src/platform/bucket/layout.ts';
import { S3ObjectStore } from '../../src/platform/bucket/object-store.ts';

const BUCKET = 'sites';

/** A path-style S3 GetObject server over a map of keys; with `stalled` it accepts requests and never answers them. */
function bucketServer(objects: Map<string, string>) {
  const state = { stalled: false, held: 0 };
  const server: Server = createServer((req, res) => {
    if (state.stalled) {
      state.held += 1;
      return; // the socket stays open, nothing is sent
    }
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://bucket').pathname).replace(`/${BUCKET}/`, '');
    const body = objects.get(key);
    if (body === undefined) {
      res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>no such key</Message></Error>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(Buffer.byteLength(body)), ETag: '"e"' }).end(body);
  });
  return { server, state };
}

describe('NEW-7: the Node edge over a bucket that stops answering', () => {
  const objects = new Map<string, string>([
    [layout.live('acme'), JSON.stringify({ release: 'r1', at: '2026-12-01T00:00:00Z' })],
    [
      layout.manifest('acme', 'r1'),
      JSON.stringify({
        format: MANIFEST_FORMAT,
        slug: 'acme',
        id: 'r1',
        createdAt: '2026-12-01T00:00:00Z',
        headers: [{ 'Content-Type': 'text/html' }],
        files: { '/index.html': { object: 'o1', size: 6, headers: 0 }, '/cars/a/index.html': { object: 'o2', size: 6, headers: 0 } },
      }),
    ],
    [layout.object('acme', 'o1'), 'home-1'],
    [layout.object('acme', 'o2'), 'car--a'],
  ]);
  const bucket = bucketServer(objects);
  let edge: Awaited<ReturnType<typeof startEdge>>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => bucket.server.listen(0, '127.0.0.1', resolve));
    const store = new S3ObjectStore({
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${(bucket.server.address() as AddressInfo).port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    });
    edge = await startEdge({ store, pointerTtlMs: 200, readTimeoutMs: 500, allowLocalhost: true });
  });
  afterAll(async () => {
    await edge?.close();
    bucket.server.closeAllConnections();
    await new Promise<void>((resolve) => bucket.server.close(() => resolve()));
  });

  /** GET through the edge as a shopper of acme (node:http: fetch cannot set Host); the client gives up after 10 s (the review waited 130 s). */
  const get = (path: string) =>
    new Promise<{ status: number; release: string | undefined; body: string; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const request = httpGet(`${edge.url}${path}`, { headers: { host: 'acme.localhost' }, timeout: 10_000 }, (reply) => {
        let body = '';
        reply.setEncoding('utf8');
        reply.on('data', (chunk: string) => (body += chunk));
        reply.on('end', () =>
          resolve({ status: reply.statusCode ?? 0, release: reply.headers['x-release'] as string | undefined, body, ms: performance.now() - started }),
        );
      });
      request.on('timeout', () => request.destroy(new Error(`no answer to ${path} within 10 s`)));
      request.on('error', reject);
    });

  it('NEW-7: with the bucket stalled, a page served before comes from its last good copy and a page never read is 504, each within seconds', async () => {
    const home = await get('/');
    expect([home.status, home.body]).toEqual([200, 'home-1']);

    bucket.state.stalled = true;
    await new Promise((resolve) => setTimeout(resolve, 300)); // the pointer is now due a refresh
    const again = await get('/');
    expect([again.status, again.release, again.body]).toEqual([200, 'r1', 'home-1']);
    expect(again.ms).toBeLessThan(5000);
    expect(bucket.state.held).toBeGreaterThan(0); // the edge did ask the stalled bucket

    const never = await get('/cars/a/');
    expect(never.status).toBe(504);
    expect(never.ms).toBeLessThan(5000);
  }, 60_000);
});
