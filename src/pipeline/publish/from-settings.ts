/**
 * The bucket publisher and purger as the settings (src/config/publish.ts) say: what
 * `--publisher s3` of the pipeline and rollback commands loads.
 */
import { bucketSettings, type PublishSettings } from '../../config/publish.ts';
import type { PublisherContext } from './types.ts';
import { storeFromSettings } from '../../platform/bucket/from-settings.ts';
import { cloudflarePurger, cloudFrontPurger, type Purger } from './purge.ts';
import { createBucketPublisher, originsFromTenants, type BucketPublisher } from './s3-publisher.ts';

/** The purger of the settings, or undefined when CDN_PURGE is off. */
export function purgerFromSettings(settings: PublishSettings): Purger | undefined {
  const retry = { attempts: settings.purgeAttempts, baseDelayMs: settings.purgeBackoffMs };
  if (settings.purge === 'cloudfront')
    return cloudFrontPurger({ distributionId: settings.cloudFrontDistributionId!, endpoint: settings.cloudFrontEndpoint, retry });
  if (settings.purge === 'cloudflare')
    return cloudflarePurger({
      zoneId: settings.cloudflareZoneId!,
      apiToken: settings.cloudflareApiToken!,
      apiBase: settings.cloudflareApiBase,
      batchSize: settings.cloudflareBatch,
      retry,
    });
  return undefined;
}

/** `--publisher s3`: the bucket publisher from the environment. Throws ConfigError on bad settings. */
export function publisherFromSettings(context: PublisherContext = {}): BucketPublisher {
  const settings = bucketSettings(context.env);
  return createBucketPublisher({
    store: storeFromSettings(settings),
    purger: purgerFromSettings(settings),
    originsOf: context.tenantsDir ? originsFromTenants(context.tenantsDir) : undefined,
    concurrency: settings.concurrency,
    log: context.log,
  });
}
