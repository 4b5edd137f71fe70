/**
 * Issue 33 items 2 and 3 against a real S3 API (s3rver on a free port): the bucket publisher
 * uploads a release content-addressed, a one-car release uploads only its changed page, the
 * manifest and the pointer; the edge (the CDN recipe's handler, in Node) serves the live
 * release with the `_headers` rules, the local server's index and 404 rules, and never mixes
 * two releases; rollback moves the pointer; prune drops what retention drops and nothing
 * live; fetchRelease gives back the release byte for byte.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersRules, renderHeadersFile } from '../../src/site-policy/security-headers.ts';
import { layout } from '../../src/platform/bucket/layout.ts';
import { startEdge } from '../../src/edge/node-edge.ts';
import { DirectoryObjectStore, type ObjectStore } from '../../src/platform/bucket/object-store.ts';
import { createBucketPublisher, type BucketPublisher } from '../../src/pipeline/publish/s3-publisher.ts';
import type { Site } from '../../src/schemas/site.ts';
import { createStaticSitesHandler } from '../../src/server/static-sites.ts';
import { startS3rver } from '../support/s3rver.ts';
import { rawRequest } from '../support/raw-http.ts';
import { edgeSettings } from '../../src/config/publish.ts';

const SLUG = 'ironbark';
const HOST = 'www.ironbark.example.com.au';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET (or HEAD) through the edge with a chosen Host header. */
function get(base: string, path: string, host: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every file of a directory: relative path -> bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

function write(dir: string, path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

const page = (title: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

/** A small built release: pages, a directory index, a `.html` page, an asset, an image, 404 and `_headers`. */
function fixtureRelease(dir: string, carA: string, carB: string): void {
  const site = { url: `https://${HOST}/`, garage_routes: [] } as unknown as Site;
  write(dir, 'index.html', page('Ironbark Moto & Trucks'));
  write(dir, '404.html', page('Page not found'));
  write(dir, 'about.html', page('About us'));
  write(dir, 'sign-in/index.html', page('Sign in'));
  write(dir, 'cars/car-a/index.html', page(carA));
  write(dir, 'cars/car-b/index.html', page(carB));
  write(dir, '_astro/island.3f9a1c.js', 'export const island = 1;\n'.repeat(50));
  write(dir, 'images/logo.webp', 'RIFF-not-really-a-webp');
  write(dir, '_headers', renderHeadersFile(headersRules(site, ['sha256-abc='])));
}

describe('publishing to an S3-compatible bucket (s3rver) and serving through the edge', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let work: string;
  let puts: string[];
  let store: ObjectStore;
  let publisher: BucketPublisher;
  let edge: Awaited<ReturnType<typeof startEdge>>;
  const dirs: Record<string, string> = {};

  beforeAll(async () => {
    s3 = await startS3rver();
    work = mkdtempSync(join(tmpdir(), 'publish-bucket-'));
    const inner = s3.store('sites');
    puts = [];
    // Every PUT the publisher makes, as the bucket sees it.
    store = {
      location: inner.location,
      get: (key) => inner.get(key),
      getStream: (key) => inner.getStream(key),
      head: (key) => inner.head(key),
      list: (prefix) => inner.list(prefix),
      delete: (keys) => inner.delete(keys),
      copy: (from, to, attributes) => inner.copy(from, to, attributes),
      put: (key, body, attributes) => {
        puts.push(key);
        return inner.put(key, body, attributes);
      },
    };
    publisher = createBucketPublisher({ store, originsOf: () => [`https://${HOST}`], concurrency: 4 });
    edge = await startEdge({ store: inner, pointerTtlMs: 1000 });
    for (const [id, carA, carB] of [
      ['20261127T100000000Z-aaaa', 'Car A at $10,000', 'Car B at $20,000'],
      ['20261127T110000000Z-bbbb', 'Car A at $9,500', 'Car B at $20,000'],
      ['20261127T120000000Z-cccc', 'Car A at $9,500', 'Car B at $19,000'],
    ] as const) {
      dirs[id] = join(work, id);
      fixtureRelease(dirs[id], carA, carB);
    }
  });

  afterAll(async () => {
    await edge?.close();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const [R1, R2, R3] = ['20261127T100000000Z-aaaa', '20261127T110000000Z-bbbb', '20261127T120000000Z-cccc'];

  it('publishes a first release: every file once, then the manifest, then the pointer', async () => {
    puts.length = 0;
    await publisher.publish({ slug: SLUG, id: R1, dir: dirs[R1]!, sitesDir: work });
    const files = filesOf(dirs[R1]!);
    const objectPuts = puts.filter((key) => key.startsWith(layout.objects(SLUG)));
    expect(objectPuts).toHaveLength(files.size);
    // Order: objects, manifest, pointer (then the host alias); the pointer is the switch.
    expect(puts.slice(files.size)).toEqual([layout.manifest(SLUG, R1), layout.live(SLUG), layout.host(HOST)]);
    expect(await publisher.liveRelease(SLUG)).toBe(R1);
    const report = publisher.reports.at(-1)!;
    expect(report).toMatchObject({ release: R1, files: files.size, uploadedFiles: files.size, reused: 0, objects: files.size + 3 });
    expect(report.uploadedFileBytes).toBe([...files.values()].reduce((sum, bytes) => sum + bytes.length, 0));
  });

  it('a one-car release uploads only the changed page, the manifest and the pointer', async () => {
    puts.length = 0;
    await publisher.publish({ slug: SLUG, id: R2, dir: dirs[R2]!, sitesDir: work });
    expect(puts).toHaveLength(3);
    const [object, manifest, pointer] = puts;
    expect(manifest).toBe(layout.manifest(SLUG, R2));
    expect(pointer).toBe(layout.live(SLUG));
    const changed = readFileSync(join(dirs[R2]!, 'cars/car-a/index.html'));
    const uploaded = await store.get(object!);
    expect(uploaded?.body.equals(changed)).toBe(true);
    expect(publisher.reports.at(-1)).toMatchObject({ uploadedFiles: 1, uploadedFileBytes: changed.length, objects: 3 });
  });

  it('the edge serves the live release with its headers and the local server rules', async () => {
    const home = await get(edge.url, '/', `${SLUG}.localhost:4330`);
    expect(home.status).toBe(200);
    expect(home.headers['x-release']).toBe(R2);
    expect(home.body).toContain('Ironbark Moto &amp; Trucks'.replace('&amp;', '&'));
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    // `_headers` rules: the site's CSP on every path (upgrade-insecure-requests dropped over plain HTTP), COOP only on isolated pages.
    expect(home.headers['content-security-policy']).toContain("script-src 'self' sha256-abc=");
    expect(home.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(home.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(home.headers['cross-origin-opener-policy']).toBeUndefined();
    const signIn = await get(edge.url, '/sign-in/', `${SLUG}.localhost`);
    expect(signIn.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Directory index with and without the slash, `.html` pages without the extension.
    expect((await get(edge.url, '/cars/car-a/', `${SLUG}.localhost`)).body).toContain('Car A at $9,500');
    expect((await get(edge.url, '/cars/car-a', `${SLUG}.localhost`)).body).toContain('Car A at $9,500');
    expect((await get(edge.url, '/about', `${SLUG}.localhost`)).body).toContain('About us');
    const asset = await get(edge.url, '/_astro/island.3f9a1c.js', `${SLUG}.localhost`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get(edge.url, '/images/logo.webp', `${SLUG}.localhost`)).headers['cache-control']).toBe('public, max-age=86400');
    // The tenant's 404 page with status 404; the headers file is never served; no escaping the root.
    const missing = await get(edge.url, '/cars/sold-long-ago/', `${SLUG}.localhost`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['x-release']).toBe(R2);
    expect((await get(edge.url, '/_headers', `${SLUG}.localhost`)).status).toBe(404);
    expect((await get(edge.url, '/cars/../../other/index.html', `${SLUG}.localhost`)).status).toBe(404);
    // The dealer's own host (site.json url) through the alias the publisher wrote.
    const own = await get(edge.url, '/cars/car-b/', HOST);
    expect(own.status).toBe(200);
    expect(own.body).toContain('Car B at $20,000');
    // Unknown tenants and hosts.
    expect((await get(edge.url, '/', 'nobody.localhost')).status).toBe(404);
    expect((await get(edge.url, '/', 'unknown.example.com')).status).toBe(404);
    // ETag revalidation and HEAD.
    const etag = String(home.headers.etag);
    expect((await get(edge.url, '/', `${SLUG}.localhost`, { 'if-none-match': etag })).status).toBe(304);
    const head = await get(edge.url, '/', `${SLUG}.localhost`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect((await get(edge.url, '/', `${SLUG}.localhost`, {}, 'POST')).status).toBe(405);
  });

  it('the edge sends the headers the local server (npm start) sends for the same release', async () => {
    // The local server over a sites directory whose `current` is R2.
    const sitesDir = join(work, 'local-sites');
    mkdirSync(join(sitesDir, SLUG, 'releases'), { recursive: true });
    cpSync(dirs[R2]!, join(sitesDir, SLUG, 'releases', R2), { recursive: true });
    symlinkSync(join('releases', R2), join(sitesDir, SLUG, 'current'));
    const local = createServer(createStaticSitesHandler({ sitesDir }));
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    // Transport headers differ by design (the edge's ETag is the content digest; gzip is the CDN's job).
    const comparable = (headers: Reply['headers']) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) =>
            !['date', 'etag', 'vary', 'connection', 'keep-alive', 'x-release', 'content-length', 'content-encoding', 'transfer-encoding'].includes(name),
        ),
      );
    try {
      for (const path of [
        '/',
        '/cars/car-a/',
        '/cars/car-a',
        '/about',
        '/sign-in/',
        '/sign-in',
        '/_astro/island.3f9a1c.js',
        '/images/logo.webp',
        '/missing/',
      ]) {
        const [fromEdge, fromLocal] = await Promise.all([get(edge.url, path, `${SLUG}.localhost`), get(localUrl, path, `${SLUG}.localhost`)]);
        expect(fromEdge.status, path).toBe(fromLocal.status);
        expect(fromEdge.body, path).toBe(fromLocal.body);
        expect(comparable(fromEdge.headers), path).toEqual(comparable(fromLocal.headers));
      }
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });

  it('rollback moves the pointer: the edge serves the old release within the pointer cache, never a mix', async () => {
    const expected: Record<string, string> = { [R1]: 'Car A at $10,000', [R2]: 'Car A at $9,500' };
    const seen: { release: string; body: string }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const reply = await get(edge.url, '/cars/car-a/', `${SLUG}.localhost`);
        seen.push({ release: String(reply.headers['x-release']), body: reply.body });
      }
    })();
    const started = Date.now();
    await publisher.rollback(SLUG, R1);
    expect(await publisher.liveRelease(SLUG)).toBe(R1);
    let reply = await get(edge.url, '/cars/car-a/', `${SLUG}.localhost`);
    while (reply.headers['x-release'] !== R1 && Date.now() - started < 5000) reply = await get(edge.url, '/cars/car-a/', `${SLUG}.localhost`);
    expect(reply.headers['x-release']).toBe(R1);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(reply.body).toContain('Car A at $10,000');
    polling = false;
    await poller;
    expect(seen.length).toBeGreaterThan(0);
    for (const response of seen) expect(response.body).toContain(expected[response.release]);
    await expect(publisher.rollback(SLUG, '20200101T000000000Z-none')).rejects.toThrow(/not in s3:\/\/sites\/sites\//);
  });

  it('prune drops releases beyond the retention and objects only they used, never the live one', async () => {
    // Live is R1 (rolled back): R3's car A page is R2's, found in the bucket by HEAD, so only car B's new page goes up.
    puts.length = 0;
    await publisher.publish({ slug: SLUG, id: R3, dir: dirs[R3]!, sitesDir: work });
    expect(puts).toHaveLength(3);
    expect((await store.get(puts[0]!))?.body.toString()).toContain('Car B at $19,000');
    // Live on R2 (a rollback), R3 the newest: keep 1 keeps both, drops R1.
    await publisher.rollback(SLUG, R2);
    const objectOf = async (id: string, path: string) => JSON.parse((await store.get(layout.manifest(SLUG, id)))!.body.toString()).files[path].object as string;
    const carAInR1 = await objectOf(R1, '/cars/car-a/index.html');
    const carBInR2 = await objectOf(R2, '/cars/car-b/index.html');
    const homeInR1 = await objectOf(R1, '/index.html');
    // R1 stopped being live moments ago (when R3 went live): an edge may still hold its pointer, so it stays.
    await publisher.prune(SLUG, 1);
    expect(await store.head(layout.manifest(SLUG, R1))).not.toBeNull();
    // Past the grace period it goes.
    const later = createBucketPublisher({ store, now: () => Date.now() + 11 * 60_000 });
    await later.prune(SLUG, 1);
    const keys = new Set((await store.list(`${SLUG}/`)).map((object) => object.key));
    expect(keys.has(layout.manifest(SLUG, R1))).toBe(false);
    expect(keys.has(layout.manifest(SLUG, R2))).toBe(true);
    expect(keys.has(layout.manifest(SLUG, R3))).toBe(true);
    expect(keys.has(layout.object(SLUG, carAInR1))).toBe(false);
    expect(keys.has(layout.object(SLUG, carBInR2))).toBe(true);
    expect(keys.has(layout.object(SLUG, homeInR1))).toBe(true);
    // Every path of the live release still serves (once the edge's pointer cache has seen the rollback).
    const started = Date.now();
    while ((await get(edge.url, '/', `${SLUG}.localhost`)).headers['x-release'] !== R2 && Date.now() - started < 3000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    for (const path of ['/', '/cars/car-a/', '/cars/car-b/', '/about', '/sign-in/', '/_astro/island.3f9a1c.js', '/images/logo.webp']) {
      const reply = await get(edge.url, path, `${SLUG}.localhost`);
      expect(reply.status, path).toBe(200);
      expect(reply.headers['x-release']).toBe(R2);
    }
    await expect(publisher.rollback(SLUG, R1)).rejects.toThrow(/not in/);
  });

  it('fetchRelease reproduces a published release byte for byte (a worker that never built the tenant)', async () => {
    const into = join(work, 'fetched');
    expect(await publisher.fetchRelease(SLUG, R3, into)).toBe(true);
    const original = filesOf(dirs[R3]!);
    const fetched = filesOf(into);
    expect([...fetched.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [path, bytes] of original) expect(fetched.get(path)?.equals(bytes), path).toBe(true);
    expect(await publisher.fetchRelease(SLUG, R1, join(work, 'gone'))).toBe(false);
  });

  it('the store lists and deletes past one page of 1,000 keys (a 300-car tenant has more objects)', async () => {
    const many = s3.store('paging');
    const keys = Array.from({ length: 1050 }, (_, index) => `t/objects/${String(index).padStart(5, '0')}`);
    for (let start = 0; start < keys.length; start += 50) await Promise.all(keys.slice(start, start + 50).map((key) => many.put(key, key)));
    const listed = await many.list('t/');
    expect(listed.map((object) => object.key)).toEqual(keys);
    await many.delete(keys);
    expect(await many.list('t/')).toEqual([]);
  });

  it('a conditional PUT (If-None-Match: *) creates an object once: of writers at once, one creates it; a directory store alike', async () => {
    const claims = s3.store('claims');
    expect(await claims.putIfAbsent('work/a', 'first')).toBe(true);
    expect(await claims.putIfAbsent('work/a', 'second')).toBe(false);
    expect((await claims.get('work/a'))!.body.toString()).toBe('first');
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => claims.putIfAbsent('work/b', `writer ${index}`)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const folder = new DirectoryObjectStore(join(work, 'claims-folder'));
    const local = await Promise.all(Array.from({ length: 6 }, (_, index) => folder.putIfAbsent('work/b', `writer ${index}`)));
    expect(local.filter(Boolean)).toHaveLength(1);
    expect(await folder.putIfAbsent('work/b', 'late')).toBe(false);
  });

  it('a copy of the previous release as the next one uploads no file object at all', async () => {
    const id = '20261127T130000000Z-dddd';
    cpSync(dirs[R3]!, join(work, id), { recursive: true });
    puts.length = 0;
    await publisher.publish({ slug: SLUG, id, dir: join(work, id), sitesDir: work });
    expect(puts).toEqual([layout.manifest(SLUG, id), layout.live(SLUG)]);
  });
});

describe('NEW-1 and NEW-10: host aliases in the bucket and at the edge', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let work: string;
  let store: ObjectStore;
  let publisher: BucketPublisher;
  let edge: Awaited<ReturnType<typeof startEdge>>;
  const ALPHA = 'www.alpha-motors.example.com.au';
  const BETA = 'www.beta-motors.example.com.au';
  const urls: Record<string, string> = { alpha: `https://${ALPHA}`, beta: `https://${BETA}` };
  const release = (slug: string, id: string, title: string) => {
    const dir = join(work, slug, id);
    write(dir, 'index.html', page(title));
    write(dir, 'evil.js', `console.log(${JSON.stringify(slug)})`);
    return { slug, id, dir, sitesDir: work };
  };
  const titleAt = async (host: string) => /<title>([^<]*)/.exec((await get(edge.url, '/', host)).body)?.[1] ?? null;

  beforeAll(async () => {
    s3 = await startS3rver();
    work = mkdtempSync(join(tmpdir(), 'publish-hosts-'));
    store = s3.store('hosts');
    publisher = createBucketPublisher({ store, originsOf: (slug) => [urls[slug]!], concurrency: 4 });
    // Aliases are read afresh on every request here (the edge trusts one for a minute by default).
    edge = await startEdge({ store, pointerTtlMs: 0, hostTtlMs: 0 });
  });

  afterAll(async () => {
    await edge?.close();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('NEW-1: a tenant whose site.json url names another tenant\'s host does not take it: its publish fails naming both, the edge keeps serving the owner', async () => {
    await publisher.publish(release('alpha', '20261201T100000000Z-aaaa', 'Alpha Motors'));
    expect(await titleAt(ALPHA)).toBe('Alpha Motors');
    urls.beta = `https://${ALPHA}`;
    await expect(publisher.publish(release('beta', '20261201T100000000Z-bbbb', 'Beta Motors'))).rejects.toThrow(
      `tenant beta: site.json url host ${ALPHA} is already the host of tenant alpha; give each tenant its own host`,
    );
    expect(JSON.parse((await store.get(layout.host(ALPHA)))!.body.toString('utf8'))).toEqual({ slug: 'alpha' });
    expect(await titleAt(ALPHA)).toBe('Alpha Motors');
    const script = await get(edge.url, '/evil.js', ALPHA);
    expect(script.body).not.toContain('beta');
    // Nothing of beta went live.
    expect(await store.get(layout.live('beta'))).toBeNull();
  });

  it('NEW-1/NEW-10: a tenant\'s old host alias is removed when its url changes; the old host is no longer served', async () => {
    urls.beta = `https://${BETA}`;
    await publisher.publish(release('beta', '20261201T110000000Z-bbbb', 'Beta Motors'));
    expect(await titleAt(BETA)).toBe('Beta Motors');
    const moved = 'www.beta-cars.example.com.au';
    urls.beta = `https://${moved}`;
    await publisher.publish({ ...release('beta', '20261201T120000000Z-bbbb', 'Beta Cars'), hosts: { serve: [moved], drop: [BETA] } });
    expect(await titleAt(moved)).toBe('Beta Cars');
    expect(await store.get(layout.host(BETA))).toBeNull();
    expect((await get(edge.url, '/', BETA)).status).toBe(404);
    // An alias another tenant holds is never dropped by this one.
    await publisher.publish({ ...release('beta', '20261201T130000000Z-bbbb', 'Beta Cars'), hosts: { serve: [moved], drop: [ALPHA] } });
    expect(await titleAt(ALPHA)).toBe('Alpha Motors');
  });

  it('NEW-10: <slug>.localhost is served only where allowed: never by an edge in production', async () => {
    expect((await get(edge.url, '/', 'alpha.localhost')).status).toBe(200);
    const production = await startEdge({ store, pointerTtlMs: 0, hostTtlMs: 0, allowLocalhost: false });
    try {
      const reply = await get(production.url, '/', 'alpha.localhost');
      expect(reply.status).toBe(404);
      expect(reply.body).toBe('No site is published for this host.');
      expect(/<title>([^<]*)/.exec((await get(production.url, '/', ALPHA)).body)?.[1]).toBe('Alpha Motors');
    } finally {
      await production.close();
    }
    expect(edgeSettings({ NODE_ENV: 'production' }).allowLocalhost).toBe(false);
    expect(edgeSettings({ NODE_ENV: 'production', EDGE_ALLOW_LOCALHOST: 'true' }).allowLocalhost).toBe(true);
    expect(edgeSettings({}).allowLocalhost).toBe(true);
  });

  it('NEW-10: a host with a trailing dot is that host; //x is not served as /; a malformed request is a 400 that is not cached', async () => {
    expect(await titleAt(`${ALPHA}.`)).toBe('Alpha Motors');
    expect(await titleAt(`${ALPHA.toUpperCase()}.:443`)).toBe('Alpha Motors');
    const port = Number(new URL(edge.url).port);
    // Before: the target `//evil.js` was resolved as a URL with the host `evil.js`, and served the home page.
    for (const target of ['//evil.js', '//']) {
      const doubled = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: ${ALPHA}\r\nConnection: close\r\n\r\n`);
      expect(doubled.status, target).toBe(404);
      expect(doubled.body, target).not.toContain('Alpha Motors');
    }
    const malformed = await rawRequest(port, `GET http://${ALPHA}/ HTTP/1.1\r\nHost: ${ALPHA}\r\n\r\n`);
    expect(malformed.status).toBe(400);
    expect(malformed.head).toMatch(/\r\ncache-control: no-store/i);
  });
});
