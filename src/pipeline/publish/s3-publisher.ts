/**
 * The bucket publisher (issue 33 items 2 and 3; docs/deploy.md "Publishing to a bucket"):
 * uploads a release into an ObjectStore in the layout of src/platform/bucket/layout.ts and switches the tenant's
 * live pointer last. Objects are content-addressed per tenant, so a file already in the
 * bucket (named by the live manifest, else found by HEAD) is never uploaded again: a
 * one-car release uploads its changed pages, its manifest and the pointer. Each file's response headers (Content-Type, Cache-Control, the `_headers`
 * rules of its path) go into the manifest, which the edge serves them from. Rollback moves
 * the pointer; prune drops manifests beyond the retention and the objects no kept manifest
 * names. Call prune and publish of one tenant under its lock (the pipeline's tenant lock).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { BASELINE_HEADERS, HEADERS_FILE, headersForPath, parseHeadersFile, type HeadersRule } from '../../site-policy/security-headers.ts';
import { tenantOfHost } from '../../lib/site/host.ts';
import { cacheControl, CONTENT_TYPES, extensionOf } from '../../lib/site/serving.ts';
import { silentLogger, type Logger } from '../log.ts';
import type { Publisher } from './types.ts';
import { layout, MANIFEST_FORMAT, releaseOfManifestKey, type HostAlias, type LivePointer, type PublishedManifest } from '../../platform/bucket/layout.ts';
import type { ObjectStore } from '../../platform/bucket/object-store.ts';
import { purgePathsOf, type PurgeReport, type Purger } from './purge.ts';

/** What one publish (or rollback) did. */
export interface PublishReport {
  slug: string;
  release: string;
  /** Files in the release. */
  files: number;
  /** Distinct file objects already in the bucket (not uploaded). */
  reused: number;
  /** File objects uploaded and their bytes. */
  uploadedFiles: number;
  uploadedFileBytes: number;
  manifestBytes: number;
  /** Every PUT of this publish (file objects, manifest, pointer, host aliases) and its bytes. */
  objects: number;
  bytes: number;
  /** The purge after the switch: its report, its error, or absent when purge is off / nothing changed. */
  purge?: PurgeReport | { error: string };
  seconds: number;
}

export interface S3PublisherOptions {
  store: ObjectStore;
  /** A tenant's public origins (site.json `url`): host aliases for the edge, URLs to purge. */
  originsOf?: (slug: string) => string[];
  /** Purge changed HTML after a switch (off when unset). */
  purger?: Purger;
  /** Parallel uploads / downloads. */
  concurrency?: number;
  /**
   * How long (ms) prune spares a release after it stopped being live, so an edge still
   * serving it from its pointer cache finds its objects. Default 10 minutes.
   */
  pruneGraceMs?: number;
  /** Clock (tests). */
  now?: () => number;
  log?: Logger;
}

/** The bucket publisher: a Publisher with every optional method, and its reports. */
export interface BucketPublisher extends Required<Publisher> {
  readonly store: ObjectStore;
  /** Reports of the latest publishes and rollbacks, newest last (at most 100). */
  readonly reports: PublishReport[];
}

/** Run `work` over `items`, at most `limit` at once. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

/** Every regular file of a release directory: URL path (`/a/index.html`) -> absolute path. */
function releaseFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      // Symbolic links are not followed: the local server never serves one that leaves the site either.
      else if (entry.isFile()) files.set(`/${relative(dir, path).split(sep).join('/')}`, path);
    }
  };
  walk(dir);
  return files;
}

/** Response headers of a file, as the local server (src/server/static-sites.ts) sends them. */
export function fileHeaders(urlPath: string, rules: readonly HeadersRule[] | null): Record<string, string> {
  return {
    ...BASELINE_HEADERS,
    ...(rules ? headersForPath(rules, urlPath) : {}),
    'Content-Type': CONTENT_TYPES[extensionOf(urlPath)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(urlPath),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** The URL paths whose object differs between two manifests (changed, added or removed). */
export function changedPaths(before: PublishedManifest | null, after: PublishedManifest | null): string[] {
  const paths = new Set([...Object.keys(before?.files ?? {}), ...Object.keys(after?.files ?? {})]);
  return [...paths].filter((path) => before?.files[path]?.object !== after?.files[path]?.object).sort();
}

/** Origins from each tenant's site.json `url` in a tenants directory. */
export function originsFromTenants(tenantsDir: string): (slug: string) => string[] {
  return (slug) => {
    try {
      const url = (JSON.parse(readFileSync(join(tenantsDir, slug, 'site.json'), 'utf8')) as { url?: unknown }).url;
      return typeof url === 'string' && /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  };
}

/** A publisher into an S3-compatible bucket (or any ObjectStore). */
export function createBucketPublisher(options: S3PublisherOptions): BucketPublisher {
  const { store } = options;
  const concurrency = options.concurrency ?? 16;
  const log = options.log ?? silentLogger;
  const reports: PublishReport[] = [];
  const now = options.now ?? Date.now;
  const graceMs = options.pruneGraceMs ?? 10 * 60_000;

  async function readJson<T>(key: string): Promise<T | null> {
    const object = await store.get(key);
    return object ? (JSON.parse(object.body.toString('utf8')) as T) : null;
  }

  async function liveRelease(slug: string): Promise<string | undefined> {
    return (await readJson<LivePointer>(layout.live(slug)))?.release;
  }

  /**
   * Switch the live pointer (one PUT: atomic for readers). Returns the release that was live
   * and the bytes written.
   */
  async function switchPointer(slug: string, id: string): Promise<{ previous: string | undefined; bytes: number }> {
    const current = await readJson<LivePointer>(layout.live(slug));
    const at = new Date(now()).toISOString();
    const horizon = now() - graceMs;
    const recent = [...(current && current.release !== id ? [{ release: current.release, until: at }] : []), ...(current?.recent ?? [])]
      .filter((entry) => entry.release !== id && Date.parse(entry.until) >= horizon)
      .slice(0, 20);
    const body = JSON.stringify({ release: id, at, ...(recent.length ? { recent } : {}) } satisfies LivePointer);
    await store.put(layout.live(slug), body, { contentType: 'application/json', cacheControl: 'no-store' });
    return { previous: current?.release, bytes: Buffer.byteLength(body) };
  }

  async function readPublished(slug: string, id: string): Promise<PublishedManifest | null> {
    return readJson<PublishedManifest>(layout.manifest(slug, id));
  }

  /** Purge what changed between two releases; never throws (the switch has happened). */
  async function purgeChanges(slug: string, before: PublishedManifest | null, after: PublishedManifest): Promise<PublishReport['purge']> {
    if (!options.purger || !before) return undefined;
    const paths = purgePathsOf(changedPaths(before, after));
    if (paths.length === 0) return undefined;
    try {
      return await options.purger.purge({ paths, origins: options.originsOf?.(slug) ?? [] });
    } catch (error) {
      log({ level: 'warn', event: 'purge-failed', tenant: slug, release: after.id, purger: options.purger.name, reason: (error as Error).message });
      return { error: (error as Error).message };
    }
  }

  /** Point the edge's host aliases of the tenant's own domains at it (written only when missing or different). */
  async function writeHostAliases(slug: string): Promise<{ objects: number; bytes: number }> {
    let objects = 0;
    let bytes = 0;
    for (const origin of options.originsOf?.(slug) ?? []) {
      const host = new URL(origin).hostname.toLowerCase();
      if (tenantOfHost(host)) continue;
      const alias = await readJson<HostAlias>(layout.host(host));
      if (alias?.slug === slug) continue;
      if (alias) log({ level: 'warn', event: 'host-alias-moved', tenant: slug, host, from: alias.slug });
      const body = JSON.stringify({ slug } satisfies HostAlias);
      await store.put(layout.host(host), body, { contentType: 'application/json', cacheControl: 'no-store' });
      objects += 1;
      bytes += body.length;
    }
    return { objects, bytes };
  }

  function remember(report: PublishReport): void {
    reports.push(report);
    if (reports.length > 100) reports.shift();
  }

  return {
    name: 's3',
    store,
    reports,
    liveRelease,

    async publish({ slug, id, dir, beforeSwitch }) {
      const started = performance.now();
      const files = releaseFiles(resolve(dir));
      const headersPath = files.get(`/${HEADERS_FILE}`);
      const rules = headersPath ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : null;
      // Objects of the live release are in the bucket (prune never drops the live release's).
      const liveId = await liveRelease(slug);
      const live = liveId ? await readPublished(slug, liveId) : null;
      const existing = new Set(Object.values(live?.files ?? {}).map((file) => file.object));

      const manifest: PublishedManifest = { format: MANIFEST_FORMAT, slug, id, createdAt: new Date(now()).toISOString(), headers: [], files: {} };
      const headerIndex = new Map<string, number>();
      const toUpload = new Map<string, { path: string; urlPath: string; headers: Record<string, string> }>();
      for (const [urlPath, path] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const bytes = readFileSync(path);
        const object = createHash('sha256').update(bytes).digest('hex');
        const headers = fileHeaders(urlPath, rules);
        const signature = JSON.stringify(headers);
        let index = headerIndex.get(signature);
        if (index === undefined) {
          index = manifest.headers.push(headers) - 1;
          headerIndex.set(signature, index);
        }
        manifest.files[urlPath] = { object, size: bytes.length, headers: index };
        if (!existing.has(object) && !toUpload.has(object)) toUpload.set(object, { path, urlPath, headers });
      }

      // The rest may be there too (an older kept release, a publish that failed after its
      // uploads): one HEAD each, unless the tenant has no live release yet (then all go up).
      if (live) {
        await inParallel([...toUpload.keys()], concurrency, async (object) => {
          if (await store.head(layout.object(slug, object))) toUpload.delete(object);
        });
      }
      let uploadedFileBytes = 0;
      await inParallel([...toUpload], concurrency, async ([object, file]) => {
        const bytes = readFileSync(file.path);
        if (createHash('sha256').update(bytes).digest('hex') !== object)
          throw new Error(`${file.urlPath} changed while release ${id} of ${slug} was being published`);
        // The object is immutable under its digest; headers are the first path's (the manifest's are authoritative).
        await store.put(layout.object(slug, object), bytes, { contentType: file.headers['Content-Type'], cacheControl: 'public, max-age=31536000, immutable' });
        uploadedFileBytes += bytes.length;
      });
      // The manifest only once every object it names is in the bucket; the pointer only after it.
      await beforeSwitch?.();
      const manifestBody = JSON.stringify(manifest);
      await store.put(layout.manifest(slug, id), manifestBody, { contentType: 'application/json', cacheControl: 'public, max-age=31536000, immutable' });
      const { previous: previousId, bytes: pointerBytes } = await switchPointer(slug, id);
      const aliases = await writeHostAliases(slug);
      const purge = previousId && previousId !== id ? await purgeChanges(slug, await readPublished(slug, previousId), manifest) : undefined;

      const report: PublishReport = {
        slug,
        release: id,
        files: files.size,
        reused: new Set(Object.values(manifest.files).map((file) => file.object)).size - toUpload.size,
        uploadedFiles: toUpload.size,
        uploadedFileBytes,
        manifestBytes: Buffer.byteLength(manifestBody),
        objects: toUpload.size + 2 + aliases.objects,
        bytes: uploadedFileBytes + Buffer.byteLength(manifestBody) + pointerBytes + aliases.bytes,
        ...(purge ? { purge } : {}),
        seconds: Math.round((performance.now() - started) / 10) / 100,
      };
      remember(report);
      log({
        event: 'bucket-publish',
        tenant: slug,
        release: id,
        store: store.location,
        files: report.files,
        reused: report.reused,
        uploadedFiles: report.uploadedFiles,
        manifestBytes: report.manifestBytes,
        objects: report.objects,
        bytes: report.bytes,
        seconds: report.seconds,
        ...(purge ? { purge } : {}),
      });
    },

    async rollback(slug, id) {
      const started = performance.now();
      const target = await readPublished(slug, id);
      if (!target) throw new Error(`release ${id} of ${slug} is not in ${store.location}`);
      const { previous: previousId, bytes: pointerBytes } = await switchPointer(slug, id);
      const purge = previousId && previousId !== id ? await purgeChanges(slug, await readPublished(slug, previousId), target) : undefined;
      const report: PublishReport = {
        slug,
        release: id,
        files: Object.keys(target.files).length,
        reused: 0,
        uploadedFiles: 0,
        uploadedFileBytes: 0,
        manifestBytes: 0,
        objects: 1,
        bytes: pointerBytes,
        ...(purge ? { purge } : {}),
        seconds: Math.round((performance.now() - started) / 10) / 100,
      };
      remember(report);
      log({ event: 'bucket-rollback', tenant: slug, release: id, from: previousId ?? null, store: store.location, ...(purge ? { purge } : {}) });
    },

    async prune(slug, keep) {
      const ids = (await store.list(layout.manifests(slug)))
        .map((object) => releaseOfManifestKey(object.key))
        .filter((id): id is string => id !== null)
        .sort();
      const pointer = await readJson<LivePointer>(layout.live(slug));
      const kept = new Set(ids.slice(-Math.max(1, keep)));
      if (pointer) kept.add(pointer.release);
      // Releases live until moments ago: an edge may still hold their pointer.
      for (const entry of pointer?.recent ?? []) if (Date.parse(entry.until) >= now() - graceMs && ids.includes(entry.release)) kept.add(entry.release);
      const dropped = ids.filter((id) => !kept.has(id));
      if (dropped.length === 0) return;
      await store.delete(dropped.map((id) => layout.manifest(slug, id)));
      // Objects no kept manifest names (including those of publishes that failed before their manifest).
      const referenced = new Set<string>();
      for (const id of kept) {
        const manifest = await readPublished(slug, id);
        if (!manifest) throw new Error(`prune of ${slug}: kept release ${id} has no readable manifest; nothing deleted`);
        for (const file of Object.values(manifest.files)) referenced.add(file.object);
      }
      const prefix = layout.objects(slug);
      const unreferenced = (await store.list(prefix)).map((object) => object.key).filter((key) => !referenced.has(key.slice(prefix.length)));
      await store.delete(unreferenced);
      log({ event: 'bucket-prune', tenant: slug, releases: dropped.length, objects: unreferenced.length, kept: [...kept].sort() });
    },

    async fetchRelease(slug, id, intoDir) {
      const manifest = await readPublished(slug, id);
      if (!manifest) return false;
      const root = resolve(intoDir);
      await inParallel(Object.entries(manifest.files), concurrency, async ([urlPath, file]) => {
        const target = resolve(root, `.${urlPath}`);
        if (!target.startsWith(root + sep)) throw new Error(`manifest ${slug}/${id}: path ${urlPath} leaves the release`);
        const object = await store.get(layout.object(slug, file.object));
        if (!object) throw new Error(`release ${id} of ${slug}: object of ${urlPath} is missing from ${store.location}`);
        if (createHash('sha256').update(object.body).digest('hex') !== file.object)
          throw new Error(`release ${id} of ${slug}: object of ${urlPath} does not match its digest`);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, object.body);
      });
      return true;
    },
  };
}
