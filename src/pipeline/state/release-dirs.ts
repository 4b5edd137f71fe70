/**
 * Release directories: every publish of a tenant is a new directory
 * `<sites>/<slug>/releases/<id>/`; `<sites>/<slug>/current` is a relative symlink to the
 * live one, swapped atomically with rename(2), so a reader sees the old release or the new
 * one, never a mix. A release counts as complete only once its manifest
 * `<sites>/<slug>/manifests/<id>.json` exists (written after the checks pass); a build that
 * was killed leaves an incomplete directory that is never served and is cleaned up later.
 * A worker publishing to a bucket trims these folders when its disk runs short
 * (trimReleaseCache): there they are a cache of what the bucket holds.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, readFileSync, readlinkSync, renameSync, rmSync, statfsSync, statSync, symlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fsyncDirectory, writeFileAtomic } from '../../platform/fs/atomic-file.ts';
import type { ReleaseManifest } from './records.ts';

export type { ReleaseManifest } from './records.ts';

/** Paths of one tenant under the sites directory. */
export function tenantPaths(sitesDir: string, slug: string) {
  const base = join(sitesDir, slug);
  return {
    base,
    releases: join(base, 'releases'),
    manifests: join(base, 'manifests'),
    /** Kept server bundles of full builds (never served: outside `releases`). */
    renderers: join(base, 'renderers'),
    current: join(base, 'current'),
    status: join(base, 'status.json'),
  };
}

/** A release id as newReleaseId writes it. */
const RELEASE_ID = /^\d{8}T\d{9}Z-[0-9a-f]{4}$/;

/**
 * What of the pipeline's release layout a tenant's site folder holds: `current` a symlink (a
 * dangling one counts), `releases/` with a release's folder, `manifests/` with a release's
 * manifest. Empty for a plain build's folder, also when its content pages are named current,
 * releases or manifests (folders of pages there, not the layout).
 */
export function releaseFolderParts(siteDir: string): string[] {
  const named = (dir: string, test: (name: string) => boolean) => {
    try {
      return readdirSync(join(siteDir, dir)).some(test);
    } catch {
      return false;
    }
  };
  const parts: string[] = [];
  try {
    if (lstatSync(join(siteDir, 'current')).isSymbolicLink()) parts.push('current');
  } catch {
    // no current
  }
  if (named('releases', (name) => RELEASE_ID.test(name))) parts.push('releases');
  if (named('manifests', (name) => name.endsWith('.json') && RELEASE_ID.test(name.slice(0, -5)))) parts.push('manifests');
  return parts;
}

/** A new release id: UTC time (sortable) plus random bits, e.g. `20261121T101502123Z-1a2b`. */
export function newReleaseId(now: Date = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(2).toString('hex')}`;
}

/** The release id `current` points at, or null when the tenant has none. */
export function currentRelease(sitesDir: string, slug: string): string | null {
  try {
    return basename(readlinkSync(tenantPaths(sitesDir, slug).current));
  } catch {
    return null;
  }
}

/** Complete releases (with a manifest and a directory), oldest first. */
export function listReleases(sitesDir: string, slug: string): string[] {
  const paths = tenantPaths(sitesDir, slug);
  if (!existsSync(paths.manifests)) return [];
  return readdirSync(paths.manifests)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5))
    .filter((id) => existsSync(join(paths.releases, id)))
    .sort();
}

/** Read a release's manifest, or null. */
export function readManifest(sitesDir: string, slug: string, id: string): ReleaseManifest | null {
  try {
    return JSON.parse(readFileSync(join(tenantPaths(sitesDir, slug).manifests, `${id}.json`), 'utf8')) as ReleaseManifest;
  } catch {
    return null;
  }
}

/**
 * The `renderer` of a release's manifest, read from the head of the file only (a manifest
 * holds the whole stock; the field is written before it, see release/run.ts).
 */
export function manifestRenderer(sitesDir: string, slug: string, id: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(join(tenantPaths(sitesDir, slug).manifests, `${id}.json`), 'r');
    const head = Buffer.alloc(4096);
    const length = readSync(fd, head, 0, head.length, 0);
    return /"renderer":"([^"]+)"/.exec(head.subarray(0, length).toString('utf8'))?.[1];
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Mark a release complete by writing its manifest. */
export function writeManifest(sitesDir: string, manifest: ReleaseManifest): void {
  const paths = tenantPaths(sitesDir, manifest.slug);
  mkdirSync(paths.manifests, { recursive: true });
  writeFileAtomic(join(paths.manifests, `${manifest.id}.json`), JSON.stringify(manifest));
}

/** Point `current` at a release: a new symlink renamed over the old one (atomic on POSIX). */
export function switchCurrent(sitesDir: string, slug: string, id: string): void {
  const paths = tenantPaths(sitesDir, slug);
  if (!existsSync(join(paths.releases, id))) throw new Error(`release ${id} of ${slug} does not exist`);
  const temporary = `${paths.current}.${randomBytes(16).toString('hex')}.tmp`;
  symlinkSync(join('releases', id), temporary);
  renameSync(temporary, paths.current);
  fsyncDirectory(dirname(paths.current));
}

/**
 * Delete what is no longer needed: complete releases beyond the newest `keep` (never the
 * current one) and incomplete release directories left by killed builds. Call only while
 * holding the tenant's lock, so no build of this tenant is in progress.
 */
export function pruneReleases(sitesDir: string, slug: string, keep: number, inProgress: ReadonlySet<string> = new Set()): string[] {
  const paths = tenantPaths(sitesDir, slug);
  const current = currentRelease(sitesDir, slug);
  const complete = listReleases(sitesDir, slug);
  const keepSet = new Set(complete.slice(-Math.max(1, keep)));
  if (current) keepSet.add(current);
  const removed: string[] = [];
  if (existsSync(paths.releases)) {
    for (const id of readdirSync(paths.releases)) {
      if (keepSet.has(id) || inProgress.has(id)) continue;
      rmSync(join(paths.releases, id), { recursive: true, force: true });
      rmSync(join(paths.manifests, `${id}.json`), { force: true });
      removed.push(id);
    }
  }
  // Manifests whose directory is gone.
  if (existsSync(paths.manifests)) {
    for (const name of readdirSync(paths.manifests)) {
      const id = name.replace(/\.json$/, '');
      if (name.endsWith('.json') && !keepSet.has(id) && !inProgress.has(id)) rmSync(join(paths.manifests, name), { force: true });
      else if (name.includes('.tmp-')) rmSync(join(paths.manifests, name), { force: true });
    }
  }
  // Kept server bundles no remaining release descends from (and leftovers of killed builds).
  if (existsSync(paths.renderers)) {
    const used = new Set(listReleases(sitesDir, slug).map((id) => manifestRenderer(sitesDir, slug, id)));
    for (const name of readdirSync(paths.renderers)) {
      if (!used.has(name) && !inProgress.has(name)) rmSync(join(paths.renderers, name), { recursive: true, force: true });
    }
  }
  return removed;
}

/** The release a rollback goes to: `to` when given, else the newest complete release older than current. */
export function rollbackTarget(sitesDir: string, slug: string, to?: string): string {
  return pickRollback(slug, listReleases(sitesDir, slug), currentRelease(sitesDir, slug), to);
}

/** `to` when it is one of `releases`, else the newest of `releases` older than `current` (ids sort by time). */
export function pickRollback(slug: string, releases: readonly string[], current: string | null, to?: string): string {
  if (to) {
    if (!releases.includes(to)) throw new Error(`release ${to} of ${slug} not found (releases: ${releases.join(', ') || 'none'})`);
    return to;
  }
  const older = releases.filter((id) => current === null || id < current);
  if (older.length === 0) throw new Error(`no earlier release of ${slug} to roll back to (current: ${current ?? 'none'})`);
  return older[older.length - 1];
}

/** Bytes free to this process on the file system of `dir`. */
export function freeBytes(dir: string): number {
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
}

/** Bytes of the file system of `dir`. */
export function diskBytes(dir: string): number {
  const { blocks, bsize } = statfsSync(dir);
  return blocks * bsize;
}

/** The folder a trim moves a tenant's copy into before deleting it (`<sites>/.trash-<random>`). */
const TRASH_PREFIX = '.trash-';

/**
 * A bucket worker's `--sites` is a cache (its publisher fetches a live release back: the next
 * job of a tenant whose copy is gone assembles its release from the fetched one). When its file
 * system has less than `minFreeBytes` free, the tenants whose copy was made or fetched longest
 * ago (their `releases` folder's time) lose their releases, manifests, kept renderers and
 * `current`, oldest first, until it has; never a tenant `inUse()` names when its turn comes (a
 * job or a fetch of this process under way) nor anything but tenant folders (the state's
 * `.pipeline` stays). A copy is moved aside at once (renames: a job starting a moment later
 * finds none, never half of one) and deleted without blocking the event loop (a worker's lock
 * renewals run meanwhile); leftovers of a process that stopped mid-delete go first.
 * Resolves to the tenants trimmed, in order.
 */
export async function trimReleaseCache(
  sitesDir: string,
  minFreeBytes: number,
  inUse: () => ReadonlySet<string>,
  free: () => number = () => freeBytes(sitesDir),
): Promise<string[]> {
  if (free() >= minFreeBytes || !existsSync(sitesDir)) return [];
  const copies: { slug: string; used: number }[] = [];
  for (const entry of readdirSync(sitesDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith(TRASH_PREFIX)) await rm(join(sitesDir, entry.name), { recursive: true, force: true });
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    try {
      copies.push({ slug: entry.name, used: statSync(tenantPaths(sitesDir, entry.name).releases).mtimeMs });
    } catch {
      // No releases folder: nothing of this tenant to trim.
    }
  }
  copies.sort((a, b) => a.used - b.used);
  const trimmed: string[] = [];
  for (const { slug } of copies) {
    if (free() >= minFreeBytes) break;
    if (inUse().has(slug)) continue;
    const paths = tenantPaths(sitesDir, slug);
    const trash = join(sitesDir, `${TRASH_PREFIX}${randomBytes(6).toString('hex')}`);
    mkdirSync(trash);
    // `current` first: a reader of this disk never follows it into a release being moved.
    rmSync(paths.current, { force: true });
    for (const [name, folder] of [['releases', paths.releases], ['manifests', paths.manifests], ['renderers', paths.renderers]] as const) {
      if (existsSync(folder)) renameSync(folder, join(trash, name));
    }
    await rm(trash, { recursive: true, force: true });
    trimmed.push(slug);
  }
  return trimmed;
}
