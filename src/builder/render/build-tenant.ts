/**
 * Build one tenant, the one entry that renders a tenant (exported by index.ts): validate its
 * folder, make the bundle, render it (Astro's build in a child process, or for a large tenant
 * the split render; only Astro's build under DEALER_RENDER=astro), run the post-build steps,
 * and report a one-line summary. Used by scripts/build.ts, the fleet build, the pipeline's full
 * releases and the benchmarks; a tenant problem is a failed result, never a throw.
 */
import { availableParallelism } from 'node:os';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatProblem } from '../../lib/vehicle/stock.ts';
import type { ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';
import { walkFiles } from '../../platform/fs/walk.ts';
import { loadTenant, TenantConfigError, type Tenant } from '../../lib/site/tenant.ts';
import type { TenantBundle } from '../bundle/bundle.ts';
import { createBundle } from '../bundle/create-bundle.ts';
import { runPostBuildSteps } from '../post-build/steps.ts';
import { rememberPageFacts, type PageFacts } from '../post-build/built-pages.ts';
import { REPO_ROOT, runAstroBuild, WarmRenderer, type ChildRun } from './children.ts';
import { addCompiledFiles } from './astro/compiled-files.ts';
import { fastPathsOn } from './engine.ts';
import { photoOptionsFromEnv } from '../../config/images.ts';
import { buildSettings, cacheRoot } from '../../config/build.ts';
import { formatPhotoFault, resolveTenantPhotos, type PhotoReport } from '../../images/resolve.ts';
import { searchEngineAdvice } from '../../search/core/config.ts';

export { REPO_ROOT };

export interface TenantBuildOptions {
  /** Tenant folder. */
  dir: string;
  /** Output root: the site is written to `<outRoot>/<slug>/` unless `outDir` is given. */
  outRoot: string;
  /** Exact output directory (used by the pipeline's release directories). */
  outDir?: string;
  /** Build clock (ms). */
  now: number;
  log?: (line: string) => void;
  /** Log every stock problem (default true). */
  logProblems?: boolean;
  /** Keep Astro's compiled server bundle in this directory (src/builder/render/astro/kept-renderer.ts; the pipeline's incremental releases). */
  keepRenderer?: string;
  /** Stock records to build instead of the folder's stock.json (the pipeline's accepted snapshot). */
  stock?: { data: unknown };
  /** The reserved overlay to build with instead of the folder's reservations.json (the pipeline state's). */
  overlay?: ReservationOverlay;
}

export interface TenantBuildResult {
  slug: string;
  ok: boolean;
  outDir: string;
  read: number;
  skipped: number;
  visible: number;
  pages: number;
  seconds: number;
  /** Peak resident memory of the Astro process, bytes. */
  peakRss: number;
  problems: string[];
  error?: string;
  tenant?: Tenant;
  /** Feed photos: cached, downloaded, transformed, faults (src/images/resolve.ts). */
  photos?: PhotoReport;
}

function countHtml(dir: string): number {
  let count = 0;
  for (const file of walkFiles(dir)) if (file.name.endsWith('.html')) count += 1;
  return count;
}

/** A tenant folder loaded, its photos resolved and its bundle made: ready to render. */
export interface PreparedTenant {
  slug: string;
  outDir: string;
  tenant: Tenant;
  bundle: TenantBundle;
  problems: string[];
  photos: PhotoReport;
  started: number;
}

const elapsed = (started: number) => Math.round((performance.now() - started) / 10) / 100;

function emptyResult(slug: string, outDir: string) {
  return { slug, outDir, read: 0, skipped: 0, visible: 0, pages: 0, peakRss: 0, problems: [] as string[] };
}

/**
 * First phase of a tenant build: validate the folder, resolve feed photos, make the bundle.
 * A tenant problem gives a failed result (never a throw).
 */
export async function prepareTenant(options: TenantBuildOptions): Promise<PreparedTenant | TenantBuildResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const slug = resolve(options.dir).split('/').pop() ?? options.dir;
  const outDir = resolve(options.outDir ?? join(options.outRoot, slug));
  const fail = (error: unknown): TenantBuildResult => {
    const message = error instanceof TenantConfigError ? error.message : `${(error as Error).message}`;
    log(`✗ ${slug}: ${message}`);
    return { ...emptyResult(slug, outDir), ok: false, seconds: elapsed(started), error: message };
  };

  let tenant: Tenant;
  try {
    tenant = loadTenant(options.dir, options.now, options.stock, options.overlay);
  } catch (error) {
    return fail(error);
  }
  const problems = tenant.problems.map(formatProblem);
  if (options.logProblems !== false) for (const line of problems) log(`  ! ${line}`);
  // A tenant-level notice, not a stock problem: said at every build, whatever logProblems says.
  const advice = searchEngineAdvice(tenant.site, tenant.visible.length);
  if (advice) log(`  ! ${slug}: ${advice}`);
  // Feed photos before the pages: they are rendered with the local variants (docs/images.md).
  const photos = await resolveTenantPhotos(tenant, photoOptionsFromEnv());
  for (const fault of photos.faults) {
    problems.push(formatPhotoFault(fault));
    if (options.logProblems !== false) log(`  ! ${formatPhotoFault(fault)}`);
  }
  if (photos.photos > 0) {
    log(`  ${slug}: photos ${photos.photos}: ${photos.known} cached, ${photos.fetched} downloaded (${Math.round(photos.fetchedBytes / 1024 / 1024)} MB), ${photos.transformed} transformed, ${photos.faults.length} failed; ${photos.seconds.toFixed(1)} s`);
  }
  try {
    return { slug, outDir, tenant, problems, photos, started, bundle: createBundle(tenant, options.now) };
  } catch (error) {
    return fail(error);
  }
}

/** True when `prepareTenant` gave a tenant to render (not a failed result). */
export function isPrepared(value: PreparedTenant | TenantBuildResult): value is PreparedTenant {
  return 'bundle' in value;
}

/**
 * Last phase: after the pages are rendered into `outDir` (by Astro or a kept renderer), add
 * the tenant's own static files and run the post-build steps; report the one-line summary.
 */
export async function finishTenant(prepared: PreparedTenant, render: ChildRun, options: Pick<TenantBuildOptions, 'log'>, what = 'Astro build'): Promise<TenantBuildResult> {
  const log = options.log ?? (() => {});
  const { slug, outDir, tenant, bundle, problems, photos, started } = prepared;
  const counts = { ...emptyResult(slug, outDir), read: tenant.read, skipped: tenant.skipped, visible: tenant.visible.length, problems, tenant };
  if (render.code !== 0) {
    const message = `${what} failed (exit ${render.code}):\n${render.output.trim().split('\n').slice(-30).join('\n')}`;
    log(`✗ ${slug}: ${message}`);
    return { ...counts, ok: false, seconds: elapsed(started), error: message };
  }
  // Pages a render child wrote come with their facts: the steps need not read them back.
  if (render.pageFacts) rememberPageFacts(outDir, render.pageFacts);
  // The tenant's own static files (logo, banners) sit beside its site.json in public/.
  const tenantPublic = join(tenant.dir, 'public');
  if (existsSync(tenantPublic)) cpSync(tenantPublic, outDir, { recursive: true });
  try {
    await runPostBuildSteps({ tenant, bundle, outDir });
  } catch (error) {
    const message = `post-build step failed: ${(error as Error).stack ?? String(error)}`;
    log(`✗ ${slug}: ${message}`);
    return { ...counts, ok: false, seconds: elapsed(started), error: message };
  }
  const result: TenantBuildResult = { ...counts, ok: true, pages: countHtml(outDir), seconds: elapsed(started), peakRss: render.peakRss, photos };
  log(
    `✓ ${slug}: records read ${result.read}, skipped ${result.skipped}, visible ${result.visible}; pages written ${result.pages}; ${result.seconds.toFixed(1)} s -> ${outDir}`,
  );
  return result;
}

/** Cars in the small copy of the bundle whose Astro build compiles the code for a split render. */
const COMPILE_CARS = 24;

/**
 * Render processes for a tenant of `cars` cars: one per core (at most two) from
 * DEALER_SPLIT_RENDER_MIN_CARS cars, else 1. Below it the extra compile build and each process's
 * bundle load take most of what the second core gives (measured in docs/scale.md).
 */
export function renderProcesses(cars: number, cores = availableParallelism(), minCars = buildSettings().splitRenderMinCars): number {
  return cars >= minCars ? Math.max(1, Math.min(2, cores)) : 1;
}

/**
 * The split render of a large tenant: Astro's build renders every page in one process, so a
 * large tenant leaves the other core idle. Instead, an Astro build of the same bundle cut to
 * COMPILE_CARS cars compiles the code (the compiled code and client assets do not depend on the
 * stock: the fleet build relies on the same fact) and keeps its server bundle; `processes` warm
 * renderers then render the whole bundle from it, each every n-th page, into the tenant's
 * output. The pages are those its own Astro build writes (tests/integration/build-fleet.test.ts).
 * Undefined when the compile or a render failed (the caller then runs the Astro build, as before).
 */
async function splitRender(prepared: PreparedTenant, options: TenantBuildOptions, processes: number): Promise<ChildRun | undefined> {
  const log = options.log ?? (() => {});
  const work = join(cacheRoot(), 'split-render', `${process.pid}-${prepared.slug}`);
  const rendererDir = options.keepRenderer ?? join(work, 'renderer');
  const compiledOut = join(work, 'compiled');
  const siteUrl = prepared.tenant.site.url;
  const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
  const compileStarted = performance.now();
  try {
    rmSync(rendererDir, { recursive: true, force: true });
    const compile = await runAstroBuild({ ...prepared.bundle, cars: prepared.bundle.cars.slice(0, COMPILE_CARS) }, compiledOut, siteUrl, rendererDir);
    if (compile.code !== 0 || !existsSync(rendererDir)) {
      log(`  ${prepared.slug}: the compile build for a split render failed (${compile.output.trim().split('\n').at(-1) ?? `exit ${compile.code}`}); building with Astro`);
      return undefined;
    }
    rmSync(prepared.outDir, { recursive: true, force: true });
    const compileSeconds = seconds(compileStarted);
    const renderStarted = performance.now();
    const renderers = Array.from({ length: processes }, () => new WarmRenderer(rendererDir));
    let runs: ChildRun[];
    try {
      runs = await Promise.all(renderers.map((renderer, index) => renderer.render(prepared.bundle, prepared.outDir, siteUrl, { index, count: processes })));
    } finally {
      for (const renderer of renderers) renderer.close();
    }
    const failed = runs.find((run) => run.code !== 0);
    if (failed) {
      log(`  ${prepared.slug}: the split render failed (${failed.output.trim().split('\n')[0] || `exit ${failed.code}`}); building with Astro`);
      rmSync(prepared.outDir, { recursive: true, force: true });
      return undefined;
    }
    addCompiledFiles(compiledOut, prepared.outDir);
    const peaks = runs.map((run) => run.peakRss);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    log(`  ${prepared.slug}: compile build ${compileSeconds} s (${mb(compile.peakRss)} MB), pages rendered by ${processes} processes in ${seconds(renderStarted)} s (${peaks.map(mb).join(' + ')} MB)`);
    const pageFacts: Record<string, PageFacts> = Object.assign({}, ...runs.map((run) => run.pageFacts ?? {}));
    return { code: 0, output: '', peakRss: Math.max(compile.peakRss, ...peaks), pageFacts };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Build one tenant folder with its own Astro build (a large tenant's pages rendered by one
 * process per core: `splitRender`); never throws for tenant problems (they are in the result).
 */
export async function buildTenant(options: TenantBuildOptions): Promise<TenantBuildResult> {
  const prepared = await prepareTenant(options);
  if (!isPrepared(prepared)) return prepared;
  // DEALER_RENDER=astro: Astro's own build only (no split render, no kept bundle).
  const fast = fastPathsOn();
  const processes = fast ? renderProcesses(prepared.bundle.cars.length) : 1;
  if (processes > 1) {
    const split = await splitRender(prepared, options, processes);
    if (split) return finishTenant(prepared, split, options, 'split render');
  }
  const astro = await runAstroBuild(prepared.bundle, prepared.outDir, prepared.tenant.site.url, fast ? options.keepRenderer : undefined);
  return finishTenant(prepared, astro, options);
}
