/**
 * The CDN recipe's Cloudflare Worker (docs/deploy.md "CDN recipe"): the edge of edge.ts over
 * an R2 bucket binding. Deploy with wrangler (the recipe's wrangler.toml binds the bucket as
 * SITES and routes every dealer host to the worker). Reads only: the pipeline writes the bucket
 * through R2's S3 API (`--publisher s3`, S3_ENDPOINT=https://<account>.r2.cloudflarestorage.com).
 */
import { EDGE_DEFAULTS } from '../config/edge-settings.ts';
import { createEdgeHandler, type EdgeBucket, type EdgeOptions } from './edge.ts';

/** The part of Workers' R2 binding the edge uses (@cloudflare/workers-types R2Bucket). */
interface R2Bucket {
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; text(): Promise<string> } | null>;
}

/** The worker's bindings. */
export interface WorkerEnv {
  SITES: R2Bucket;
  /** The S3_PREFIX the pipeline publishes under (optional). */
  SITES_PREFIX?: string;
  /** EDGE_POINTER_TTL_MS: how long an isolate trusts a live pointer (default: EDGE_DEFAULTS.pointerTtlMs). */
  POINTER_TTL_MS?: string;
  /** "true": also serve `<slug>.localhost` hosts (never in production; a test or preview worker). */
  ALLOW_LOCALHOST?: string;
  /** EDGE_READ_TIMEOUT_MS: longest wait for one R2 read before the last good copy, or 504 (default: EDGE_DEFAULTS.readTimeoutMs). */
  READ_TIMEOUT_MS?: string;
  /** EDGE_COPY_MB: memory of the isolate for last good copies of small files (default: EDGE_DEFAULTS.workerCopyMegabytes, an isolate has 128 MB). */
  COPY_MB?: string;
}

/** The edge's view of an R2 binding under a key prefix. */
export function r2Bucket(bucket: R2Bucket, prefix = ''): EdgeBucket {
  const base = prefix.replace(/^\/+|\/+$/g, '');
  const full = (key: string) => (base ? `${base}/${key}` : key);
  return {
    async getText(key) {
      const object = await bucket.get(full(key));
      return object ? object.text() : null;
    },
    async getBody(key) {
      const object = await bucket.get(full(key));
      return object ? { body: object.body } : null;
    },
  };
}

/** The edge's options from the worker's bindings: an unset one takes the edge's default (EDGE_DEFAULTS). */
export function workerEdgeOptions(env: WorkerEnv): EdgeOptions {
  return {
    bucket: r2Bucket(env.SITES, env.SITES_PREFIX),
    pointerTtlMs: env.POINTER_TTL_MS ? Number(env.POINTER_TTL_MS) : undefined,
    allowLocalhost: env.ALLOW_LOCALHOST === 'true',
    readTimeoutMs: env.READ_TIMEOUT_MS ? Number(env.READ_TIMEOUT_MS) : undefined,
    copyBytes: (env.COPY_MB ? Number(env.COPY_MB) : EDGE_DEFAULTS.workerCopyMegabytes) * 1024 * 1024,
  };
}

let handler: ((request: Request) => Promise<Response>) | undefined;

export default {
  /** One handler per isolate: its pointer and manifest caches live as long as the isolate. */
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    handler ??= createEdgeHandler(workerEdgeOptions(env));
    return handler(request);
  },
};
