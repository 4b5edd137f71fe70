/**
 * A local S3 stand-in for tests: the `s3rver` package (a Node implementation of the S3 REST
 * API over a folder) on a free port with one bucket, and an S3ObjectStore pointed at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3ObjectStore } from '../../../src/pipeline/publish/object-store.ts';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's own credentials (it checks signatures against them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Start s3rver with `bucket`; `store(prefix)` makes a store on it. */
export async function startS3rver(bucket = 'sites') {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    store: (prefix?: string) => new S3ObjectStore({ bucket, endpoint, forcePathStyle: true, region: 'us-east-1', prefix, credentials: S3RVER_CREDENTIALS }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
