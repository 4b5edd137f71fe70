/**
 * A local S3 stand-in for tests: s3rver on a free port with one bucket
 * (tests/support/s3-server.ts), and S3ObjectStores pointed at it.
 */
import { S3ObjectStore } from '../../src/platform/bucket/object-store.ts';
import { startLocalS3 } from './s3-server.ts';

/** Start s3rver with `bucket`; `store(prefix)` makes a store on it. */
export async function startS3rver(bucket = 'sites') {
  const server = await startLocalS3({ bucket });
  return {
    endpoint: server.endpoint,
    bucket,
    store: (prefix?: string) =>
      new S3ObjectStore({ bucket, endpoint: server.endpoint, forcePathStyle: true, region: 'us-east-1', prefix, credentials: server.credentials.readWrite }),
    close: () => server.stop(),
  };
}
