/**
 * The pipeline state's files in object storage (issue 33 items 1 and 4): with the records in
 * PostgreSQL (DATABASE_URL) and a bucket set (S3_BUCKET), stock snapshots and release records
 * go to `<S3_PREFIX>/_pipeline/` of that bucket, so a worker on any machine reads what another
 * wrote and no worker's disk holds state. No tenant slug starts with `_`, so the edge never
 * resolves these keys. Without both settings the files stay in the data directory (one machine).
 */
import type { Environment } from '../../config/env.ts';
import { pipelineSettings } from '../../config/pipeline.ts';
import { bucketSettings, publishSettings } from '../../config/publish.ts';
import type { ObjectStore } from '../publish/object-store.ts';
import { checkKey, type FileStore } from './files.ts';
import { openPipelineState, type PipelineState } from './store.ts';

/** Key prefix of the state's files inside the bucket (after S3_PREFIX). */
export const STATE_KEY_PREFIX = '_pipeline';

/** A FileStore over a bucket: each key becomes `_pipeline/<key>`. */
export function bucketFileStore(store: ObjectStore): FileStore {
  const keyOf = (key: string) => `${STATE_KEY_PREFIX}/${checkKey(key)}`;
  return {
    name: `bucket ${store.location} (${STATE_KEY_PREFIX}/)`,
    async get(key) {
      return (await store.get(keyOf(key)))?.body ?? null;
    },
    async put(key, body) {
      await store.put(keyOf(key), typeof body === 'string' ? body : Buffer.from(body), { contentType: 'application/json', cacheControl: 'no-store' });
    },
    async delete(key) {
      await store.delete([keyOf(key)]);
    },
  };
}

/**
 * Open the pipeline state as the environment says: records in PostgreSQL (DATABASE_URL) with
 * files in the bucket when S3_BUCKET is set too; else SQLite and files in `dataDir`.
 * Throws ConfigError on a bad setting.
 */
export async function openStateFromSettings(dataDir: string, env?: Environment): Promise<PipelineState> {
  const { databaseUrl } = pipelineSettings(env);
  let files: FileStore | undefined;
  if (databaseUrl && publishSettings(env).bucket) {
    const { storeFromSettings } = await import('../publish/from-settings.ts');
    files = bucketFileStore(storeFromSettings(bucketSettings(env)));
  }
  return openPipelineState({ dataDir, databaseUrl, files });
}
