import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_SHAPES, COLOUR_FAMILIES, VEHICLE_VIEWS, panoramaUrl, spinFrameUrl, vehicleImageUrl, type ColourFamily } from '../../../lib/images.ts';
import type { Car } from '../../../schemas/car.ts';
import { DirectoryObjectStore, type ObjectStore } from '../../../platform/bucket/object-store.ts';
import { bucketWorkStore } from '../../../platform/bucket/work-store.ts';
import type { TenantBundle } from '../../bundle/bundle.ts';
import { carImageUrls, drawAhead, imageJobs, renderImages, svgFor, vehicleImagesStep } from './images.ts';

const scratch = mkdtempSync(join(tmpdir(), 'vehicle-images-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('imageJobs', () => {
  it('makes the base file and every width of an image, one file for a thumbnail', () => {
    const jobs = imageJobs([
      vehicleImageUrl('suv', 'red', 'side'),
      vehicleImageUrl('suv', 'red', 'side', true),
      'https://cdn.example.com/x.jpg',
      '/media/vehicles/boat-red-side.webp',
    ]);
    expect(jobs.map((job) => [job.path, job.width]).sort()).toEqual(
      [
        ['/media/vehicles/suv-red-side.webp', 800],
        ['/media/vehicles/suv-red-side-480w.webp', 480],
        ['/media/vehicles/suv-red-side-800w.webp', 800],
        ['/media/vehicles/suv-red-side-1200w.webp', 1200],
        ['/media/vehicles/suv-red-side-thumb.webp', 320],
      ].sort(),
    );
  });

  it('lists every image url of a car', () => {
    const car = {
      images: [{ image: '/a.webp', thumb: '/a-t.webp' }],
      thumbnails: ['/b.webp'],
      spin_images: ['/s0.webp', '/s1.webp'],
      spin_interior_image: '/p.webp',
      primary_image_url: '/a.webp',
    } as unknown as Car;
    expect(new Set(carImageUrls(car))).toEqual(new Set(['/a.webp', '/a-t.webp', '/b.webp', '/s0.webp', '/s1.webp', '/p.webp']));
  });
});

describe('drawings', () => {
  it('draws every body in every view and colour as an SVG that sharp can read', async () => {
    for (const body of BODY_SHAPES) {
      for (const view of VEHICLE_VIEWS) {
        const svg = svgFor({ kind: 'vehicle', body, colour: 'blue', view, thumb: false });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined/);
      }
      expect(svgFor({ kind: 'placeholder', body, thumb: false })).not.toMatch(/NaN|undefined/);
      expect(svgFor({ kind: 'spin', body, colour: 'red', frame: 7 })).not.toMatch(/NaN|undefined/);
    }
    for (const colour of Object.keys(COLOUR_FAMILIES) as ColourFamily[])
      expect(svgFor({ kind: 'vehicle', body: 'sedan', colour, view: 'angle', thumb: false })).toContain(COLOUR_FAMILIES[colour]);
    const meta = await sharp(Buffer.from(svgFor({ kind: 'vehicle', body: 'ute', colour: 'white', view: 'angle', thumb: false }))).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 800]);
  });

  it('paints the car in its colour: the middle of a red side view is red', async () => {
    const { data, info } = await sharp(Buffer.from(svgFor({ kind: 'vehicle', body: 'van', colour: 'red', view: 'side', thumb: false })))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A point on the van's lower body panel.
    const x = 640;
    const y = 560;
    const at = (y * info.width + x) * info.channels;
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    expect(r).toBeGreaterThan(120);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
  });

  it('turns the spin: frames differ', () => {
    const frames = new Set(Array.from({ length: 24 }, (_, frame) => svgFor({ kind: 'spin', body: 'suv', colour: 'grey', frame })));
    expect(frames.size).toBe(24);
  });
});

describe('renderImages', () => {
  it('writes WebP files in their widths and takes them from the cache on a rebuild', async () => {
    const cache = join(scratch, 'cache');
    const jobs = imageJobs([vehicleImageUrl('hatch', 'yellow', 'front'), vehicleImageUrl('hatch', 'yellow', 'front', true), panoramaUrl('caravan', 'white')]);
    const first = await renderImages(jobs, join(scratch, 'out1'), cache);
    expect(first).toEqual({ written: 9, drawn: 7, fetched: 0 });
    const variant = await sharp(join(scratch, 'out1', 'media', 'vehicles', 'hatch-yellow-front-480w.webp')).metadata();
    expect([variant.format, variant.width, variant.height]).toEqual(['webp', 480, 320]);
    const thumb = await sharp(join(scratch, 'out1', 'media', 'vehicles', 'hatch-yellow-front-thumb.webp')).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 213]);
    const panorama = await sharp(join(scratch, 'out1', 'media', 'vehicles', 'caravan-white-panorama-1200w.webp')).metadata();
    expect([panorama.width, panorama.height]).toEqual([1200, 600]);
    const second = await renderImages(jobs, join(scratch, 'out2'), cache);
    expect(second).toEqual({ written: 9, drawn: 0, fetched: 0 });
    expect(readdirSync(join(scratch, 'out2', 'media', 'vehicles')).sort()).toEqual(readdirSync(join(scratch, 'out1', 'media', 'vehicles')).sort());
  });

  it('in an incremental release leaves the files the previous release left there (hard links) and writes only the missing ones', async () => {
    const cache = join(scratch, 'cache-incremental');
    const jobs = imageJobs([vehicleImageUrl('ute', 'red', 'side')]);
    const out = join(scratch, 'out-incremental');
    expect((await renderImages(jobs, out, cache)).written).toBe(4);
    const kept = join(out, 'media', 'vehicles', 'ute-red-side-480w.webp');
    const before = statSync(kept);
    rmSync(join(out, 'media', 'vehicles', 'ute-red-side-800w.webp'));
    const again = await renderImages(jobs, out, cache, { keepExisting: true });
    expect(again).toEqual({ written: 1, drawn: 0, fetched: 0 });
    expect(statSync(kept).ino).toBe(before.ino);
    expect(existsSync(join(out, 'media', 'vehicles', 'ute-red-side-800w.webp'))).toBe(true);
    // A worker with an empty disk making the next incremental release draws nothing its files already have.
    expect(await renderImages(jobs, out, join(scratch, 'cache-empty'), { keepExisting: true })).toEqual({ written: 0, drawn: 0, fetched: 0 });
  });

  it('two releases of one worker at once (its two job slots) draw each picture once between them', async () => {
    const cache = join(scratch, 'cache-two-jobs');
    const jobs = imageJobs([vehicleImageUrl('sedan', 'green', 'front'), vehicleImageUrl('sedan', 'green', 'rear'), panoramaUrl('suv', 'black')]);
    const [one, two] = await Promise.all([renderImages(jobs, join(scratch, 'job-1'), cache), renderImages(jobs, join(scratch, 'job-2'), cache)]);
    expect([one.written, two.written]).toEqual([jobs.length, jobs.length]);
    // Each file is drawn by one job or the other, never by both: as many as one job alone draws.
    const alone = await renderImages(jobs, join(scratch, 'job-alone'), join(scratch, 'cache-one-job'));
    expect(alone.drawn).toBeGreaterThan(0);
    expect(one.drawn + two.drawn).toBe(alone.drawn);
    for (const name of readdirSync(join(scratch, 'job-1', 'media', 'vehicles')))
      expect(readFileSync(join(scratch, 'job-2', 'media', 'vehicles', name)).equals(readFileSync(join(scratch, 'job-1', 'media', 'vehicles', name)))).toBe(
        true,
      );
  });

  it("takes a drawing another worker drew from the fleet's shared work instead of drawing it again", async () => {
    const shared = new Map<string, Buffer>();
    const work = {
      get: async (key: string) => shared.get(key) ?? null,
      put: async (key: string, body: Buffer | string) => void shared.set(key, Buffer.from(body)),
    };
    const jobs = imageJobs([vehicleImageUrl('hatch', 'blue', 'rear')]);
    const first = await renderImages(jobs, join(scratch, 'worker-1'), join(scratch, 'cache-worker-1'), { work });
    expect(first).toEqual({ written: 4, drawn: 3, fetched: 0 });
    expect([...shared.keys()].every((key) => /^drawings\/[0-9a-f]{40}\.webp$/.test(key))).toBe(true);
    expect(shared.size).toBe(3);
    const second = await renderImages(jobs, join(scratch, 'worker-2'), join(scratch, 'cache-worker-2'), { work });
    expect(second).toEqual({ written: 4, drawn: 0, fetched: 3 });
    for (const name of readdirSync(join(scratch, 'worker-1', 'media', 'vehicles')))
      expect(
        readFileSync(join(scratch, 'worker-2', 'media', 'vehicles', name)).equals(readFileSync(join(scratch, 'worker-1', 'media', 'vehicles', name))),
      ).toBe(true);
  });

  /** A fleet's shared work in memory, with claims (the bucket's conditional PUT). */
  const sharedWork = () => {
    const shared = new Map<string, Buffer>();
    const work = {
      get: async (key: string) => shared.get(key) ?? null,
      put: async (key: string, body: Buffer | string) => void shared.set(key, Buffer.from(body)),
      claim: async (key: string) => !shared.has(key) && !!shared.set(key, Buffer.from('claimed')),
    };
    return { shared, work };
  };

  it('two workers starting at once draw each picture once between them: one claims it, the other takes it from the shared work', async () => {
    const { work } = sharedWork();
    const jobs = imageJobs([vehicleImageUrl('wagon', 'grey', 'front'), vehicleImageUrl('wagon', 'grey', 'rear'), panoramaUrl('ute', 'white')]);
    const [one, two] = await Promise.all(
      [1, 2].map((worker) => renderImages(jobs, join(scratch, `at-once-${worker}`), join(scratch, `cache-at-once-${worker}`), { work })),
    );
    const alone = await renderImages(jobs, join(scratch, 'at-once-alone'), join(scratch, 'cache-at-once-alone'));
    expect(alone.drawn).toBeGreaterThan(0);
    expect(one!.drawn + two!.drawn).toBe(alone.drawn);
    expect(one!.fetched + two!.fetched).toBe(alone.drawn);
    for (const name of readdirSync(join(scratch, 'at-once-alone', 'media', 'vehicles')))
      for (const worker of [1, 2])
        expect(
          readFileSync(join(scratch, `at-once-${worker}`, 'media', 'vehicles', name)).equals(
            readFileSync(join(scratch, 'at-once-alone', 'media', 'vehicles', name)),
          ),
        ).toBe(true);
  });

  it("a worker that finds part of a claimed drawing's files stored asks for the same claim and waits for the rest, not drawing them too", async () => {
    const { shared, work } = sharedWork();
    const jobs = imageJobs([vehicleImageUrl('coupe', 'blue', 'side')]);
    const first = await renderImages(jobs, join(scratch, 'part-1'), join(scratch, 'cache-part-1'), { work });
    // The claiming worker has stored its first file only so far.
    const files = [...shared.keys()].filter((key) => key.startsWith('drawings/'));
    for (const key of files.slice(1)) shared.delete(key);
    const answers: boolean[] = [];
    const asking = { ...work, claim: async (key: string) => (answers.push(await work.claim(key)), answers.at(-1)!) };
    const second = await renderImages(jobs, join(scratch, 'part-2'), join(scratch, 'cache-part-2'), { work: asking, claimWaitMs: 300 });
    expect(answers).toEqual([false]);
    expect(second).toEqual({ written: jobs.length, drawn: first.drawn - 1, fetched: 1 });
  });

  it('a drawing claimed by a worker that never stores it is drawn here after the wait', async () => {
    const { work } = sharedWork();
    const jobs = imageJobs([vehicleImageUrl('van', 'red', 'side')]);
    // Another worker claimed everything, then died.
    const dead = { ...work, claim: async () => false };
    const started = Date.now();
    const made = await renderImages(jobs, join(scratch, 'claimed-dead'), join(scratch, 'cache-claimed-dead'), { work: dead, claimWaitMs: 500 });
    expect(made).toEqual({ written: jobs.length, drawn: jobs.length - 1, fetched: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('a drawing whose claim is older than the wait (its worker died before storing it) is drawn and stored at once, not waited for', async () => {
    const bucket = new DirectoryObjectStore(join(scratch, 'stale-claim-bucket'));
    const reads: string[] = [];
    // Every claim is found taken: a worker claimed it 31 s ago (the marker's time), then died.
    const store: ObjectStore = Object.assign(Object.create(bucket) as DirectoryObjectStore, {
      putIfAbsent: async (key: string) => {
        await bucket.put(key, JSON.stringify({ at: new Date(Date.now() - 31_000).toISOString(), pid: 1 }));
        return false;
      },
      get: async (key: string) => {
        if (!key.includes('/claims/')) reads.push(key);
        return bucket.get(key);
      },
    });
    const jobs = imageJobs([vehicleImageUrl('van', 'grey', 'side'), panoramaUrl('hatch', 'red')]);
    const alone = await renderImages(jobs, join(scratch, 'claimed-stale-alone'), join(scratch, 'cache-claimed-stale-alone'));
    const made = await renderImages(jobs, join(scratch, 'claimed-stale'), join(scratch, 'cache-claimed-stale'), { work: bucketWorkStore(store) });
    expect(made).toEqual({ written: jobs.length, drawn: alone.drawn, fetched: 0 });
    // One look in the shared work a drawing, none while waiting (a wait looks every 200 ms).
    expect(reads).toHaveLength(2);
    expect((await bucket.list('_work/drawings/')).length).toBe(alone.drawn);
  });

  it('draws ahead into the cache only, so the step after the render copies what was drawn', async () => {
    const cache = join(scratch, 'cache-ahead');
    const jobs = imageJobs([vehicleImageUrl('wagon', 'white', 'side'), panoramaUrl('ute', 'grey')]);
    const alone = await renderImages(jobs, join(scratch, 'without-ahead'), join(scratch, 'cache-without-ahead'));
    const ahead = await renderImages(jobs, null, cache);
    expect(ahead).toEqual({ written: 0, drawn: alone.drawn, fetched: 0 });
    expect(existsSync(join(cache, 'media'))).toBe(false);
    const step = await renderImages(jobs, join(scratch, 'after-ahead'), cache);
    expect(step).toEqual({ written: jobs.length, drawn: 0, fetched: 0 });
  });

  it("a release drawing ahead and another release's step at once draw each picture once between them", async () => {
    const cache = join(scratch, 'cache-ahead-and-step');
    const jobs = imageJobs([vehicleImageUrl('van', 'silver', 'front'), vehicleImageUrl('van', 'silver', 'rear'), panoramaUrl('van', 'silver')]);
    const [ahead, step] = await Promise.all([renderImages(jobs, null, cache), renderImages(jobs, join(scratch, 'step-beside-ahead'), cache)]);
    const alone = await renderImages(jobs, join(scratch, 'ahead-alone'), join(scratch, 'cache-ahead-alone'));
    expect(step.written).toBe(jobs.length);
    expect(ahead.written).toBe(0);
    expect(ahead.drawn + step.drawn).toBe(alone.drawn);
  });

  it('the step writes the images of the bundle cars, their spins, model tiles and the placeholders', async () => {
    const outDir = join(scratch, 'site');
    process.env.DEALER_IMAGE_CACHE = join(scratch, 'cache');
    try {
      const car = {
        id: 1,
        slug: 'a',
        status: 'in_stock',
        car_type: 'used',
        images: [{ image: vehicleImageUrl('coupe', 'black', 'angle'), thumb: vehicleImageUrl('coupe', 'black', 'angle', true) }],
        spin_images: [spinFrameUrl('coupe', 'black', 0), spinFrameUrl('coupe', 'black', 1)],
      } as unknown as Car;
      const bundle = {
        cars: [car],
        extras: { models: { models: [{ image: { url: vehicleImageUrl('suv', 'silver', 'angle') } }] } },
      } as unknown as TenantBundle;
      await vehicleImagesStep.run({ tenant: undefined as never, bundle, outDir });
      for (const file of [
        'media/vehicles/coupe-black-angle-1200w.webp',
        'media/vehicles/coupe-black-angle-thumb.webp',
        'media/vehicles/coupe-black-spin-01-800w.webp',
        'media/vehicles/suv-silver-angle.webp',
        'media/placeholders/light-truck.webp',
        'media/placeholders/caravan-480w.webp',
      ]) {
        expect(existsSync(join(outDir, file)), file).toBe(true);
      }
    } finally {
      delete process.env.DEALER_IMAGE_CACHE;
    }
  });

  it('drawAhead makes every image the step writes for a bundle, and the step then draws none', async () => {
    // The step test's cache: its placeholders are drawn already (only this car's pictures are new; alone, the test draws them all).
    process.env.DEALER_IMAGE_CACHE = join(scratch, 'cache');
    try {
      const car = { id: 2, slug: 'b', status: 'in_stock', car_type: 'used', images: [{ image: vehicleImageUrl('ute', 'orange', 'rear') }] } as unknown as Car;
      const bundle = { cars: [car], extras: {} } as unknown as TenantBundle;
      const ahead = await drawAhead(bundle);
      expect(ahead.drawn).toBeGreaterThan(0);
      const made = { drawings: 0, drawingsFetched: 0, photoFilesFetched: 0 };
      const outDir = join(scratch, 'site-after-draw-ahead');
      await vehicleImagesStep.run({ tenant: undefined as never, bundle, outDir, made });
      expect(made.drawings).toBe(0);
      expect(existsSync(join(outDir, 'media/vehicles/ute-orange-rear-480w.webp'))).toBe(true);
      expect(existsSync(join(outDir, 'media/placeholders/ute.webp'))).toBe(true);
    } finally {
      delete process.env.DEALER_IMAGE_CACHE;
    }
  });
});
