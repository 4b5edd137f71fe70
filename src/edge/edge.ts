/**
 * The edge: serves shoppers from the bucket the S3 publisher writes, as a Fetch API handler, so
 * one code path runs as the Cloudflare Worker (cloudflare-worker.ts, over R2) and in Node
 * (scripts/edge.ts). A request's host names a tenant (`<slug>.localhost`, not in production, or a host
 * alias the publisher wrote for its claimed host); its live pointer (cached a second) names one release manifest, through which
 * every path of the request resolves, so no response mixes two releases (`x-release` says which).
 * A bucket that fails or stalls never holds a shopper: every read is bounded (`readTimeoutMs`);
 * the last good pointer and manifest are kept, and small files in memory (content-addressed, never
 * stale, up to `copyBytes`), so pages served before are served on; a page with no copy gets a bare
 * 504 (stalled) or 502 (failing). docs/reliability.md "The bucket". Pure: no Node imports.
 */
import { EDGE_DEFAULTS } from '../config/edge-settings.ts';
import { within } from '../lib/async/within.ts';
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

/** What the edge needs of the bucket: small JSON objects whole, file bodies as streams; a read may be given up (`signal`). */
export interface EdgeBucket {
  /** The object's text, or null when there is none. */
  getText(key: string, signal?: AbortSignal): Promise<string | null>;
  /** The object's body as a stream, or null when there is none. */
  getBody(key: string, signal?: AbortSignal): Promise<{ body: ReadableStream<Uint8Array> } | null>;
}

export interface EdgeOptions {
  bucket: EdgeBucket;
  /** How long a live pointer is trusted (ms): a switch shows within this. Default: EDGE_POINTER_TTL_MS's (EDGE_DEFAULTS). */
  pointerTtlMs?: number;
  /** How long a host alias is trusted (ms). Default 60000. */
  hostTtlMs?: number;
  /** Serve `<slug>.localhost` hosts (local runs and tests); false in production (src/config/publish.ts edgeSettings). Default true. */
  allowLocalhost?: boolean;
  /** Longest wait (ms) for one bucket read: a small object whole, or a file's first byte. Default: EDGE_READ_TIMEOUT_MS's (EDGE_DEFAULTS). */
  readTimeoutMs?: number;
  /** Bytes of object bodies kept in memory and served from there (the last good copies); 0 keeps none. Default: EDGE_COPY_MB's (EDGE_DEFAULTS). */
  copyBytes?: number;
  /** Largest body kept (bytes); larger files are streamed from the bucket. Default 1 MB. */
  copyMaxObjectBytes?: number;
  /** Tenants whose last served manifest is kept, to serve them through a bucket outage: the ones served most recently. Default 4096. */
  lastServedTenants?: number;
  /** Clock (tests). */
  now?: () => number;
  /** Told about bucket failures (the response only says 502 or 504: no bucket details reach shoppers). */
  onError?: (error: Error, request: Request) => void;
  /** Told when a request was answered from a last good copy because the bucket failed or stalled. */
  onStale?: (what: 'pointer' | 'manifest' | 'alias', error: Error, request: Request) => void;
}

/** Header naming the release that served a response. */
export const RELEASE_HEADER = 'x-release';

/** A bucket read that did not finish within the edge's bound. */
export class BucketTimeoutError extends Error {}

interface Cached<T> {
  value: T;
  until: number;
  /** A refresh in flight: later requests use `value` meanwhile. */
  refreshing?: Promise<T>;
}

const MANIFEST_CACHE_SIZE = 256;
/** Host aliases and live pointers kept that name a release or tenant: the ones used most recently. */
const KNOWN_NAMES = 10_000;
/**
 * Host names and slugs kept that name nothing (every Host header a scanner sends is one), apart
 * from the known ones so that they never push a tenant out.
 */
const UNKNOWN_NAMES = 1_000;
/** Default of EdgeOptions.lastServedTenants. */
const LAST_SERVED_TENANTS = 4096;

/** Wait (ms) before a failed bucket read is tried again. */
const RETRY_MS = 25;

/** The options with every default filled in: the settings' from EDGE_DEFAULTS (src/config), the edge's own here. */
export type ResolvedEdgeOptions = EdgeOptions &
  Required<Pick<EdgeOptions, 'pointerTtlMs' | 'hostTtlMs' | 'readTimeoutMs' | 'copyBytes' | 'copyMaxObjectBytes' | 'lastServedTenants' | 'now'>>;

/** `options` with its defaults, resolved once per handler. */
export function resolvedEdgeOptions(options: EdgeOptions): ResolvedEdgeOptions {
  return {
    ...options,
    pointerTtlMs: options.pointerTtlMs ?? EDGE_DEFAULTS.pointerTtlMs,
    hostTtlMs: options.hostTtlMs ?? 60_000,
    readTimeoutMs: options.readTimeoutMs ?? EDGE_DEFAULTS.readTimeoutMs,
    copyBytes: options.copyBytes ?? EDGE_DEFAULTS.copyMegabytes * 1024 * 1024,
    copyMaxObjectBytes: options.copyMaxObjectBytes ?? 1024 * 1024,
    lastServedTenants: options.lastServedTenants ?? LAST_SERVED_TENANTS,
    now: options.now ?? Date.now,
  };
}

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/** `work` given `ms`: past that its signal aborts and the promise rejects with BucketTimeoutError. */
function bounded<T>(ms: number, what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return within(ms, () => new BucketTimeoutError(`the bucket did not answer ${what} within ${ms} ms`), work);
}

/** A body stream that errors when no bytes come for `idleMs` (a bucket stalled mid-file ends the response instead of holding it). */
function watched(body: ReadableStream<Uint8Array>, idleMs: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BucketTimeoutError(`the bucket sent nothing for ${idleMs} ms`)), idleMs);
      });
      try {
        const { done, value } = await Promise.race([reader.read(), idle]);
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        void reader.cancel(error).catch(() => undefined);
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** A bounded in-memory set of object bodies, least recently used out first. */
class Copies {
  private readonly bodies = new Map<string, Uint8Array>();
  private bytes = 0;
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  get(key: string): Uint8Array | undefined {
    const body = this.bodies.get(key);
    if (body) {
      this.bodies.delete(key);
      this.bodies.set(key, body);
    }
    return body;
  }
  set(key: string, body: Uint8Array): void {
    if (body.byteLength > this.limit || this.bodies.has(key)) return;
    this.bodies.set(key, body);
    this.bytes += body.byteLength;
    for (const [oldest, evicted] of this.bodies) {
      if (this.bytes <= this.limit) break;
      this.bodies.delete(oldest);
      this.bytes -= evicted.byteLength;
    }
  }
}

/**
 * A small JSON object of the bucket, read within `timeoutMs`. A read that fails (a dropped
 * connection, or a store that overwrites an object in place, as the s3rver stand-in does, read
 * mid-write) is tried once more shortly after; one that timed out is not (the bucket is stalled).
 */
function jsonReader(bucket: EdgeBucket, timeoutMs: number) {
  async function readJsonOnce<T>(key: string): Promise<T | null> {
    const body = await bounded(timeoutMs, key, (signal) => bucket.getText(key, signal));
    return body === null ? null : (JSON.parse(body) as T);
  }
  return async function readJson<T>(key: string): Promise<T | null> {
    try {
      return await readJsonOnce<T>(key);
    } catch (error) {
      if (error instanceof BucketTimeoutError) throw error;
      await new Promise((done) => setTimeout(done, RETRY_MS));
      return readJsonOnce<T>(key);
    }
  };
}

/** Put `value` in `map` as its most recently used entry; the least recently used goes when `map` holds `limit`. */
function remember<V>(map: Map<string, V>, limit: number, key: string, value: V): V {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/**
 * Lookups by name (host aliases, live pointers), each bounded and least recently used out first:
 * a name that found something in `known`, one that found nothing (null) in the smaller `unknown`.
 */
class NameCache<T> {
  private readonly known = new Map<string, Cached<T | null>>();
  private readonly unknown = new Map<string, Cached<T | null>>();
  get(key: string): Cached<T | null> | undefined {
    const map = this.known.has(key) ? this.known : this.unknown;
    const hit = map.get(key);
    return hit && remember(map, Infinity, key, hit);
  }
  set(key: string, entry: Cached<T | null>): void {
    this.known.delete(key);
    this.unknown.delete(key);
    if (entry.value === null) remember(this.unknown, UNKNOWN_NAMES, key, entry);
    else remember(this.known, KNOWN_NAMES, key, entry);
  }
}

/**
 * Values trusted for `ttl` ms. Past that, one request refreshes a value (bounded) while the
 * others use the last one; a refresh that fails keeps the last value another `ttl` (stale if
 * error or stall).
 */
function staleCache(now: () => number) {
  return async function cached<T>(
    cache: NameCache<T>,
    key: string,
    ttl: number,
    load: () => Promise<T | null>,
    onStale: (error: Error) => void,
  ): Promise<T | null> {
    const hit = cache.get(key);
    if (hit && (hit.until > now() || hit.refreshing)) return hit.value;
    const refreshing = load();
    if (hit) hit.refreshing = refreshing;
    try {
      const value = await refreshing;
      cache.set(key, { value, until: now() + ttl });
      return value;
    } catch (error) {
      if (!hit) throw error;
      hit.refreshing = undefined;
      hit.until = now() + ttl;
      onStale(error as Error);
      return hit.value;
    }
  };
}

/** The bucket as the edge reads it: aliases, pointers and manifests, each bounded, the last good one kept when the bucket fails or stalls. */
function bucketReader(options: ResolvedEdgeOptions) {
  const readJson = jsonReader(options.bucket, options.readTimeoutMs);
  const cached = staleCache(options.now);
  const pointers = new NameCache<string>();
  const aliases = new NameCache<string>();
  // Manifests never change once written (a new release is a new id): cached by id.
  const manifests = new Map<string, PublishedManifest>();
  // The release each tenant was last served from: where a tenant stays when its new manifest cannot be read. Bounded: the most recently served tenants.
  const lastServed = new Map<string, PublishedManifest>();

  /** Note the manifest `slug` was served from; the tenant served longest ago goes when the map is full. */
  function served(slug: string, manifest: PublishedManifest): void {
    remember(lastServed, options.lastServedTenants, slug, manifest);
  }

  /** Keep `manifest` as the most recently used; the least recently used goes when the cache is full. */
  function keep(key: string, manifest: PublishedManifest): PublishedManifest {
    return remember(manifests, MANIFEST_CACHE_SIZE, key, manifest);
  }

  async function manifestOf(slug: string, id: string): Promise<PublishedManifest | null> {
    const key = `${slug}/${id}`;
    // A manifest never changes: the one this tenant was last served from is as good as the bucket's when it is the same release.
    const last = lastServed.get(slug);
    const hit = manifests.get(key) ?? (last?.id === id ? last : undefined);
    if (hit) return keep(key, hit);
    const manifest = await readJson<PublishedManifest>(layout.manifest(slug, id));
    if (!manifest) return null;
    if (!readableManifestFormat(manifest.format))
      throw new Error(`manifest ${slug}/${id}: format ${String(manifest.format)}, expected at most ${MANIFEST_FORMAT}`);
    return keep(key, manifest);
  }

  return {
    /** The tenant of a Host header: `<slug>.localhost`, or a host alias the publisher wrote. */
    async tenantOf(host: string, request: Request): Promise<string | null> {
      const slug = tenantOfHost(host);
      if (slug) return options.allowLocalhost === false ? null : slug;
      const name = hostName(host);
      if (!/^[a-z0-9.-]+$/.test(name)) return null;
      const load = async () => (await readJson<HostAlias>(layout.host(name)))?.slug ?? null;
      return cached(aliases, name, options.hostTtlMs, load, (error) => options.onStale?.('alias', error, request));
    },
    /** The live release of a tenant (its pointer, trusted `pointerTtlMs`). */
    liveRelease: (slug: string, request: Request) =>
      cached(
        pointers,
        slug,
        options.pointerTtlMs,
        async () => (await readJson<LivePointer>(layout.live(slug)))?.release ?? null,
        (error) => options.onStale?.('pointer', error, request),
      ),
    /** The manifest a request is served from: its live release's, else (bucket failing or stalled) the release last served. */
    async servingManifest(slug: string, release: string, request: Request): Promise<PublishedManifest | null> {
      try {
        const manifest = await manifestOf(slug, release);
        if (manifest) served(slug, manifest);
        return manifest;
      } catch (error) {
        const last = lastServed.get(slug);
        if (!last) throw error;
        options.onStale?.('manifest', error as Error, request);
        // Served from it again: the tenant stays among the most recently served.
        served(slug, last);
        return last;
      }
    },
  };
}

/**
 * Object bodies as the edge serves them: from memory, or read from the bucket once its first
 * byte came within the read bound: a small one read whole, then kept; a large one streamed. A
 * bucket silent mid-file for five bounds fails the small one's request and ends the large one's.
 */
function objectReader(options: ResolvedEdgeOptions) {
  const timeoutMs = options.readTimeoutMs;
  const maxCopy = options.copyMaxObjectBytes;
  const copies = new Copies(options.copyBytes);
  return async function objectBody(key: string, size: number): Promise<BodyInit | null> {
    const copy = copies.get(key);
    if (copy) return copy as Uint8Array<ArrayBuffer>;
    if (size > maxCopy) {
      const object = await bounded(timeoutMs, key, (signal) => options.bucket.getBody(key, signal));
      return object ? watched(object.body, timeoutMs * 5) : null;
    }
    // The first byte within the bound, as a large file's; the rest read whole (then kept) unless the bucket goes silent mid-file.
    const object = await bounded(timeoutMs, key, (signal) => options.bucket.getBody(key, signal));
    if (!object) return null;
    const bytes = new Uint8Array(await new Response(watched(object.body, timeoutMs * 5)).arrayBuffer());
    copies.set(key, bytes);
    return bytes as Uint8Array<ArrayBuffer>;
  };
}

/** One file of a release: its stored headers as this response sends them, an ETag, and the body. */
async function serveFile(
  objectBody: ReturnType<typeof objectReader>,
  request: Request,
  url: URL,
  manifest: PublishedManifest,
  path: string,
  status: number,
): Promise<Response> {
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
  const body = await objectBody(layout.fileObject(manifest.slug, file), file.size);
  if (body === null) return text(502, `object of ${path} missing from release ${manifest.id}`, { [RELEASE_HEADER]: manifest.id });
  return new Response(body, { status, headers });
}

/** The edge's request handler. */
export function createEdgeHandler(edgeOptions: EdgeOptions): (request: Request) => Promise<Response> {
  const options = resolvedEdgeOptions(edgeOptions);
  const reader = bucketReader(options);
  const objectBody = objectReader(options);
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return text(400, 'Bad Request: malformed URL');
    }
    try {
      const slug = await reader.tenantOf(request.headers.get('host') ?? url.host, request);
      if (!slug) return text(404, 'No site is published for this host.');
      const release = await reader.liveRelease(slug, request);
      if (!release) return text(404, `No site is published for "${slug}".`);
      const manifest = await reader.servingManifest(slug, release, request);
      if (!manifest) return text(502, `release ${release} of ${slug} has no manifest`);
      const path = resolvePublishedPath(manifest, url.pathname);
      if (path) return await serveFile(objectBody, request, url, manifest, path, 200);
      if (Object.hasOwn(manifest.files, '/404.html')) return await serveFile(objectBody, request, url, manifest, '/404.html', 404);
      return text(404, 'Not found', { [RELEASE_HEADER]: manifest.id });
    } catch (error) {
      options.onError?.(error as Error, request);
      return error instanceof BucketTimeoutError ? text(504, 'Gateway Timeout') : text(502, 'Bad Gateway');
    }
  };
}
