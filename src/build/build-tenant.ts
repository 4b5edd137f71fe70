/**
 * Build one tenant: validate its folder, write the bundle, run Astro in a child process,
 * run the post-build steps, and report a one-line summary. Used by scripts/build.ts,
 * the operations pipeline and the benchmarks.
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatProblem } from '../lib/vehicle/stock.ts';
import { loadTenant, readOptionalJson, TenantConfigError, type Tenant } from '../lib/site/tenant.ts';
import { shiftTenantFileDates } from '../lib/site/demo-clock.ts';
import type { TenantBundle } from './bundle.ts';
import { parseTenantFile, tenantFileProblems, type TenantFileKey, type TenantFiles } from '../schemas/tenant-files.ts';
import { loadContentPages } from './content.ts';
import { runPostBuildSteps } from './steps.ts';
import { REPO_ROOT, runAstroBuild, type ChildRun } from './children.ts';
import { photoOptionsFromEnv } from '../config/images.ts';
import { formatPhotoFault, resolveTenantPhotos, type PhotoReport } from '../images/resolve.ts';
import { searchEngineAdvice } from '../search/config.ts';

export { REPO_ROOT };

/** Optional JSON files of a tenant folder (<key>.json) that are handed to pages as `bundle.extras`, in this order. */
const EXTRA_FILES: readonly TenantFileKey[] = ['models', 'reviews', 'offers', 'slides', 'blog', 'products', 'brands'];

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
  /** Keep Astro's compiled server bundle in this directory (src/build/kept-renderer.ts; the pipeline's incremental releases). */
  keepRenderer?: string;
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
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countHtml(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

/** Create the bundle handed to Astro. */
export function createBundle(tenant: Tenant, now: number): TenantBundle {
  const extras: Record<string, unknown> = {};
  for (const key of EXTRA_FILES) {
    const name = `${key}.json`;
    // Demo tenants' dated files move with their stock (src/lib/site/demo-clock.ts).
    const data = shiftTenantFileDates(name, readOptionalJson(tenant.dir, name), tenant.dateShift ?? 0);
    if (data === undefined) continue;
    // Optional files are validated like site.json: a bad one names the file and field path.
    const fileProblems = tenantFileProblems(key, data);
    if (fileProblems.length > 0) throw new TenantConfigError(join(tenant.dir, name), fileProblems);
    extras[key] = parseTenantFile(key, data);
  }
  return {
    slug: tenant.slug,
    site: tenant.site,
    cars: tenant.visible,
    buildTime: now,
    tenantDir: tenant.dir,
    content: loadContentPages(tenant.dir, tenant.site),
    // Each value is the output of its own key's schema (parseTenantFile above).
    extras: extras as TenantFiles,
  };
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
    tenant = loadTenant(options.dir, options.now);
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

/** Build one tenant folder with its own Astro build; never throws for tenant problems (they are in the result). */
export async function buildTenant(options: TenantBuildOptions): Promise<TenantBuildResult> {
  const prepared = await prepareTenant(options);
  if (!isPrepared(prepared)) return prepared;
  const astro = await runAstroBuild(prepared.bundle, prepared.outDir, prepared.tenant.site.url, options.keepRenderer);
  return finishTenant(prepared, astro, options);
}
