/**
 * renderTenant: the one way a tenant's pages are rendered. It chooses the engine (engine.ts:
 * Astro's own build, the split render, the compile that keeps the code version's renderer, or
 * that kept renderer), runs it, owns the one fallback (a fast engine that fails is replaced by
 * Astro's own build, and the report says why), and returns one report. Callers: the tenant
 * build (build-tenant.ts), the fleet build (fleet.ts), and the pipeline's full and incremental
 * releases and its warm-up. It writes pages only: the tenant's static files and the post-build
 * steps are the caller's (finishTenant, or the incremental release's assembly).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { walkFiles } from '../../platform/fs/walk.ts';
import type { RenderPlan, TenantBundle } from '../bundle/bundle.ts';
import type { PageFacts } from '../post-build/built-pages.ts';
import { addCompiledFiles } from './astro/compiled-files.ts';
import { runAstroBuild, warmRendererFor, type ChildRun, type WarmRenderer } from './children.ts';
import { codeRenderer, codeRendererPaths, compileCodeRenderer, compileSettled, touchCodeRenderer, type KeptRendererKey } from './code-renderer.ts';
import { chooseEngine, renderProcesses, type RenderedWith, type RenderEngine, type RenderSettings } from './engine.ts';
import { compileBuild, splitRender } from './split-render.ts';

/** What renderTenant renders: a prepared tenant's bundle (build-tenant.ts PreparedTenant has these). */
export interface RenderInput {
  /** The tenant's folder name (for log lines). */
  slug: string;
  bundle: TenantBundle;
}

/** An incremental release's render: only the pages of `render`; the pages of `reuseRoutes` are taken over from `previousDir`. */
export interface PartialRender {
  render: RenderPlan;
  /** Routes whose pages a kept render does not write (their files are listed in the report's `reused`). */
  reuseRoutes: readonly string[];
  /** The release the pages are taken over from: a kept render that leaves a page it lacks has failed. */
  previousDir: string;
}

export interface RenderOptions {
  /** Where the pages go. A fast engine replaces the folder; a dry run removes it afterwards. */
  outDir: string;
  /** Resolved once by the command (renderSettings) and passed down. */
  settings: RenderSettings;
  /** Render with the kept renderer of this code version: from it when it is there, else by the compile that keeps it. */
  keep?: KeptRendererKey;
  /** Called once a compile has put the kept renderer of `keep` in place, before the pages render (not awaited). */
  compiled?: () => void;
  /** Render only part of the site (an incremental release): from the kept renderer when there, else by Astro; never a compile. */
  plan?: PartialRender;
  /**
   * Warm the kept renderer instead of rendering for keeps: 'start' starts it (and returns at
   * once), 'render' renders the given tenant (cut it to a car: cutTenant) into `outDir`, then
   * removes that folder, so every route's modules are loaded. Nothing happens without a kept
   * renderer; there is no fallback.
   */
  dryRun?: 'start' | 'render';
  /** The warm renderer for a kept server bundle (default: the process's pool, warmRendererFor; the fleet gives each job its own). */
  renderer?: (serverDir: string) => WarmRenderer;
  log?: (line: string) => void;
}

/** What a render did. */
export interface RenderReport {
  /** The pages are written (false: `error` says why). */
  ok: boolean;
  /** What rendered the pages (`astro` after a fallback); null when nothing did (a dry run with no kept renderer). */
  renderedWith: RenderedWith | null;
  /** Why a fast engine did not render (the fallback's reason), or why a compile kept no renderer. */
  problem?: string;
  error?: string;
  /** HTML pages written. */
  pages: number;
  /** Seconds: the whole render (fallback included), and a split render's compile build. */
  phases: { render: number; compile?: number };
  /** Peak resident memory of the render processes, bytes (0 when they did not say). */
  peakRss: number;
  /** The facts of each page a warm renderer wrote (the post-build steps need not read them back). */
  pageFacts?: Record<string, PageFacts>;
  /** A partial kept render: the files (relative to `outDir`) of the routes it took over instead of rendering. */
  reused?: string[];
}

/** `input` cut to its first `cars` cars (a dry run, the split render's compile). */
export function cutTenant<T extends RenderInput>(input: T, cars: number): T {
  return { ...input, bundle: { ...input.bundle, cars: input.bundle.cars.slice(0, cars) } };
}

/** The one message of a fast engine that failed (logged, reported as the fallback's reason). */
function failure(label: string, run: ChildRun): string {
  return `${label} failed (exit ${run.code}): ${run.output.trim().split('\n').slice(0, 3).join(' | ')}`;
}

const seconds = (from: number) => Math.round((performance.now() - from) / 10) / 100;

function countHtml(dir: string): number {
  let count = 0;
  if (existsSync(dir)) for (const file of walkFiles(dir)) if (file.name.endsWith('.html')) count += 1;
  return count;
}

/**
 * Render a tenant's pages into `options.outDir` with the engine the settings and the call give
 * (engine.ts chooseEngine); never throws for a render that fails (the report says so). The
 * promise's `sent` settles once the render is in a child's hands: a caller with synchronous
 * work to do meanwhile (the incremental release links the previous release's files, the fleet
 * finishes the tenant before) awaits it first, so the two run on two cores. `input` may be a
 * function giving the tenant: a dry run calls it only after starting the kept renderer, and not
 * at all when there is none.
 */
export function renderTenant(
  input: RenderInput | (() => RenderInput | Promise<RenderInput>),
  options: RenderOptions,
): Promise<RenderReport> & { sent: Promise<void> } {
  let markSent: () => void = () => {};
  const sent = new Promise<void>((settled) => (markSent = settled));
  const report = (options.dryRun ? dryRun(input, options, markSent) : render(input, options, markSent)).finally(() => markSent());
  return Object.assign(report, { sent });
}

/**
 * The engine renderTenant would render a tenant of `cars` cars with, as this disk is now (a
 * compile that another render of this process runs is not waited for): for a log line before
 * the render. `partial`: a call with a `plan` or a dry run.
 */
export function renderEngine(cars: number, call: Pick<RenderOptions, 'settings' | 'keep'> & { partial?: boolean }): RenderEngine {
  return decide(cars, call).engine;
}

/** The engine, and the kept renderer's server bundle when there is one. */
function decide(cars: number, call: Pick<RenderOptions, 'settings' | 'keep'> & { partial?: boolean }): { engine: RenderEngine; server?: string } {
  const { keep } = call;
  const server = keep ? codeRenderer(keep.key, keep.root) : undefined;
  const engine = chooseEngine(call.settings, { cars, keep: keep !== undefined, kept: server !== undefined, partial: call.partial ?? false });
  return { engine, server };
}

async function dryRun(input: RenderInput | (() => RenderInput | Promise<RenderInput>), options: RenderOptions, markSent: () => void): Promise<RenderReport> {
  const started = performance.now();
  const none: RenderReport = { ok: true, renderedWith: null, pages: 0, phases: { render: 0 }, peakRss: 0 };
  // The tenant is not needed to choose (a dry run renders only with a kept renderer): it is loaded after the renderer starts.
  const { engine, server } = decide(0, { ...options, partial: true });
  if (engine !== 'kept' || !server) return none;
  const renderer = (options.renderer ?? warmRendererFor)(server);
  renderer.warm();
  markSent();
  if (options.dryRun === 'start') return { ...none, renderedWith: 'kept-renderer' };
  const tenant = typeof input === 'function' ? await input() : input;
  try {
    const run = await renderer.render(tenant.bundle, options.outDir, tenant.bundle.site.url);
    return {
      ...none,
      ok: run.code === 0,
      renderedWith: 'kept-renderer',
      ...(run.code === 0 ? {} : { error: failure('kept renderer', run) }),
      pages: Object.keys(run.pageFacts ?? {}).length,
      phases: { render: seconds(started) },
      peakRss: run.peakRss,
    };
  } finally {
    rmSync(options.outDir, { recursive: true, force: true });
  }
}

async function render(input: RenderInput | (() => RenderInput | Promise<RenderInput>), options: RenderOptions, markSent: () => void): Promise<RenderReport> {
  const started = performance.now();
  const { settings, keep, plan, outDir } = options;
  const log = options.log ?? (() => {});
  const tenant = typeof input === 'function' ? await input() : input;
  // A whole-site render waits for this process's compile of its key (a partial one renders at
  // once, by Astro when the kept renderer is not there yet). No await from the last look at a
  // compile in progress to starting one: one compile per key.
  if (keep && settings.fast && !plan) await compileSettled(keep);
  const { engine, server } = decide(tenant.bundle.cars.length, { settings, keep, partial: plan !== undefined });
  const bundle: TenantBundle = plan
    ? { ...tenant.bundle, render: plan.render, ...(plan.reuseRoutes.length ? { reuseRoutes: [...plan.reuseRoutes] } : {}) }
    : tenant.bundle;
  const call: Call = { slug: tenant.slug, bundle, outDir, settings, log, markSent };

  if (engine === 'compile' && keep) return compileThenRender(call, options, keep, started);
  if (engine === 'kept' && keep && server) {
    const { run, problem } = await fastOrAstro(call, 'kept', () => renderKept(call, options, keep, server));
    return report(run, problem ? 'astro' : 'kept-renderer', problem, started, outDir);
  }
  const { run, problem } = await fastOrAstro(call, engine);
  return report(run, engine === 'split' && !problem ? 'split' : 'astro', problem, started, outDir);
}

/** Render every page of the call (or its plan's) from the kept renderer `server` of `keep`: the process's warm renderer unless the caller gives one. */
async function renderKept(call: Call, options: RenderOptions, keep: KeptRendererKey, server: string): Promise<ChildRun> {
  const { bundle, outDir } = call;
  const plan = options.plan;
  touchCodeRenderer(keep);
  rmSync(outDir, { recursive: true, force: true });
  const rendering = (options.renderer ?? warmRendererFor)(server).render(bundle, outDir, bundle.site.url);
  void rendering.sent.then(call.markSent);
  const kept = await rendering;
  // Pages the kept bundle did not render are taken over; one the previous release lacks means the plan does not fit it.
  const missing = plan && kept.code === 0 ? (kept.reused ?? []).filter((path) => !existsSync(join(plan.previousDir, path))) : [];
  if (missing.length > 0) {
    return { code: 1, output: `pages to take over are missing from the previous release: ${missing.slice(0, 3).join(', ')}`, peakRss: 0 };
  }
  // A partial render's client assets are the previous release's (the release links them).
  if (kept.code === 0 && !plan) addCompiledFiles(codeRendererPaths(keep.key, keep.root).compiled, outDir);
  return kept;
}

/**
 * The compile: an Astro build of the tenant cut to COMPILE_CARS cars keeps the code version's
 * server bundle and client assets (code-renderer.ts); `options.compiled` is told at once (a
 * fleet stores the renderer for its other workers while the pages render), then the kept
 * renderer renders every page. A compile that keeps nothing is replaced by Astro's own build of
 * the whole tenant (the report's `problem` says why).
 */
async function compileThenRender(call: Call, options: RenderOptions, keep: KeptRendererKey, started: number): Promise<RenderReport> {
  const { bundle, outDir, slug } = call;
  const work = join(call.settings.cache, 'compile', `${process.pid}-${slug}`);
  const compileStarted = performance.now();
  const compiled = await compileCodeRenderer(keep, async (serverDir) => {
    rmSync(work, { recursive: true, force: true });
    const run = await compileBuild(bundle, work, serverDir);
    return { value: run, ok: run.code === 0, outDir: work };
  }).finally(() => rmSync(work, { recursive: true, force: true }));
  const compileSeconds = (performance.now() - compileStarted) / 1000;
  const server = codeRenderer(keep.key, keep.root);
  if (!compiled.kept || !server) {
    const problem = compiled.problem ?? (compiled.value.code !== 0 ? failure('the compile build', compiled.value) : 'the compile build kept no server bundle');
    call.log(`  ${slug}: ${problem}; building with Astro`);
    const { run } = await fastOrAstro(call, 'astro');
    return report({ ...run, compileSeconds }, 'astro', problem, started, outDir);
  }
  options.compiled?.();
  const { run, problem } = await fastOrAstro(call, 'kept', () => renderKept(call, options, keep, server));
  return report({ ...run, compileSeconds }, problem ? 'astro' : 'compile', problem, started, outDir);
}

/** What the engines share within one render call. */
interface Call {
  slug: string;
  bundle: TenantBundle;
  outDir: string;
  settings: RenderSettings;
  log: (line: string) => void;
  markSent: () => void;
}

/**
 * Run the engine's fast render (`kept`: the given one; `split`: the split render) and, when
 * there is none or it failed, Astro's own build: the one fallback. `problem` is the failed fast
 * render's message.
 */
async function fastOrAstro(
  call: Call,
  engine: RenderEngine,
  kept?: () => Promise<ChildRun>,
): Promise<{ run: ChildRun & { compileSeconds?: number }; problem?: string }> {
  const { slug, bundle, outDir, log } = call;
  const processes = renderProcesses(bundle.cars.length, call.settings);
  let fast: { label: string; run: ChildRun & { compileSeconds?: number } } | undefined;
  if (engine === 'kept' && kept) fast = { label: 'kept renderer', run: await kept() };
  else if (engine === 'split') {
    call.markSent();
    fast = { label: 'split render', run: await splitRender(bundle, { slug, outDir, processes, cache: call.settings.cache, log }) };
  }
  if (fast && fast.run.code === 0) return { run: fast.run };
  let problem: string | undefined;
  if (fast) {
    problem = failure(fast.label, fast.run);
    log(`  ${slug}: ${problem}; building with Astro`);
    rmSync(outDir, { recursive: true, force: true });
  }
  const astro = runAstroBuild(bundle, outDir, bundle.site.url);
  call.markSent();
  return { run: { ...(await astro), compileSeconds: fast?.run.compileSeconds }, problem };
}

/** The report of a render that ran `run` last. */
function report(
  run: ChildRun & { compileSeconds?: number },
  renderedWith: RenderedWith,
  problem: string | undefined,
  started: number,
  outDir: string,
): RenderReport {
  const phases = { render: seconds(started), ...(run.compileSeconds !== undefined ? { compile: Math.round(run.compileSeconds * 100) / 100 } : {}) };
  const common = { renderedWith, ...(problem ? { problem } : {}), phases, peakRss: run.peakRss };
  if (run.code !== 0) {
    return { ...common, ok: false, error: `Astro build failed (exit ${run.code}):\n${run.output.trim().split('\n').slice(-30).join('\n')}`, pages: 0 };
  }
  const pages = run.pageFacts ? Object.keys(run.pageFacts).length : countHtml(outDir);
  return { ...common, ok: true, pages, ...(run.pageFacts ? { pageFacts: run.pageFacts } : {}), ...(run.reused ? { reused: run.reused } : {}) };
}
