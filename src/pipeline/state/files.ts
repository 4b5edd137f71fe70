/**
 * Files of the pipeline's state: the accepted stock snapshots, held feeds and
 * feed reports. A small key/value interface so the local data directory (the default) and an
 * object-storage bucket (objectFileStore) are one line apart: keys are `/`-separated relative paths
 * (`stock/<slug>/<seq>.json`); a write is atomic for readers (all old or all new bytes).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { writeFileAtomic } from '../../platform/fs/atomic-file.ts';
import type { Environment } from '../../config/env.ts';
import { stateFilesLocation } from '../../config/pipeline.ts';
import { bucketSettings } from '../../config/publish.ts';
import { storeFromSettings } from '../../platform/bucket/from-settings.ts';
import type { ObjectStore } from '../../platform/bucket/object-store.ts';

/** Where the state's files live. */
export interface FileStore {
  readonly name: string;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Uint8Array | string): Promise<void>;
  /** Remove `key` (no error when it is absent). */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

/** Reject keys that could leave the store's root (the parts come from tenant slugs and ids). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`invalid state file key: ${JSON.stringify(key)}`);
  return key;
}

/** A directory on the local disk (the data directory's `files/`). */
export function localFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = join(base, ...checkKey(key).split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`invalid state file key: ${JSON.stringify(key)}`);
    return path;
  };
  return {
    name: `directory ${base}`,
    async get(key) {
      try {
        return readFileSync(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async put(key, body) {
      const path = pathOf(key);
      mkdirSync(dirname(path), { recursive: true });
      writeFileAtomic(path, body);
    },
    async delete(key) {
      rmSync(pathOf(key), { force: true });
    },
  };
}

/** The state's files in a bucket (src/platform/bucket/object-store.ts) under `prefix`, so processes on several machines share them. */
export function objectFileStore(store: ObjectStore, prefix = '_state'): FileStore {
  const keyOf = (key: string) => `${prefix}/${checkKey(key)}`;
  return {
    name: `${store.location} (${prefix}/)`,
    async get(key) {
      return (await store.get(keyOf(key)))?.body ?? null;
    },
    async put(key, body) {
      await store.put(keyOf(key), typeof body === 'string' ? body : Buffer.from(body), { contentType: 'application/octet-stream', cacheControl: 'no-store' });
    },
    async delete(key) {
      await store.delete([keyOf(key)]);
    },
  };
}

/**
 * The state's files where the settings say (src/config/pipeline.ts stateFilesLocation): the
 * bucket's `_state/` keys, so every machine reads what any wrote, or undefined for the data
 * directory's `files/` (one machine). `databaseUrl`: the state's database, when it is not
 * DATABASE_URL of `env` (the lead API's own setting).
 */
export function sharedStateFiles(databaseUrl: string | undefined, env?: Environment): FileStore | undefined {
  return stateFilesLocation(env, databaseUrl) === 'bucket' ? objectFileStore(storeFromSettings(bucketSettings(env))) : undefined;
}
