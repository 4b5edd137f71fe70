/**
 * Settings of publishing to a bucket, purging the CDN and the edge (docs/deploy.md
 * "Settings"), from the environment (env.ts reads it). Bucket credentials are not read here:
 * @aws-sdk/client-s3 takes them from the standard AWS chain (AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an instance or task role). CLOUDFLARE_API_TOKEN is a
 * secret of the pipeline only.
 */
import * as v from 'valibot';
import { EDGE_DEFAULTS } from './edge-settings.ts';
import { configError, environment, flag, integer, readSettings, settingVariables, type Environment, type SettingsOf, type SettingSources } from './env.ts';

const url = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^https?:\/\/[^\s/]+/i, 'expected an http(s) URL such as http://127.0.0.1:9000'),
    v.url('expected an http(s) URL such as http://127.0.0.1:9000'),
  ),
);
const text = v.optional(v.pipe(v.string(), v.trim()));

/** Releases kept for rollback when RELEASE_RETENTION is unset (also the pipeline's default when it is handed no setting). */
export const DEFAULT_RETENTION = 5;

/** Publishing's defaults: the variables' below, and the bucket publisher's and the purgers' when a caller hands no setting (tests, scripts). */
export const PUBLISH_DEFAULTS = {
  /** Parallel uploads and downloads of one publish (S3_CONCURRENCY). */
  concurrency: 16,
  /** Attempts per purge call, and the first backoff in ms, doubled each retry (PURGE_ATTEMPTS, PURGE_BACKOFF_MS). */
  purgeAttempts: 5,
  purgeBackoffMs: 500,
  /** URLs per Cloudflare purge call (CLOUDFLARE_PURGE_BATCH). */
  cloudflareBatch: 100,
} as const;

/** Each publish setting: the variable it is read from and that variable's schema. */
const PUBLISH_SETTINGS = {
  /** The bucket sites are published to (required by `--publisher s3` and the edge). */
  bucket: ['S3_BUCKET', text],
  /** Endpoint of an S3-compatible store (R2, MinIO, s3rver); unset for AWS S3. */
  endpoint: ['S3_ENDPOINT', url],
  /** Path-style requests (`<endpoint>/<bucket>/<key>`): MinIO and s3rver need them. */
  forcePathStyle: ['S3_FORCE_PATH_STYLE', flag(false)],
  /** The bucket's region (`auto` for R2). */
  region: ['S3_REGION', v.optional(v.pipe(v.string(), v.trim()), 'us-east-1')],
  /** Key prefix inside the bucket, so one bucket can hold several deployments. */
  prefix: ['S3_PREFIX', text],
  /** Parallel uploads and downloads of one publish. */
  concurrency: ['S3_CONCURRENCY', integer(PUBLISH_DEFAULTS.concurrency, 1, 256)],
  /** A bucket request whose connection or socket stays silent this long (ms) fails and is retried (a stalled bucket never holds a publish). */
  timeoutMs: ['S3_TIMEOUT_MS', integer(30_000, 1000, 600_000)],
  /** Releases kept for rollback, in the bucket and on the pipeline's disk (`--keep` overrides). */
  retention: ['RELEASE_RETENTION', integer(DEFAULT_RETENTION, 1, 1000)],
  /** Purge changed HTML at the CDN after a switch: off, cloudfront or cloudflare. */
  purge: ['CDN_PURGE', v.optional(v.picklist(['off', 'cloudfront', 'cloudflare'], 'expected off, cloudfront or cloudflare'), 'off')],
  /** CloudFront distribution serving the sites (CDN_PURGE=cloudfront). */
  cloudFrontDistributionId: ['CLOUDFRONT_DISTRIBUTION_ID', text],
  /** CloudFront API endpoint (tests); unset for AWS. */
  cloudFrontEndpoint: ['CLOUDFRONT_ENDPOINT', url],
  /** Cloudflare zone of the dealers' hosts (CDN_PURGE=cloudflare). */
  cloudflareZoneId: ['CLOUDFLARE_ZONE_ID', text],
  /** Cloudflare API token with the Cache Purge permission (secret). */
  cloudflareApiToken: ['CLOUDFLARE_API_TOKEN', text],
  /** Cloudflare API base (tests); default https://api.cloudflare.com/client/v4. */
  cloudflareApiBase: ['CLOUDFLARE_API_BASE', url],
  /** URLs per Cloudflare purge call (its documented limit is 100; 500 on Enterprise). */
  cloudflareBatch: ['CLOUDFLARE_PURGE_BATCH', integer(PUBLISH_DEFAULTS.cloudflareBatch, 1, 500)],
  /** Attempts per purge call, and the first backoff (doubled each retry). */
  purgeAttempts: ['PURGE_ATTEMPTS', integer(PUBLISH_DEFAULTS.purgeAttempts, 1, 20)],
  purgeBackoffMs: ['PURGE_BACKOFF_MS', integer(PUBLISH_DEFAULTS.purgeBackoffMs, 0, 60_000)],
} as const satisfies SettingSources;

/** Settings of the Node edge (scripts/edge.ts); their defaults are EDGE_DEFAULTS (edge-settings.ts). */
const EDGE_SETTINGS = {
  /** Where the edge listens. */
  port: ['EDGE_PORT', integer(EDGE_DEFAULTS.port, 0, 65535)],
  host: ['EDGE_HOST', v.optional(v.pipe(v.string(), v.trim()), EDGE_DEFAULTS.host)],
  /** How long the edge trusts a tenant's live pointer (ms): a switch shows within it. */
  pointerTtlMs: ['EDGE_POINTER_TTL_MS', integer(EDGE_DEFAULTS.pointerTtlMs, 0, 60_000)],
  /** Serve `<slug>.localhost` hosts in production too (tests); outside production they are always served. */
  allowLocalhost: ['EDGE_ALLOW_LOCALHOST', flag(false)],
  /** Longest wait for one bucket read (ms): past it the edge answers from its last good copy, or 504. */
  readTimeoutMs: ['EDGE_READ_TIMEOUT_MS', integer(EDGE_DEFAULTS.readTimeoutMs, 100, 60_000)],
  /** Memory for the last good copies of small files (MB; 0: none). */
  copyMegabytes: ['EDGE_COPY_MB', integer(EDGE_DEFAULTS.copyMegabytes, 0, 4096)],
} as const satisfies SettingSources;

/** The variables publishing reads. */
export const PUBLISH_VARIABLES: readonly string[] = [...settingVariables(PUBLISH_SETTINGS), ...settingVariables(EDGE_SETTINGS)];

export type PublishSettings = SettingsOf<typeof PUBLISH_SETTINGS>;
export type EdgeSettings = SettingsOf<typeof EDGE_SETTINGS>;

/** Read and validate the publish settings; throws ConfigError naming each bad variable. */
export function publishSettings(env: Environment = environment()): PublishSettings {
  return readSettings('publish', PUBLISH_SETTINGS, env);
}

/** The publish settings for a bucket publisher: also checks what the chosen options require. */
export function bucketSettings(env: Environment = environment()): PublishSettings & { bucket: string } {
  const settings = publishSettings(env);
  const problems: string[] = [];
  if (!settings.bucket) problems.push('S3_BUCKET: required to publish to a bucket (the bucket name)');
  if (settings.purge === 'cloudfront' && !settings.cloudFrontDistributionId) problems.push('CLOUDFRONT_DISTRIBUTION_ID: required when CDN_PURGE=cloudfront');
  if (settings.purge === 'cloudflare' && !settings.cloudflareZoneId) problems.push('CLOUDFLARE_ZONE_ID: required when CDN_PURGE=cloudflare');
  if (settings.purge === 'cloudflare' && !settings.cloudflareApiToken)
    problems.push('CLOUDFLARE_API_TOKEN: required when CDN_PURGE=cloudflare (a token with the Cache Purge permission)');
  if (problems.length) throw configError('publish', problems);
  return settings as PublishSettings & { bucket: string };
}

/** Read and validate the edge's settings. */
export function edgeSettings(env: Environment = environment()): EdgeSettings {
  const settings = readSettings('edge', EDGE_SETTINGS, env);
  return { ...settings, allowLocalhost: settings.allowLocalhost || env.NODE_ENV !== 'production' };
}
