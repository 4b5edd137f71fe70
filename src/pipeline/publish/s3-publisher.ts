/**
 * The bucket publisher (docs/deploy.md "Publishing to a bucket"): uploads a release into an
 * ObjectStore in the layout of src/platform/bucket/layout.ts, the live pointer switched last.
 * Objects are content-addressed per tenant, so a file already in the bucket (named by the live
 * manifest, else found by HEAD) is never uploaded again; a code version's shared object this
 * publisher stored or found is neither asked for nor uploaded again (knownShared). Each file's response headers
 * (src/site-policy/serving.ts) go into the manifest the edge serves them from. Rollback moves
 * the pointer; prune drops manifests beyond the retention and the objects no kept manifest
 * names. Host aliases (`_hosts/<host>.json`) follow the release's claimed hosts (one host, one
 * tenant: an alias of another tenant is never taken without the state's claim), and a tenant's
 * former aliases are removed. Call prune and publish of one tenant under its lock.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { PIPELINE_DEFAULTS } from '../../config/pipeline.ts';
import { PUBLISH_DEFAULTS } from '../../config/publish.ts';
import { HEADERS_FILE, parseHeadersFile } from '../../site-policy/security-headers.ts';
import { responseHeaders } from '../../site-policy/serving.ts';
import { tenantOfHost } from '../../lib/site/host.ts';
import { duplicateHostMessage, siteHost } from '../../lib/site/host-claims.ts';
import { walkFiles } from '../../platform/fs/walk.ts';
import { silentLogger, type Logger } from '../log.ts';
import type { Publisher, ReleaseHosts, SharedFiles } from './types.ts';
import {
  layout,
  MANIFEST_FORMAT,
  releaseOfManifestKey,
  TENANT_MANIFEST_FORMAT,
  type HostAlias,
  type LivePointer,
  type PublishedManifest,
} from '../../platform/bucket/layout.ts';
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
  /** Parallel uploads / downloads. Default: S3_CONCURRENCY's (PUBLISH_DEFAULTS). */
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

/** What every operation of one bucket publisher shares. */
interface Bucket {
  options: S3PublisherOptions;
  store: ObjectStore;
  concurrency: number;
  log: Logger;
  reports: PublishReport[];
  now: () => number;
  graceMs: number;
  /** Shared objects this publisher stored or found, by code version: they are never rewritten while it is in use (see knownShared). */
  knownShared: Map<string, { since: number; objects: Set<string> }>;
  /** Shared objects being uploaded by a publish of this publisher, by key: another publish waits for the upload rather than asking or uploading too. */
  uploadingShared: Map<string, Promise<void>>;
  /** HEADs of shared objects under way, by key: another publish at once takes the answer rather than asking too. */
  headingShared: Map<string, Promise<boolean>>;
}

/** The remembered shared objects of `code` (a fresh set once the last is older than PIPELINE_DEFAULTS.knownSharedMs). */
function knownSharedOf(bucket: Bucket, code: string): Set<string> {
  const now = bucket.now();
  let known = bucket.knownShared.get(code);
  if (!known || now - known.since > PIPELINE_DEFAULTS.knownSharedMs) {
    bucket.knownShared.delete(code);
    if (bucket.knownShared.size >= PIPELINE_DEFAULTS.knownCodeVersions) bucket.knownShared.delete(bucket.knownShared.keys().next().value!);
    known = { since: now, objects: new Set() };
    bucket.knownShared.set(code, known);
  }
  return known.objects;
}

/** Run `work` over `items`, at most `limit` at once. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

/** Every regular file of a release directory: URL path (`/a/index.html`) -> absolute path. Symbolic links are not followed: the local server never serves one that leaves the site either. */
function releaseFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of walkFiles(dir)) if (file.dirent.isFile()) files.set(`/${file.relative}`, file.path);
  return files;
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

async function readJson<T>(bucket: Bucket, key: string): Promise<T | null> {
  const object = await bucket.store.get(key);
  return object ? (JSON.parse(object.body.toString('utf8')) as T) : null;
}

const readPublished = (bucket: Bucket, slug: string, id: string) => readJson<PublishedManifest>(bucket, layout.manifest(slug, id));

/** Switch the live pointer (one PUT: atomic for readers), keeping recently live releases for the edges' pointer caches; the release that was live and the bytes written. */
async function switchPointer(
  bucket: Bucket,
  slug: string,
  id: string,
  read?: { pointer: LivePointer | null },
): Promise<{ previous: string | undefined; bytes: number }> {
  // `read`: the pointer as the publish read it right before its switch, not fetched again.
  const current = read ? read.pointer : await readJson<LivePointer>(bucket, layout.live(slug));
  const at = new Date(bucket.now()).toISOString();
  const horizon = bucket.now() - bucket.graceMs;
  // Every release live within the grace stays listed (prune keeps them), however many came since.
  const recent = [...(current && current.release !== id ? [{ release: current.release, until: at }] : []), ...(current?.recent ?? [])].filter(
    (entry) => entry.release !== id && Date.parse(entry.until) >= horizon,
  );
  const body = JSON.stringify({ release: id, at, ...(recent.length ? { recent } : {}) } satisfies LivePointer);
  await bucket.store.put(layout.live(slug), body, { contentType: 'application/json', cacheControl: 'no-store' });
  return { previous: current?.release, bytes: Buffer.byteLength(body) };
}

/**
 * Purge what changed between the release that was live and the new one; never throws (the
 * switch has happened). `read`: a manifest already read (the publish's live one), not fetched again when it is the previous release's.
 */
async function purgeChanges(
  bucket: Bucket,
  slug: string,
  previousId: string | undefined,
  after: PublishedManifest,
  read?: PublishedManifest | null,
): Promise<PublishReport['purge']> {
  const { purger, originsOf } = bucket.options;
  if (!previousId || previousId === after.id || !purger) return undefined;
  const before = read?.id === previousId ? read : await readPublished(bucket, slug, previousId);
  if (!purger || !before) return undefined;
  const paths = purgePathsOf(changedPaths(before, after));
  if (paths.length === 0) return undefined;
  try {
    return await purger.purge({ paths, origins: originsOf?.(slug) ?? [] });
  } catch (error) {
    bucket.log({ level: 'warn', event: 'purge-failed', tenant: slug, release: after.id, purger: purger.name, reason: (error as Error).message });
    return { error: (error as Error).message };
  }
}

/** The host aliases a publish writes: the release's claimed hosts, else the host names of the tenant's origins. */
function aliasNames(bucket: Bucket, slug: string, hosts: ReleaseHosts | undefined): string[] {
  const names = hosts
    ? hosts.serve
    : (bucket.options.originsOf?.(slug) ?? []).map((origin) => siteHost(origin)?.name).filter((name): name is string => name !== undefined);
  return [...new Set(names)].filter((name) => !tenantOfHost(name));
}

/**
 * Before the switch: the aliases to write (missing or naming another tenant). With the pipeline's
 * host claims (`hosts`), a claimed host is the tenant's even when its alias names another (that
 * tenant's url no longer names it); without them an alias of another tenant is never taken: the
 * publish fails naming both (one host, one tenant, src/lib/site/host-claims.ts).
 */
async function aliasesToWrite(bucket: Bucket, slug: string, hosts: ReleaseHosts | undefined): Promise<string[]> {
  const writes: string[] = [];
  for (const name of aliasNames(bucket, slug, hosts)) {
    const alias = await readJson<HostAlias>(bucket, layout.host(name));
    if (alias?.slug === slug) continue;
    if (alias && !hosts) throw new Error(duplicateHostMessage(slug, name, alias.slug));
    if (alias) bucket.log({ level: 'warn', event: 'host-alias-moved', tenant: slug, host: name, from: alias.slug });
    writes.push(name);
  }
  return writes;
}

/** After the switch: point the aliases at the tenant, and remove its former ones that still name it. */
async function writeHostAliases(bucket: Bucket, slug: string, writes: readonly string[], drop: readonly string[]): Promise<{ objects: number; bytes: number }> {
  const body = JSON.stringify({ slug } satisfies HostAlias);
  for (const name of writes) await bucket.store.put(layout.host(name), body, { contentType: 'application/json', cacheControl: 'no-store' });
  const dropped: string[] = [];
  for (const name of drop) if (!writes.includes(name) && (await readJson<HostAlias>(bucket, layout.host(name)))?.slug === slug) dropped.push(name);
  if (dropped.length > 0) {
    await bucket.store.delete(dropped.map((name) => layout.host(name)));
    bucket.log({ event: 'host-alias-removed', tenant: slug, hosts: dropped });
  }
  return { objects: writes.length, bytes: writes.length * body.length };
}

function remember(bucket: Bucket, report: PublishReport): void {
  bucket.reports.push(report);
  if (bucket.reports.length > 100) bucket.reports.shift();
}

/** A file to upload: its object key and digest (and code version, a shared one's), where it is, its URL path, headers, and its bytes when still held from hashing. */
type Upload = { key: string; object: string; code?: string; path: string; urlPath: string; headers: Record<string, string>; bytes?: Buffer };

/** Bytes of the files to upload kept in memory from hashing to upload (a file past it is read again at upload). */
const HELD_BYTES = 128 * 1024 * 1024;

/**
 * The manifest of a release directory (each file's object and its shared header set), and the
 * objects to upload: those `stored` does not name. Each file is read once: its digest, and its
 * bytes kept for the upload (up to HELD_BYTES). A file of `shared` goes under the code version
 * (`code` on its entry), uploaded unless the compile stored it or `known` (digests) names it;
 * the rest are the tenant's own objects.
 */
function manifestOfRelease(
  release: { slug: string; id: string; createdAt: string; dir: string; shared?: SharedFiles },
  stored: ReadonlySet<string>,
  known: ReadonlySet<string> | undefined,
): { manifest: PublishedManifest; toUpload: Map<string, Upload>; files: number } {
  const { slug, shared } = release;
  const files = releaseFiles(resolve(release.dir));
  const headersPath = files.get(`/${HEADERS_FILE}`);
  const rules = headersPath ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : null;
  const manifest: PublishedManifest = { format: TENANT_MANIFEST_FORMAT, slug, id: release.id, createdAt: release.createdAt, headers: [], files: {} };
  const headerIndex = new Map<string, number>();
  const toUpload = new Map<string, Upload>();
  let held = 0;
  for (const [urlPath, path] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const bytes = readFileSync(path);
    const object = createHash('sha256').update(bytes).digest('hex');
    const headers = responseHeaders(urlPath, rules);
    const signature = JSON.stringify(headers);
    let index = headerIndex.get(signature);
    if (index === undefined) {
      index = manifest.headers.push(headers) - 1;
      headerIndex.set(signature, index);
    }
    // Shared: a file the code version's compile stored (same path and bytes), or one of the shared kinds (checked like the tenant's own).
    const code = shared && (shared.stored.get(urlPath) === object || shared.paths(urlPath)) ? shared.code : undefined;
    manifest.files[urlPath] = { object, size: bytes.length, headers: index, ...(code ? { code } : {}) };
    if (code) manifest.format = MANIFEST_FORMAT;
    const key = layout.fileObject(slug, { object, code });
    if (stored.has(key) || toUpload.has(key) || (code && (shared!.stored.get(urlPath) === object || known?.has(object)))) continue;
    const keep = held + bytes.length <= HELD_BYTES;
    if (keep) held += bytes.length;
    toUpload.set(key, { key, object, ...(code ? { code } : {}), path, urlPath, headers, ...(keep ? { bytes } : {}) });
  }
  return { manifest, toUpload, files: files.size };
}

/** Above this many of the tenant's own objects to look for, its other manifests are read instead of one HEAD an object. */
const HEAD_LIMIT = 64;

/**
 * The objects `toUpload` names that the bucket holds after all. A code version's shared object
 * (another tenant may have put it there): a HEAD each. The tenant's own (an older kept release,
 * a publish that failed after its uploads): none when it has no live release; a HEAD each up to
 * HEAD_LIMIT, else the objects its other manifests name (what they name is in the bucket:
 * prune deletes a manifest before its objects, under the tenant's lock).
 */
async function alreadyStored(bucket: Bucket, slug: string, liveId: string | undefined, toUpload: Map<string, Upload>): Promise<Set<string>> {
  const found = new Set<string>();
  const keys = [...toUpload.keys()];
  const own = keys.filter((key) => key.startsWith(layout.objects(slug)));
  // A shared object another publish here is uploading is waited for at upload (uploadObjects), not asked for.
  const heads = [
    ...keys.filter((key) => !key.startsWith(layout.objects(slug)) && !bucket.uploadingShared.has(key)),
    ...(liveId && own.length <= HEAD_LIMIT ? own : []),
  ];
  await inParallel(heads, bucket.concurrency, async (key) => {
    const upload = toUpload.get(key)!;
    if (!upload.code) {
      if (await bucket.store.head(key)) found.add(key);
      return;
    }
    let asking = bucket.headingShared.get(key);
    if (!asking) {
      asking = bucket.store.head(key).then((info) => info !== null);
      bucket.headingShared.set(key, asking);
      void asking.finally(() => bucket.headingShared.delete(key)).catch(() => {});
    }
    if (!(await asking)) return;
    found.add(key);
    knownSharedOf(bucket, upload.code).add(upload.object);
  });
  if (!liveId || own.length <= HEAD_LIMIT) return found;
  const ids = (await bucket.store.list(layout.manifests(slug)))
    .map((object) => releaseOfManifestKey(object.key))
    .filter((id): id is string => id !== null && id !== liveId);
  await inParallel(ids, bucket.concurrency, async (id) => {
    const manifest = await readPublished(bucket, slug, id);
    for (const file of Object.values(manifest?.files ?? {})) {
      const key = layout.fileObject(slug, file);
      if (toUpload.has(key)) found.add(key);
    }
  });
  return found;
}

/** Upload what the bucket lacks, `concurrency` at a time; returns the bytes uploaded. `toUpload` is left holding what went up. */
async function uploadObjects(bucket: Bucket, slug: string, id: string, toUpload: Map<string, Upload>, liveId: string | undefined): Promise<number> {
  for (const key of await alreadyStored(bucket, slug, liveId, toUpload)) toUpload.delete(key);
  // The shared objects this publish will upload, registered now: another publish at once waits for them rather than asking.
  const settles = new Map<string, (ok: boolean) => void>();
  for (const file of toUpload.values()) {
    if (!file.code || bucket.uploadingShared.has(file.key)) continue;
    const done = new Promise<void>((resolve, reject) => settles.set(file.key, (ok) => (ok ? resolve() : reject(new Error('not uploaded')))));
    done.catch(() => {});
    bucket.uploadingShared.set(file.key, done);
    void done.finally(() => bucket.uploadingShared.get(file.key) === done && bucket.uploadingShared.delete(file.key)).catch(() => {});
  }
  let uploaded = 0;
  try {
    await uploadEach();
  } finally {
    // Those not uploaded (the publish failed): a waiting publish uploads them itself.
    for (const settle of settles.values()) settle(false);
  }
  return uploaded;

  async function uploadEach(): Promise<void> {
    await inParallel([...toUpload.values()], bucket.concurrency, async (file) => {
      if (!file.code) {
        const bytes = await uploadObject(bucket, slug, id, file);
        uploaded += bytes;
        return;
      }
      // A shared object another publish here stored meanwhile, or is storing (and stores), is not uploaded again.
      const settle = settles.get(file.key);
      if (settle) {
        try {
          const bytes = await uploadObject(bucket, slug, id, file);
          uploaded += bytes;
          settle(true);
        } catch (error) {
          settle(false);
          throw error;
        } finally {
          settles.delete(file.key);
        }
        return;
      }
      const other = bucket.uploadingShared.get(file.key);
      if (knownSharedOf(bucket, file.code).has(file.object) || (other && (await other.then(() => true).catch(() => false)))) {
        toUpload.delete(file.key);
        return;
      }
      const upload = uploadObject(bucket, slug, id, file);
      const done = upload.then(() => {});
      // Its failure fails this publish (upload is awaited below); a publish waiting on done handles its own.
      done.catch(() => {});
      bucket.uploadingShared.set(file.key, done);
      try {
        const bytes = await upload;
        uploaded += bytes;
      } finally {
        if (bucket.uploadingShared.get(file.key) === done) bucket.uploadingShared.delete(file.key);
      }
    });
  }
}

/** Upload one object; returns its bytes. */
async function uploadObject(bucket: Bucket, slug: string, id: string, file: Upload): Promise<number> {
  let bytes = file.bytes;
  if (!bytes) {
    bytes = readFileSync(file.path);
    if (createHash('sha256').update(bytes).digest('hex') !== file.object)
      throw new Error(`${file.urlPath} changed while release ${id} of ${slug} was being published`);
  }
  // The object is immutable under its digest (its name: the request need not hash the bytes again); headers are the first path's (the manifest's are authoritative).
  await bucket.store.put(
    file.key,
    bytes,
    { contentType: file.headers['Content-Type'], cacheControl: 'public, max-age=31536000, immutable' },
    { sha256: file.object },
  );
  file.bytes = undefined;
  if (file.code) knownSharedOf(bucket, file.code).add(file.object);
  return bytes.length;
}

/** Publish a release: objects, then (once every object is there) the manifest, the pointer, host aliases and the purge. */
async function publishRelease(bucket: Bucket, release: Parameters<Publisher['publish']>[0]): Promise<void> {
  const { slug, id, dir, beforeSwitch, hosts } = release;
  const started = performance.now();
  // Objects of the live release are in the bucket (prune never drops the live release's).
  const pointer = await readJson<LivePointer>(bucket, layout.live(slug));
  const liveId = pointer?.release;
  const live = liveId ? await readPublished(bucket, slug, liveId) : null;
  const existing = new Set(Object.values(live?.files ?? {}).map((file) => layout.fileObject(slug, file)));
  const known = release.shared ? knownSharedOf(bucket, release.shared.code) : undefined;
  const { manifest, toUpload, files } = manifestOfRelease(
    { slug, id, createdAt: new Date(bucket.now()).toISOString(), dir, shared: release.shared },
    existing,
    known,
  );
  const uploadedFileBytes = await uploadObjects(bucket, slug, id, toUpload, live ? liveId : undefined);
  // The manifest only once every object it names is in the bucket; the pointer only after it.
  const aliasWrites = await aliasesToWrite(bucket, slug, hosts);
  // The pointer again: a rollback may have moved it during the upload (the caller's beforeSwitch refuses then), and the switch keeps what it names among the recent releases.
  const atSwitch = await readJson<LivePointer>(bucket, layout.live(slug));
  await beforeSwitch?.({ read: liveId, live: atSwitch?.release });
  const manifestBody = JSON.stringify(manifest);
  await bucket.store.put(layout.manifest(slug, id), manifestBody, { contentType: 'application/json', cacheControl: 'public, max-age=31536000, immutable' });
  const { previous: previousId, bytes: pointerBytes } = await switchPointer(bucket, slug, id, { pointer: atSwitch });
  const aliases = await writeHostAliases(bucket, slug, aliasWrites, hosts?.drop ?? []);
  const purge = await purgeChanges(bucket, slug, previousId, manifest, live);
  const report: PublishReport = {
    slug,
    release: id,
    files,
    reused: new Set(Object.values(manifest.files).map((file) => file.object)).size - toUpload.size,
    uploadedFiles: toUpload.size,
    uploadedFileBytes,
    manifestBytes: Buffer.byteLength(manifestBody),
    objects: toUpload.size + 2 + aliases.objects,
    bytes: uploadedFileBytes + Buffer.byteLength(manifestBody) + pointerBytes + aliases.bytes,
    ...(purge ? { purge } : {}),
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
  remember(bucket, report);
  const { files: fileCount, reused, uploadedFiles, manifestBytes, objects, bytes, seconds } = report;
  bucket.log({
    event: 'bucket-publish',
    tenant: slug,
    release: id,
    store: bucket.store.location,
    files: fileCount,
    reused,
    uploadedFiles,
    manifestBytes,
    objects,
    bytes,
    seconds,
    ...(purge ? { purge } : {}),
  });
}

/** Move the pointer to an already published release. */
async function rollbackRelease(bucket: Bucket, slug: string, id: string): Promise<void> {
  const started = performance.now();
  const target = await readPublished(bucket, slug, id);
  if (!target) throw new Error(`release ${id} of ${slug} is not in ${bucket.store.location}`);
  const { previous: previousId, bytes: pointerBytes } = await switchPointer(bucket, slug, id);
  const purge = await purgeChanges(bucket, slug, previousId, target);
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
  remember(bucket, report);
  bucket.log({ event: 'bucket-rollback', tenant: slug, release: id, from: previousId ?? null, store: bucket.store.location, ...(purge ? { purge } : {}) });
}

/** Drop manifests beyond the newest `keep` (never the live one, nor one live until moments ago: an edge may still hold its pointer), then the objects no kept manifest names. */
async function pruneBucket(bucket: Bucket, slug: string, keep: number): Promise<void> {
  const { store, now, graceMs } = bucket;
  const ids = (await store.list(layout.manifests(slug)))
    .map((object) => releaseOfManifestKey(object.key))
    .filter((id): id is string => id !== null)
    .sort();
  const pointer = await readJson<LivePointer>(bucket, layout.live(slug));
  const kept = new Set(ids.slice(-Math.max(1, keep)));
  if (pointer) kept.add(pointer.release);
  for (const entry of pointer?.recent ?? []) if (Date.parse(entry.until) >= now() - graceMs && ids.includes(entry.release)) kept.add(entry.release);
  const dropped = ids.filter((id) => !kept.has(id));
  if (dropped.length === 0) return;
  // The pointer again right before deleting: a rollback that moved it meanwhile (one without REDIS_URL takes no tenant lock, and a
  // held lock can lapse: withTenantLock) may have gone to a dropped release.
  const again = await readJson<LivePointer>(bucket, layout.live(slug));
  if (again?.release !== pointer?.release) {
    bucket.log({
      level: 'warn',
      event: 'bucket-prune-skipped',
      tenant: slug,
      reason: `the live pointer moved to ${again?.release ?? 'none'} during the prune`,
    });
    return;
  }
  await store.delete(dropped.map((id) => layout.manifest(slug, id)));
  // Objects no kept manifest names (including those of publishes that failed before their manifest).
  const referenced = new Set<string>();
  for (const id of kept) {
    const manifest = await readPublished(bucket, slug, id);
    if (!manifest) throw new Error(`prune of ${slug}: kept release ${id} has no readable manifest; nothing deleted`);
    // The code version's shared objects are not this tenant's to delete (src/pipeline/release/renderers.ts retires them).
    for (const file of Object.values(manifest.files)) if (!file.code) referenced.add(file.object);
  }
  const prefix = layout.objects(slug);
  const unreferenced = (await store.list(prefix)).map((object) => object.key).filter((key) => !referenced.has(key.slice(prefix.length)));
  await store.delete(unreferenced);
  bucket.log({ event: 'bucket-prune', tenant: slug, releases: dropped.length, objects: unreferenced.length, kept: [...kept].sort() });
}

/** Download a published release's files into a local directory, each checked against its digest; false when the release is not there. */
async function fetchPublished(bucket: Bucket, slug: string, id: string, intoDir: string): Promise<boolean> {
  const { store } = bucket;
  const manifest = await readPublished(bucket, slug, id);
  if (!manifest) return false;
  const root = resolve(intoDir);
  await inParallel(Object.entries(manifest.files), bucket.concurrency, async ([urlPath, file]) => {
    const target = resolve(root, `.${urlPath}`);
    if (!target.startsWith(root + sep)) throw new Error(`manifest ${slug}/${id}: path ${urlPath} leaves the release`);
    const object = await store.get(layout.fileObject(slug, file));
    if (!object) throw new Error(`release ${id} of ${slug}: object of ${urlPath} is missing from ${store.location}`);
    if (createHash('sha256').update(object.body).digest('hex') !== file.object)
      throw new Error(`release ${id} of ${slug}: object of ${urlPath} does not match its digest`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, object.body);
  });
  return true;
}

/** A publisher into an S3-compatible bucket (or any ObjectStore). */
export function createBucketPublisher(options: S3PublisherOptions): BucketPublisher {
  const bucket: Bucket = {
    options,
    store: options.store,
    concurrency: options.concurrency ?? PUBLISH_DEFAULTS.concurrency,
    log: options.log ?? silentLogger,
    reports: [],
    now: options.now ?? Date.now,
    graceMs: options.pruneGraceMs ?? 10 * 60_000,
    knownShared: new Map(),
    uploadingShared: new Map(),
    headingShared: new Map(),
  };
  return {
    name: 's3',
    // The edge streams objects as they are and its CDN compresses: no .gz copies in the bucket.
    precompressed: false,
    store: bucket.store,
    reports: bucket.reports,
    liveRelease: async (slug) => (await readJson<LivePointer>(bucket, layout.live(slug)))?.release,
    publish: (release) => publishRelease(bucket, release),
    rollback: (slug, id) => rollbackRelease(bucket, slug, id),
    prune: (slug, keep) => pruneBucket(bucket, slug, keep),
    fetchRelease: (slug, id, intoDir) => fetchPublished(bucket, slug, id, intoDir),
  };
}
