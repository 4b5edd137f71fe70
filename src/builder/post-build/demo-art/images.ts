/**
 * Post-build step: draws every local demo image a tenant's pages reference
 * (/media/vehicles/..., /media/placeholders/...) and writes it, in the widths of
 * src/lib/images.ts, into the tenant's output directory. Files are cached under
 * .cache/images/ keyed by what they show, so a rebuild only copies them; a fleet's shared work
 * (`drawings/<key>.webp`) is looked up before drawing and written after, so no worker draws
 * what another drew (claimed there first: of workers at once one draws it, the others draw
 * others meanwhile, then take it); a worker's releases at once wait for a file the other is
 * making. A file an incremental release already has is never drawn or copied. A release that waits for another's
 * compile of the code version draws its tenant's images into the cache meanwhile (`drawAhead`),
 * so the step after its render, and the compiling release's step, find them made.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { buildSettings } from '../../../config/build.ts';
import { PIPELINE_DEFAULTS } from '../../../config/pipeline.ts';
import { copyFileAtomic, writeFileAtomic } from '../../../platform/fs/atomic-file.ts';
import type { Car } from '../../../schemas/car.ts';
import {
  BASE_IMAGE_WIDTH,
  BODY_SHAPES,
  IMAGE_ASPECT,
  IMAGE_WIDTHS,
  PROMO_SLIDE_WIDTHS,
  SPIN_FRAMES,
  THUMB_WIDTH,
  parseLocalImageUrl,
  widthVariantUrl,
  type LocalImageSpec,
} from '../../../lib/images.ts';
import type { WorkStore } from '../../../platform/bucket/work-store.ts';
import type { TenantBundle } from '../../bundle/bundle.ts';
import type { PostBuildStep } from '../types.ts';
import { CANVAS, exteriorSvg, interiorSvg, placeholderSvg, VIEW_ANGLES } from './vehicle-art.ts';

/** Bump when the drawings change, so cached files are redrawn. */
export const ART_VERSION = 5;

// Effort 2 encodes much faster than the default 4 for slightly larger files (docs/scale.md).
const WEBP = { quality: 80, effort: 2 } as const;

/** Cache directory: DEALER_IMAGE_CACHE or <repo>/.cache/images. */
export function imageCacheDir(): string {
  return buildSettings().imageCacheDir;
}

/** Every image URL a car references (gallery, thumbnails, spin frames, interior spin). */
export function carImageUrls(car: Car): string[] {
  const urls: string[] = [];
  for (const image of car.images ?? []) {
    urls.push(image.image);
    if (image.thumb) urls.push(image.thumb);
  }
  urls.push(...(car.thumbnails ?? []), ...(car.spin_images ?? []));
  if (car.primary_image_url) urls.push(car.primary_image_url);
  if (car.spin_interior_image) urls.push(car.spin_interior_image);
  return urls;
}

/** Local image URLs found anywhere in a JSON value (models.json tiles, offers, slides). */
function urlsInJson(value: unknown, found: string[]): void {
  if (typeof value === 'string') {
    if (value.startsWith('/media/')) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) urlsInJson(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) urlsInJson(item, found);
  }
}

/** One file to write: its site path and how to draw it. */
export interface ImageJob {
  /** Site path, e.g. /media/vehicles/suv-red-side-480w.webp. */
  path: string;
  spec: LocalImageSpec;
  width: number;
}

/** The files behind a set of URLs: each non-thumb image in its base and every listed width. */
export function imageJobs(urls: Iterable<string>, widths: readonly number[] = IMAGE_WIDTHS): ImageJob[] {
  const jobs = new Map<string, ImageJob>();
  for (const url of urls) {
    const spec = parseLocalImageUrl(url);
    if (!spec) continue;
    if ('thumb' in spec && spec.thumb) {
      jobs.set(url, { path: url, spec, width: THUMB_WIDTH });
      continue;
    }
    jobs.set(url, { path: url, spec, width: BASE_IMAGE_WIDTH });
    for (const width of widths) jobs.set(widthVariantUrl(url, width), { path: widthVariantUrl(url, width), spec, width });
  }
  return [...jobs.values()];
}

/** Placeholder URLs of every body: pages may show any of them. */
export function placeholderUrls(): string[] {
  return BODY_SHAPES.map((body) => `/media/placeholders/${body}.webp`);
}

/** The SVG of a spec at its drawing size. */
export function svgFor(spec: LocalImageSpec): string {
  switch (spec.kind) {
    case 'placeholder':
      return placeholderSvg(spec.body);
    case 'panorama':
      return interiorSvg(spec.body, spec.colour, CANVAS.width * 2, CANVAS.width);
    case 'spin':
      // Frame 0 is the front three-quarter view; each frame turns 15 degrees.
      return exteriorSvg(spec.body, spec.colour, VIEW_ANGLES.angle + (360 / SPIN_FRAMES) * spec.frame);
    case 'vehicle':
      return spec.view === 'interior' ? interiorSvg(spec.body, spec.colour) : exteriorSvg(spec.body, spec.colour, VIEW_ANGLES[spec.view]);
  }
}

function cacheKey(spec: LocalImageSpec, width: number): string {
  const { thumb: _thumb, ...what } = spec as LocalImageSpec & { thumb?: boolean };
  return createHash('sha1')
    .update(JSON.stringify({ v: ART_VERSION, what, width, webp: WEBP }))
    .digest('hex');
}

/** Drawings under way in this process, by cache file: a worker's releases at once (its job slots) make each file once. */
const drawing = new Map<string, Promise<void>>();

/**
 * Draw (or take from the cache, or from the fleet's shared work) every job and write it under
 * outDir; with outDir null, only into the cache (`drawAhead`). Returns counts.
 */
export async function renderImages(
  jobs: ImageJob[],
  outDir: string | null,
  cacheDir = imageCacheDir(),
  options: { keepExisting?: boolean; work?: WorkStore; claimWaitMs?: number } = {},
): Promise<{ written: number; drawn: number; fetched: number }> {
  mkdirSync(cacheDir, { recursive: true });
  const targetOf = (dir: string, job: ImageJob) => join(dir, ...job.path.split('/').filter(Boolean));
  // Group the widths of one drawing so its SVG is rasterised once. In an incremental release a
  // path names its drawing and width, so a file already there (the link to the previous
  // release's file, same code) is this picture: it is neither drawn nor copied.
  const groups = new Map<string, { spec: LocalImageSpec; jobs: ImageJob[] }>();
  for (const job of jobs) {
    if (outDir !== null && options.keepExisting && existsSync(targetOf(outDir, job))) continue;
    const key = JSON.stringify(job.spec.kind === 'vehicle' ? { ...job.spec, thumb: false } : job.spec);
    const group = groups.get(key) ?? { spec: job.spec, jobs: [] };
    group.jobs.push(job);
    groups.set(key, group);
  }
  const counts = { written: 0, drawn: 0, fetched: 0 };
  const claimWaitMs = options.claimWaitMs ?? PIPELINE_DEFAULTS.drawingClaimWaitMs;
  const work: { spec: LocalImageSpec; jobs: ImageJob[]; claimedElsewhere?: number }[] = [...groups.values()];
  type Group = (typeof work)[number];
  const cacheFile = (key: string) => join(cacheDir, `${key}.webp`);
  const missingOf = (group: Group) => {
    const missing = new Map<string, number>();
    for (const job of group.jobs) {
      const key = cacheKey(job.spec, job.width);
      if (!existsSync(cacheFile(key))) missing.set(key, job.width);
    }
    return missing;
  };
  /** One drawing's files: fetched or drawn into the cache, then copied. False when another release of this process is making them and `wait` is off. */
  const runOne = async (group: Group, wait: boolean): Promise<boolean> => {
    // The base file and the 800w variant are the same picture: encode it once.
    let missing = missingOf(group);
    const busy = [...missing.keys()].flatMap((key) => drawing.get(cacheFile(key)) ?? []);
    if (busy.length > 0) {
      if (!wait) return false;
      await Promise.all(busy);
      missing = missingOf(group);
    }
    // Claimed before the first await, so another release of this process waits for these files instead of making them too.
    let settle = () => {};
    const claim = new Promise<void>((resolve) => (settle = resolve));
    const claimed = [...missing.keys()].map(cacheFile);
    for (const file of claimed) drawing.set(file, claim);
    try {
      if (!(await makeMissing(group, missing, wait))) return false;
    } finally {
      for (const file of claimed) if (drawing.get(file) === claim) drawing.delete(file);
      settle();
    }
    if (outDir === null) return true;
    for (const job of group.jobs) {
      const target = targetOf(outDir, job);
      mkdirSync(dirname(target), { recursive: true });
      // Copy then rename: never rewrite a file in place (it may be a hard link shared with earlier releases).
      copyFileAtomic(cacheFile(cacheKey(job.spec, job.width)), target, { durable: false });
      counts.written++;
    }
    return true;
  };
  /** Take the group's missing files from the shared work, in order, up to the first not there (a worker stores them in that order). */
  const fetchShared = async (missing: Map<string, number>) => {
    for (const [key] of missing) {
      const shared = await options.work?.get(`drawings/${key}.webp`);
      if (!shared) return;
      writeFileAtomic(cacheFile(key), shared, { durable: false });
      missing.delete(key);
      counts.fetched++;
    }
  };
  /**
   * Fetch or draw the missing files of a group. A worker claims them in the shared work before
   * drawing; when another worker holds the claim, false at first (`wait` off: the caller draws
   * others meanwhile), then its files are waited for (up to `claimWaitMs`, PIPELINE_DEFAULTS.drawingClaimWaitMs unless given, after the claim was
   * made, or found taken when its time is unknown: a worker that died holding it) and the rest
   * drawn here and stored.
   */
  const makeMissing = async (group: Group, missing: Map<string, number>, wait: boolean): Promise<boolean> => {
    await fetchShared(missing);
    if (missing.size === 0) return true;
    if (group.claimedElsewhere === undefined && options.work?.claim) {
      // Named by all the group's files, not those still missing: a worker that found some of them
      // already stored by the claiming worker asks for the same claim, and waits for the rest.
      const claimKey = createHash('sha1')
        .update([...new Set(group.jobs.map((job) => cacheKey(job.spec, job.width)))].sort().join('\n'))
        .digest('hex');
      if (!(await options.work.claim(`claims/drawings/${claimKey}`))) {
        // Waited for from when the claim was made (not later than now: the clocks of two workers
        // differ), so a claim older than the wait is not waited for: its worker died or its put failed.
        const made = await options.work.claimedAt?.(`claims/drawings/${claimKey}`);
        group.claimedElsewhere = Math.min(made ?? Date.now(), Date.now());
        if (!wait && Date.now() - group.claimedElsewhere < claimWaitMs) return false;
      }
    }
    if (group.claimedElsewhere !== undefined) {
      while (Date.now() - group.claimedElsewhere < claimWaitMs) {
        await new Promise((resolve) => setTimeout(resolve, PIPELINE_DEFAULTS.drawingClaimPollMs));
        await fetchShared(missing);
        if (missing.size === 0) return true;
      }
    }
    const { data: pixels, info } = await sharp(Buffer.from(svgFor(group.spec)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const aspect = group.spec.kind === 'panorama' ? 2 : IMAGE_ASPECT;
    for (const [key, width] of missing) {
      const data = await sharp(pixels, raw)
        .resize(width, Math.round(width / aspect))
        .webp(WEBP)
        .toBuffer();
      // Write then rename (durably, unpredictable temp name), so a parallel build never copies a half-written file.
      writeFileAtomic(cacheFile(key), data, { durable: false });
      counts.drawn++;
      await options.work?.put(`drawings/${key}.webp`, data).catch(() => {});
    }
    return true;
  };
  // Two at a time: the machine has 2 cores and sharp has its own thread pool. A drawing another
  // release is making waits until the rest are done, so the two releases draw side by side.
  let next = 0;
  const later: Group[] = [];
  const worker = async () => {
    while (next < work.length) {
      const group = work[next++]!;
      if (!(await runOne(group, false))) later.push(group);
    }
    for (let group = later.shift(); group; group = later.shift()) await runOne(group, true);
  };
  await Promise.all([worker(), worker()]);
  return counts;
}

/** The files of a tenant's images: of the published cars, of the tenant's extra files, and the placeholders. */
export function bundleImageJobs(bundle: Pick<TenantBundle, 'cars' | 'extras'>): ImageJob[] {
  const urls = new Set<string>(placeholderUrls());
  for (const car of bundle.cars) for (const url of carImageUrls(car)) urls.add(url);
  const extra: string[] = [];
  urlsInJson(bundle.extras, extra);
  for (const url of extra) urls.add(url);
  // Promotion slides also come 540 and 1920 wide.
  const slides: string[] = [];
  urlsInJson(bundle.extras.slides, slides);
  return [...new Map([...imageJobs(urls), ...imageJobs(slides, PROMO_SLIDE_WIDTHS)].map((job) => [job.path, job])).values()];
}

/**
 * Make a tenant's images in the cache (and the fleet's shared work) before its pages are
 * rendered: what a release does while it waits for a core (another release's compile). The
 * step then only copies them; a drawing under way here is waited for, never drawn twice.
 */
export function drawAhead(bundle: Pick<TenantBundle, 'cars' | 'extras'>, work?: WorkStore): Promise<{ drawn: number; fetched: number }> {
  return renderImages(bundleImageJobs(bundle), null, imageCacheDir(), { work });
}

/** The post-build step: the tenant's images (bundleImageJobs) in its output. */
export const vehicleImagesStep: PostBuildStep = {
  name: 'vehicle images',
  async run({ bundle, outDir, incremental, work, made }) {
    const counts = await renderImages(bundleImageJobs(bundle), outDir, imageCacheDir(), { keepExisting: incremental, work });
    if (made) {
      made.drawings += counts.drawn;
      made.drawingsFetched += counts.fetched;
    }
  },
};
