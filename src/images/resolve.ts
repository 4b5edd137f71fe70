/**
 * Feed photos of a tenant's published stock, made local (issue 15): every remote photo URL
 * of a visible car is looked up in the shared cache (a known URL costs one small file read),
 * in a fleet also in the tenant's URL index and the variants of the shared work
 * (shared-index.ts), otherwise downloaded (bounded concurrency, each host its share) and transformed (bounded
 * separately: sharp is CPU-bound), and the car's records are rewritten to the local photo URL
 * (`/media/photos/<key>-<rrggbb>.jpg`, src/lib/images.ts). A photo that cannot be fetched or
 * decoded is reported and shows the body placeholder (never failing the build), as do those
 * not done by the run's deadline (`deadlineMs`; deferred, or a fault naming the host once an
 * attempt failed); the next build tries them again, those of a host or URL in trouble last. A
 * cache that cannot be written (a full disk) is no photo's fault: the run throws.
 */
import { PHOTO_DEFAULTS } from '../config/images.ts';
import { limiter, slotCount, type Limiter } from '../lib/batch/limiter.ts';
import { photoUrl, placeholderImage, PHOTO_QUALITY } from '../lib/images.ts';
import type { Car } from '../schemas/car.ts';
import { PhotoCache } from './cache.ts';
import { fetchPhoto, type FetchPhotoOptions } from './fetch.ts';
import { sha256, transformPhoto, variantKey, type TransformedPhoto } from './transform.ts';
import { readUrlIndex, writeUrlIndex, type SharedPhotos, type UrlIndex } from './shared-index.ts';
import { photoTrouble, type TroubleKind } from './trouble.ts';

/** A photo that could not be used. */
export interface PhotoFault {
  tenant: string;
  /** Car id and slug. */
  car: string;
  url: string;
  reason: string;
}

/** A photo run's options: the photo settings (src/config/images.ts `PhotoSettings`; each one left out is PHOTO_DEFAULTS'), and what the run works with. */
export interface PhotoRunOptions {
  cache?: PhotoCache;
  fetch?: Partial<FetchPhotoOptions>;
  /** Downloads in flight: a whole number of at least 1 (fewer would start no worker), else a RangeError; a host has at most half of them, rounded up, while another host's photo of the same or a better try rank waits. */
  downloads?: number;
  /** Transforms at a time: a whole number of at least 1, else a RangeError. */
  transforms?: number;
  /** The fleet's shared photo work for this tenant (its URL index; the cache's work store holds the variants). */
  shared?: SharedPhotos;
  /** A URL that failed in this process less than this long ago (ms; what is remembered goes at PHOTO_DEFAULTS.trouble.maxAgeMs, trouble.ts) is reported again without a new download; 0 always tries again. */
  faultMemoMs?: number;
  /** Once it aborts no photo starts: the run ends when those under way are done (kept in the cache and the shared work) and throws its reason. */
  signal?: AbortSignal;
  /** The run's time in ms: when it passes, no photo starts and the downloads under way are cut; the photos not done are `deferred`. */
  deadlineMs?: number;
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
};

/**
 * The order photos are tried in: those never in trouble first, then those of a host where an
 * attempt failed, then the URLs that failed before (photoTrouble, trouble.ts); feed order within
 * each, with each URL's rank. A few photos of a dead host so never hold the photos queued behind
 * them at every release.
 */
function inTryOrder(urls: string[]): { url: string; rank: number }[] {
  return urls.map((url) => ({ url, rank: photoTrouble.rank(url, hostOf(url)) })).sort((a, b) => a.rank - b.rank);
}

/**
 * The download queue of a run: URLs in try order, each host (host:port) given at most its share
 * of the slots, half of them rounded up, while another host's photo of the same or a better rank
 * waits. A dead or slow host so never holds every slot until the deadline, and the other hosts'
 * photos come in the same release; a host alone in the queue, or with only photos ranked after
 * its own waiting (a host in trouble), takes every free slot: a feed of one photo host loses
 * nothing, and a photo ranked after another starts only once no photo ranked before it waits.
 */
function hostQueue(ranked: { url: string; rank: number }[], downloads: number) {
  const share = Math.ceil(downloads / 2);
  // Each host's places in `ranked` still to start, in order (a host leaves once none is left), and its downloads under way.
  const waiting = new Map<string, { places: number[]; next: number }>();
  const running = new Map<string, number>();
  ranked.forEach(({ url }, place) => {
    const host = hostOf(url);
    const queue = waiting.get(host);
    if (queue) queue.places.push(place);
    else waiting.set(host, { places: [place], next: 0 });
  });
  const nextRank = (queue: { places: number[]; next: number }) => ranked[queue.places[queue.next]!]!.rank;
  // Another waiting host whose next photo ranks the same as `rank` or before it: the share holds against it.
  const rivalWaits = (host: string, rank: number) => [...waiting].some(([other, queue]) => other !== host && nextRank(queue) <= rank);
  return {
    /** The next URL to start, or undefined when none may start now (every waiting host at its share, or none waiting). */
    take(): { url: string; host: string } | undefined {
      let host: string | undefined;
      let first = Infinity;
      for (const [candidate, queue] of waiting) {
        const place = queue.places[queue.next]!;
        if (place < first && ((running.get(candidate) ?? 0) < share || !rivalWaits(candidate, ranked[place]!.rank))) [host, first] = [candidate, place];
      }
      if (host === undefined) return undefined;
      const queue = waiting.get(host)!;
      const url = ranked[queue.places[queue.next++]!]!.url;
      if (queue.next === queue.places.length) waiting.delete(host);
      running.set(host, (running.get(host) ?? 0) + 1);
      return { url, host };
    },
    /** A download of `host` (and what follows it: the transform) is over. */
    done(host: string): void {
      running.set(host, running.get(host)! - 1);
    },
  };
}

export interface PhotoReport {
  /** Distinct remote photo URLs of the published cars. */
  photos: number;
  /** Already in the cache (no download, no transform). */
  known: number;
  /** Downloaded this run, and how many bytes. */
  fetched: number;
  fetchedBytes: number;
  /** Variant sets made this run (a downloaded photo whose bytes were already transformed makes none). */
  transformed: number;
  /** Known from the fleet's shared work (the tenant's URL index or a variant set another worker made): nothing made. */
  shared: number;
  /** Not done when the run's deadline passed: the placeholder is shown and a later build fetches them (not faults). */
  deferred: number;
  faults: PhotoFault[];
  seconds: number;
}

/** A failed photo, or (deferred) one the run's deadline left for a later build. */
type Resolution = { ok: true; url: string } | { ok: false; reason: string; deferred?: true };

export const isRemotePhoto = (url: string | null | undefined): url is string => typeof url === 'string' && /^https?:\/\//i.test(url.trim());

/** Remote photo URLs of a car (gallery images and the primary image; spin frames are an external viewer's). */
export function carPhotoUrls(car: Car): string[] {
  const urls = (car.images ?? []).map((image) => image.image.trim()).filter(isRemotePhoto);
  if (isRemotePhoto(car.primary_image_url)) urls.push(car.primary_image_url.trim());
  return urls;
}

/** Resolve URLs to local photo URLs: from the cache, the fleet's shared work, or downloaded and transformed now. */
export async function resolvePhotoUrls(
  urls: Iterable<string>,
  quality: number = PHOTO_QUALITY,
  options: PhotoRunOptions = {},
): Promise<{ resolved: Map<string, Resolution>; report: Omit<PhotoReport, 'faults' | 'seconds'> }> {
  // The counts are checked before any work (the limiter's rule: a whole number of at least 1, never rounded here).
  const downloads = slotCount(options.downloads ?? PHOTO_DEFAULTS.downloads, 'photo downloads (DEALER_PHOTO_DOWNLOADS)');
  const transformSlot = limiter(options.transforms ?? PHOTO_DEFAULTS.transforms, { setting: 'photo transforms (DEALER_PHOTO_TRANSFORMS)' });
  const cache = options.cache ?? new PhotoCache();
  const resolved = new Map<string, Resolution>();
  const report = { photos: 0, known: 0, fetched: 0, fetchedBytes: 0, transformed: 0, shared: 0, deferred: 0 };
  // The run's deadline counts from here; its timer never keeps the process alive.
  const deadlineMs = options.deadlineMs ?? PHOTO_DEFAULTS.deadlineMs;
  const deadlineController = new AbortController();
  const deadline = deadlineController.signal;
  const deadlineTimer = setTimeout(() => deadlineController.abort(new Error(`the photo deadline of ${deadlineMs} ms passed`)), deadlineMs).unref();
  let todo: string[] = [];
  for (const url of new Set(urls)) {
    report.photos += 1;
    const record = cache.url(url);
    const variants = record ? cache.variants(variantKey(record.sha256, quality)) : null;
    if (variants) {
      resolved.set(url, { ok: true, url: photoUrl(variants.key, variants.colour) });
      report.known += 1;
    } else todo.push(url);
  }
  const index: UrlIndex | null = options.shared && todo.length > 0 ? await readUrlIndex(options.shared) : null;
  if (index)
    todo = await fromIndex(todo, index, quality, cache, options.shared!, (url, local) => (resolved.set(url, { ok: true, url: local }), (report.shared += 1)));
  // Keys being made by this run: the same bytes under two URLs are transformed once.
  const making = new Map<string, Promise<Resolution>>();
  const memoMs = options.faultMemoMs ?? PHOTO_DEFAULTS.faultMemoMs;
  // A URL whose download failed goes after the others next time; one whose bytes failed keeps its place.
  const fail = (url: string, reason: string, kind: Exclude<TroubleKind, 'host'>) => {
    resolved.set(url, { ok: false, reason });
    photoTrouble.urlFailed(url, kind, reason);
  };
  // A URL that failed within the fault memo is reported again at once; the rest go in try order.
  photoTrouble.prune();
  const ranked = inTryOrder(
    todo.filter((url) => {
      const reason = photoTrouble.recentFault(url, memoMs);
      if (reason !== undefined) resolved.set(url, { ok: false, reason });
      return !resolved.has(url);
    }),
  );
  // A storage error (the cache's disk, the shared work) is not a photo's fault: it ends the run and is thrown.
  let storageError: unknown;
  const one = async (url: string): Promise<void> => {
    const fetched = await fetchPhoto(url, { ...options.fetch, signal: deadline });
    if (!fetched.ok) {
      const host = hostOf(url);
      // A host whose attempt failed as a host in trouble does (even the one attempt of DEALER_PHOTO_RETRIES=0, or one before the cut) goes after the others next time.
      if (fetched.transient || fetched.attempts > 1 || fetched.last) photoTrouble.hostFailed(host);
      if (!fetched.stopped) return fail(url, fetched.reason, 'fetch');
      // Cut by the deadline after a failed attempt: a fault naming the host; cut in its first attempt (no failure of its own): deferred below, its rank kept.
      return fetched.last
        ? fail(url, `host ${host}: ${fetched.last}, then the photo deadline passed (${fetched.attempts} ${fetched.attempts === 1 ? 'attempt' : 'attempts'})`, 'fetch')
        : undefined;
    }
    photoTrouble.fetched(url, hostOf(url));
    report.fetched += 1;
    report.fetchedBytes += fetched.bytes.length;
    const source = sha256(fetched.bytes);
    const key = variantKey(source, quality);
    let made = making.get(key);
    if (!made) making.set(key, (made = makeVariants(key, fetched.bytes, quality, cache, transformSlot, () => (report.transformed += 1))));
    const result = await made;
    if (!result.ok) return fail(url, result.reason, 'decode');
    cache.recordUrl({ url, sha256: source, bytes: fetched.bytes.length, fetchedAt: new Date().toISOString() });
    resolved.set(url, result);
  };
  // URLs start in try order, each host within its share of the slots; at most `downloads` bodies are held at a time.
  const queue = hostQueue(ranked, downloads);
  await new Promise<void>((finished) => {
    let running = 0;
    const startMore = () => {
      while (running < downloads && !options.signal?.aborted && !deadline.aborted && storageError === undefined) {
        const next = queue.take();
        if (!next) break;
        running += 1;
        void one(next.url)
          .catch((error: unknown) => (storageError ??= error))
          .finally(() => {
            running -= 1;
            queue.done(next.host);
            startMore();
          });
      }
      if (running === 0) finished();
    };
    startMore();
  });
  clearTimeout(deadlineTimer);
  // Photos the deadline left: the placeholder now, a later build fetches them.
  if (deadline.aborted)
    for (const { url } of ranked)
      if (!resolved.has(url)) {
        resolved.set(url, { ok: false, reason: 'left for a later build: the photo deadline passed', deferred: true });
        report.deferred += 1;
      }
  if (options.shared) await writeUrlIndex(options.shared, index, resolved, cache, quality).catch(() => {});
  options.signal?.throwIfAborted();
  if (storageError !== undefined) throw storageError;
  return { resolved, report };
}

/**
 * The variant set of a photo's bytes: from the cache or the shared work, or transformed and
 * stored now. Only a failure to decode or transform the bytes is the photo's fault (returned);
 * an error of the cache or the shared work is thrown.
 */
async function makeVariants(
  key: string,
  bytes: Buffer,
  quality: number,
  cache: PhotoCache,
  transformSlot: Limiter,
  transformed: () => void,
): Promise<Resolution> {
  const existing = cache.variants(key) ?? (await cache.sharedVariants(key));
  if (existing) return { ok: true, url: photoUrl(existing.key, existing.colour) };
  let photo: TransformedPhoto;
  try {
    photo = await transformSlot(() => transformPhoto(bytes, quality));
  } catch (error) {
    return { ok: false, reason: `cannot decode the image: ${(error as Error).message.split('\n')[0]}` };
  }
  const record = cache.storeVariants(key, photo.colour, { width: photo.sourceWidth, height: photo.sourceHeight }, photo.variants);
  transformed();
  await cache.shareVariants(record, photo.variants).catch(() => {});
  return { ok: true, url: photoUrl(record.key, record.colour) };
}

/**
 * URLs the tenant's index knows: a photo of the live release (its files come with the
 * release), or one whose variant set the shared work holds (its record is read; its files are
 * fetched when a site needs them). Calls `found` for each; returns the URLs still to fetch.
 */
async function fromIndex(
  urls: string[],
  index: UrlIndex,
  quality: number,
  cache: PhotoCache,
  shared: SharedPhotos,
  found: (url: string, local: string) => void,
): Promise<string[]> {
  const left: string[] = [];
  for (const url of urls) {
    const entry = index.urls[url];
    const local = entry && entry.key === variantKey(entry.sha256, quality) ? photoUrl(entry.key, entry.colour) : null;
    if (local && (shared.live?.has(local) || cache.variants(entry!.key) || (await cache.sharedVariants(entry!.key)))) {
      cache.recordUrl({ url, sha256: entry!.sha256, bytes: entry!.bytes, fetchedAt: entry!.fetchedAt });
      found(url, local);
    } else left.push(url);
  }
  return left;
}

/** A car with its remote photos replaced by their local URLs, or by its placeholder when they failed (listed) or were deferred (not listed). */
export function rewriteCarPhotos(car: Car, resolved: ReadonlyMap<string, Resolution>): { car: Car; failed: { url: string; reason: string }[] } {
  const failed: { url: string; reason: string }[] = [];
  const local = (url: string): string => {
    const resolution = resolved.get(url.trim());
    if (!resolution) return url;
    if (resolution.ok) return resolution.url;
    if (resolution.deferred) return placeholderImage(car.simple_body, car.vehicle_kind);
    if (!failed.some((fault) => fault.url === url)) failed.push({ url, reason: resolution.reason });
    return placeholderImage(car.simple_body, car.vehicle_kind);
  };
  const images = car.images?.map((image) => {
    if (!isRemotePhoto(image.image)) return image;
    const url = local(image.image);
    // The gallery thumbnail is the photo's own 320px variant: a feed's separate thumbnail URL is not downloaded.
    return { ...image, image: url, thumb: url };
  });
  const primary = isRemotePhoto(car.primary_image_url) ? local(car.primary_image_url) : car.primary_image_url;
  return { car: { ...car, ...(images ? { images } : {}), ...(car.primary_image_url !== undefined ? { primary_image_url: primary } : {}) }, failed };
}

/**
 * Resolve the photos of every visible car of a tenant and rewrite `tenant.visible` in place.
 * Returns what was done and the faults; never throws for a photo, throws a storage error.
 */
export async function resolveTenantPhotos(
  tenant: { slug: string; site: { images?: { cdn_template?: string | null; quality?: number } }; visible: Car[] },
  options: PhotoRunOptions = {},
): Promise<PhotoReport> {
  const started = performance.now();
  const empty: PhotoReport = { photos: 0, known: 0, fetched: 0, fetchedBytes: 0, transformed: 0, shared: 0, deferred: 0, faults: [], seconds: 0 };
  if (tenant.site.images?.cdn_template) return empty;
  const urls = tenant.visible.flatMap(carPhotoUrls);
  if (urls.length === 0) return empty;
  const { resolved, report } = await resolvePhotoUrls(urls, tenant.site.images?.quality ?? PHOTO_QUALITY, options);
  const faults: PhotoFault[] = [];
  tenant.visible = tenant.visible.map((car) => {
    const { car: rewritten, failed } = rewriteCarPhotos(car, resolved);
    for (const fault of failed) faults.push({ tenant: tenant.slug, car: `${car.id} (${car.slug})`, url: fault.url, reason: fault.reason });
    return rewritten;
  });
  return { ...report, faults, seconds: Math.round((performance.now() - started) / 10) / 100 };
}

/** One line per fault, for build output and logs. */
export function formatPhotoFault(fault: PhotoFault): string {
  return `${fault.tenant}: car ${fault.car}: photo ${fault.url}: ${fault.reason} (placeholder shown; tried again next build)`;
}
