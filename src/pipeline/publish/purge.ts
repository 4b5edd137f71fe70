/**
 * CDN purge adapters: after a tenant's live pointer moves, the HTML paths
 * whose bytes changed (or vanished) are purged at the CDN, in batches, each retried with
 * exponential backoff on throttling, server errors and network faults. Off by default
 * (CDN_PURGE unset). Assets are content-hashed and immutable: never purged.
 * - CloudFront: CreateInvalidation (@aws-sdk/client-cloudfront), paths per distribution.
 * - Cloudflare: POST /zones/<zone>/purge_cache { files: [full URLs] }.
 * Both endpoints are configurable so tests point them at local stand-ins.
 */
import { CloudFrontClient, CreateInvalidationCommand, type CloudFrontClientConfig } from '@aws-sdk/client-cloudfront';
import { PUBLISH_DEFAULTS } from '../../config/publish.ts';

/** What to purge: URL paths of one tenant, on each of its hosts. */
export interface PurgeRequest {
  /** URL paths (`/cars/x/`). */
  paths: string[];
  /** The tenant's public origins (`https://dealer.com.au`): Cloudflare purges full URLs. */
  origins: string[];
}

/** What a purge did. */
export interface PurgeReport {
  purger: string;
  /** URLs (Cloudflare) or paths (CloudFront) sent. */
  items: number;
  /** Calls that succeeded. */
  batches: number;
  /** Failed attempts that were retried. */
  retries: number;
}

export interface Purger {
  readonly name: string;
  purge(request: PurgeRequest): Promise<PurgeReport>;
}

/** Retry policy of the purge calls. */
export interface RetryPolicy {
  /** Attempts per batch (first try included). */
  attempts: number;
  /** First backoff (ms); doubled each retry. */
  baseDelayMs: number;
}

/** The purge calls' retries when a caller hands none: PURGE_ATTEMPTS' and PURGE_BACKOFF_MS' defaults. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: PUBLISH_DEFAULTS.purgeAttempts, baseDelayMs: PUBLISH_DEFAULTS.purgeBackoffMs };

/** A failure the caller should not retry (bad token, unknown zone...). */
export class PermanentPurgeError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Run `call`, retrying with exponential backoff unless it throws PermanentPurgeError; counts retries. */
export async function withRetry<T>(call: () => Promise<T>, policy: RetryPolicy, onRetry: () => void): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PermanentPurgeError || attempt >= policy.attempts) throw error;
      onRetry();
      await sleep(policy.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}

/** Split a list into batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * The URL paths to purge for changed files: a directory index is served at `/dir/` (and
 * `/dir`, `/dir/index.html`), a page file at its own path. Only HTML: assets never change
 * in place.
 */
export function purgePathsOf(files: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    if (file === '/index.html') paths.add('/');
    else if (file.endsWith('/index.html')) {
      const directory = file.slice(0, -'index.html'.length);
      paths.add(directory);
      paths.add(directory.slice(0, -1));
    } else {
      paths.add(file);
      paths.add(file.slice(0, -'.html'.length));
    }
  }
  return [...paths].sort();
}

export interface CloudFrontPurgeOptions {
  distributionId: string;
  /** Custom endpoint (tests); unset for AWS. */
  endpoint?: string;
  region?: string;
  /** Paths per invalidation (CloudFront allows 3,000 in progress per distribution). */
  batchSize?: number;
  retry?: RetryPolicy;
  /** Explicit credentials (tests); otherwise the standard AWS chain. */
  credentials?: CloudFrontClientConfig['credentials'];
}

/** CloudFront invalidations. */
export function cloudFrontPurger(options: CloudFrontPurgeOptions): Purger {
  // The SDK's own retries are off: withRetry is the one policy, so its counts are true.
  const client = new CloudFrontClient({
    region: options.region ?? 'us-east-1',
    maxAttempts: 1,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const retry = options.retry ?? DEFAULT_RETRY;
  return {
    name: 'cloudfront',
    async purge({ paths }) {
      const report: PurgeReport = { purger: 'cloudfront', items: paths.length, batches: 0, retries: 0 };
      for (const [index, batch] of batches(paths, options.batchSize ?? 1000).entries()) {
        const reference = `${Date.now()}-${index}-${Math.random().toString(36).slice(2, 10)}`;
        await withRetry(
          async () => {
            try {
              await client.send(
                new CreateInvalidationCommand({
                  DistributionId: options.distributionId,
                  InvalidationBatch: { CallerReference: reference, Paths: { Quantity: batch.length, Items: batch.map((path) => encodeURI(path)) } },
                }),
              );
            } catch (error) {
              const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
              const name = (error as Error).name;
              const retryable = name === 'TooManyInvalidationsInProgress' || status === undefined || status === 429 || status >= 500;
              if (!retryable)
                throw new PermanentPurgeError(`CloudFront invalidation of ${options.distributionId} failed: ${name} (${status}): ${(error as Error).message}`);
              throw error;
            }
          },
          retry,
          () => (report.retries += 1),
        );
        report.batches += 1;
      }
      return report;
    },
  };
}

export interface CloudflarePurgeOptions {
  zoneId: string;
  apiToken: string;
  /** API base (tests); default https://api.cloudflare.com/client/v4. */
  apiBase?: string;
  /** URLs per call, at most Cloudflare's documented limit per purge-by-URL request (100; 500 on Enterprise). Default: CLOUDFLARE_PURGE_BATCH's. */
  batchSize?: number;
  retry?: RetryPolicy;
  fetch?: typeof fetch;
}

/** Cloudflare purge by URL. */
export function cloudflarePurger(options: CloudflarePurgeOptions): Purger {
  const base = (options.apiBase ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '');
  const retry = options.retry ?? DEFAULT_RETRY;
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'cloudflare',
    async purge({ paths, origins }) {
      const urls = origins.flatMap((origin) => paths.map((path) => `${origin.replace(/\/+$/, '')}${encodeURI(path)}`));
      const report: PurgeReport = { purger: 'cloudflare', items: urls.length, batches: 0, retries: 0 };
      for (const batch of batches(urls, options.batchSize ?? PUBLISH_DEFAULTS.cloudflareBatch)) {
        await withRetry(
          async () => {
            const response = await doFetch(`${base}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${options.apiToken}`, 'Content-Type': 'application/json' },
              body: JSON.stringify({ files: batch }),
            });
            const body = (await response.json().catch(() => null)) as { success?: boolean; errors?: { message?: string }[] } | null;
            if (response.ok && body?.success !== false) return;
            const message = `Cloudflare purge of zone ${options.zoneId} failed: HTTP ${response.status}${body?.errors?.length ? `: ${body.errors.map((error) => error.message).join('; ')}` : ''}`;
            if (response.status === 429 || response.status >= 500) throw new Error(message);
            throw new PermanentPurgeError(message);
          },
          retry,
          () => (report.retries += 1),
        );
        report.batches += 1;
      }
      return report;
    },
  };
}
