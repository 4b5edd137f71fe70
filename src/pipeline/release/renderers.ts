/**
 * One compile per code version for the whole fleet. The compiled renderer of a code version
 * (src/builder/render/code-renderer.ts) is kept in the bucket (`_code/<key>/renderer.pack`) with
 * the files every tenant's release of that version shares (`_code/<key>/objects/`: the compiled
 * client assets and the repository's public files). Before a release renders, its worker claims
 * the key in the state (state/code-versions.ts): a worker whose disk has the renderer uses it; when
 * the bucket holds it, fetches it; when no one has it, compiles it (the release's own render, an
 * Astro build that keeps it), then stores it; while another compiles, waits for it. A rolled-back
 * code version finds its stored compile. An incremental release never compiles (it fetches, or
 * renders with Astro's own build). Keys no release record names and no job used for long are retired.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PIPELINE_DEFAULTS } from '../../config/pipeline.ts';
import { codeRenderer, installCodeRenderer, packCodeRenderer, REPO_ROOT, type KeptRendererKey } from '../../builder/render/index.ts';
import { layout } from '../../platform/bucket/layout.ts';
import type { ObjectStore } from '../../platform/bucket/object-store.ts';
import { walkFiles } from '../../platform/fs/walk.ts';
import type { Logger } from '../log.ts';
import type { SharedFiles } from '../publish/types.ts';
import type { PipelineState } from '../state/store.ts';

/** This process, as the owner of a compile lease. */
const OWNER = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** The fleet's store of compiled renderers: the bucket and the state's lock. */
export interface FleetRenderers {
  store: ObjectStore;
  state: PipelineState;
  log: Logger;
  /** A compile's lease in the state, renewed while it runs (default PIPELINE_DEFAULTS.compileLeaseMs). */
  leaseMs?: number;
  /** How often a waiting worker looks again (default 500 ms); a compile of the same process wakes its waiting releases at once. */
  pollMs?: number;
  /** Longest wait for another worker's compile before rendering without it (default 15 minutes). */
  maxWaitMs?: number;
}

/** How a release got its renderer: on this disk; fetched from the bucket; to be compiled by this release (then `stored`); or none (renders with Astro). */
export type RendererSource = 'disk' | 'fetched' | 'compile' | 'none';

/** A compile this release owns: its lease is renewed until `stored` or `abandon`. */
export interface OwnedCompile {
  /** Once the compile has kept the renderer (or the render is over): store it and its shared files in the bucket and mark the key ready, or give the compile up when none was kept. Runs once. */
  finish(): Promise<void>;
}

/** Releases of this process waiting for a compile (obtainRenderer), by key: woken as soon as this process's compile has kept the renderer or given it up, not at their next look. */
const waiting = new Map<string, Set<() => void>>();

/** Wait `ms`, or less: until this process's compile of `key` wakes the waiters (wake). */
function nap(key: string, ms: number): Promise<void> {
  return new Promise((done) => {
    const waiters = waiting.get(key) ?? new Set<() => void>();
    waiting.set(key, waiters);
    const wakeUp = () => {
      clearTimeout(timer);
      waiters.delete(wakeUp);
      done();
    };
    const timer = setTimeout(wakeUp, ms);
    waiters.add(wakeUp);
  });
}

/** Wake this process's releases waiting for `key`: they look again now. */
function wake(key: string): void {
  for (const wakeUp of [...(waiting.get(key) ?? [])]) wakeUp();
  waiting.delete(key);
}

/** What a kept renderer's code version shares with every tenant's release: its compiled client assets and the repository's public files, by URL path. */
function sharedFilesOf(keep: KeptRendererKey): Map<string, string> {
  const files = new Map<string, string>();
  const add = (root: string, prefix: string) => {
    if (!existsSync(root)) return;
    for (const file of walkFiles(root, { sorted: true })) {
      if (file.dirent.isFile()) files.set(`${prefix}/${file.relative}`, createHash('sha256').update(readFileSync(file.path)).digest('hex'));
    }
  };
  add(join(REPO_ROOT, 'public'), '');
  add(join(keep.root, keep.key, 'compiled', '_astro'), '/_astro');
  return files;
}

/** Shared files of keys already listed by this process (a key's files never change). */
const listed = new Map<string, Map<string, string>>();

/** The shared files of a code version this disk has the renderer of, for the publisher (undefined without one). */
export function sharedFilesFor(keep: KeptRendererKey): SharedFiles | undefined {
  if (!codeRenderer(keep.key, keep.root)) return undefined;
  let stored = listed.get(keep.key);
  if (!stored) listed.set(keep.key, (stored = sharedFilesOf(keep)));
  return { code: keep.key, stored, paths: isDrawing };
}

/** The drawn demo images (src/builder/post-build/demo-art): code-made, alike for every tenant. */
function isDrawing(urlPath: string): boolean {
  return urlPath.startsWith('/media/vehicles/') || urlPath.startsWith('/media/placeholders/');
}

/** Fetch and install the bucket's compile of `keep`; false when the bucket does not have it. */
async function fetchRenderer(keep: KeptRendererKey, fleet: FleetRenderers): Promise<boolean> {
  const started = performance.now();
  const pack = await fleet.store.get(layout.renderer(keep.key));
  if (!pack) return false;
  installCodeRenderer(keep, pack.body);
  fleet.log({
    event: 'renderer-fetched',
    renderer: keep.key,
    bytes: pack.body.length,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    pid: process.pid,
  });
  return true;
}

/** Hold the compile lease of `keep` until finished: store the renderer (or give the compile up). `finish` runs once; a second call gets the first's promise. */
function ownCompile(keep: KeptRendererKey, fleet: FleetRenderers): OwnedCompile {
  const leaseMs = fleet.leaseMs ?? PIPELINE_DEFAULTS.compileLeaseMs;
  const started = performance.now();
  const renew = setInterval(() => void fleet.state.codeVersions.renew(keep.key, OWNER, leaseMs).catch(() => {}), Math.max(250, Math.floor(leaseMs / 3)));
  renew.unref();
  fleet.log({ event: 'renderer-compile', renderer: keep.key, pid: process.pid });
  let finishing: Promise<void> | undefined;
  const finish = async () => {
    clearInterval(renew);
    // The renderer is on this disk now (or never will be): this process's releases waiting for it render (or claim again) at once.
    wake(keep.key);
    const pack = packCodeRenderer(keep);
    if (!pack) {
      await fleet.state.codeVersions.abandon(keep.key, OWNER);
      wake(keep.key);
      fleet.log({ level: 'warn', event: 'renderer-compile', renderer: keep.key, outcome: 'kept none', pid: process.pid });
      return;
    }
    const shared = sharedFilesOf(keep);
    listed.set(keep.key, shared);
    // The shared files first, then the pack, then the state: a worker that finds the key ready finds both.
    await storeShared(keep, shared, fleet);
    await fleet.store.put(layout.renderer(keep.key), pack, { contentType: 'application/gzip', cacheControl: 'no-store' });
    const ready = await fleet.state.codeVersions.ready(keep.key, OWNER);
    fleet.log({
      event: 'renderer-compiled',
      renderer: keep.key,
      bytes: pack.length,
      sharedFiles: shared.size,
      ready,
      seconds: Math.round((performance.now() - started) / 10) / 100,
      pid: process.pid,
    });
  };
  return { finish: () => (finishing ??= finish()) };
}

/** Upload a code version's shared files, `concurrency` at a time. */
async function storeShared(keep: KeptRendererKey, shared: Map<string, string>, fleet: FleetRenderers, concurrency = 16): Promise<void> {
  const byDigest = new Map<string, string>();
  for (const [urlPath, digest] of shared) byDigest.set(digest, urlPath);
  const items = [...byDigest];
  let next = 0;
  const sourceOf = (urlPath: string) => (urlPath.startsWith('/_astro/') ? join(keep.root, keep.key, 'compiled', urlPath) : join(REPO_ROOT, 'public', urlPath));
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const [digest, urlPath] = items[next++]!;
        await fleet.store.put(layout.codeObject(keep.key, digest), readFileSync(sourceOf(urlPath)), { cacheControl: 'public, max-age=31536000, immutable' });
      }
    }),
  );
}

/**
 * Get the renderer of `keep` for a release: claim the key (a use), then use this disk's, fetch
 * the bucket's, or (a full release, when no one has it) own its compile; wait while another
 * worker compiles (`whileWaiting` is called once when the wait begins: work the release can do
 * without the renderer). Never throws for the bucket or the state: a failure renders without it.
 */
export async function obtainRenderer(
  keep: KeptRendererKey,
  fleet: FleetRenderers,
  options: { full: boolean; whileWaiting?: () => void },
): Promise<{ source: RendererSource; compile?: OwnedCompile }> {
  const leaseMs = fleet.leaseMs ?? PIPELINE_DEFAULTS.compileLeaseMs;
  const deadline = Date.now() + (fleet.maxWaitMs ?? 15 * 60_000);
  let waited = false;
  try {
    for (;;) {
      const claim = await fleet.state.codeVersions.claim(keep.key, OWNER, leaseMs);
      if (codeRenderer(keep.key, keep.root)) {
        // This disk compiled or fetched it; a key the state lost is stored again.
        if (claim.status === 'compile') await ownCompile(keep, fleet).finish();
        return { source: 'disk' };
      }
      if (claim.status === 'ready') {
        if (await fetchRenderer(keep, fleet)) return { source: 'fetched' };
        if (!(await fleet.state.codeVersions.reclaim(keep.key, OWNER, leaseMs))) continue;
        fleet.log({ level: 'warn', event: 'renderer-missing', renderer: keep.key, reason: 'the state says ready, the bucket has no compile' });
      }
      if (claim.status === 'compile' || claim.status === 'ready') {
        if (options.full) return { source: 'compile', compile: ownCompile(keep, fleet) };
        await fleet.state.codeVersions.abandon(keep.key, OWNER);
        return { source: 'none' };
      }
      if (claim.owner === OWNER && !options.full) return { source: 'none' };
      if (Date.now() > deadline) return { source: 'none' };
      if (!waited) {
        fleet.log({ event: 'renderer-wait', renderer: keep.key, owner: claim.owner, pid: process.pid });
        options.whileWaiting?.();
      }
      waited = true;
      // Another worker's compile is looked for again after pollMs; this process's own wakes the wait as it ends.
      await nap(keep.key, fleet.pollMs ?? 500);
    }
  } catch (error) {
    fleet.log({ level: 'warn', event: 'renderer-store', renderer: keep.key, reason: (error as Error).message });
    return { source: codeRenderer(keep.key, keep.root) ? 'disk' : 'none' };
  }
}

/** The last retirement pass of this process (they run at most once an hour). */
let lastRetire = 0;

/**
 * Retire code versions nothing uses: a ready key no job claimed for `retireMs` and no release
 * record (of any tenant: the state's `pipeline_releases.code_key`) has named for an hour is
 * marked retiring under a lease, its bucket keys deleted, then forgotten. A claim meanwhile
 * waits, then compiles afresh.
 */
export async function retireCodeVersions(
  fleet: FleetRenderers,
  options: { retireMs?: number; unreferencedMs?: number; now?: number; force?: boolean } = {},
): Promise<string[]> {
  const now = options.now ?? Date.now();
  if (!options.force && now - lastRetire < 3_600_000) return [];
  lastRetire = now;
  const retireMs = options.retireMs ?? PIPELINE_DEFAULTS.codeVersionRetireMs;
  const unreferencedMs = options.unreferencedMs ?? 3_600_000;
  const leaseMs = fleet.leaseMs ?? PIPELINE_DEFAULTS.compileLeaseMs;
  const retired: string[] = [];
  for (const version of await fleet.state.codeVersions.list()) {
    if (version.status !== 'ready' || version.usedAt >= now - retireMs) continue;
    if (await fleet.state.codeVersions.referenced(version.key)) {
      if (version.unreferencedSince !== null) await fleet.state.codeVersions.markUnreferenced(version.key, null);
      continue;
    }
    if (version.unreferencedSince === null) {
      await fleet.state.codeVersions.markUnreferenced(version.key, now);
      continue;
    }
    if (!(await fleet.state.codeVersions.retire(version.key, OWNER, now - retireMs, now - unreferencedMs, leaseMs, now))) continue;
    const keys = (await fleet.store.list(layout.code(version.key))).map((object) => object.key);
    let complete = true;
    for (let start = 0; start < keys.length && complete; start += 500) {
      // Stop when the lease is gone (a worker took the key back): what is left is overwritten by its compile.
      complete = await fleet.state.codeVersions.renew(version.key, OWNER, leaseMs);
      if (complete) await fleet.store.delete(keys.slice(start, start + 500));
    }
    if (!complete) continue;
    await fleet.state.codeVersions.forget(version.key, OWNER);
    fleet.log({ event: 'code-version-retired', renderer: version.key, objects: keys.length });
    retired.push(version.key);
  }
  return retired;
}
