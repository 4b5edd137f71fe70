/**
 * Settings of the feed photo step (docs/images.md), from the environment (env.ts reads it):
 * where the photo cache lives and how photos are fetched and transformed.
 */
import { join } from 'node:path';
import * as v from 'valibot';
import { cacheRoot } from './build.ts';
import { environment, optionalInteger, parseEnvironment, type Environment } from './env.ts';

const amount = v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/, 'expected a number'), v.transform(Number)));
/** Workers at a time: a whole number, at least one (0 would start no download and leave the feed's URLs on the pages). */
const workers = optionalInteger(1, 1000);

const PhotoSchema = v.object({
  DEALER_PHOTO_TIMEOUT_MS: amount,
  DEALER_PHOTO_MAX_BYTES: amount,
  DEALER_PHOTO_RETRIES: amount,
  DEALER_PHOTO_DOWNLOADS: workers,
  DEALER_PHOTO_TRANSFORMS: workers,
  /** '1': photos may come from loopback and private addresses (tests and local fixtures only). */
  DEALER_PHOTO_ALLOW_PRIVATE: v.optional(v.string()),
});

/** Photo cache directory: DEALER_PHOTO_CACHE or <cache root>/photos (PIPELINE_CACHE_DIR, else <repo>/.cache). */
export function photoCacheDir(env: Environment = environment()): string {
  return env.DEALER_PHOTO_CACHE ?? join(cacheRoot(env), 'photos');
}

/** The fetch settings the environment may set (a part of FetchPhotoOptions in src/images/fetch.ts). */
export interface PhotoFetchSettings {
  timeoutMs?: number;
  maxBytes?: number;
  retries?: number;
  allowPrivate?: boolean;
}

/** The photo step's settings from the environment (a part of PhotoRunOptions in src/images/resolve.ts). */
export interface PhotoSettings {
  fetch: PhotoFetchSettings;
  downloads?: number;
  transforms?: number;
}

/**
 * Photo run options: DEALER_PHOTO_TIMEOUT_MS, DEALER_PHOTO_MAX_BYTES, DEALER_PHOTO_RETRIES,
 * DEALER_PHOTO_DOWNLOADS, DEALER_PHOTO_TRANSFORMS, DEALER_PHOTO_ALLOW_PRIVATE=1. Unset ones
 * keep the photo step's defaults; a value that is not a number, or for the downloads and
 * transforms not a whole number from 1 to 1000, throws ConfigError naming it.
 */
export function photoOptionsFromEnv(env: Environment = environment()): PhotoSettings {
  const e = parseEnvironment('photo', PhotoSchema, env);
  const fetch: PhotoFetchSettings = {};
  if (e.DEALER_PHOTO_TIMEOUT_MS !== undefined) fetch.timeoutMs = e.DEALER_PHOTO_TIMEOUT_MS;
  if (e.DEALER_PHOTO_MAX_BYTES !== undefined) fetch.maxBytes = e.DEALER_PHOTO_MAX_BYTES;
  if (e.DEALER_PHOTO_RETRIES !== undefined) fetch.retries = e.DEALER_PHOTO_RETRIES;
  if (e.DEALER_PHOTO_ALLOW_PRIVATE === '1') fetch.allowPrivate = true;
  return { fetch, downloads: e.DEALER_PHOTO_DOWNLOADS, transforms: e.DEALER_PHOTO_TRANSFORMS };
}
