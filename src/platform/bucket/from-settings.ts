/**
 * The bucket the publish settings (src/config/publish.ts) name, as an object store: what the
 * bucket publisher, the state's shared files and the edge open.
 */
import { S3ObjectStore } from './object-store.ts';

/** What opening the bucket reads of the publish settings (`bucketSettings`, src/config/publish.ts). */
export interface BucketLocation {
  bucket: string;
  endpoint?: string;
  forcePathStyle: boolean;
  region: string;
  prefix?: string;
  /** Longest wait for one request (ms). */
  timeoutMs?: number;
}

/** The bucket of the settings. */
export function storeFromSettings(settings: BucketLocation): S3ObjectStore {
  return new S3ObjectStore({
    bucket: settings.bucket,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    region: settings.region,
    prefix: settings.prefix,
    timeoutMs: settings.timeoutMs,
  });
}
