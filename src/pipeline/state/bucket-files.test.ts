/**
 * The state's files in a bucket (a folder standing in for it): what one worker writes another
 * reads, nothing lands on either worker's data directory, keys stay under `_pipeline/`, and
 * the environment decides where files go (bucket only with shared records: DATABASE_URL).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryObjectStore } from '../publish/object-store.ts';
import { bucketFileStore, openStateFromSettings, STATE_KEY_PREFIX } from './bucket-files.ts';
import { openPipelineState } from './store.ts';

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bucket-files-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('bucketFileStore', () => {
  it('keeps every file under _pipeline/ of the bucket and refuses keys that leave it', async () => {
    const bucket = new DirectoryObjectStore(join(root, 'bucket'));
    const files = bucketFileStore(bucket);
    await files.put('stock/acme/000000000001-ab.json', '[1]');
    expect((await bucket.get(`${STATE_KEY_PREFIX}/stock/acme/000000000001-ab.json`))?.body.toString()).toBe('[1]');
    expect((await files.get('stock/acme/000000000001-ab.json'))?.toString()).toBe('[1]');
    await files.delete('stock/acme/000000000001-ab.json');
    expect(await files.get('stock/acme/000000000001-ab.json')).toBeNull();
    await expect(files.put('../acme/live.json', '{}')).rejects.toThrow(/invalid state file key/);
  });

  it('lets a worker read the stock and releases another wrote, with nothing on either disk', async () => {
    const bucket = new DirectoryObjectStore(join(root, 'bucket'));
    // Two workers: one SQLite file stands in for the shared records, each has its own data directory.
    const a = await openPipelineState({ dataDir: join(root, 'a'), files: bucketFileStore(bucket), stockMirror: false });
    const b = await openPipelineState({ dataDir: join(root, 'a'), files: bucketFileStore(bucket), stockMirror: false });
    try {
      await a.updateStock('acme', undefined, () => [{ id: 7 }]);
      expect(await b.stock('acme')).toEqual({ data: [{ id: 7 }], seq: 1 });
      expect(readdirSync(join(root, 'a')).filter((name) => !name.startsWith('state.sqlite'))).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('openStateFromSettings', () => {
  it('keeps files in the data directory without DATABASE_URL, even with a bucket set', async () => {
    const state = await openStateFromSettings(join(root, 'data'), { S3_BUCKET: 'sites' });
    try {
      expect(state.files.name).toBe(`directory ${join(root, 'data', 'files')}`);
    } finally {
      await state.close();
    }
    expect(existsSync(join(root, 'data', 'state.sqlite'))).toBe(true);
  });
});
