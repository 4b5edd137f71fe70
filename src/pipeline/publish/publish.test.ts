/**
 * The bucket layout's path rules, the edge's host rules, the publish settings' messages, and
 * the pipeline's rollback moving the publisher's pointer (on a directory store: no server).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allowedInBuildChild } from '../../builder/render/child-env.ts';
import { bucketSettings, PUBLISH_DEFAULTS, PUBLISH_VARIABLES, publishSettings } from '../../config/publish.ts';
import { tenantOfHost } from '../../lib/site/host.ts';
import { loadPublisher } from './publisher.ts';
import { rollbackTenant } from '../release/rollback.ts';
import { currentRelease, switchCurrent, tenantPaths, writeManifest } from '../state/release-dirs.ts';
import { withState } from '../state/store.ts';
import { createEdgeHandler } from '../../edge/edge.ts';
import { layout, MANIFEST_FORMAT, resolvePublishedPath } from '../../platform/bucket/layout.ts';
import { storeBucket } from '../../edge/node-edge.ts';
import { DirectoryObjectStore, type ObjectAttributes, type ObjectStore, type PutOptions } from '../../platform/bucket/object-store.ts';
import { cloudflarePurger, DEFAULT_RETRY } from './purge.ts';
import { changedPaths, createBucketPublisher } from './s3-publisher.ts';

const work = mkdtempSync(join(tmpdir(), 'publish-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('resolvePublishedPath: the local server rules over a manifest', () => {
  const files = Object.fromEntries(
    ['/index.html', '/cars/a/index.html', '/about.html', '/_headers', '/robots.txt'].map((path) => [path, { object: 'x', size: 1, headers: 0 }]),
  );
  it.each([
    ['/', '/index.html'],
    ['/cars/a/', '/cars/a/index.html'],
    ['/cars/a', '/cars/a/index.html'],
    ['/about', '/about.html'],
    ['/about.html', '/about.html'],
    ['/robots.txt', '/robots.txt'],
    ['/cars/%61/', '/cars/a/index.html'],
    ['/cars/b/', null],
    ['/_headers', null],
    ['/cars/../_headers', null],
    ['/%E0%A4%A', null],
    ['/a%00b', null],
  ])('%s -> %s', (path, expected) => {
    expect(resolvePublishedPath({ files }, path)).toBe(expected);
  });
});

describe('host rules', () => {
  it.each([
    ['acme.localhost:4321', 'acme'],
    ['ACME-Motors.localhost', 'acme-motors'],
    ['localhost:4321', null],
    ['a..b.localhost', null],
    ['-x.localhost', null],
    ['www.acme.com.au', null],
  ])('%s -> %s', (host, slug) => {
    expect(tenantOfHost(host)).toBe(slug);
  });

  it('the edge answers a host that is neither a tenant nor an alias with 404, and a bucket failure with a bare 502', async () => {
    const store = new DirectoryObjectStore(join(work, 'empty'));
    const edge = createEdgeHandler({ bucket: storeBucket(store) });
    expect((await edge(new Request('http://www.nobody.example/'))).status).toBe(404);
    const errors: string[] = [];
    const broken = createEdgeHandler({
      bucket: {
        getText: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.1:9000')),
        getBody: () => Promise.resolve(null),
      },
      onError: (error) => errors.push(error.message),
    });
    const reply = await broken(new Request('http://acme.localhost/'));
    expect(reply.status).toBe(502);
    expect(await reply.text()).toBe('Bad Gateway');
    expect(errors).toEqual(['connect ECONNREFUSED 10.0.0.1:9000']);
  });
});

describe('the edge over a bucket that answers badly for a moment', () => {
  // s3rver (the stack's stand-in) overwrites an object in place, so a read racing the one-PUT
  // switch of live.json can get a cut-off pointer; a dropped connection looks the same to the edge.
  const manifest = {
    format: MANIFEST_FORMAT,
    slug: 'acme',
    id: 'r1',
    createdAt: '2026-11-27T00:00:00Z',
    headers: [{ 'Content-Type': 'text/html' }],
    files: { '/index.html': { object: 'o1', size: 2, headers: 0 } },
  };
  const objects: Record<string, string> = {
    [layout.live('acme')]: JSON.stringify({ release: 'r1', at: '2026-11-27T00:00:00Z' }),
    [layout.manifest('acme', 'r1')]: JSON.stringify(manifest),
    [layout.object('acme', 'o1')]: 'hi',
  };
  const bucket = (faults: Map<string, number>) => ({
    getText: async (key: string) => {
      const left = faults.get(key) ?? 0;
      if (left > 0) {
        faults.set(key, left - 1);
        return objects[key]!.slice(0, 9);
      }
      return objects[key] ?? null;
    },
    getBody: async (key: string) => (key in objects ? { body: new Response(objects[key]).body! } : null),
  });

  it('a pointer read cut off once is read again: the shopper gets the page, not a 502', async () => {
    const edge = createEdgeHandler({ bucket: bucket(new Map([[layout.live('acme'), 1]])) });
    const reply = await edge(new Request('http://acme.localhost/'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-release')).toBe('r1');
    expect(await reply.text()).toBe('hi');
  });

  it('a pointer that cannot be refreshed keeps the last one read (stale if error) rather than a 502', async () => {
    let clock = 0;
    const faults = new Map<string, number>();
    const edge = createEdgeHandler({ bucket: bucket(faults), now: () => clock, pointerTtlMs: 1000 });
    expect((await edge(new Request('http://acme.localhost/'))).status).toBe(200);
    clock = 5000;
    faults.set(layout.live('acme'), 10);
    const reply = await edge(new Request('http://acme.localhost/'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-release')).toBe('r1');
  });
});

describe('publish settings', () => {
  it('names what is missing for a bucket and for the chosen purge', () => {
    expect(() => bucketSettings({})).toThrow(/S3_BUCKET: required/);
    expect(() => bucketSettings({ S3_BUCKET: 'b', CDN_PURGE: 'cloudflare' })).toThrow(/CLOUDFLARE_ZONE_ID: required[\s\S]*CLOUDFLARE_API_TOKEN: required/);
    expect(() => bucketSettings({ S3_BUCKET: 'b', CDN_PURGE: 'fastly' })).toThrow(/CDN_PURGE: expected off, cloudfront or cloudflare/);
    expect(() => bucketSettings({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: expected an http\(s\) URL/);
    expect(() => bucketSettings({ S3_BUCKET: 'b', RELEASE_RETENTION: '0' })).toThrow(/RELEASE_RETENTION/);
    expect(bucketSettings({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true', RELEASE_RETENTION: '3' })).toMatchObject({
      bucket: 'b',
      forcePathStyle: true,
      retention: 3,
      region: 'us-east-1',
      purge: 'off',
    });
  });

  it('writes each default once: the unset variables give what the publisher and the purgers use when a caller hands no setting', async () => {
    const settings = publishSettings({});
    const unset = {
      concurrency: settings.concurrency,
      purgeAttempts: settings.purgeAttempts,
      purgeBackoffMs: settings.purgeBackoffMs,
      cloudflareBatch: settings.cloudflareBatch,
    };
    expect(unset).toEqual(PUBLISH_DEFAULTS);
    expect(PUBLISH_DEFAULTS).toEqual({ concurrency: 16, purgeAttempts: 5, purgeBackoffMs: 500, cloudflareBatch: 100 });
    expect(DEFAULT_RETRY).toEqual({ attempts: PUBLISH_DEFAULTS.purgeAttempts, baseDelayMs: PUBLISH_DEFAULTS.purgeBackoffMs });
    // A Cloudflare purger built without a batch size sends the settings' batches.
    const sizes: number[] = [];
    const fetchStub: typeof fetch = async (_url, init) => {
      sizes.push((JSON.parse(String(init?.body)) as { files: string[] }).files.length);
      return new Response(JSON.stringify({ success: true }));
    };
    const paths = Array.from({ length: 250 }, (_, index) => `/cars/${index}/`);
    await cloudflarePurger({ zoneId: 'z', apiToken: 't', fetch: fetchStub }).purge({ paths, origins: ['https://a.example'] });
    expect(sizes).toEqual([PUBLISH_DEFAULTS.cloudflareBatch, PUBLISH_DEFAULTS.cloudflareBatch, 250 - 2 * PUBLISH_DEFAULTS.cloudflareBatch]);
  });

  it('no publish setting nor bucket credential reaches a build child (the Cloudflare token is a secret)', () => {
    expect(PUBLISH_VARIABLES).toContain('CLOUDFLARE_API_TOKEN');
    expect([...PUBLISH_VARIABLES, 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'].filter((name) => allowedInBuildChild(name))).toEqual([]);
  });

  it('loadPublisher("s3") builds the bucket publisher, or says which setting is wrong', async () => {
    await expect(loadPublisher('s3', { env: {} })).rejects.toThrow(/S3_BUCKET: required/);
    const publisher = await loadPublisher('s3', { env: { S3_BUCKET: 'sites', S3_ENDPOINT: 'http://127.0.0.1:1', S3_FORCE_PATH_STYLE: '1' } });
    expect(publisher.name).toBe('s3');
    expect(typeof publisher.rollback).toBe('function');
    expect(typeof publisher.fetchRelease).toBe('function');
    expect((await loadPublisher()).name).toBe('local');
  });
});

describe('rollback through the pipeline', () => {
  it('moves the publisher pointer and the local current to the same release', async () => {
    const sitesDir = join(work, 'sites');
    const store = new DirectoryObjectStore(join(work, 'bucket'));
    const publisher = createBucketPublisher({ store });
    for (const id of ['r1', 'r2']) {
      const dir = join(tenantPaths(sitesDir, 'acme').releases, id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), `<p>${id}</p>`);
      await publisher.publish({ slug: 'acme', id, dir, sitesDir });
      switchCurrent(sitesDir, 'acme', id);
      // Recorded as a pipeline job records it: rollback works from the pipeline state's release history.
      const manifest = {
        id,
        slug: 'acme',
        createdAt: new Date().toISOString(),
        buildTime: 0,
        fullBuildTime: 0,
        mode: 'full' as const,
        configHash: 'c',
        cars: [],
        fingerprints: {},
        added: 0,
        changed: 0,
        removed: 0,
        brokenLinks: [],
      };
      writeManifest(sitesDir, manifest);
      await withState(undefined, sitesDir, async (state) => {
        await state.releases.record(manifest);
        await state.tenants.setLive('acme', id);
      });
    }
    expect(
      changedPaths(
        JSON.parse((await store.get('acme/releases/r1.json'))!.body.toString()),
        JSON.parse((await store.get('acme/releases/r2.json'))!.body.toString()),
      ),
    ).toEqual(['/index.html']);
    await rollbackTenant({ sitesDir, slug: 'acme', to: 'r1', publisher, hold: false });
    expect(await publisher.liveRelease('acme')).toBe('r1');
    expect(currentRelease(sitesDir, 'acme')).toBe('r1');
    // A release the bucket does not have: nothing moves anywhere.
    const dir = join(tenantPaths(sitesDir, 'acme').releases, 'r3');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<p>r3</p>');
    await expect(rollbackTenant({ sitesDir, slug: 'acme', to: 'r3', publisher, hold: false })).rejects.toThrow(/release r3 of acme is not in/);
    expect(currentRelease(sitesDir, 'acme')).toBe('r1');
    const edge = createEdgeHandler({ bucket: storeBucket(store), pointerTtlMs: 0 });
    const reply = await edge(new Request('http://acme.localhost/'));
    expect(reply.headers.get('x-release')).toBe('r1');
    expect(await reply.text()).toBe('<p>r1</p>');
  });
});

describe('a publish told not to switch', () => {
  it('D1: beforeSwitch throwing (the job went to another worker) leaves the pointer and the manifests as they were', async () => {
    const sitesDir = join(work, 'sites-lost');
    const store = new DirectoryObjectStore(join(work, 'bucket-lost'));
    const publisher = createBucketPublisher({ store });
    const release = (id: string) => {
      const dir = join(tenantPaths(sitesDir, 'acme').releases, id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), `<p>${id}</p>`);
      return dir;
    };
    await publisher.publish({ slug: 'acme', id: 'r2', dir: release('r2'), sitesDir, beforeSwitch: async () => {} });
    await expect(
      publisher.publish({ slug: 'acme', id: 'r1', dir: release('r1'), sitesDir, beforeSwitch: () => Promise.reject(new Error('lock lost')) }),
    ).rejects.toThrow('lock lost');
    expect(await publisher.liveRelease('acme')).toBe('r2');
    expect(await store.get(layout.manifest('acme', 'r1'))).toBeNull();
  });
});

describe('bucket prune and the edges that may still hold an old pointer', () => {
  it('a rollback to a release the prune is dropping, between its pointer read and its deletes: nothing is deleted', async () => {
    const sitesDir = join(work, 'sites-prune-race');
    const inner = new DirectoryObjectStore(join(work, 'bucket-prune-race'));
    let rollbackAt: (() => Promise<void>) | undefined;
    const store: ObjectStore = Object.assign(Object.create(inner) as DirectoryObjectStore, {
      get: async (key: string) => {
        const object = await inner.get(key);
        const hook = key === layout.live('race') ? rollbackAt : undefined;
        rollbackAt = undefined;
        await hook?.();
        return object;
      },
    });
    // No grace: only the newest `keep` and the live release are kept.
    const publisher = createBucketPublisher({ store, pruneGraceMs: 0 });
    for (const id of ['r1', 'r2', 'r3']) {
      const dir = join(tenantPaths(sitesDir, 'race').releases, id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), `<p>${id}</p>`);
      await publisher.publish({ slug: 'race', id, dir, sitesDir });
    }
    // The prune has read the pointer (r3) and drops r1; the operator rolls back to r1.
    rollbackAt = () => publisher.rollback('race', 'r1');
    await publisher.prune('race', 2);
    expect(await publisher.liveRelease('race')).toBe('r1');
    const edge = createEdgeHandler({ bucket: storeBucket(inner), pointerTtlMs: 0 });
    expect(await (await edge(new Request('http://race.localhost/'))).text()).toBe('<p>r1</p>');
  });

  it('keeps every release that was live in the last 10 minutes, however many came after it', async () => {
    const sitesDir = join(work, 'sites-busy');
    const store = new DirectoryObjectStore(join(work, 'bucket-busy'));
    let clock = Date.parse('2026-12-06T09:00:00Z');
    const publisher = createBucketPublisher({ store, now: () => clock });
    const ids = Array.from({ length: 26 }, (_, index) => `r${String(index + 1).padStart(2, '0')}`);
    for (const id of ids) {
      const dir = join(tenantPaths(sitesDir, 'busy').releases, id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), `<p>${id}</p>`);
      await publisher.publish({ slug: 'busy', id, dir, sitesDir });
      await publisher.prune('busy', 5);
      clock += 10_000;
    }
    // 26 releases 10 s apart: every one was live within the last 10 minutes, so each keeps its manifest and its page.
    for (const id of ids) {
      const manifest = await store.get(`busy/releases/${id}.json`);
      expect(manifest, id).not.toBeNull();
      const { files } = JSON.parse(manifest!.body.toString()) as { files: Record<string, { object: string }> };
      expect(await store.get(`busy/objects/${files['/index.html']!.object}`), id).not.toBeNull();
    }
    // Ten minutes after the last switch only the newest 5 are left.
    clock += 600_000;
    await publisher.prune('busy', 5);
    const left = (await store.list('busy/releases/')).map((object) => object.key);
    expect(left).toEqual(ids.slice(-5).map((id) => `busy/releases/${id}.json`));
  });
});

describe('what a publish hands the bucket', () => {
  it('each file object goes with its digest (its name), so the request does not hash its bytes again', async () => {
    const sitesDir = join(work, 'sites-digest');
    const inner = new DirectoryObjectStore(join(work, 'bucket-digest'));
    const puts: { key: string; body: Buffer; sha256?: string }[] = [];
    const store: ObjectStore = Object.assign(Object.create(inner) as DirectoryObjectStore, {
      put: (key: string, body: Buffer | string, attributes?: ObjectAttributes, options?: PutOptions) => {
        puts.push({ key, body: Buffer.from(body), sha256: options?.sha256 });
        return inner.put(key, body, attributes);
      },
    });
    const dir = join(tenantPaths(sitesDir, 'digest').releases, 'r1');
    mkdirSync(join(dir, 'cars', 'a'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<p>home</p>');
    writeFileSync(join(dir, 'cars', 'a', 'index.html'), '<p>car a</p>');
    await createBucketPublisher({ store }).publish({ slug: 'digest', id: 'r1', dir, sitesDir });
    const objects = puts.filter((put) => put.key.startsWith(layout.objects('digest')));
    expect(objects).toHaveLength(2);
    for (const put of objects) {
      expect(put.sha256).toBe(createHash('sha256').update(put.body).digest('hex'));
      expect(put.key).toBe(layout.objects('digest') + put.sha256);
    }
  });
});

describe('a publish with a purger', () => {
  it('reads the previous release’s manifest once, and the pointer before the upload and again at the switch: the purge compares against the live one', async () => {
    const sitesDir = join(work, 'sites-purge-once');
    const inner = new DirectoryObjectStore(join(work, 'bucket-purge-once'));
    const gets: string[] = [];
    const store: ObjectStore = Object.assign(Object.create(inner) as DirectoryObjectStore, {
      get: (key: string) => {
        gets.push(key);
        return inner.get(key);
      },
    });
    const purged: string[][] = [];
    const purger = {
      name: 'test',
      purge: async (request: { paths: string[] }) => (purged.push(request.paths), { purger: 'test', items: request.paths.length, batches: 1, retries: 0 }),
    };
    const publisher = createBucketPublisher({ store, purger });
    const release = (id: string, price: string) => {
      const dir = join(tenantPaths(sitesDir, 'once').releases, id);
      mkdirSync(join(dir, 'cars', 'a'), { recursive: true });
      writeFileSync(join(dir, 'index.html'), '<p>home</p>');
      writeFileSync(join(dir, 'cars', 'a', 'index.html'), `<p>car a ${price}</p>`);
      return dir;
    };
    await publisher.publish({ slug: 'once', id: 'r1', dir: release('r1', '$10'), sitesDir });
    gets.length = 0;
    await publisher.publish({ slug: 'once', id: 'r2', dir: release('r2', '$9'), sitesDir });
    expect(gets.filter((key) => key === layout.manifest('once', 'r1'))).toHaveLength(1);
    // The pointer at the start (what is new) and right before the switch (a rollback may have moved it meanwhile).
    expect(gets.filter((key) => key === layout.live('once'))).toHaveLength(2);
    expect(JSON.parse((await store.get(layout.live('once')))!.body.toString())).toMatchObject({ release: 'r2', recent: [{ release: 'r1' }] });
    expect(purged).toEqual([['/cars/a', '/cars/a/']]);
  });
});

describe('a code version’s shared objects', () => {
  /** A directory store that counts requests by method and key. */
  const countingStore = (name: string) => {
    const inner = new DirectoryObjectStore(join(work, name));
    const requests: string[] = [];
    const store: ObjectStore = Object.assign(Object.create(inner) as DirectoryObjectStore, {
      head: (key: string) => (requests.push(`HEAD ${key}`), inner.head(key)),
      put: (key: string, body: Buffer | string, attributes?: ObjectAttributes) => (requests.push(`PUT ${key}`), inner.put(key, body, attributes)),
    });
    return { store, requests };
  };
  const tenantRelease = (sitesDir: string, slug: string) => {
    const dir = join(tenantPaths(sitesDir, slug).releases, 'r1');
    mkdirSync(join(dir, 'media', 'vehicles'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), `<p>${slug}</p>`);
    writeFileSync(join(dir, 'media', 'vehicles', 'suv-red-side.webp'), 'drawn');
    return dir;
  };
  const shared = { code: 'code-1', stored: new Map<string, string>(), paths: (urlPath: string) => urlPath.startsWith('/media/vehicles/') };
  const drawing = layout.codeObject('code-1', createHash('sha256').update('drawn').digest('hex'));

  it('one stored or found by this publisher is not asked for again by the next tenant’s publish', async () => {
    const sitesDir = join(work, 'sites-shared-known');
    const { store, requests } = countingStore('bucket-shared-known');
    const publisher = createBucketPublisher({ store });
    await publisher.publish({ slug: 'one', id: 'r1', dir: tenantRelease(sitesDir, 'one'), sitesDir, shared });
    expect(requests.filter((request) => request.endsWith(drawing))).toEqual([`HEAD ${drawing}`, `PUT ${drawing}`]);
    requests.length = 0;
    await publisher.publish({ slug: 'two', id: 'r1', dir: tenantRelease(sitesDir, 'two'), sitesDir, shared });
    expect(requests.filter((request) => request.endsWith(drawing))).toEqual([]);
    // Another process's publisher asks once, then knows.
    const other = createBucketPublisher({ store });
    requests.length = 0;
    await other.publish({ slug: 'three', id: 'r1', dir: tenantRelease(sitesDir, 'three'), sitesDir, shared });
    await other.publish({ slug: 'four', id: 'r1', dir: tenantRelease(sitesDir, 'four'), sitesDir, shared });
    expect(requests.filter((request) => request.endsWith(drawing))).toEqual([`HEAD ${drawing}`]);
    const manifest = JSON.parse((await store.get(layout.manifest('four', 'r1')))!.body.toString()) as { files: Record<string, { code?: string }> };
    expect(manifest.files['/media/vehicles/suv-red-side.webp']?.code).toBe('code-1');
  });

  it('two publishes at once ask for one once and upload it once', async () => {
    const sitesDir = join(work, 'sites-shared-once');
    const { store, requests } = countingStore('bucket-shared-once');
    const publisher = createBucketPublisher({ store });
    await Promise.all(['one', 'two'].map((slug) => publisher.publish({ slug, id: 'r1', dir: tenantRelease(sitesDir, slug), sitesDir, shared })));
    expect(requests.filter((request) => request === `PUT ${drawing}`)).toHaveLength(1);
    expect(requests.filter((request) => request === `HEAD ${drawing}`)).toHaveLength(1);
    expect(await store.head(drawing)).not.toBeNull();
  });

  it('a publish starting while another still uploads waits for the shared objects that one found missing, neither asking nor uploading', async () => {
    const sitesDir = join(work, 'sites-shared-later');
    const { store, requests } = countingStore('bucket-shared-later');
    const slow: ObjectStore = Object.assign(Object.create(store) as ObjectStore, {
      put: async (key: string, body: Buffer | string, attributes?: ObjectAttributes) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return store.put(key, body, attributes);
      },
    });
    const publisher = createBucketPublisher({ store: slow, concurrency: 1 });
    const first = publisher.publish({ slug: 'one', id: 'r1', dir: tenantRelease(sitesDir, 'one'), sitesDir, shared });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([first, publisher.publish({ slug: 'two', id: 'r1', dir: tenantRelease(sitesDir, 'two'), sitesDir, shared })]);
    expect(requests.filter((request) => request.endsWith(drawing))).toEqual([`HEAD ${drawing}`, `PUT ${drawing}`]);
  });

  it('a shared object whose upload fails for the publish that waited on it too: both publishes fail, and no rejection is left unhandled (it would end the worker)', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const sitesDir = join(work, 'sites-shared-failing');
      const { store } = countingStore('bucket-shared-failing');
      let drawingPuts = 0;
      const failing: ObjectStore = Object.assign(Object.create(store) as ObjectStore, {
        put: async (key: string, body: Buffer | string, attributes?: ObjectAttributes) => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          if (key === drawing) {
            drawingPuts += 1;
            throw new Error(`PUT ${key} failed`);
          }
          return store.put(key, body, attributes);
        },
      });
      const publisher = createBucketPublisher({ store: failing, concurrency: 1 });
      const first = publisher.publish({ slug: 'one', id: 'r1', dir: tenantRelease(sitesDir, 'one'), sitesDir, shared });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = publisher.publish({ slug: 'two', id: 'r1', dir: tenantRelease(sitesDir, 'two'), sitesDir, shared });
      const outcomes = await Promise.allSettled([first, second]);
      // A rejection nobody handles is reported once the microtasks and timers of this turn have run.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      // The second publish waited for the first's upload, then tried the object itself.
      expect(drawingPuts).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
