/**
 * The bucket the publish settings (src/config/publish.ts) name, as an object store: what the
 * bucket publisher, the state's shared files and the edge open.
 */
import type { PublishSettings } from '../../config/publish.ts';
import { S3ObjectStore } from './object-store.ts';

/** The bucket of the settings. */
export function storeFromSettings(settings: PublishSettings & { bucket: string }): S3ObjectStore {
  return new S3ObjectStore({
    bucket: settings.bucket,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    region: settings.region,
    prefix: settings.prefix,
    timeoutMs: settings.timeoutMs,
  });
}
