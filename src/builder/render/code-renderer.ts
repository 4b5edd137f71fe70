/**
 * The kept renderer of a code version: the fleet build's "compile once, render
 * every tenant from it", for a pipeline worker taking any tenant's full release. The compiled
 * code does not depend on tenant data (fleet.ts), only on the code and the build's environment
 * (NODE_ENV, PUBLIC_* values): `compiledCodeKey`. The first full release of a key on this disk
 * is an Astro build that keeps its server bundle and client assets under `<root>/<key>`; jobs of
 * this process asking meanwhile wait for it; every later one renders from a warm renderer, with
 * an Astro build when that fails. Contract: equal to the tenant's own Astro build byte for byte
 * (tests/integration/pipeline-releases.test.ts); DEALER_RENDER=astro builds each on its own.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { buildSettings, cacheRoot } from '../../config/build.ts';
import { environment, type Environment } from '../../config/env.ts';
import { addCompiledFiles, linkTree } from './astro/compiled-files.ts';
import { KEPT_STATE_VERSION } from './astro/kept-renderer.ts';
import { buildTenant, finishTenant, isPrepared, prepareTenant, type TenantBuildOptions, type TenantBuildResult } from './build-tenant.ts';
import { runAstroBuild, warmRendererFor } from './children.ts';
import { fastPathsOn, hasKeptRenderer } from './engine.ts';

/** Kept renderers of code versions on this disk: under the process's cache root (PIPELINE_CACHE_DIR). */
export function codeRenderersDir(env: Environment = environment()): string {
  return join(cacheRoot(env), 'renderers');
}
/** Code versions kept on disk (a rolling deploy runs two for a while)... */
const KEEP_VERSIONS = 3;
/** ... and an older one is removed only when unused this long (a process of it may still render). */
const UNUSED_MS = 3_600_000;

/** The key of the compiled code: the code version plus what the compile reads from the environment. */
export function compiledCodeKey(codeVersion: string, env: Environment = environment()): string {
  const hash = createHash('sha256');
  hash.update(`kept-state:${KEPT_STATE_VERSION}\ncode:${codeVersion}\nnode-env:${buildSettings(env).nodeEnv}\n`);
  // PUBLIC_* values are inlined into the compiled client and server code (import.meta.env).
  for (const name of Object.keys(env).filter((name) => name.startsWith('PUBLIC_')).sort()) hash.update(`${name}=${env[name]}\n`);
  return hash.digest('hex').slice(0, 24);
}

/** Where a key's kept renderer lives: the server bundle (`server`) and the compiled client assets (`compiled/_astro`). */
export function codeRendererPaths(key: string, root = codeRenderersDir()): { dir: string; server: string; compiled: string } {
  const dir = join(root, key);
  return { dir, server: join(dir, 'server'), compiled: join(dir, 'compiled') };
}

/** The server bundle of `key` when its kept renderer is complete here (and may render), else undefined. */
export function codeRenderer(key: string, root = codeRenderersDir()): string | undefined {
  const paths = codeRendererPaths(key, root);
  return hasKeptRenderer(paths.server) && existsSync(paths.compiled) ? paths.server : undefined;
}

/** Compiles of this process in progress, by key directory: later jobs wait for them. */
const compiling = new Map<string, Promise<void>>();

/** What rendered a full release, and why the kept renderer did not when it failed. */
export interface CodeRenderedBuild extends TenantBuildResult {
  /** The compile (this tenant's Astro build kept the renderer), the kept renderer, or Astro alone; absent when the tenant failed before rendering. */
  renderedWith?: 'compile' | 'kept-renderer' | 'astro';
  rendererProblem?: string;
}

/** True while process `pid` runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Mark a key used now (its folder's mtime): pruning keeps recently used ones. */
function touch(dir: string): void {
  try {
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    // Pruned meanwhile by another process: the render falls back to Astro.
  }
}

/** Remove compiles left by dead processes and all but the newest KEEP_VERSIONS keys (never `keep`). */
function pruneCodeRenderers(root: string, keep: string): void {
  const entries = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const entry of entries) {
    const staging = /\.compiling-(\d+)$/.exec(entry.name);
    if (staging && !alive(Number(staging[1]))) rmSync(join(root, entry.name), { recursive: true, force: true });
  }
  const keys = entries
    .filter((entry) => !entry.name.includes('.compiling-') && entry.name !== keep)
    .map((entry) => ({ name: entry.name, at: statSync(join(root, entry.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of keys.slice(KEEP_VERSIONS - 1)) if (Date.now() - old.at > UNUSED_MS) rmSync(join(root, old.name), { recursive: true, force: true });
}

/**
 * The compile: the tenant's own Astro build, keeping its server bundle in a staging folder with
 * the client assets it wrote; the folder is renamed into place whole (a reader sees a complete
 * kept renderer or none, and one already there is never replaced under a running renderer).
 */
async function compileWith(options: TenantBuildOptions, key: string, root: string): Promise<{ result: TenantBuildResult; problem?: string }> {
  const paths = codeRendererPaths(key, root);
  const staging = `${paths.dir}.compiling-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const result = await buildTenant({ ...options, keepRenderer: join(staging, 'server') });
  try {
    if (!result.ok) return { result };
    if (!existsSync(join(staging, 'server'))) return { result, problem: 'the Astro build kept no server bundle' };
    mkdirSync(join(staging, 'compiled'), { recursive: true });
    if (existsSync(join(result.outDir, '_astro'))) linkTree(join(result.outDir, '_astro'), join(staging, 'compiled', '_astro'));
    try {
      renameSync(staging, paths.dir);
    } catch (error) {
      // Another process of this disk compiled the same key first: its renderer serves.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
    try {
      pruneCodeRenderers(root, key);
    } catch {
      // Another process pruned at the same time: nothing is lost.
    }
    return { result };
  } catch (error) {
    // The release itself is built; only keeping its renderer failed (the next job compiles again).
    return { result, problem: `keeping the compiled renderer failed: ${(error as Error).message}` };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Build a tenant (a pipeline worker's full release) with the kept renderer of code version
 * `key`: from it when it is here, else by the compile (waiting for one this process runs).
 * Never throws for tenant problems (they are in the result).
 */
export async function buildWithCodeRenderer(options: Omit<TenantBuildOptions, 'keepRenderer'> & { key: string; root?: string }): Promise<CodeRenderedBuild> {
  const { key, root = codeRenderersDir(), ...build } = options;
  if (!fastPathsOn()) return { ...(await buildTenant(build)), renderedWith: 'astro' };
  const dir = codeRendererPaths(key, root).dir;
  // No await between the last look at `compiling` and setting it: two jobs never compile one key.
  for (let pending = compiling.get(dir); pending; pending = compiling.get(dir)) await pending;
  const server = codeRenderer(key, root);
  if (!server) {
    const compile = compileWith(build, key, root);
    const settled = compile.then(
      () => {},
      () => {},
    );
    compiling.set(dir, settled);
    let compiled: Awaited<typeof compile>;
    try {
      compiled = await compile;
    } finally {
      if (compiling.get(dir) === settled) compiling.delete(dir);
    }
    // A tenant that failed its own build fails alone; the next job compiles.
    const kept = compiled.result.ok && codeRenderer(key, root) !== undefined;
    return { ...compiled.result, renderedWith: kept ? 'compile' : 'astro', ...(compiled.problem ? { rendererProblem: compiled.problem } : {}) };
  }
  touch(dir);
  const prepared = await prepareTenant(build);
  if (!isPrepared(prepared)) return prepared;
  rmSync(prepared.outDir, { recursive: true, force: true });
  const siteUrl = prepared.tenant.site.url;
  const render = await warmRendererFor(server).render(prepared.bundle, prepared.outDir, siteUrl);
  if (render.code === 0) {
    addCompiledFiles(codeRendererPaths(key, root).compiled, prepared.outDir);
    return { ...(await finishTenant(prepared, render, build, 'kept render')), renderedWith: 'kept-renderer' };
  }
  // A tenant the kept renderer cannot render (a route it does not support) is built by Astro.
  const rendererProblem = `kept renderer failed (exit ${render.code}): ${render.output.trim().split('\n').slice(0, 3).join(' | ')}`;
  rmSync(prepared.outDir, { recursive: true, force: true });
  const astro = await runAstroBuild(prepared.bundle, prepared.outDir, siteUrl);
  return { ...(await finishTenant(prepared, astro, build)), renderedWith: 'astro', rendererProblem };
}
