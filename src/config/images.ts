/**
 * Settings of the feed photo step (docs/images.md), from the environment (env.ts reads it):
 * where the photo cache lives and how photos are fetched and transformed.
 */
import { join } from 'node:path';
import * as v from 'valibot';
import { cacheRoot } from './build.ts';
import { environment, optionalInteger, parseEnvironment, type Environment } from './env.ts';

/** A whole number in [min, max], undefined when unset; anything else is refused with `expected`. */
const wholeNumber = (min: number, max: number, expected: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, expected), v.transform(Number), v.minValue(min, expected), v.maxValue(max, expected)));
/** Workers at a time: a whole number, at least one (0 would start no download and leave the feed's URLs on the pages). */
const workers = optionalInteger(1, 1000);

const PhotoSchema = v.object({
  // A deadline or size cap of 0 fails every photo; a deadline past an hour is a mistake (and past setTimeout's range would fire at once).
  DEALER_PHOTO_TIMEOUT_MS: wholeNumber(1, 3_600_000, 'expected a whole number of milliseconds from 1 to 3600000 (0 would time every photo out)'),
  DEALER_PHOTO_MAX_BYTES: wholeNumber(1, 1024 ** 3, 'expected a whole number of bytes from 1 to 1073741824 (0 would refuse every photo as too large)'),
  // 0 is a choice: one attempt per photo, no retry.
  DEALER_PHOTO_RETRIES: wholeNumber(0, 20, 'expected a whole number from 0 to 20 (0: one attempt, no retry)'),
  // 0 turns the rate check off (the per-attempt deadline still applies).
  DEALER_PHOTO_MIN_RATE: wholeNumber(0, 1024 ** 3, 'expected a whole number of bytes per second from 0 to 1073741824 (0: no minimum)'),
  // A tenant's photo time: below a second no photo could finish; past a day is a mistake.
  DEALER_PHOTO_DEADLINE_MS: wholeNumber(1_000, 86_400_000, 'expected a whole number of milliseconds from 1000 to 86400000'),
  DEALER_PHOTO_DOWNLOADS: workers,
  DEALER_PHOTO_TRANSFORMS: workers,
  /** '1': photos may come from loopback and private addresses (tests and local fixtures only). */
  DEALER_PHOTO_ALLOW_PRIVATE: v.optional(v.string()),
});

/** Photo cache directory: DEALER_PHOTO_CACHE or <cache root>/photos (PIPELINE_CACHE_DIR, else <repo>/.cache). */
export function photoCacheDir(env: Environment = environment()): string {
  return env.DEALER_PHOTO_CACHE ?? join(cacheRoot(env), 'photos');
}

/** How one photo is fetched (the settings part of FetchPhotoOptions in src/images/fetch.ts). */
export interface PhotoFetchSettings {
  /** Deadline of one attempt, headers and body, in ms (DEALER_PHOTO_TIMEOUT_MS). */
  timeoutMs: number;
  /** Largest accepted file in bytes (DEALER_PHOTO_MAX_BYTES). */
  maxBytes: number;
  /** Attempts after the first for transient failures (DEALER_PHOTO_RETRIES). */
  retries: number;
  /** Back-off before retry n is n x this, in ms. */
  retryDelayMs: number;
  /** A body arriving slower than this on average (bytes/s), past rateGraceMs, is cut as a transient failure; 0: no minimum (DEALER_PHOTO_MIN_RATE). */
  minBytesPerSecond: number;
  /** How long a body may arrive slower than minBytesPerSecond at first, in ms from its headers. */
  rateGraceMs: number;
  /** Loopback and private addresses allowed (DEALER_PHOTO_ALLOW_PRIVATE=1: tests and local fixtures only). */
  allowPrivate: boolean;
}

/** The photo step's settings (the settings part of PhotoRunOptions in src/images/resolve.ts). */
export interface PhotoSettings {
  fetch: PhotoFetchSettings;
  /** Downloads in flight (DEALER_PHOTO_DOWNLOADS); a host has at most half of them, rounded up, while another host's photo waits (src/images/resolve.ts). */
  downloads: number;
  /** Transforms at a time (DEALER_PHOTO_TRANSFORMS): the build machines have 2 cores; sharp adds its own threads. */
  transforms: number;
  /** How long a URL that failed in this process is reported again without a new download, in ms (0: always tried again). */
  faultMemoMs: number;
  /**
   * A tenant's photo time per release, in ms (DEALER_PHOTO_DEADLINE_MS): when it passes, the
   * downloads under way are cut and the photos not done are left for a later release (their
   * cars show the placeholder meanwhile; one cut after a failed attempt is a fault naming its host).
   */
  deadlineMs: number;
}

/** What this process's memory of photo trouble keeps (src/images/trouble.ts `photoTrouble`); no variable sets it. */
export interface PhotoTroubleBounds {
  /** How long an entry is kept, in ms. */
  maxAgeMs: number;
  /** Entries kept at most: past it the oldest written go first. */
  maxEntries: number;
}

/**
 * The photo step's defaults, written once: the DEALER_PHOTO_* variables' and the photo step's
 * own when a caller hands no setting (tests, scripts), and the bounds of its memory of trouble
 * (`trouble`, not a run's setting). docs/images.md lists them.
 */
export const PHOTO_DEFAULTS = {
  fetch: { timeoutMs: 20_000, maxBytes: 25 * 1024 * 1024, retries: 2, retryDelayMs: 500, minBytesPerSecond: 10_000, rateGraceMs: 5_000, allowPrivate: false },
  downloads: 6,
  transforms: 2,
  // A release soon after another (a feed pushed again, a job given back to the queue) does not download a failed photo again.
  faultMemoMs: 120_000,
  // A slow or hostile photo host holds a release (and its job slot) no longer than this.
  deadlineMs: 120_000,
  // The releases of a day; the bound holds a long-lived worker that meets many failing URLs.
  trouble: { maxAgeMs: 24 * 3_600_000, maxEntries: 10_000 },
} as const satisfies PhotoSettings & { trouble: PhotoTroubleBounds };

/**
 * The photo step's settings: DEALER_PHOTO_TIMEOUT_MS, DEALER_PHOTO_MAX_BYTES,
 * DEALER_PHOTO_RETRIES, DEALER_PHOTO_MIN_RATE, DEALER_PHOTO_DEADLINE_MS, DEALER_PHOTO_DOWNLOADS,
 * DEALER_PHOTO_TRANSFORMS, DEALER_PHOTO_ALLOW_PRIVATE=1, each unset one PHOTO_DEFAULTS'. A value
 * out of its range (every one a whole number: the attempt deadline 1 ms to an hour, the size cap
 * 1 byte to 1 GB, retries 0 to 20, the minimum rate 0 to 1 GB/s, the tenant's photo time 1 s to a
 * day, downloads and transforms 1 to 1000) throws ConfigError naming it.
 */
export function photoOptionsFromEnv(env: Environment = environment()): PhotoSettings {
  const e = parseEnvironment('photo', PhotoSchema, env);
  const { trouble: _processBounds, ...runDefaults } = PHOTO_DEFAULTS;
  const fetch: PhotoFetchSettings = {
    ...PHOTO_DEFAULTS.fetch,
    timeoutMs: e.DEALER_PHOTO_TIMEOUT_MS ?? PHOTO_DEFAULTS.fetch.timeoutMs,
    maxBytes: e.DEALER_PHOTO_MAX_BYTES ?? PHOTO_DEFAULTS.fetch.maxBytes,
    retries: e.DEALER_PHOTO_RETRIES ?? PHOTO_DEFAULTS.fetch.retries,
    minBytesPerSecond: e.DEALER_PHOTO_MIN_RATE ?? PHOTO_DEFAULTS.fetch.minBytesPerSecond,
    allowPrivate: e.DEALER_PHOTO_ALLOW_PRIVATE === '1',
  };
  return {
    ...runDefaults,
    fetch,
    downloads: e.DEALER_PHOTO_DOWNLOADS ?? PHOTO_DEFAULTS.downloads,
    transforms: e.DEALER_PHOTO_TRANSFORMS ?? PHOTO_DEFAULTS.transforms,
    deadlineMs: e.DEALER_PHOTO_DEADLINE_MS ?? PHOTO_DEFAULTS.deadlineMs,
  };
}
