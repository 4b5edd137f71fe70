/**
 * Issue 13: the static-site server of `npm start` / `npm run serve` against hostile
 * requests and hostile tenant files: H3 (malformed URL, no crash and no 5xx), M8 / Low
 * (CSP, HSTS and frame protection on every response), Low (symlinks out of the site are not
 * followed; a file that fails while streaming does not crash the process).
 */
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressRelease } from '../../src/pipeline/release/precompress.ts';
import { createStaticSitesHandler, streamFile } from '../../src/server/static-sites.ts';
import { rawRequest } from '../support/raw-http.ts';

const root = mkdtempSync(join(tmpdir(), 'static-hardening-'));
const sites = join(root, 'sites');
const site = join(sites, 'safe-motors');
let server: Server;
let port = 0;

/** GET with a tenant Host header (fetch may not set Host, so node:http). */
function get(path: string, host = `safe-motors.localhost:${port}`): Promise<{ status: number; headers: Headers; text(): Promise<string> }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        const text = Buffer.concat(chunks).toString('utf8');
        done({ status: res.statusCode ?? 0, headers, text: async () => text });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  mkdirSync(join(site, 'public-docs'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Safe</title><script>boot()</script>');
  writeFileSync(join(site, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(
    join(site, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-abc'; frame-ancestors 'self'; upgrade-insecure-requests\n  Strict-Transport-Security: max-age=31536000\n  X-Frame-Options: SAMEORIGIN\n",
  );
  writeFileSync(join(root, 'secret.txt'), 'operator secret outside the site');
  // A tenant's public/ folder copied with a link to a file outside the site (and to a system file).
  symlinkSync(join(root, 'secret.txt'), join(site, 'public-docs', 'leak.txt'));
  symlinkSync('/etc/passwd', join(site, 'passwd.txt'));
  symlinkSync(root, join(site, 'up'));
  server = createServer(createStaticSitesHandler({ sitesDir: sites }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
});

describe('H3 the static server survives malformed requests', () => {
  it('H3 static server answers a malformed URL (GET http://[/x) with 400, not a 5xx', async () => {
    const response = await rawRequest(port, `GET http://[/x HTTP/1.1\r\nHost: safe-motors.localhost:${port}\r\n\r\n`);
    expect(response.status).toBe(400);
    expect((await get('/')).status).toBe(200);
  });
});

describe('M8 security headers on every response', () => {
  it('M8 a page carries the site CSP (script hashes, frame-ancestors), HSTS and X-Frame-Options from _headers', async () => {
    const response = await get('/');
    expect(response.headers.get('content-security-policy')).toContain("'sha256-abc'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Served over plain HTTP here (local run): the upgrade directive would break the page.
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });

  it('M8 the 404 page carries them too, and _headers itself is not served', async () => {
    const missing = await get('/no-such-page/');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const file = await get('/_headers');
    expect(file.status).toBe(404);
    expect(await file.text()).not.toContain('Content-Security-Policy');
  });

  it('Low a site built before _headers existed still gets HSTS and frame protection (baseline)', async () => {
    mkdirSync(join(sites, 'old-motors'), { recursive: true });
    writeFileSync(join(sites, 'old-motors', 'index.html'), '<!doctype html><title>Old</title>');
    const response = await get('/', `old-motors.localhost:${port}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});

describe('Low symlinks out of the site are refused', () => {
  it.each([
    ['a link to a file outside the site', '/public-docs/leak.txt', 'operator secret'],
    ['a link to a system file', '/passwd.txt', 'root:'],
    ['a link to a directory outside the site', '/up/secret.txt', 'operator secret'],
  ])('Low symlink: %s is not served', async (_name, path, leaked) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(leaked);
  });
});

describe('Low a read stream error does not crash the server', () => {
  it('Low streamFile ends the response when the file cannot be read (no unhandled error event)', async () => {
    const errors: unknown[] = [];
    const listener = (error: unknown) => errors.push(error);
    process.on('uncaughtException', listener);
    const probe = createServer((req, res) => streamFile(join(root, 'vanished-file.html'), res));
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const probePort = (probe.address() as { port: number }).port;
    const response = await rawRequest(probePort, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', { timeoutMs: 2000 });
    await new Promise((done) => setTimeout(done, 100));
    process.off('uncaughtException', listener);
    await new Promise((done) => probe.close(done));
    expect(errors).toEqual([]);
    expect(response.status === 0 || response.status >= 400).toBe(true);
  });
});

describe('L9 no per-request compression: text files are sent from their release-time .gz', () => {
  /** GET asking for gzip; the body as received (still compressed). */
  function getGzip(path: string, etag?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { host: `safe-motors.localhost:${port}`, 'accept-encoding': 'gzip, br', ...(etag ? { 'if-none-match': etag } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', fail);
      req.end();
    });
  }

  it('L9: a big page without a .gz is sent as it is; after precompressRelease the .gz file itself is sent', async () => {
    const page = `<!doctype html><title>Big</title>${'<p>stock list row</p>'.repeat(5000)}`;
    mkdirSync(join(site, 'big'), { recursive: true });
    writeFileSync(join(site, 'big', 'index.html'), page);
    const plain = await getGzip('/big/');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(page);

    expect(await precompressRelease(site)).toMatchObject({ written: 1 });
    const packed = await getGzip('/big/');
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toBe('Accept-Encoding');
    expect(packed.body.equals(readFileSync(join(site, 'big', 'index.html.gz')))).toBe(true);
    expect(gunzipSync(packed.body).toString('utf8')).toBe(page);
    expect(packed.headers.etag).toMatch(/-gz"$/);
    expect((await getGzip('/big/', String(packed.headers.etag))).status).toBe(304);
    // Security headers are still there on the compressed answer.
    expect(packed.headers['content-security-policy']).toBeDefined();
  });

  it('L9: a new release takes over the .gz of unchanged files and writes fresh ones for changed files', async () => {
    const previous = join(root, 'release-1');
    const next = join(root, 'release-2');
    mkdirSync(previous, { recursive: true });
    mkdirSync(next, { recursive: true });
    const text = (word: string) => `${word} `.repeat(2000);
    writeFileSync(join(previous, 'same.html'), text('same'));
    writeFileSync(join(previous, 'changed.html'), text('before'));
    writeFileSync(join(previous, 'small.html'), 'tiny');
    expect(await precompressRelease(previous)).toMatchObject({ written: 2 });
    // The next release links unchanged files (and, carelessly, the old .gz of a re-rendered page).
    linkSync(join(previous, 'same.html'), join(next, 'same.html'));
    writeFileSync(join(next, 'changed.html'), text('after'));
    linkSync(join(previous, 'changed.html.gz'), join(next, 'changed.html.gz'));
    writeFileSync(join(next, 'gone.html.gz'), 'orphan');
    expect(await precompressRelease(next, previous)).toEqual({ written: 1, linked: 1, removed: 1 });
    expect(statSync(join(next, 'same.html.gz')).ino).toBe(statSync(join(previous, 'same.html.gz')).ino);
    expect(gunzipSync(readFileSync(join(next, 'changed.html.gz'))).toString()).toBe(text('after'));
    expect(gunzipSync(readFileSync(join(previous, 'changed.html.gz'))).toString()).toBe(text('before'));
    expect(existsSync(join(next, 'gone.html.gz'))).toBe(false);
    expect(existsSync(join(previous, 'small.html.gz'))).toBe(false);
    // A release for a server that compresses by itself (the bucket's edge) keeps no copy, not even a taken-over one.
    const third = join(root, 'release-3');
    mkdirSync(third, { recursive: true });
    linkSync(join(next, 'same.html'), join(third, 'same.html'));
    linkSync(join(next, 'same.html.gz'), join(third, 'same.html.gz'));
    expect(await precompressRelease(third, next, { write: false })).toEqual({ written: 0, linked: 0, removed: 0 });
    expect(existsSync(join(third, 'same.html.gz'))).toBe(false);
    expect(existsSync(join(next, 'same.html.gz'))).toBe(true);
  });
});
