/**
 * Kept renderers by code version: "compile once, render every tenant from it". The compiled
 * code does not depend on tenant data (pages read it at render time from the bundle file), only
 * on the code and the build's environment (NODE_ENV, PUBLIC_* values): `compiledCodeKey`. A
 * root folder holds one kept renderer per key, `<root>/<key>/server` (the server bundle) and
 * `<root>/<key>/compiled/_astro` (the client assets of the build that compiled it). The first
 * render of a key is a compile that keeps its bundle in a staging folder, renamed into place
 * whole; renders of this process meanwhile wait for it. Used by renderTenant's `keep`: a
 * pipeline worker's releases (root: its cache, `codeRenderersDir`) and the fleet build. A kept
 * renderer travels as one object (`packCodeRenderer`, `installCodeRenderer`): a fleet keeps each
 * code version's in its bucket (src/pipeline/release/renderers.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { buildSettings, cacheRoot } from '../../config/build.ts';
import { environment, type Environment } from '../../config/env.ts';
import { packTree, unpackTree } from '../../platform/fs/pack.ts';
import { linkTree } from './astro/compiled-files.ts';
import { KEPT_STATE_VERSION, linkNodeModules } from './astro/kept-renderer.ts';
import { REPO_ROOT } from './children.ts';
import { hasKeptRenderer } from './engine.ts';
import { processRuns } from '../../platform/process/runs.ts';

/** Kept renderers of code versions on this disk: under the process's cache root (PIPELINE_CACHE_DIR). */
export function codeRenderersDir(env: Environment = environment()): string {
  return join(cacheRoot(env), 'renderers');
}
/** Code versions kept on disk (a rolling deploy runs two for a while)... */
const KEEP_VERSIONS = 3;
/** ... and an older one is removed only when unused this long (a process of it may still render). */
const UNUSED_MS = 3_600_000;

/**
 * The key of the compiled code: the code version plus what the compile reads from the
 * environment, and where the code is (the bundle names the repository's absolute paths, so a
 * machine with the code elsewhere compiles its own).
 */
export function compiledCodeKey(codeVersion: string, env: Environment = environment()): string {
  const hash = createHash('sha256');
  hash.update(`kept-state:${KEPT_STATE_VERSION}\ncode:${codeVersion}\nnode-env:${buildSettings(env).nodeEnv}\nroot:${REPO_ROOT}\n`);
  // PUBLIC_* values are inlined into the compiled client and server code (import.meta.env).
  for (const name of Object.keys(env)
    .filter((name) => name.startsWith('PUBLIC_'))
    .sort())
    hash.update(`${name}=${env[name]}\n`);
  return hash.digest('hex').slice(0, 24);
}

/** A kept renderer: the code version's key and the folder that holds the keys. */
export interface KeptRendererKey {
  key: string;
  root: string;
}

/** Where a key's kept renderer lives: the server bundle (`server`) and the compiled client assets (`compiled/_astro`). */
export function codeRendererPaths(key: string, root = codeRenderersDir()): { dir: string; server: string; compiled: string } {
  const dir = join(root, key);
  return { dir, server: join(dir, 'server'), compiled: join(dir, 'compiled') };
}

/** The server bundle of `key` when its kept renderer is complete here, else undefined. */
export function codeRenderer(key: string, root = codeRenderersDir()): string | undefined {
  const paths = codeRendererPaths(key, root);
  return hasKeptRenderer(paths.server) && existsSync(paths.compiled) ? paths.server : undefined;
}

/** Compiles of this process in progress, by key directory: later renders wait for them. */
const compiling = new Map<string, Promise<void>>();

/** Wait for this process's compile of `keep`, if one runs. Returns with no await after the last look (a caller that then compiles is the only one). */
export async function compileSettled(keep: KeptRendererKey): Promise<void> {
  const dir = codeRendererPaths(keep.key, keep.root).dir;
  for (let pending = compiling.get(dir); pending; pending = compiling.get(dir)) await pending;
}

/** Mark a key used now (its folder's mtime): pruning keeps recently used ones. */
export function touchCodeRenderer(keep: KeptRendererKey): void {
  try {
    const now = new Date();
    utimesSync(codeRendererPaths(keep.key, keep.root).dir, now, now);
  } catch {
    // Pruned meanwhile by another process: the render falls back to Astro.
  }
}

/** Remove compiles left by dead processes and all but the newest KEEP_VERSIONS keys (never `keep`). */
function pruneCodeRenderers(root: string, keep: string): void {
  const entries = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const entry of entries) {
    const staging = /\.(?:compiling|fetching)-(\d+)$/.exec(entry.name);
    if (staging && !processRuns(Number(staging[1]))) rmSync(join(root, entry.name), { recursive: true, force: true });
  }
  const keys = entries
    .filter((entry) => !/\.(?:compiling|fetching)-/.test(entry.name) && entry.name !== keep)
    .map((entry) => ({ name: entry.name, at: statSync(join(root, entry.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of keys.slice(KEEP_VERSIONS - 1)) if (Date.now() - old.at > UNUSED_MS) rmSync(join(root, old.name), { recursive: true, force: true });
}

/** What a compile's render gives back to the store: whether it rendered, and where its client assets are. */
export interface CompileRun<T> {
  value: T;
  ok: boolean;
  /** The site the compile wrote (its `_astro/` is kept beside the server bundle). */
  outDir: string;
}

/**
 * Compile the kept renderer of `keep`: `render(serverDir)` renders the tenant keeping its server
 * bundle in `serverDir` (a staging folder); its client assets are linked beside it and the
 * folder is renamed into place whole (one already there is never replaced under a running
 * renderer). `kept` says whether the renderer is now there; `problem` why it is not, when the
 * render itself worked. Other renders of this process wait for it (compileSettled).
 */
export async function compileCodeRenderer<T>(
  keep: KeptRendererKey,
  render: (serverDir: string) => Promise<CompileRun<T>>,
): Promise<{ value: T; kept: boolean; problem?: string }> {
  const paths = codeRendererPaths(keep.key, keep.root);
  const work = (async () => {
    const staging = `${paths.dir}.compiling-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(keep.root, { recursive: true });
    const run = await render(join(staging, 'server'));
    try {
      if (!run.ok) return { value: run.value, kept: false };
      if (!existsSync(join(staging, 'server'))) return { value: run.value, kept: false, problem: 'the Astro build kept no server bundle' };
      mkdirSync(join(staging, 'compiled'), { recursive: true });
      if (existsSync(join(run.outDir, '_astro'))) linkTree(join(run.outDir, '_astro'), join(staging, 'compiled', '_astro'));
      try {
        renameSync(staging, paths.dir);
      } catch (error) {
        // Another process of this disk compiled the same key first: its renderer serves.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      }
      try {
        pruneCodeRenderers(keep.root, keep.key);
      } catch {
        // Another process pruned at the same time: nothing is lost.
      }
      return { value: run.value, kept: codeRenderer(keep.key, keep.root) !== undefined };
    } catch (error) {
      // The site itself is rendered; only keeping its renderer failed (the next render compiles again).
      return { value: run.value, kept: false, problem: `keeping the compiled renderer failed: ${(error as Error).message}` };
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  })();
  const settled = work.then(
    () => {},
    () => {},
  );
  compiling.set(paths.dir, settled);
  try {
    return await work;
  } finally {
    if (compiling.get(paths.dir) === settled) compiling.delete(paths.dir);
  }
}

/** The kept renderer of `keep` on this disk as one object (its files without the node_modules link), or undefined when it is not here. */
export function packCodeRenderer(keep: KeptRendererKey): Buffer | undefined {
  if (!codeRenderer(keep.key, keep.root)) return undefined;
  return packTree(codeRendererPaths(keep.key, keep.root).dir);
}

/**
 * Put a packed kept renderer (packCodeRenderer, from another machine of the same code) in
 * place on this disk: unpacked into a staging folder, its node_modules link made, renamed into
 * place whole. A renderer already there stays. Returns whether the renderer is now here; throws
 * on a malformed pack.
 */
export function installCodeRenderer(keep: KeptRendererKey, pack: Buffer): boolean {
  const paths = codeRendererPaths(keep.key, keep.root);
  if (codeRenderer(keep.key, keep.root)) return true;
  const staging = `${paths.dir}.fetching-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    unpackTree(pack, staging);
    if (!hasKeptRenderer(join(staging, 'server'))) throw new Error('the pack holds no kept server bundle');
    linkNodeModules(join(staging, 'server'));
    mkdirSync(join(staging, 'compiled'), { recursive: true });
    try {
      renameSync(staging, paths.dir);
    } catch (error) {
      // Another render of this disk put it in place first: that one serves.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return codeRenderer(keep.key, keep.root) !== undefined;
}
