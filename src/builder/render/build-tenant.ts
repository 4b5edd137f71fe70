/**
 * A tenant folder into a site: validate it, resolve its feed photos and make its bundle
 * (`prepareTenant`), render it (renderTenant, render-tenant.ts), then add its static files and
 * run the post-build steps (`finishTenant`); `buildTenant` does the three with the engine the
 * settings give. Used by scripts/build.ts, the fleet build and the benchmarks; a pipeline
 * release loads its tenant itself and makes it ready with `preparedTenant`, then renders and
 * finishes it the same way. A tenant problem is a failed result, never a throw.
 */
import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatProblem } from '../../lib/vehicle/stock.ts';
import type { ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';
import { walkFiles } from '../../platform/fs/walk.ts';
import { loadTenant, stockRuleNotices, TenantConfigError, type Tenant } from '../../lib/site/tenant.ts';
import type { TenantBundle } from '../bundle/bundle.ts';
import { createBundle } from '../bundle/create-bundle.ts';
import { contentRouteClashes, gatedRouteRefusals } from '../bundle/content.ts';
import { runPostBuildSteps } from '../post-build/steps.ts';
import type { PostBuildCounts } from '../post-build/types.ts';
import type { WorkStore } from '../../platform/bucket/work-store.ts';
import { rememberPageFacts } from '../post-build/built-pages.ts';
import { REPO_ROOT } from './children.ts';
import { renderSettings, type RenderedWith, type RenderSettings } from './engine.ts';
import { renderTenant, type RenderReport } from './render-tenant.ts';
import { photoOptionsFromEnv } from '../../config/images.ts';
import { formatPhotoFault, resolveTenantPhotos, type PhotoReport } from '../../images/resolve.ts';
import { searchEngineAdvice } from '../../search/core/config.ts';
import { routeCollisionMessage } from '../../search/core/routes.ts';
import { stockRoutes } from '../../search/build-time/page-data.ts';

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
  /** The render settings (default: from the environment, renderSettings). */
  settings?: RenderSettings;
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
  /** What rendered the pages, and why a fast engine did not (absent when the tenant failed before rendering). */
  renderedWith?: RenderedWith;
  rendererProblem?: string;
  /** What the post-build steps drew and took from the shared work (absent when they did not run). */
  made?: PostBuildCounts;
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
  if (options.logProblems !== false) for (const problem of tenant.problems) log(`  ! ${formatProblem(problem)}`);
  // A tenant-level notice, not a stock problem: said at every build, whatever logProblems says.
  const advice = searchEngineAdvice(tenant.site, tenant.visible.length);
  if (advice) log(`  ! ${slug}: ${advice}`);
  // Also a tenant-level notice: a search page another page of its path took (docs/search.md).
  for (const line of lostSearchPages(tenant)) log(`  ! ${line}`);
  // And an excluded stock number that names no dealership in a site of several (docs/site-json.md).
  for (const line of stockRuleLines(tenant)) log(`  ! ${line}`);
  // Feed photos before the pages: they are rendered with the local variants (docs/images.md).
  // A photo's fault is a placeholder; a photo cache that cannot be written fails the tenant.
  const photoSettings = photoOptionsFromEnv();
  let photos: PhotoReport;
  try {
    photos = await resolveTenantPhotos(tenant, photoSettings);
  } catch (error) {
    return fail(error);
  }
  if (options.logProblems !== false) for (const fault of photos.faults) log(`  ! ${formatPhotoFault(fault)}`);
  if (photos.photos > 0) {
    log(
      `  ${slug}: photos ${photos.photos}: ${photos.known} cached, ${photos.fetched} downloaded (${Math.round(photos.fetchedBytes / 1024 / 1024)} MB), ${photos.transformed} transformed, ${photos.faults.length} failed${photos.deferred > 0 ? `, ${photos.deferred} left for a later build (DEALER_PHOTO_DEADLINE_MS)` : ''}; ${photos.seconds.toFixed(1)} s`,
    );
  }
  const prepared = preparedTenant({ tenant, photos, outDir, now: options.now, started });
  if (isPrepared(prepared)) {
    // A content page at a path of the product's own pages, left out (docs/tenant-files.md "Content pages"):
    // said once the bundle has the products.json and brands.json that decide some of those pages.
    for (const line of contentRouteClashes(tenant.dir, tenant.site, prepared.bundle.extras)) log(`  ! ${line}`);
    return prepared;
  }
  log(`✗ ${slug}: ${prepared.error}`);
  return prepared;
}

/**
 * A tenant already loaded, its photos resolved (the pipeline's release does both itself),
 * made ready to render: its bundle (`bundle` when the caller made it at the same clock). A bad
 * optional tenant file gives a failed result.
 */
export function preparedTenant(loaded: {
  tenant: Tenant;
  photos: PhotoReport;
  outDir: string;
  now: number;
  bundle?: TenantBundle;
  started?: number;
}): PreparedTenant | TenantBuildResult {
  const { tenant, photos, outDir } = loaded;
  const started = loaded.started ?? performance.now();
  let bundle: TenantBundle;
  try {
    bundle = loaded.bundle ?? createBundle(tenant, loaded.now);
  } catch (error) {
    const message = error instanceof TenantConfigError ? error.message : `${(error as Error).message}`;
    return { ...emptyResult(tenant.slug, outDir), ok: false, seconds: elapsed(started), error: message };
  }
  // A gated content path the product's own page takes stops the tenant as the schema's refusals do.
  const siteFile = join(tenant.dir, 'site.json');
  const gated = gatedRouteRefusals(siteFile, tenant.dir, tenant.site, bundle.extras);
  if (gated.refused.length > 0) {
    return { ...emptyResult(tenant.slug, outDir), ok: false, seconds: elapsed(started), error: new TenantConfigError(siteFile, gated.refused).message };
  }
  const problems = [
    ...tenant.problems.map((problem) => formatProblem(problem)),
    ...photos.faults.map(formatPhotoFault),
    ...lostSearchPages(tenant),
    ...stockRuleLines(tenant),
    ...contentRouteClashes(tenant.dir, tenant.site, bundle.extras),
    ...gated.unbuilt,
  ];
  return { slug: tenant.slug, outDir, tenant, problems, photos, started, bundle };
}

/** The search pages of the tenant's visible stock that are not built because another page has their path, one report line each. */
function lostSearchPages(tenant: Tenant): string[] {
  return stockRoutes(tenant.visible, tenant.site).collisions.map((collision) => `${tenant.slug}: ${routeCollisionMessage(collision)}`);
}

/** What the build says of the site.json's excluded stock numbers (stockRuleNotices), one line each. */
function stockRuleLines(tenant: Tenant): string[] {
  return stockRuleNotices(join(tenant.dir, 'site.json'), tenant.site);
}

/** True when `prepareTenant` gave a tenant to render (not a failed result). */
export function isPrepared(value: PreparedTenant | TenantBuildResult): value is PreparedTenant {
  return 'bundle' in value;
}

/**
 * Last phase: after the pages are rendered into `outDir` (renderTenant), add the tenant's own
 * static files and run the post-build steps (with a fleet's shared work, `work`); report the one-line summary.
 */
export async function finishTenant(
  prepared: PreparedTenant,
  render: RenderReport,
  options: Pick<TenantBuildOptions, 'log'> & { work?: WorkStore },
): Promise<TenantBuildResult> {
  const log = options.log ?? (() => {});
  const { slug, outDir, tenant, bundle, problems, photos, started } = prepared;
  const how = render.renderedWith ? { renderedWith: render.renderedWith } : {};
  const counts = {
    ...emptyResult(slug, outDir),
    read: tenant.read,
    skipped: tenant.skipped,
    visible: tenant.visible.length,
    problems,
    tenant,
    ...how,
    ...(render.problem ? { rendererProblem: render.problem } : {}),
  };
  if (!render.ok) {
    const message = render.error ?? 'render failed';
    log(`✗ ${slug}: ${message}`);
    return { ...counts, ok: false, seconds: elapsed(started), error: message };
  }
  // Pages a render child wrote come with their facts: the steps need not read them back.
  if (render.pageFacts) rememberPageFacts(outDir, render.pageFacts);
  // The tenant's own static files (logo, banners) sit beside its site.json in public/.
  const tenantPublic = join(tenant.dir, 'public');
  if (existsSync(tenantPublic)) cpSync(tenantPublic, outDir, { recursive: true });
  let made: PostBuildCounts;
  try {
    made = await runPostBuildSteps({ tenant, bundle, outDir, work: options.work });
  } catch (error) {
    const message = `post-build step failed: ${(error as Error).stack ?? String(error)}`;
    log(`✗ ${slug}: ${message}`);
    return { ...counts, ok: false, seconds: elapsed(started), error: message };
  }
  const result: TenantBuildResult = { ...counts, ok: true, pages: countHtml(outDir), seconds: elapsed(started), peakRss: render.peakRss, photos, made };
  log(
    `✓ ${slug}: records read ${result.read}, skipped ${result.skipped}, visible ${result.visible}; pages written ${result.pages}; ${result.seconds.toFixed(1)} s -> ${outDir}`,
  );
  return result;
}

/**
 * Build one tenant folder: prepare it, render it (renderTenant: Astro's build, or for a large
 * tenant the split render), finish it. Never throws for tenant problems (they are in the result).
 */
export async function buildTenant(options: TenantBuildOptions): Promise<TenantBuildResult> {
  const prepared = await prepareTenant(options);
  if (!isPrepared(prepared)) return prepared;
  const render = await renderTenant(prepared, { outDir: prepared.outDir, settings: options.settings ?? renderSettings(), log: options.log });
  return finishTenant(prepared, render, options);
}
