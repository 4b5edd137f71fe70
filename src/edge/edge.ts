/**
 * The edge: serves shoppers from the bucket the S3 publisher writes, as a
 * Fetch API handler (`Request` -> `Response`), so one code path runs as the Cloudflare
 * Worker of the CDN recipe (cloudflare-worker.ts, over R2) and in Node (scripts/edge.ts,
 * over any S3 bucket). A request's host names a tenant (`<slug>.localhost`, or a host alias
 * the publisher wrote from site.json `url`); its live pointer (cached a second) names one
 * release manifest, and every path of the request is resolved through that manifest, so no
 * response mixes two releases; a pointer that cannot be refreshed leaves the last one in use.
 * Each response says which release served it (`x-release`).
 * Pure: no Node imports.
 */
import { hostName, tenantOfHost } from '../lib/site/host.ts';
import { servedHeaders } from '../lib/site/serving.ts';
import {
  layout,
  MANIFEST_FORMAT,
  readableManifestFormat,
  resolvePublishedPath,
  type HostAlias,
  type LivePointer,
  type PublishedManifest,
} from '../platform/bucket/layout.ts';

/** What the edge needs of the bucket: small JSON objects whole, file bodies as streams. */
export interface EdgeBucket {
  /** The object's text, or null when there is none. */
  getText(key: string): Promise<string | null>;
  /** The object's body as a stream, or null when there is none. */
  getBody(key: string): Promise<{ body: ReadableStream<Uint8Array> } | null>;
}

export interface EdgeOptions {
  bucket: EdgeBucket;
  /** How long a live pointer is trusted (ms): a switch shows within this. Default 1000. */
  pointerTtlMs?: number;
  /** How long a host alias is trusted (ms). Default 60000. */
  hostTtlMs?: number;
  /** Clock (tests). */
  now?: () => number;
  /** Told about bucket failures (the response only says 502: no bucket details reach shoppers). */
  onError?: (error: Error, request: Request) => void;
}

/** Header naming the release that served a response. */
export const RELEASE_HEADER = 'x-release';

interface Cached<T> {
  value: T;
  until: number;
}

const MANIFEST_CACHE_SIZE = 256;

/** Wait (ms) before a failed bucket read is tried again. */
const RETRY_MS = 25;

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/** The bucket as the edge reads it: small JSON objects (tried twice), trusted for a while, the last value kept when a refresh fails. */
function bucketReader(options: EdgeOptions) {
  const { bucket } = options;
  const now = options.now ?? Date.now;
  const pointers = new Map<string, Cached<string | null>>();
  const aliases = new Map<string, Cached<string | null>>();
  // Manifests never change once written (a new release is a new id): cached by id.
  const manifests = new Map<string, PublishedManifest>();

  async function readJsonOnce<T>(key: string): Promise<T | null> {
    const body = await bucket.getText(key);
    return body === null ? null : (JSON.parse(body) as T);
  }

  /**
   * A small JSON object of the bucket. A read that fails (a dropped connection, or a store
   * that overwrites an object in place, as the s3rver stand-in does, read mid-write) is tried
   * once more shortly after.
   */
  async function readJson<T>(key: string): Promise<T | null> {
    try {
      return await readJsonOnce<T>(key);
    } catch {
      await new Promise((done) => setTimeout(done, RETRY_MS));
      return readJsonOnce<T>(key);
    }
  }

  /** A value trusted for `ttl` ms; when refreshing it fails, the last value read is kept (stale if error). */
  async function cached<T>(cache: Map<string, Cached<T>>, key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.value;
    let value: T;
    try {
      value = await load();
    } catch (error) {
      if (!hit) throw error;
      return hit.value;
    }
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { value, until: now() + ttl });
    return value;
  }

  return {
    /** The tenant of a Host header: `<slug>.localhost`, or a host alias the publisher wrote. */
    async tenantOf(host: string): Promise<string | null> {
      const slug = tenantOfHost(host);
      if (slug) return slug;
      const name = hostName(host);
      if (!/^[a-z0-9.-]+$/.test(name)) return null;
      return cached(aliases, name, options.hostTtlMs ?? 60_000, async () => (await readJson<HostAlias>(layout.host(name)))?.slug ?? null);
    },
    /** The live release of a tenant (its pointer, trusted `pointerTtlMs`). */
    liveRelease: (slug: string) =>
      cached(pointers, slug, options.pointerTtlMs ?? 1000, async () => (await readJson<LivePointer>(layout.live(slug)))?.release ?? null),
    async manifestOf(slug: string, id: string): Promise<PublishedManifest | null> {
      const key = `${slug}/${id}`;
      const hit = manifests.get(key);
      if (hit) return hit;
      const manifest = await readJson<PublishedManifest>(layout.manifest(slug, id));
      if (!manifest) return null;
      if (!readableManifestFormat(manifest.format))
        throw new Error(`manifest ${slug}/${id}: format ${String(manifest.format)}, expected at most ${MANIFEST_FORMAT}`);
      if (manifests.size >= MANIFEST_CACHE_SIZE) manifests.delete(manifests.keys().next().value!);
      manifests.set(key, manifest);
      return manifest;
    },
  };
}

/** One file of a release: its stored headers as this response sends them, an ETag, and the body streamed from the bucket. */
async function serveFile(bucket: EdgeBucket, request: Request, url: URL, manifest: PublishedManifest, path: string, status: number): Promise<Response> {
  const file = manifest.files[path]!;
  // As the local server answers (src/lib/site/serving.ts): no HTTPS upgrade over plain HTTP, no caching of an error page.
  const headers = new Headers(servedHeaders(manifest.headers[file.headers] ?? {}, { status, plainHttp: url.protocol === 'http:' }));
  headers.set(RELEASE_HEADER, manifest.id);
  if (status === 200) {
    const etag = `"${file.object}"`;
    headers.set('ETag', etag);
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(file.size));
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const object = await bucket.getBody(layout.fileObject(manifest.slug, file));
  if (!object) return text(502, `object of ${path} missing from release ${manifest.id}`, { [RELEASE_HEADER]: manifest.id });
  return new Response(object.body, { status, headers });
}

/** The edge's request handler. */
export function createEdgeHandler(options: EdgeOptions): (request: Request) => Promise<Response> {
  const reader = bucketReader(options);
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return text(400, 'Bad Request: malformed URL');
    }
    try {
      const slug = await reader.tenantOf(request.headers.get('host') ?? url.host);
      if (!slug) return text(404, 'No site is published for this host.');
      const release = await reader.liveRelease(slug);
      if (!release) return text(404, `No site is published for "${slug}".`);
      const manifest = await reader.manifestOf(slug, release);
      if (!manifest) return text(502, `release ${release} of ${slug} has no manifest`);
      const path = resolvePublishedPath(manifest, url.pathname);
      if (path) return await serveFile(options.bucket, request, url, manifest, path, 200);
      if (Object.hasOwn(manifest.files, '/404.html')) return await serveFile(options.bucket, request, url, manifest, '/404.html', 404);
      return text(404, 'Not found', { [RELEASE_HEADER]: manifest.id });
    } catch (error) {
      options.onError?.(error as Error, request);
      return text(502, 'Bad Gateway');
    }
  };
}
