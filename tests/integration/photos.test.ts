/**
 * Feed photos (issue 15): download, checks by content, faults, transform (EXIF stripped,
 * upright, 3:2, AVIF/WebP/JPEG), the shared content-addressed cache, retry on the next
 * build, and the post-build step that puts the files into a site; in a fleet, a worker with
 * an empty disk takes what another made from the shared work; a hostile host's answers fail
 * its photos, never the process, and a slow one holds a tenant's photos no longer than their
 * deadline. Photos come from the local photo host of tests/support/photos
 * (phone-like JPEGs with EXIF orientation and GPS).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareTenant } from '../../src/builder/render/build-tenant.ts';
import { setEnvironment } from '../../src/config/env.ts';
import { PhotoCache } from '../../src/images/cache.ts';
import { fetchPhoto, isPrivateAddress } from '../../src/images/fetch.ts';
import { fetchPhotoFiles, photoFilePaths, placePhotoFiles } from '../../src/images/files.ts';
import type { WorkStore } from '../../src/platform/bucket/work-store.ts';
import { resolvePhotoUrls, resolveTenantPhotos } from '../../src/images/resolve.ts';
import { transformPhoto, variantKey, sha256 } from '../../src/images/transform.ts';
import { parsePhotoUrl } from '../../src/lib/images.ts';
import type { Car } from '../../src/schemas/car.ts';
import { startPhotoServer, type PhotoServer } from '../support/photos/server.ts';
import { writePhotoTenant } from '../support/photos/tenant.ts';

const FAST = { timeoutMs: 2_500, retries: 1, retryDelayMs: 50, allowPrivate: true, maxBytes: 8 * 1024 * 1024 };
let server: PhotoServer;
const work = mkdtempSync(join(tmpdir(), 'dealer-photos-'));
const workDir = work;
let cacheCount = 0;
const freshCache = () => new PhotoCache(join(work, `cache-${++cacheCount}`));

beforeAll(async () => {
  server = await startPhotoServer({ width: 2000, height: 1500, bases: 2, hugeBytes: 12 * 1024 * 1024 });
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('fetchPhoto', () => {
  it('downloads a photo and recognises it by content', async () => {
    const result = await fetchPhoto(`${server.origin}/photos/a1.jpg`, FAST);
    expect(result.ok && result.type).toBe('jpeg');
    expect(result.ok && result.bytes.equals(server.photo('a1'))).toBe(true);
  });

  it('retries a transient failure (503) and succeeds', async () => {
    const result = await fetchPhoto(`${server.origin}/flaky/f1.jpg`, FAST);
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });

  it('slow host: gives up at the deadline of each attempt, with a reason', async () => {
    const started = Date.now();
    const result = await fetchPhoto(`${server.origin}/slow/s1.jpg`, FAST);
    expect(result).toMatchObject({ ok: false, attempts: 2 });
    expect(!result.ok && result.reason).toMatch(/timed out after 2500 ms \(2 attempts\)/);
    expect(Date.now() - started).toBeLessThan(9_000);
  });

  it('huge file: stops reading at the size cap and does not retry', async () => {
    const result = await fetchPhoto(`${server.origin}/huge/h1.jpg`, FAST);
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    expect(!result.ok && result.reason).toMatch(/too large: more than 8388608 bytes/);
  });

  it('non-image: an HTML page served as image/jpeg is refused by its content', async () => {
    const result = await fetchPhoto(`${server.origin}/not-an-image/n1.jpg`, FAST);
    expect(!result.ok && result.reason).toMatch(/^not an image \(content starting "<!DOCTYPE html>/);
  });

  it('a 404 is not retried; a bad scheme is refused', async () => {
    expect(await fetchPhoto(`${server.origin}/missing/m1.jpg`, FAST)).toMatchObject({ ok: false, reason: 'HTTP 404', attempts: 1 });
    expect(await fetchPhoto('file:///etc/passwd', FAST)).toMatchObject({ ok: false, reason: 'unsupported scheme file:' });
  });

  it('refuses private and loopback addresses unless allowed (a feed cannot reach internal services)', async () => {
    const result = await fetchPhoto(`${server.origin}/photos/private.jpg`, { ...FAST, allowPrivate: false });
    expect(!result.ok && result.reason).toMatch(/refused: 127\.0\.0\.1 is a private address/);
    expect(server.requests.get('/photos/private.jpg')).toBeUndefined();
    const named = await fetchPhoto(`${server.origin.replace('127.0.0.1', 'localhost')}/photos/private.jpg`, { ...FAST, allowPrivate: false });
    expect(!named.ok && named.reason).toMatch(/refused: localhost resolves to the private address/);
    expect(server.requests.get('/photos/private.jpg')).toBeUndefined();
    expect(isPrivateAddress('169.254.169.254')).toBe(true);
    expect(isPrivateAddress('10.1.2.3')).toBe(true);
    expect(isPrivateAddress('::1')).toBe(true);
    expect(isPrivateAddress('203.0.113.9')).toBe(false);
  });
});

describe('transformPhoto', () => {
  it('makes every width as AVIF and WebP plus an 800px JPEG, upright, 3:2, with no metadata left', async () => {
    const source = server.photo('t1');
    const input = await sharp(source).metadata();
    // The source is what a phone writes: stored portrait, orientation 6, EXIF naming the phone.
    expect([input.width, input.height, input.orientation]).toEqual([1500, 2000, 6]);
    expect(input.exif?.toString('latin1')).toContain('iPhone 14 Pro');
    const photo = await transformPhoto(source, 75);
    expect([photo.sourceWidth, photo.sourceHeight]).toEqual([2000, 1500]);
    expect(photo.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(photo.variants.map((variant) => variant.suffix).sort()).toEqual(
      ['-1200w.avif', '-1200w.webp', '-320w.avif', '-320w.webp', '-480w.avif', '-480w.webp', '-800w.avif', '-800w.webp', '.jpg'].sort(),
    );
    for (const variant of photo.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe(variant.suffix.endsWith('.jpg') ? 'jpeg' : variant.suffix.endsWith('.avif') ? 'heif' : 'webp');
      expect([meta.width, meta.height]).toEqual([variant.width, Math.round(variant.width / 1.5)]);
      // EXIF (camera, GPS), ICC, XMP and orientation are all gone.
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.data.toString('latin1')).not.toContain('iPhone');
    }
    // Much smaller than the camera file: the 800px JPEG of a 3 MP photo stays under 150 KB.
    expect(photo.variants.find((variant) => variant.suffix === '.jpg')!.data.length).toBeLessThan(150_000);
  });

  it('a truncated JPEG cannot be decoded (it throws; resolve reports it)', async () => {
    await expect(transformPhoto(server.photo('t2').subarray(0, 30_000))).rejects.toThrow();
  });

  it('the cache key depends on the source bytes and the quality', () => {
    const a = sha256(server.photo('k1'));
    const b = sha256(server.photo('k2'));
    expect(variantKey(a, 75)).not.toBe(variantKey(b, 75));
    expect(variantKey(a, 75)).not.toBe(variantKey(a, 80));
    expect(variantKey(a, 75)).toBe(variantKey(a, 75));
  });
});

describe('resolvePhotoUrls and the shared cache', () => {
  it('transforms new photos once; a second run (another build, another tenant) downloads and transforms nothing', async () => {
    const cache = freshCache();
    const urls = [`${server.origin}/photos/c1.jpg`, `${server.origin}/photos/c2.jpg`];
    const first = await resolvePhotoUrls(urls, 75, { cache, fetch: FAST });
    expect(first.report).toMatchObject({ photos: 2, known: 0, fetched: 2, transformed: 2 });
    const local = first.resolved.get(urls[0]!);
    expect(local?.ok && parsePhotoUrl(local.url)).toBeTruthy();
    const before = server.requests.get('/photos/c1.jpg');
    const second = await resolvePhotoUrls(urls, 75, { cache, fetch: FAST });
    expect(second.report).toMatchObject({ photos: 2, known: 2, fetched: 0, transformed: 0 });
    expect(second.resolved.get(urls[0]!)).toEqual(local);
    expect(server.requests.get('/photos/c1.jpg')).toBe(before);
  });

  it('the same bytes under two URLs are transformed once (content-addressed)', async () => {
    const cache = freshCache();
    // /photos/ and /flaky/ (after its first 503) serve identical bytes for the same name.
    const urls = [`${server.origin}/photos/same.jpg`, `${server.origin}/flaky/same.jpg`];
    const run = await resolvePhotoUrls(urls, 75, { cache, fetch: FAST, downloads: 1 });
    expect(run.report).toMatchObject({ fetched: 2, transformed: 1 });
    expect(run.resolved.get(urls[0]!)).toEqual(run.resolved.get(urls[1]!));
  });

  it('a photo that failed is tried again by the next build, and works once the host is back', async () => {
    const cache = freshCache();
    const url = `${server.origin}/photos/back1.jpg`;
    server.failing.add('back1');
    const first = await resolvePhotoUrls([url], 75, { cache, fetch: { ...FAST, retries: 0 }, faultMemoMs: 0 });
    expect(first.resolved.get(url)).toEqual({ ok: false, reason: 'HTTP 500' });
    server.failing.delete('back1');
    const second = await resolvePhotoUrls([url], 75, { cache, fetch: FAST, faultMemoMs: 0 });
    expect(second.report).toMatchObject({ fetched: 1, transformed: 1 });
    expect(second.resolved.get(url)?.ok).toBe(true);
  });
});

describe('resolveTenantPhotos', () => {
  const car = (id: number, urls: string[]): Car =>
    ({
      id,
      slug: `car-${id}`,
      name: `Car ${id}`,
      status: 'in_stock',
      car_type: 'used',
      simple_body: 'Ute',
      images: urls.map((image) => ({ image, thumb: `${image}?thumb` })),
      primary_image_url: urls[0],
    }) as unknown as Car;

  it('rewrites the cars to local photos, reports each fault (tenant, car, URL, reason) and shows the placeholder instead', async () => {
    const cache = freshCache();
    const good = `${server.origin}/photos/r1.jpg`;
    const broken = `${server.origin}/broken/r2.jpg`;
    const html = `${server.origin}/not-an-image/r3.jpg`;
    const tenant = { slug: 'photo-test', site: {}, visible: [car(1, [good, broken]), car(2, [html]), car(3, ['/media/vehicles/suv-red-side.webp'])] };
    const report = await resolveTenantPhotos(tenant, { cache, fetch: FAST, faultMemoMs: 0 });
    expect(report).toMatchObject({ photos: 3, fetched: 2, transformed: 1 });
    expect(report.faults).toEqual([
      { tenant: 'photo-test', car: '1 (car-1)', url: broken, reason: expect.stringMatching(/^cannot decode the image: /) },
      { tenant: 'photo-test', car: '2 (car-2)', url: html, reason: expect.stringMatching(/^not an image/) },
    ]);
    const [one, two, three] = tenant.visible;
    expect(parsePhotoUrl(one!.images![0]!.image)).toBeTruthy();
    // The feed's separate thumbnail is not downloaded: the thumbnail is the photo's own small variant.
    expect(one!.images![0]!.thumb).toBe(one!.images![0]!.image);
    expect(one!.primary_image_url).toBe(one!.images![0]!.image);
    expect(one!.images![1]!.image).toBe('/media/placeholders/ute.webp');
    expect(two!.images![0]!.image).toBe('/media/placeholders/ute.webp');
    // Local demo images are left as they are.
    expect(three!.images![0]!.image).toBe('/media/vehicles/suv-red-side.webp');
    expect(server.requests.get('/photos/r1.jpg?thumb')).toBeUndefined();
  });

  it.each([
    ['storeVariants', 'ENOSPC', 'no space left on device'],
    ['recordUrl', 'EACCES', 'permission denied'],
  ] as const)(
    "a cache that cannot be written (%s: %s) fails the run, is not the photo's fault, and the next run resolves the photo",
    async (method, code, text) => {
      const dir = join(work, `cache-${method}`);
      const storageError = () => Object.assign(new Error(`${code}: ${text}, write`), { code });
      class BrokenDisk extends PhotoCache {
        override storeVariants(...args: Parameters<PhotoCache['storeVariants']>) {
          if (method === 'storeVariants') throw storageError();
          return super.storeVariants(...args);
        }
        override recordUrl(...args: Parameters<PhotoCache['recordUrl']>) {
          if (method === 'recordUrl') throw storageError();
          return super.recordUrl(...args);
        }
      }
      const urls = [`${server.origin}/photos/disk-${method}-1.jpg`, `${server.origin}/photos/disk-${method}-2.jpg`];
      const tenant = () => ({ slug: 'disk-test', site: {}, visible: [car(1, urls)] });
      // The default fault memo, as in the pipeline: a re-run within 2 minutes must not reuse a storage error.
      await expect(resolveTenantPhotos(tenant(), { cache: new BrokenDisk(dir), fetch: FAST, downloads: 1 })).rejects.toThrow(new RegExp(`^${code}: `));
      // No photo is started after the storage error.
      expect(server.requests.get(new URL(urls[1]!).pathname)).toBeUndefined();
      const again = tenant();
      const report = await resolveTenantPhotos(again, { cache: new PhotoCache(dir), fetch: FAST });
      expect(report.faults).toEqual([]);
      expect(again.visible[0]!.images!.map((image) => parsePhotoUrl(image.image))).toEqual([expect.anything(), expect.anything()]);
    },
  );

  it('a build whose photo cache cannot be written fails that tenant with the storage error (a failed result, not a throw)', async () => {
    const blocked = join(work, 'cache-is-a-file');
    writeFileSync(blocked, 'not a directory');
    const saved = { cache: process.env.DEALER_PHOTO_CACHE, allow: process.env.DEALER_PHOTO_ALLOW_PRIVATE };
    process.env.DEALER_PHOTO_CACHE = blocked;
    process.env.DEALER_PHOTO_ALLOW_PRIVATE = '1';
    try {
      const dir = writePhotoTenant(join(work, 'tenants'), `${server.origin}`, { cars: 1, photos: 1, faults: false, slug: 'blocked-cache' });
      const result = await prepareTenant({ dir, outRoot: join(work, 'out'), now: Date.parse('2026-11-21T10:00:00+10:00') });
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^ENOTDIR: /) });
    } finally {
      setEnvironment('DEALER_PHOTO_CACHE', saved.cache);
      setEnvironment('DEALER_PHOTO_ALLOW_PRIVATE', saved.allow);
    }
  });

  it('does nothing for a site with an image CDN template (no download)', async () => {
    const url = `${server.origin}/photos/cdn1.jpg`;
    const tenant = { slug: 'cdn-test', site: { images: { cdn_template: 'https://img.example.net/{url}?w={width}' } }, visible: [car(1, [url])] };
    const report = await resolveTenantPhotos(tenant, { cache: freshCache(), fetch: FAST });
    expect(report.photos).toBe(0);
    expect(tenant.visible[0]!.images![0]!.image).toBe(url);
    expect(server.requests.get('/photos/cdn1.jpg')).toBeUndefined();
  });

  it('the post-build step links every variant of the photos into the site, once', async () => {
    const cache = freshCache();
    const tenant = { slug: 'files-test', site: {}, visible: [car(1, [`${server.origin}/photos/p1.jpg`])] };
    await resolveTenantPhotos(tenant, { cache, fetch: FAST });
    const out = join(work, 'site');
    const paths = photoFilePaths(tenant.visible);
    expect(paths).toHaveLength(9);
    expect(placePhotoFiles(paths, out, cache)).toEqual({ added: 9, missing: [] });
    const files = readdirSync(join(out, 'media/photos'));
    expect(files).toHaveLength(9);
    // Hard links into the shared cache: no second copy of the bytes.
    expect(statSync(join(out, 'media/photos', files[0]!)).nlink).toBeGreaterThan(1);
    expect(placePhotoFiles(paths, out, cache)).toEqual({ added: 0, missing: [] });
    expect(existsSync(join(out, 'media/photos', files[0]!))).toBe(true);
  });
});

describe("a fleet's shared photo work", () => {
  const car = (id: number, urls: string[]): Car =>
    ({
      id,
      slug: `fleet-car-${id}`,
      name: `Car ${id}`,
      status: 'in_stock',
      car_type: 'used',
      simple_body: 'Ute',
      images: urls.map((image) => ({ image })),
    }) as unknown as Car;
  /** A bucket's work store, in memory, counting what is read and written. */
  const memoryWork = () => {
    const objects = new Map<string, Buffer>();
    const store: WorkStore & { objects: Map<string, Buffer> } = {
      objects,
      get: async (key) => objects.get(key) ?? null,
      put: async (key, body) => void objects.set(key, Buffer.from(body)),
    };
    return store;
  };

  it('a worker with an empty disk resolves a tenant another worker built without a download or a transform, and fetches the files it places', async () => {
    const work = memoryWork();
    const urls = [`${server.origin}/photos/fleet1.jpg`, `${server.origin}/photos/fleet2.jpg`];
    const tenant = () => ({ slug: 'fleet-photos', site: {}, visible: [car(1, [urls[0]!]), car(2, [urls[1]!])] });
    const first = tenant();
    const made = await resolveTenantPhotos(first, {
      cache: new PhotoCache(join(workDir, 'worker-1'), work),
      fetch: FAST,
      shared: { work, tenant: 'fleet-photos' },
    });
    expect(made).toMatchObject({ photos: 2, fetched: 2, transformed: 2, shared: 0 });
    expect([...work.objects.keys()].filter((key) => key.startsWith('photos/variants/'))).toHaveLength(2);
    expect([...work.objects.keys()].filter((key) => key.startsWith('photos/files/'))).toHaveLength(18);
    expect(JSON.parse(work.objects.get('photos/tenants/fleet-photos.json')!.toString()).urls).toHaveProperty([urls[0]!]);
    const requests = urls.map((url) => server.requests.get(new URL(url).pathname));
    // The second worker: its own empty cache, the same shared work.
    const second = tenant();
    const cache = new PhotoCache(join(workDir, 'worker-2'), work);
    const again = await resolveTenantPhotos(second, { cache, fetch: FAST, shared: { work, tenant: 'fleet-photos' } });
    expect(again).toMatchObject({ photos: 2, known: 0, fetched: 0, transformed: 0, shared: 2 });
    expect(urls.map((url) => server.requests.get(new URL(url).pathname))).toEqual(requests);
    expect(second.visible.map((entry) => entry.images![0]!.image)).toEqual(first.visible.map((entry) => entry.images![0]!.image));
    const out = join(workDir, 'worker-2-site');
    const { missing } = placePhotoFiles(photoFilePaths(second.visible), out, cache);
    expect(missing).toHaveLength(18);
    expect(await fetchPhotoFiles(missing, out, cache)).toEqual({ fetched: 18, missing: [] });
    expect(readdirSync(join(out, 'media/photos'))).toHaveLength(18);
    // A photo of the live release is taken on the index's word (its files come with the release): no read of its variant set.
    const third = tenant();
    const live = new Set(first.visible.map((entry) => entry.images![0]!.image));
    const reads: string[] = [];
    const watched: WorkStore = { get: async (key) => (reads.push(key), work.get(key)), put: work.put };
    const trusted = await resolveTenantPhotos(third, {
      cache: new PhotoCache(join(workDir, 'worker-3'), watched),
      fetch: FAST,
      shared: { work: watched, tenant: 'fleet-photos', live },
    });
    expect(trusted).toMatchObject({ fetched: 0, transformed: 0, shared: 2 });
    expect(reads).toEqual(['photos/tenants/fleet-photos.json']);
  });
});

describe('N2 photo fetching never reaches loopback or private hosts, in any address form', () => {
  // An internal service on 127.0.0.1 that would hand out an image, and a "public" host
  // (127.0.0.2, allowed one by one below) that redirects to it.
  let internal: Server;
  let front: Server;
  let internalPort = 0;
  let frontPort = 0;
  const internalHits: string[] = [];
  beforeAll(async () => {
    internal = createServer((req, res) => {
      internalHits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(server.photo('a1'));
    });
    front = createServer((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(302, { location: to.replace('PORT', String(internalPort)) }).end();
    });
    await new Promise<void>((done) => internal.listen(0, '127.0.0.1', done));
    await new Promise<void>((done) => front.listen(0, '127.0.0.2', done));
    internalPort = (internal.address() as AddressInfo).port;
    frontPort = (front.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((done) => internal.close(done));
    await new Promise((done) => front.close(done));
  });
  const STRICT = { ...FAST, allowPrivate: false, retries: 0 };
  const FORMS = [
    '127.0.0.1',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:7f00:1]',
    '[::ffff:0:127.0.0.1]',
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[64:ff9b::127.0.0.1]',
    '[2002:7f00:1::1]',
    '2130706433',
    '0177.0.0.1',
    '0x7f.1',
    '0x7f000001',
    '127.1',
    '[::1]',
    'localhost',
  ];

  it.each(FORMS)('N2: http://%s/ is refused, directly and after a redirect', async (host) => {
    const direct = await fetchPhoto(`http://${host}:${internalPort}/direct.jpg`, STRICT);
    expect(direct.ok, host).toBe(false);
    expect(!direct.ok && direct.reason, host).toMatch(/^refused: /);
    const to = encodeURIComponent(`http://${host}:PORT/redirected.jpg`);
    const redirected = await fetchPhoto(`http://127.0.0.2:${frontPort}/r?to=${to}`, { ...STRICT, allowAddresses: ['127.0.0.2'] });
    expect(redirected.ok, host).toBe(false);
    expect(!redirected.ok && redirected.reason, host).toMatch(/^refused: /);
    expect(internalHits).toEqual([]);
  });

  it('N2: cloud metadata and other private ranges are refused in mapped form; public addresses are not', () => {
    for (const address of [
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::',
      '::ffff:0:a9fe:a9fe',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      'fd12::1',
      'fe80::1%eth0',
      'ff02::1',
      '::',
      'not-an-ip',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '::ffff:8.8.8.8', '2606:4700::1111', '2002:808:808::1']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('N2: the allowed front host itself is fetched (the redirect test is not refusing everything)', async () => {
    const to = encodeURIComponent(`http://127.0.0.2:${frontPort}/r?to=x`);
    const result = await fetchPhoto(`http://127.0.0.2:${frontPort}/r?to=${to}`, { ...STRICT, allowAddresses: ['127.0.0.2'] });
    expect(result).toMatchObject({ ok: false, reason: 'more than 3 redirects' });
  });
});

describe('a hostile photo host cannot end the process', () => {
  // Answers every request with a redirect whose Location no URL parser accepts.
  let host: Server;
  let origin = '';
  beforeAll(async () => {
    host = createServer((req, res) => res.writeHead(302, { location: 'http://[' }).end());
    await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((done) => host.close(done)));

  it('an unparsable redirect Location fails that photo for good (no retry, no uncaught error); the car shows its placeholder', async () => {
    expect(await fetchPhoto(`${origin}/r1.jpg`, FAST)).toEqual({ ok: false, reason: 'bad redirect Location', attempts: 1 });
    const tenant = {
      slug: 'bad-redirect',
      site: {},
      visible: [{ id: 1, slug: 'car-1', simple_body: 'Ute', images: [{ image: `${origin}/r2.jpg` }] } as unknown as Car],
    };
    const report = await resolveTenantPhotos(tenant, { cache: freshCache(), fetch: FAST, faultMemoMs: 0 });
    expect(report.faults).toEqual([{ tenant: 'bad-redirect', car: '1 (car-1)', url: `${origin}/r2.jpg`, reason: 'bad redirect Location' }]);
    expect(tenant.visible[0]!.images![0]!.image).toBe('/media/placeholders/ute.webp');
  });
});

describe('a slow photo host cannot hold a release', () => {
  // Sends the headers, then 10 bytes every 100 ms for as long as the client listens; a name
  // in `fixed` is answered with its photo (a small one, quick to transform) at once (the host is back to normal).
  let host: Server;
  let small: PhotoServer;
  let origin = '';
  const fixed = new Set<string>();
  const requests: string[] = [];
  beforeAll(async () => {
    small = await startPhotoServer({ width: 400, height: 300, bases: 1 });
    host = createServer((req, res) => {
      const name = /(\w+)\.jpg$/.exec(req.url ?? '')?.[1] ?? 'x';
      requests.push(name);
      if (fixed.has(name)) return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(small.photo(name));
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const drip = setInterval(() => res.write(Buffer.alloc(10, 0xff)), 100);
      res.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    host.closeAllConnections();
    await Promise.all([new Promise((done) => host.close(done)), small.close()]);
  });

  it('a download slower than the minimum rate is cut after its first moments, as a transient failure', async () => {
    const started = Date.now();
    const result = await fetchPhoto(`${origin}/rate1.jpg`, { ...FAST, timeoutMs: 10_000, retries: 1, minBytesPerSecond: 1_000, rateGraceMs: 500 });
    expect(result).toMatchObject({ ok: false, attempts: 2 });
    expect(!result.ok && result.reason).toMatch(/^too slow: \d+ bytes in [\d.]+ s, the minimum is 1000 bytes\/s \(2 attempts\)$/);
    // Well under one attempt's 10 s timeout: the rate cut the downloads, not the timeout.
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it("a tenant's photos stop at the deadline: the cars get placeholders now, the release goes on, and a later resolve fetches them", async () => {
    const urls = Array.from({ length: 12 }, (_, i) => `${origin}/drip${i}.jpg`);
    const cars = () => urls.map((url, i) => ({ id: i, slug: `car-${i}`, simple_body: 'Ute', images: [{ image: url }] }) as unknown as Car);
    const cache = freshCache();
    // Each attempt alone may take 10 s and is retried twice: only the deadline ends the run early.
    const slow = { ...FAST, timeoutMs: 10_000, retries: 2, minBytesPerSecond: 0 };
    const tenant = { slug: 'slow-photos', site: {}, visible: cars() };
    const started = Date.now();
    const report = await resolveTenantPhotos(tenant, { cache, fetch: slow, downloads: 3, deadlineMs: 1_500 });
    // Well under one attempt's 10 s timeout: the deadline ended the run.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(report).toMatchObject({ photos: 12, fetched: 0, deferred: 12, faults: [] });
    expect(tenant.visible.map((car) => car.images![0]!.image)).toEqual(urls.map(() => '/media/placeholders/ute.webp'));
    // Not remembered as failed: the next release (within the fault memo's 2 minutes) downloads them.
    for (let i = 0; i < 12; i++) fixed.add(`drip${i}`);
    const later = { slug: 'slow-photos', site: {}, visible: cars() };
    // No deadline of its own (the default's 2 minutes outlast the test): what is fetched does not hang on how busy the machine is.
    const second = await resolveTenantPhotos(later, { cache, fetch: slow, downloads: 3 });
    expect(second).toMatchObject({ photos: 12, fetched: 12, deferred: 0, faults: [] });
    expect(later.visible.every((car) => parsePhotoUrl(car.images![0]!.image) !== null)).toBe(true);
  });
});

describe('photos of a dead host cannot hold the good ones back', () => {
  // One host accepts connections and never answers; the other answers with a small photo (at once, or after a second).
  let dead: Server;
  let fine: Server;
  let deadOrigin = '';
  let fineOrigin = '';
  beforeAll(async () => {
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    dead = createServer(() => {});
    // A path under /slow/ is answered after a second.
    fine = createServer((req, res) => {
      const answer = () => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.concat([small, Buffer.from(req.url ?? '')]));
      if (req.url?.startsWith('/slow/')) setTimeout(answer, 1_000);
      else answer();
    });
    for (const host of [dead, fine]) await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    deadOrigin = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    fineOrigin = `http://127.0.0.1:${(fine.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const host of [dead, fine]) {
      host.closeAllConnections();
      await new Promise((done) => host.close(done));
    }
  });

  it('the next release tries the photos never in trouble first, and a photo cut after a failed attempt is a fault naming its host', async () => {
    const bad = Array.from({ length: 4 }, (_, i) => `${deadOrigin}/dead${i}.jpg`);
    const good = Array.from({ length: 4 }, (_, i) => `${fineOrigin}/behind${i}.jpg`);
    // The next release's new photos of the good host: each is answered after a second.
    const next = Array.from({ length: 4 }, (_, i) => `${fineOrigin}/slow/next${i}.jpg`);
    const cars = (urls: string[]) => urls.map((url, i) => ({ id: i, slug: `car-${i}`, simple_body: 'Ute', images: [{ image: url }] }) as unknown as Car);
    const cache = freshCache();
    const options = { cache, fetch: { ...FAST, timeoutMs: 1_000, retries: 2, retryDelayMs: 1_500 }, downloads: 2, deadlineMs: 3_000, faultMemoMs: 0 };
    const named = /^host 127\.0\.0\.1:\d+: timed out after 1000 ms, then the photo deadline passed \((1 attempt|2 attempts)\)$/;
    // The first release: no host is in trouble yet, so the dead host holds its share (one slot) while the good host's photos
    // come through the other, then both slots until the deadline; its two photos cut after a failed attempt are faults (cut in
    // their second attempt, or in the pause before it when the machine is slow).
    const first = await resolveTenantPhotos({ slug: 'dead-host', site: {}, visible: cars([...bad, ...good]) }, options);
    expect(first).toMatchObject({ photos: 8, fetched: 4, deferred: 2 });
    expect(first.faults.map((fault) => fault.url)).toEqual(bad.slice(0, 2));
    for (const fault of first.faults) expect(fault.reason).toMatch(named);
    // The next one: the dead host is in trouble, so the good host's new photos take both slots (two rounds of a second;
    // an attempt may take 2 s in this resolve) before any of the dead host's start, which the deadline cuts in their first attempt;
    // with a slot of the dead host's the good photos would need four rounds.
    const later = { slug: 'dead-host', site: {}, visible: cars([...bad, ...next]) };
    const second = await resolveTenantPhotos(later, { ...options, fetch: { ...options.fetch, timeoutMs: 2_000 } });
    expect(second).toMatchObject({ photos: 8, fetched: 4, deferred: 4, faults: [] });
    expect(later.visible.slice(4).every((car) => parsePhotoUrl(car.images![0]!.image) !== null)).toBe(true);
  });

  it("a hanging host holds at most half the download slots: the good host's photos are made in the same release", async () => {
    // Two photo hosts of tests/support: one whose photos hang after their headers, one that serves them.
    const hanging = await startPhotoServer({ width: 400, height: 300, bases: 1 });
    const good = await startPhotoServer({ width: 400, height: 300, bases: 1 });
    try {
      // The hanging host's photos come first in the feed, more of them than there are slots.
      const stuck = Array.from({ length: 8 }, (_, i) => `${hanging.origin}/slow/share${i}.jpg`);
      // As many good photos as the good host's share of the 6 slots: they all start at once, none waits on a transform.
      const fine = Array.from({ length: 3 }, (_, i) => `${good.origin}/photos/share${i}.jpg`);
      const cars = [...stuck, ...fine].map((url, i) => ({ id: i, slug: `car-${i}`, simple_body: 'Ute', images: [{ image: url }] }) as unknown as Car);
      const tenant = { slug: 'host-share', site: {}, visible: cars };
      // Each attempt could outlast the run: only the deadline ends the hanging downloads.
      const fetch = { ...FAST, timeoutMs: 60_000, retries: 0, minBytesPerSecond: 0 };
      const report = await resolveTenantPhotos(tenant, { cache: freshCache(), fetch, downloads: 6, deadlineMs: 4_000 });
      expect(report).toMatchObject({ photos: 11, fetched: 3, transformed: 3, faults: [] });
      expect(report.deferred).toBe(8);
      expect(tenant.visible.slice(8).every((car) => parsePhotoUrl(car.images![0]!.image) !== null)).toBe(true);
    } finally {
      await Promise.all([hanging.close(), good.close()]);
    }
  });

  it('a photo cut in flight with no failed attempt is not ranked with the URLs that failed: the next release tries it before them', async () => {
    const dead = `${deadOrigin}/cut-dead.jpg`;
    const slow = `${fineOrigin}/slow/cut.jpg`;
    const car = (url: string, id: number) => ({ id, slug: `car-${id}`, simple_body: 'Ute', images: [{ image: url }] }) as unknown as Car;
    const cache = freshCache();
    const fetch = { ...FAST, timeoutMs: 300, retries: 0 };
    // A URL that really failed, then the slow photo cut by the deadline in its first attempt.
    expect((await resolveTenantPhotos({ slug: 'cut', site: {}, visible: [car(dead, 1)] }, { cache, fetch, downloads: 1, faultMemoMs: 0 })).faults).toHaveLength(
      1,
    );
    const cut = await resolveTenantPhotos(
      { slug: 'cut', site: {}, visible: [car(slow, 2)] },
      { cache, fetch: { ...fetch, timeoutMs: 5_000 }, downloads: 1, deadlineMs: 300 },
    );
    expect(cut).toMatchObject({ fetched: 0, deferred: 1, faults: [] });
    // One slot, a deadline of 2 s, 1.5 s per attempt: only the photo tried first is done.
    const options = { cache, fetch: { ...fetch, timeoutMs: 1_500 }, downloads: 1, deadlineMs: 2_000, faultMemoMs: 0 };
    const next = { slug: 'cut', site: {}, visible: [car(dead, 1), car(slow, 2)] };
    expect(await resolveTenantPhotos(next, options)).toMatchObject({ fetched: 1 });
    expect(parsePhotoUrl(next.visible[1]!.images![0]!.image)).not.toBeNull();
  });

  it('with no retry (DEALER_PHOTO_RETRIES=0) a host whose one attempt failed is tried after the others next time', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const silentOrigin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const car = (url: string, id: number) => ({ id, slug: `car-${id}`, simple_body: 'Ute', images: [{ image: url }] }) as unknown as Car;
    const cache = freshCache();
    try {
      const one = { cache, fetch: { ...FAST, timeoutMs: 300, retries: 0 }, downloads: 1, faultMemoMs: 0 };
      const first = await resolveTenantPhotos({ slug: 'no-retry', site: {}, visible: [car(`${silentOrigin}/a.jpg`, 1)] }, one);
      expect(first.faults.map((fault) => fault.reason)).toEqual(['timed out after 300 ms']);
      // Another photo of that host comes first in the feed, and the deadline passes in its attempt: the good one goes before it.
      const next = { slug: 'no-retry', site: {}, visible: [car(`${silentOrigin}/b.jpg`, 2), car(`${fineOrigin}/no-retry.jpg`, 3)] };
      expect(await resolveTenantPhotos(next, { ...one, fetch: { ...one.fetch, timeoutMs: 5_000 }, deadlineMs: 1_000 })).toMatchObject({ fetched: 1 });
      expect(parsePhotoUrl(next.visible[1]!.images![0]!.image)).not.toBeNull();
    } finally {
      silent.closeAllConnections();
      await new Promise((done) => silent.close(done));
    }
  });
});
