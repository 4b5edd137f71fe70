#!/usr/bin/env node
/**
 * Feed photo benchmark: a tenant of N cars x P phone-like photos on the local photo host
 * (tests/support/photos/), published through the pipeline with an empty photo cache: the cold
 * and warm releases, the cache, and one changed car's new photos. Prints one JSON line.
 *
 *   npm run bench:images -- [--cars 2000] [--photos 10] [--photo-cars <K>] [--width 4000] [--height 3000] [--keep] [--warm-only]
 *
 * What each figure means, --photo-cars and --warm-only: docs/benchmarks.md.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { environment, setEnvironment } from '../src/config/env.ts';
import type { LogFields } from '../src/pipeline/log.ts';
import { rebuildTenant } from '../src/pipeline/release/run.ts';
import { PhotoCache } from '../src/images/cache.ts';
import { photoFilePaths, placePhotoFiles } from '../src/images/files.ts';
import { resolvePhotoUrls, rewriteCarPhotos } from '../src/images/resolve.ts';
import type { Car } from '../src/schemas/car.ts';
import { variantKey } from '../src/images/transform.ts';
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync } from 'node:fs';
import { startPhotoServer } from '../tests/support/photos/server.ts';
import { photoStock, writePhotoTenant } from '../tests/support/photos/tenant.ts';

function variants(cache: PhotoCache, sha: string) {
  const found = cache.variants(variantKey(sha, 75));
  if (!found) throw new Error('a real photo was not transformed');
  return found;
}

const { values } = parseArgs({
  options: {
    cars: { type: 'string', default: '2000' },
    photos: { type: 'string', default: '10' },
    'photo-cars': { type: 'string' },
    width: { type: 'string', default: '4000' },
    height: { type: 'string', default: '3000' },
    keep: { type: 'boolean', default: false },
    'warm-only': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const cars = Number(values.cars);
const photos = Number(values.photos);
const photoCars = Math.min(cars, Number(values['photo-cars'] ?? cars));
const work = mkdtempSync(join(tmpdir(), 'bench-images-'));
// A fresh cache: the cold build really is cold. Teammates edit src/ meanwhile: pin the code version.
const photoCache = join(work, 'photo-cache');
setEnvironment('DEALER_PHOTO_CACHE', photoCache);
setEnvironment('DEALER_PHOTO_ALLOW_PRIVATE', '1');
setEnvironment('PIPELINE_CODE_VERSION', environment().PIPELINE_CODE_VERSION ?? `bench-${Date.now()}`);
const log = (fields: LogFields) => {
  if (values.verbose || fields.event === 'photos' || fields.event === 'photo-fault') console.error(JSON.stringify(fields));
};

function du(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) visit(full);
      else {
        bytes += statSync(full).size;
        files += 1;
      }
    }
  };
  try {
    visit(dir);
  } catch {
    // absent
  }
  return { bytes, files };
}

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));
const server = await startPhotoServer({ width: Number(values.width), height: Number(values.height), bases: 4 });
if (values['warm-only']) {
  try {
    const cache = new PhotoCache();
    const real = Array.from({ length: 8 }, (_, n) => `${server.origin}/photos/real-${n}.jpg`);
    const made = await resolvePhotoUrls(real, 75, { cache, fetch: { allowPrivate: true } });
    const records = real.map((url) => cache.url(url)!);
    const stock = photoStock('https://photos.dealer.example.com', { cars, photos, faults: false }) as unknown as Car[];
    const urls = stock.flatMap((car) => (car.images ?? []).map((image) => image.image));
    // Every URL its own variant set (hard links to one of the real sets' files), as after a cold build.
    for (const [index, url] of urls.entries()) {
      const record = records[index % records.length]!;
      const source = variants(cache, record.sha256);
      const sha = createHash('sha256').update(url).digest('hex');
      const key = variantKey(sha, 75);
      const dir = cache.variantDir(key);
      mkdirSync(dir, { recursive: true });
      const files = source.files.map((name) => name.replace(source.key, key));
      source.files.forEach((name, at) => linkSync(cache.variantFile(name), join(dir, files[at]!)));
      writeFileSync(join(dir, `${key}.json`), JSON.stringify({ ...source, key, files }));
      cache.recordUrl({ ...record, url, sha256: sha });
    }
    let started = performance.now();
    const warm = await resolvePhotoUrls(urls, 75, { cache });
    const resolveSeconds = seconds(started);
    const rewritten = stock.map((car) => rewriteCarPhotos(car, warm.resolved).car);
    const out = join(work, 'site');
    started = performance.now();
    const paths = photoFilePaths(rewritten);
    const first = placePhotoFiles(paths, out, cache);
    const linkSeconds = seconds(started);
    started = performance.now();
    const again = placePhotoFiles(paths, out, cache);
    const relinkSeconds = seconds(started);
    console.log(JSON.stringify({ warmOnly: true, cars, photosPerCar: photos, urls: urls.length, transformed: made.report.transformed, resolveFromCache: { seconds: resolveSeconds, known: warm.report.known }, linkIntoSite: { seconds: linkSeconds, files: first.added }, linkAgain: { seconds: relinkSeconds, added: again.added }, load: (await import('node:os')).loadavg().map((value) => Number(value.toFixed(2))) }));
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}
try {
  const slug = 'bench-photos';
  const tenantsDir = join(work, 'tenants');
  const sitesDir = join(work, 'sites');
  // Cars past --photo-cars carry no photos.
  const stockFor = (round: number) =>
    photoStock(server.origin, { cars, photos, faults: false }).map((car, index) => {
      if (index >= photoCars) return { ...car, images: [], primary_image_url: null };
      // Round 2: the first car gets P new photos (new URLs, new bytes) and a new price.
      if (round === 2 && index === 0) {
        const images = Array.from({ length: photos }, (_, n) => ({ image: `${server.origin}/photos/new-car1-${n + 1}.jpg` }));
        return { ...car, images, primary_image_url: images[0]!.image, price: Number(car.price) - 500 };
      }
      return car;
    });
  const tenantDir = writePhotoTenant(tenantsDir, server.origin, { slug, cars, photos, faults: false });
  writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify(stockFor(1)));

  let started = performance.now();
  const cold = await rebuildTenant({ tenantDir, sitesDir, log });
  const coldSeconds = seconds(started);
  if (cold.outcome !== 'published') throw new Error(`cold release failed: ${cold.reason}`);
  const downloaded = [...server.requests.entries()].filter(([path]) => path.startsWith('/photos/')).length;
  const cache = { variants: du(join(photoCache, 'variants')), urls: du(join(photoCache, 'urls')) };

  started = performance.now();
  const warm = await rebuildTenant({ tenantDir, sitesDir, log, full: true });
  const warmSeconds = seconds(started);
  if (warm.outcome !== 'published') throw new Error(`warm release failed: ${warm.reason}`);
  const downloadedWarm = [...server.requests.entries()].filter(([path]) => path.startsWith('/photos/')).length - downloaded;

  writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify(stockFor(2)));
  started = performance.now();
  const change = await rebuildTenant({ tenantDir, sitesDir, log });
  const changeSeconds = seconds(started);
  if (change.outcome !== 'published') throw new Error(`one-car release failed: ${change.reason}`);

  const site = du(join(sitesDir, slug, 'releases'));
  const photoCount = photoCars * photos;
  console.log(
    JSON.stringify({
      cars,
      photosPerCar: photos,
      carsWithPhotos: photoCars,
      photos: photoCount,
      sourcePixels: `${values.width}x${values.height}`,
      sourceBytesPerPhoto: server.photo('car1-1').length,
      cold: { seconds: coldSeconds, mode: cold.mode, timings: cold.timings, downloads: downloaded, photosPerSecond: Number((photoCount / coldSeconds).toFixed(2)) },
      warm: { seconds: warmSeconds, mode: warm.mode, timings: warm.timings, downloads: downloadedWarm },
      oneCarNewPhotos: { seconds: changeSeconds, mode: change.mode, why: change.why, rendered: change.rendered, timings: change.timings },
      cache: { variantBytes: cache.variants.bytes, variantFiles: cache.variants.files, bytesPerPhoto: Math.round(cache.variants.bytes / Math.max(1, photoCount)), urlRecords: cache.urls.files },
      releasesOnDisk: site,
      load: (await import('node:os')).loadavg().map((value) => Number(value.toFixed(2))),
    }),
  );
} finally {
  await server.close();
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  else console.error(`kept ${work}`);
}
