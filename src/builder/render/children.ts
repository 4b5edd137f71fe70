/**
 * The child processes that render a tenant bundle into a directory: astro-build.ts (a whole
 * Astro build: compile and render) and the warm renderer render-pages.ts --serve (render only,
 * with a server bundle kept from an earlier Astro build of the same code: astro/kept-renderer.ts).
 * Each gets the bundle as a private temporary file (DEALER_BUNDLE), the output directory
 * (DEALER_OUT_DIR) and an allow-listed environment (child-env.ts: no server secret reaches a
 * build child). Used by the tenant build, the fleet build and the pipeline's releases. A bundle's
 * folder is named after its process and that process's pid namespace
 * (`dealer-bundle-<namespace>-<pid>-*`) and goes when the process exits; a killed one's stays
 * until removeStaleBundleFolders (the pipeline's start) finds its owner gone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSettings, cacheRoot } from '../../config/build.ts';
import { nodeCompileCacheIn } from '../../config/compile-cache.ts';
import { environment, type Environment } from '../../config/env.ts';
import type { TenantBundle } from '../bundle/bundle.ts';
import type { PageFacts } from '../post-build/built-pages.ts';
import { writePrivateTempFile } from '../../platform/fs/atomic-file.ts';
import { buildChildEnv } from './child-env.ts';
import { processRuns } from '../../platform/process/runs.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** The child that runs a whole Astro build of a tenant bundle. */
export const ASTRO_BUILD_CHILD = fileURLToPath(new URL('./astro-build.ts', import.meta.url));
/** The child that renders tenant bundles with a kept server bundle (one-shot, or warm with --serve). */
export const RENDER_CHILD = fileURLToPath(new URL('./render-pages.ts', import.meta.url));

/** DEALER_CPU_PROFILE_DIR=<dir>: each child writes a V8 CPU profile there (to find where a build or a render spends its time). */
function cpuProfileArgs(): string[] {
  const { cpuProfileDir } = buildSettings();
  return cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
}

/** Node's code cache of the modules the children load (Astro, Vite, Rolldown, the kept bundles): one folder under the cache root for all of them. */
function nodeCompileCache(): string {
  return nodeCompileCacheIn(environment());
}

const BUNDLE_PREFIX = 'dealer-bundle-';

/**
 * What tells this process's pid namespace from every other one that may share its temp folder
 * (another container, another machine over a shared volume): the kernel's boot id and the
 * namespace's inode (Linux `/proc`), hashed to 12 hex digits; undefined where they cannot be read.
 * A pid means one process only within its namespace, and only there can its absence be known.
 */
function readPidNamespace(): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const namespace = readlinkSync('/proc/self/ns/pid');
    if (!boot || !namespace) return undefined;
    return createHash('sha256').update(`${boot}\n${namespace}`).digest('hex').slice(0, 12);
  } catch {
    return undefined;
  }
}

let pidNamespace: string | null | undefined;
/** This process's pid namespace as bundle folders name it (readPidNamespace), read once. */
export function bundleNamespace(): string | undefined {
  if (pidNamespace === undefined) pidNamespace = readPidNamespace() ?? null;
  return pidNamespace ?? undefined;
}

/**
 * A bundle folder named after its namespace and process (`<prefix><namespace>-<pid>-XXXXXX`);
 * one of a process whose namespace could not be read, or made before folders named it
 * (`<prefix><pid>-XXXXXX`); one from before folders named their process (`<prefix>XXXXXX`). The
 * prefix has no regex metacharacters.
 */
const NAMESPACED_BUNDLE_DIR = new RegExp(`^${BUNDLE_PREFIX}([0-9a-f]{12})-(\\d+)-[A-Za-z0-9]{6}$`);
const OTHER_BUNDLE_DIR = new RegExp(`^${BUNDLE_PREFIX}(?:\\d+-)?[A-Za-z0-9]{6}$`);
/** Bundle files handed to children and not yet removed: removed when this process exits, so that only a killed process leaves one. */
const heldBundles = new Set<() => void>();
let exitHooked = false;

/** The bundle in a private temporary folder named after this process (`dealer-bundle-<namespace>-<pid>-*`), and how to remove it. */
function writeBundleFile(bundle: TenantBundle): { path: string; remove(): void } {
  const namespace = bundleNamespace();
  const temp = writePrivateTempFile(`${BUNDLE_PREFIX}${namespace ? `${namespace}-` : ''}${process.pid}-`, `${bundle.slug}.json`, JSON.stringify(bundle));
  // A process that exits mid-render (a stop cut short, a second signal) removes its bundles on the way out.
  if (!exitHooked) process.on('exit', removeHeldBundles);
  exitHooked = true;
  const remove = () => {
    heldBundles.delete(remove);
    temp.remove();
  };
  heldBundles.add(remove);
  return { path: temp.path, remove };
}

function removeHeldBundles(): void {
  for (const remove of heldBundles) remove();
}

/**
 * A bundle folder whose owner cannot be proved gone (another pid namespace's, or one that names
 * none) goes once this old: a folder lives as long as one render, and no render lasts a day.
 */
export const FOREIGN_BUNDLE_STALE_MS = 86_400_000;

/**
 * Remove from `dir` (default the temp folder) the bundle folders of processes that are gone: a
 * worker killed mid-render (SIGKILL, the out-of-memory killer) could not remove its own. Only a
 * folder of this pid namespace (bundleNamespace) whose pid no process has is proved gone, and
 * goes at once. Any other goes only once it is FOREIGN_BUNDLE_STALE_MS old: a running process's
 * (another worker's on the same machine too), another namespace's (a container sharing the temp
 * folder: its pids mean nothing here) and one that names none. Returns the names removed.
 */
export function removeStaleBundleFolders(dir: string = tmpdir(), now: number = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const ours = bundleNamespace();
  const removed: string[] = [];
  for (const name of names) {
    const owner = NAMESPACED_BUNDLE_DIR.exec(name);
    if (!owner && !OTHER_BUNDLE_DIR.test(name)) continue;
    try {
      const provedGone = owner !== null && ours !== undefined && owner[1] === ours && !processRuns(Number(owner[2]));
      if (!provedGone && now - statSync(join(dir, name)).mtimeMs < FOREIGN_BUNDLE_STALE_MS) continue;
      rmSync(join(dir, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Another user's folder (a shared temp folder), or gone meanwhile: left alone.
    }
  }
  return removed;
}

/** Exit code, the tail of the output, and the child's peak resident memory (bytes, 0 when it did not say). */
export interface ChildRun {
  code: number;
  output: string;
  peakRss: number;
  /** A warm render of a bundle with `reuseRoutes`: the output files (relative to its outDir) it did not write. */
  reused?: string[];
  /** A warm render: the facts of each page it wrote (relative path), taken as it wrote them (src/builder/post-build/built-pages.ts). */
  pageFacts?: Record<string, PageFacts>;
}

/**
 * Start a child script (its file path) with the bundle written to a temporary file. The child is spawned
 * before this returns, so the caller can work while it runs; the promise resolves when it ends.
 * Throws, its bundle's folder removed, when the output directory cannot be made or the child
 * cannot be spawned; rejects, its folder removed too, when the spawn fails later (Node reports
 * EAGAIN, EMFILE, ENFILE, ENOENT and EACCES as the child's 'error' event, an EMFILE child without pipes).
 */
export function runBundleChild(script: string, nodeArgs: string[], bundle: TenantBundle, outDir: string, env: NodeJS.ProcessEnv): Promise<ChildRun> {
  refuseWhenStopped();
  const bundleTemp = writeBundleFile(bundle);
  let child;
  try {
    mkdirSync(outDir, { recursive: true });
    child = spawn(process.execPath, [...nodeArgs, ...cpuProfileArgs(), script], {
      cwd: REPO_ROOT,
      env: buildChildEnv({ ...env, DEALER_BUNDLE: bundleTemp.path, DEALER_OUT_DIR: outDir, DEALER_PARENT_PID: String(process.pid) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    bundleTemp.remove();
    throw error;
  }
  trackRenderChild(child);
  return new Promise((done, fail) => {
    let output = '';
    let peakRss = 0;
    let settled = false;
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      // Both children end with one stats line: DEALER_BUILD_STATS / DEALER_RENDER_STATS {"maxRSS": kB, ...}.
      const stats = /DEALER_(?:BUILD|RENDER)_STATS (\{.*\})/.exec(text);
      if (stats) peakRss = ((JSON.parse(stats[1]) as { maxRSS?: number }).maxRSS ?? 0) * 1024;
      output = (output + text).slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    // A spawn that failed after all (ENOENT is followed by a 'close', EMFILE is not): the render fails with its reason.
    child.on('error', (error: NodeJS.ErrnoException) => {
      bundleTemp.remove();
      if (settled) return;
      settled = true;
      fail(Object.assign(new Error(`the render child could not be started: ${error.message}`, { cause: error }), { code: error.code }));
    });
    child.on('close', (code) => {
      bundleTemp.remove();
      if (settled) return;
      settled = true;
      done({ code: code ?? 1, output, peakRss });
    });
  });
}

/** A whole Astro build of the bundle; `keepRenderer` keeps its compiled server bundle there. */
export function runAstroBuild(bundle: TenantBundle, outDir: string, siteUrl: string, keepRenderer?: string): Promise<ChildRun> {
  return runBundleChild(ASTRO_BUILD_CHILD, [], bundle, outDir, {
    ASTRO_TELEMETRY_DISABLED: '1',
    NODE_COMPILE_CACHE: nodeCompileCache(),
    DEALER_SITE_URL: siteUrl,
    // Separate caches so tenants can build in parallel.
    DEALER_VITE_CACHE: join(cacheRoot(), 'vite', bundle.slug),
    DEALER_ASTRO_CACHE: join(cacheRoot(), 'astro', bundle.slug),
    ...(keepRenderer ? { DEALER_KEEP_RENDERER: resolve(keepRenderer) } : {}),
  });
}

/** One of `count` render processes sharing a tenant's pages: every `count`-th page from `index` (the split render of a large tenant, src/builder/render/build-tenant.ts). */
export interface RenderShard {
  index: number;
  count: number;
}

/** The answer of a warm renderer to one job. */
interface WarmAnswer {
  ready?: boolean;
  ok?: boolean;
  pages?: number;
  reused?: string[];
  facts?: Record<string, PageFacts>;
  maxRSS?: number;
  error?: string;
}

/**
 * A warm renderer (src/builder/render/render-pages.ts --serve): one child that loads a kept server bundle
 * once and renders one tenant bundle after another, so a render costs only its pages, not a
 * process start and a bundle load. Jobs run one at a time in order. If the child dies or cannot
 * be started, the running job fails and the next one starts a new child. `close()` ends it.
 */
export class WarmRenderer {
  readonly rendererDir: string;
  #child: ChildProcess | undefined;
  #ready: Promise<void> | undefined;
  /** The job in a child's hands: only that child's answer or end settles it (a replaced child may still end later). */
  #pending: { child: ChildProcess; answer: (answer: WarmAnswer) => void } | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #stderr = '';
  /** Jobs started and not yet answered (a background child is held only while this is above 0). */
  #inFlight = 0;
  /** Jobs asked for and not yet answered, queued ones included. */
  #jobs = 0;

  readonly #background: boolean;

  /** `background`: the child never keeps this process alive (a long-lived pool in the pipeline). */
  constructor(rendererDir: string, options: { background?: boolean } = {}) {
    this.rendererDir = rendererDir;
    this.#background = options.background ?? false;
  }

  #start(): Promise<void> {
    if (this.#ready && this.#child && this.#child.exitCode === null && this.#child.signalCode === null) return this.#ready;
    if (renderStop.getStore()?.aborted) {
      // The job's stop cut it (withRenderStop): the job fails, and no child starts for it.
      const refused = Promise.reject(stoppedError());
      refused.catch(() => {});
      return refused;
    }
    this.#stderr = '';
    const child = spawn(process.execPath, ['--max-semi-space-size=64', ...cpuProfileArgs(), RENDER_CHILD, '--serve'], {
      cwd: REPO_ROOT,
      env: buildChildEnv({ NODE_COMPILE_CACHE: nodeCompileCache(), DEALER_RENDERER: this.rendererDir, DEALER_PARENT_PID: String(process.pid) }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.#child = child;
    trackRenderChild(child);
    if (this.#background) {
      // The output pipes never hold the process; the child and its channel do while a job
      // is in flight (#hold), and not while the renderer waits idle for the next release.
      (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
      (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    }
    this.#applyHold();
    child.stdout?.on('data', (chunk: Buffer) => (this.#stderr = (this.#stderr + chunk.toString()).slice(-20_000)));
    child.stderr?.on('data', (chunk: Buffer) => (this.#stderr = (this.#stderr + chunk.toString()).slice(-20_000)));
    this.#ready = new Promise((ready, fail) => {
      child.on('message', (answer: WarmAnswer) => {
        if (answer.ready) return ready();
        this.#answer(child, answer);
      });
      // A child replaced meanwhile (closed, then a new one started for the next job) answers
      // nothing when it ends: the job waiting is the new child's.
      child.on('exit', (code) => {
        const message = `warm renderer exited (${code}): ${this.#stderr.trim().split('\n').slice(-5).join(' | ')}`;
        fail(new Error(message));
        this.#answer(child, { ok: false, error: message });
      });
      // A spawn that failed after all (Node reports EAGAIN, EMFILE, ENFILE, ENOENT and EACCES as this
      // event, never followed by an 'exit'), or a message the child could not be sent:
      // the start and the job waiting fail with the reason, and the next job starts a new child.
      child.on('error', (error: NodeJS.ErrnoException) => {
        const spawnFailed = error.syscall?.startsWith('spawn') ?? false;
        const message = spawnFailed ? `the warm renderer could not be started: ${error.message}` : `warm renderer failed: ${error.message}`;
        fail(Object.assign(new Error(message, { cause: error }), { code: error.code }));
        if (this.#child === child) this.close();
        this.#answer(child, { ok: false, error: message });
      });
    });
    // A failed start is reported by the job that waits for it.
    this.#ready.catch(() => {});
    return this.#ready;
  }

  /** Settle the job waiting for `from`'s answer; nothing when the job waiting is another child's (or none). */
  #answer(from: ChildProcess, answer: WarmAnswer): void {
    const pending = this.#pending;
    if (pending?.child !== from) return;
    this.#pending = undefined;
    pending.answer(answer);
  }

  /**
   * A background renderer's child keeps this process alive only while a job is in flight: a
   * one-shot process (`pipeline --once`, bench:pipeline) must not end under a pending render,
   * and a long-lived one must not be held open by an idle renderer.
   */
  #hold(held: boolean): void {
    this.#inFlight += held ? 1 : -1;
    this.#applyHold();
  }

  #applyHold(): void {
    const child = this.#child;
    if (!this.#background || !child) return;
    if (this.#inFlight > 0) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  }

  /**
   * Start the child and load the kept bundle now, without a job, so that the next render costs
   * only its pages (the pipeline calls it after a full release). It never holds the process.
   */
  warm(): void {
    this.#start();
  }

  /**
   * Render a bundle into `outDir` with the tenant's origin (the request origin its own Astro build
   * would use). The answer's `sent` settles once the job is in the child's hands (or has failed
   * to get there): a caller that has synchronous work to do meanwhile (the incremental release
   * links the previous release's files) awaits it first, so the two run on two cores. With a
   * `shard`, it renders only that share of the pages.
   */
  render(bundle: TenantBundle, outDir: string, siteUrl: string, shard?: RenderShard): Promise<ChildRun> & { sent: Promise<void> } {
    let markSent: () => void = () => {};
    const sent = new Promise<void>((settled) => (markSent = settled));
    this.#jobs += 1;
    // A job never rejects: one that fails before it reaches the child (its bundle's file cannot be
    // written: a full disk) answers for itself and leaves the queue to the next job.
    const job = this.#queue.then(async (): Promise<ChildRun> => {
      let bundleTemp: ReturnType<typeof writeBundleFile> | undefined;
      this.#hold(true);
      try {
        const temp = (bundleTemp = writeBundleFile(bundle));
        mkdirSync(outDir, { recursive: true });
        await this.#start();
        const child = this.#child!;
        const answer = await new Promise<WarmAnswer>((done) => {
          this.#pending = { child, answer: done };
          child.send({ bundle: temp.path, outDir, siteUrl, reuseRoutes: bundle.reuseRoutes, shard });
          markSent();
        });
        if (answer.ok)
          return {
            code: 0,
            output: `DEALER_RENDER_STATS ${JSON.stringify({ pages: answer.pages })}`,
            peakRss: (answer.maxRSS ?? 0) * 1024,
            reused: answer.reused ?? [],
            pageFacts: answer.facts,
          };
        return { code: 1, output: answer.error ?? 'warm renderer failed', peakRss: 0 };
      } catch (error) {
        return { code: 1, output: (error as Error).message, peakRss: 0 };
      } finally {
        markSent();
        this.#hold(false);
        bundleTemp?.remove();
      }
    });
    const answered = () => {
      this.#jobs -= 1;
    };
    job.then(answered, answered);
    this.#queue = job;
    return Object.assign(job, { sent });
  }

  /** Jobs asked for and not yet answered (the pool gives a busy renderer's directory another renderer). */
  get jobs(): number {
    return this.#jobs;
  }

  /** Stop the child (idempotent). */
  close(): void {
    // A child that is exiting may have closed its channel already.
    if (this.#child && this.#child.exitCode === null && this.#child.connected) this.#child.disconnect();
    this.#child = undefined;
    this.#ready = undefined;
  }
}

/** Warm renderers of the pipeline, most recently used last; at most DEALER_WARM_RENDERERS (default 2). */
const warmPool: { dir: string; renderer: WarmRenderer }[] = [];

/**
 * A warm renderer of a kept bundle directory, started on first use and kept for the next
 * release of the same code (a kept directory is never rewritten in place). Jobs at once on one
 * directory (a worker's concurrent releases of one code version) get a renderer each while the
 * pool has room, else the least busy; the least recently used idle one is stopped when the pool
 * is full.
 */
export function warmRendererFor(rendererDir: string, env: Environment = environment()): WarmRenderer {
  const max = buildSettings(env).warmRenderers;
  const mine = warmPool.filter((entry) => entry.dir === rendererDir);
  let entry = mine.find((candidate) => candidate.renderer.jobs === 0);
  if (!entry && mine.length > 0 && mine.length >= max)
    entry = mine.reduce((least, candidate) => (candidate.renderer.jobs < least.renderer.jobs ? candidate : least));
  if (entry) warmPool.splice(warmPool.indexOf(entry), 1);
  else entry = { dir: rendererDir, renderer: new WarmRenderer(rendererDir, { background: true }) };
  warmPool.push(entry);
  for (let index = 0; warmPool.length > max && index < warmPool.length - 1;) {
    const old = warmPool[index]!;
    if (old.renderer.jobs > 0) index += 1;
    else {
      warmPool.splice(index, 1);
      old.renderer.close();
    }
  }
  return entry.renderer;
}

/** Stop every warm renderer of the pool (tests). */
export function closeWarmRenderers(): void {
  for (const { renderer } of warmPool) renderer.close();
  warmPool.length = 0;
}

/**
 * Every render child this process started that has not ended yet: the warm renderers' (those of
 * renderers closed or replaced too: they end on their channel's close) and the one-shot ones
 * (runBundleChild: an Astro build, a compile build, a split render's share).
 */
const renderChildren = new Set<ChildProcess>();
/** The stop of the work under way (withRenderStop). */
const renderStop = new AsyncLocalStorage<AbortSignal>();

const stoppedError = () => new Error('the stop cut this job: no render child starts for it');

/**
 * Run `work` (a pipeline job) under `stop`: once it aborts (the stop cut the job and ends its
 * render children: service.ts), no render child starts for the job any more (a cut warm
 * render's fallback to an Astro build); the job's render fails instead.
 */
export function withRenderStop<T>(stop: AbortSignal, work: () => T): T {
  return renderStop.run(stop, work);
}

/** Throws once the stop of the work under way has aborted (withRenderStop). */
function refuseWhenStopped(): void {
  if (renderStop.getStore()?.aborted) throw stoppedError();
}

/**
 * Count `child` among the render children until it has exited, or its spawn failed (an 'error'
 * never followed by an 'exit'); a later error (a message it could not be sent) leaves it counted.
 */
function trackRenderChild(child: ChildProcess): void {
  renderChildren.add(child);
  const forget = () => renderChildren.delete(child);
  child.once('exit', forget);
  child.on('error', (error: NodeJS.ErrnoException) => {
    if (child.pid === undefined || (error.syscall?.startsWith('spawn') ?? false)) forget();
  });
}

/** The render children this process runs now (tests). */
export function runningRenderChildren(): ChildProcess[] {
  return [...renderChildren];
}

/**
 * End `child` and wait for it: SIGTERM, then, still running after `graceMs`, SIGKILL and as long
 * again at most.
 */
async function endChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const ended = new Promise<boolean>((done) => child.once('exit', () => done(true)));
  // Held: the wait keeps the process alive (the child itself may be unref'd).
  const within = async (ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), ms)));
    try {
      return await Promise.race([ended, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  child.kill('SIGTERM');
  if (await within(graceMs)) return;
  child.kill('SIGKILL');
  await within(graceMs);
}

/**
 * Stop every render child this process started, warm renderers and one-shot ones alike, and
 * wait for their end (the pipeline's shutdown): a process that exits then leaves no render child
 * behind. Each child is given `graceMs` after a SIGTERM, then as long again after a SIGKILL.
 */
export async function stopRenderChildren(graceMs = 2000): Promise<void> {
  closeWarmRenderers();
  const children = [...renderChildren];
  renderChildren.clear();
  await Promise.all(children.map((child) => endChild(child, graceMs)));
}
