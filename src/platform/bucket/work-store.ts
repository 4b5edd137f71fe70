/**
 * Work a fleet shares through its bucket: what a release makes from inputs (photo variants,
 * drawn images), kept under `_work/<key>` (layout.ts), the key naming the inputs and settings,
 * so a worker looks it up before making it and one with an empty disk never makes again what
 * another made. A cache: an entry that is missing or cannot be read is made again, and a
 * failed write loses nothing but the sharing (the caller is told, to log it). A worker may claim
 * an entry before making it (`claim`), so two workers at once make it once.
 */
import { layout } from './layout.ts';
import type { ObjectStore } from './object-store.ts';

/** Shared work by key (`drawings/<key>.webp`, `photos/files/<name>`): `/`-separated, no `.` or `..` parts. */
export interface WorkStore {
  /** The bytes under `key`, or null when there are none (or they cannot be read). */
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer | string): Promise<void>;
  /**
   * Claim `key` for this worker before making what it names (a conditional PUT of a marker): true
   * when no worker claimed it before, false when one did (it makes it; wait for it). Optional: a
   * store that cannot claim has every worker make everything itself.
   */
  claim?(key: string): Promise<boolean>;
  /**
   * When the claim `key` was made (ms since the epoch, by the claiming worker's clock), or null
   * when there is none or it cannot be read: a claim older than the wait for it is stale (its
   * worker died or failed to store the work), so the work is made at once.
   */
  claimedAt?(key: string): Promise<number | null>;
}

/** The work store in a bucket, under `_work/`. */
export function bucketWorkStore(store: ObjectStore): WorkStore {
  const keyOf = (key: string) => layout.work(key);
  return {
    async get(key) {
      try {
        return (await store.get(keyOf(key)))?.body ?? null;
      } catch {
        return null;
      }
    },
    async put(key, body) {
      await store.put(keyOf(key), typeof body === 'string' ? Buffer.from(body) : body, { cacheControl: 'no-store' });
    },
    // A claim that cannot be made (no conditional PUT, a failed request) is taken: the work is made here.
    async claim(key) {
      if (!store.putIfAbsent) return true;
      try {
        return await store.putIfAbsent(keyOf(key), JSON.stringify({ at: new Date().toISOString(), pid: process.pid }), { cacheControl: 'no-store' });
      } catch {
        return true;
      }
    },
    async claimedAt(key) {
      try {
        const marker = await store.get(keyOf(key));
        const at = marker ? Date.parse((JSON.parse(marker.body.toString('utf8')) as { at?: unknown }).at as string) : NaN;
        return Number.isFinite(at) ? at : null;
      } catch {
        return null;
      }
    },
  };
}
