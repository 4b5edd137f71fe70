/**
 * The CDN recipe's Worker as Cloudflare would run it: bundled by esbuild for a platform with
 * no Node built-ins (a Node import would fail the bundle), then called with an R2-like
 * binding over a bucket the publisher wrote.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryObjectStore } from '../platform/bucket/object-store.ts';
import { createBucketPublisher } from '../pipeline/publish/s3-publisher.ts';

const work = mkdtempSync(join(tmpdir(), 'worker-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the Cloudflare Worker of the CDN recipe', () => {
  it('bundles without Node built-ins and serves a published release from an R2 binding', async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('./cloudflare-worker.ts', import.meta.url))],
      bundle: true,
      platform: 'neutral',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const file = join(work, 'worker.mjs');
    writeFileSync(file, bundle.outputFiles[0]!.text);
    let worker = (await import(pathToFileURL(file).href)) as { default: { fetch(request: Request, env: unknown): Promise<Response> } };

    const store = new DirectoryObjectStore(join(work, 'bucket'));
    const release = join(work, 'r1');
    mkdirSync(join(release, 'cars', 'a'), { recursive: true });
    writeFileSync(join(release, 'index.html'), '<h1>home</h1>');
    writeFileSync(join(release, 'cars', 'a', 'index.html'), '<h1>car a</h1>');
    writeFileSync(join(release, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'; upgrade-insecure-requests\n");
    await createBucketPublisher({ store }).publish({ slug: 'acme', id: 'r1', dir: release, sitesDir: work });

    const reads: string[] = [];
    const SITES = {
      async get(key: string) {
        reads.push(key);
        const object = await store.getStream(key);
        return object ? { body: object.body, text: async () => (await store.get(key))!.body.toString('utf8') } : null;
      },
    };
    // A production worker never serves <slug>.localhost: a test worker is told it may.
    expect((await worker.default.fetch(new Request('https://acme.localhost/cars/a'), { SITES })).status).toBe(404);
    expect(reads).toEqual([]);
    worker = (await import(`${pathToFileURL(file).href}?test`)) as typeof worker;
    const env = { SITES, ALLOW_LOCALHOST: 'true' };
    const reply = await worker.default.fetch(new Request('https://acme.localhost/cars/a'), env);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-release')).toBe('r1');
    expect(reply.headers.get('content-security-policy')).toBe("default-src 'self'; upgrade-insecure-requests");
    expect(await reply.text()).toBe('<h1>car a</h1>');
    expect(reads).toEqual(['acme/live.json', 'acme/releases/r1.json', expect.stringMatching(/^acme\/objects\/[0-9a-f]{64}$/)]);
    // The pointer and the manifest are cached by the isolate: the next request reads only its object.
    await (await worker.default.fetch(new Request('https://acme.localhost/'), env)).text();
    expect(reads).toHaveLength(4);
    expect((await worker.default.fetch(new Request('https://acme.localhost/nope'), env)).status).toBe(404);
  });
});
