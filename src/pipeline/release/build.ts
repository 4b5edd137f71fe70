/**
 * Producing a release directory. Both kinds render through the render room's one entry
 * (renderTenant, src/builder/render/) with the worker's kept renderer of the code version and the
 * tenant the release already loaded. A full release is the tenant rendered into the release
 * directory and finished (the first one on a disk compiles the kept renderer). An incremental
 * release renders only the pages that must change: its render plan (src/pipeline/release/plan.ts)
 * limits the per-car, search and brand routes to the affected keys; the output goes to a staging
 * directory, and the release is assembled from it plus hard links to every still-valid file of
 * the previous release. Post-build steps then run on the assembled release with the full bundle.
 */
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  codeRenderersDir,
  compiledCodeKey,
  finishTenant,
  renderTenant,
  type KeptRendererKey,
  type PreparedTenant,
  type RenderedWith,
  type RenderSettings,
} from '../../builder/render/index.ts';
import type { TenantBundle } from '../../builder/bundle/bundle.ts';
import { walkFiles } from '../../platform/fs/walk.ts';
import type { Car } from '../../schemas/car.ts';
import { runPostBuildSteps } from '../../builder/post-build/steps.ts';
import type { Tenant } from '../../lib/site/tenant.ts';
import { codeHash } from './config-hash.ts';
import type { Environment } from '../../config/env.ts';
import type { PostBuildCounts } from '../../builder/post-build/types.ts';
import type { WorkStore } from '../../platform/bucket/work-store.ts';
import { carSlugsToRender, renderPlanOf, reusedFamilyFiles, type ReleasePlan } from './plan.ts';

/** Result of producing a release directory. */
export interface ReleaseBuild {
  ok: boolean;
  error?: string;
  /** Cars whose pages Astro rendered in this build (any per-car route). */
  rendered: number;
  /** Files taken over from the previous release by hard link. */
  reused: number;
  /** Seconds per phase: rendering (kept bundle or Astro; the linking of reused files overlaps it), assembly (an incremental release's linking and moving), post-build steps. */
  phases?: { astro: number; assemble?: number; steps: number };
  /** What rendered the pages (renderTenant's report), and why a kept renderer was not used. */
  renderedWith?: RenderedWith;
  rendererProblem?: string;
  /** Incremental only: /{brand}/overview pages rendered (the others' tiles did not change), or 'all'. */
  brandPages?: number | 'all';
  /** Incremental only: pages of stock-free routes taken over from the previous release instead of rendered (src/pipeline/release/plan.ts). */
  takenOver?: number;
  /** Incremental only: files Astro wrote, and how many files of the previous release were left out. */
  staged?: string[];
  dropped?: number;
  /** What the post-build steps drew and took from the fleet's shared work. */
  made?: PostBuildCounts;
}

/** How a release renders: the worker's kept renderer of the code version, and the render settings; the fleet's shared work for its post-build steps. */
export interface ReleaseRender {
  keep: KeptRendererKey;
  settings: RenderSettings;
  work?: WorkStore;
  /** A full release that compiles: told once the kept renderer is in place, before its pages render (renderTenant's `compiled`). */
  compiled?: () => void;
}

/** This worker's kept renderer of the running code version (in `renderers`, default under the cache root). */
export function keptRenderer(renderers?: string, env?: Environment): KeptRendererKey {
  return { key: compiledCodeKey(codeHash(env)), root: renderers ?? codeRenderersDir(env) };
}

/** Full build of the prepared tenant (loaded from the accepted snapshot and the state's reserved overlay) into its `outDir`. */
export async function buildFullRelease(prepared: PreparedTenant, render: ReleaseRender): Promise<ReleaseBuild & { visible: number }> {
  const started = performance.now();
  const report = await renderTenant(prepared, { outDir: prepared.outDir, keep: render.keep, settings: render.settings, compiled: render.compiled });
  const rendered = performance.now();
  const result = await finishTenant(prepared, report, { work: render.work });
  const lap = (from: number, to = performance.now()) => Math.round((to - from) / 10) / 100;
  return {
    phases: { astro: lap(started, rendered), steps: lap(rendered) },
    ok: result.ok,
    error: result.error,
    rendered: result.visible,
    reused: 0,
    visible: result.visible,
    renderedWith: result.renderedWith,
    rendererProblem: result.rendererProblem,
    made: result.made,
  };
}

/** Files under a directory as relative paths with `/` separators. */
function walk(root: string): string[] {
  return existsSync(root) ? [...walkFiles(root)].map((file) => file.relative) : [];
}

/** The car a file belongs to: a path segment equal to a car slug (slugs are unique and long). */
function ownerOf(path: string, slugs: ReadonlySet<string>): string | null {
  for (const segment of path.split('/')) if (slugs.has(segment)) return segment;
  return null;
}

function hardLink(from: string, to: string, made: Set<string>): void {
  const dir = dirname(to);
  // One mkdir per directory, not per file: a big release has tens of thousands of files.
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  try {
    linkSync(from, to);
  } catch (error) {
    // Another file system (EXDEV) or no hard links: a copy is slower but equivalent.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    copyFileSync(from, to);
  }
}

/** What an incremental release takes from the previous one. */
export interface ReuseRules {
  previousDir: string;
  outDir: string;
  visibleSlugs: ReadonlySet<string>;
  renderedSlugs: ReadonlySet<string>;
  knownSlugs: ReadonlySet<string>;
  /** Other pages of the previous release that are still valid (search and brand pages whose content did not change). */
  keepPages?: ReadonlySet<string>;
}

/**
 * First half of assembling a release, independent of what the new build writes (so it runs
 * while the pages render): hard-link the previous release's still-valid files into
 * `outDir`. A page (.html) is kept only when it belongs to a visible car that is not
 * re-rendered or is one of `keepPages` (the other pages are all rendered again, so a page the
 * new build does not write no longer exists); any other file is kept unless it belongs to a
 * car that is gone. The sitemap is regenerated.
 */
export function linkPrevious(rules: ReuseRules): { linked: Set<string>; left: Set<string> } {
  const { previousDir, outDir } = rules;
  mkdirSync(outDir, { recursive: true });
  const linked = new Set<string>();
  const left = new Set<string>();
  const made = new Set<string>();
  for (const path of walk(previousDir)) {
    if (path === 'sitemap.xml') continue;
    const owner = ownerOf(path, rules.knownSlugs);
    const keep =
      rules.keepPages?.has(path) ||
      !((owner !== null && !rules.visibleSlugs.has(owner)) || (path.endsWith('.html') && (owner === null || rules.renderedSlugs.has(owner))));
    if (!keep) {
      // The car is gone, or the page is not taken over (rendered again, or its route is gone).
      left.add(path);
      continue;
    }
    hardLink(join(previousDir, path), join(outDir, path), made);
    linked.add(path);
  }
  return { linked, left };
}

/** Hard-link the pages a render left to the previous release (`files`, relative) into `outDir`, as kept files. */
export function takeOver(previousDir: string, outDir: string, files: readonly string[], previous: { linked: Set<string>; left: Set<string> }): number {
  const made = new Set<string>();
  for (const path of files) {
    hardLink(join(previousDir, path), join(outDir, path), made);
    previous.linked.add(path);
    previous.left.delete(path);
  }
  return files.length;
}

/**
 * Second half: move the new build's files from `stageDir` into `outDir`; they win over
 * linked ones (rename replaces the link, never the shared file). `dropped` counts the
 * previous release's files that are in neither.
 */
export function moveStaged(
  stageDir: string,
  outDir: string,
  visibleSlugs: ReadonlySet<string>,
  previous: { linked: Set<string>; left: Set<string> },
): { reused: number; carPages: number; staged: string[]; dropped: number } {
  const staged = walk(stageDir);
  const made = new Set<string>();
  let replaced = 0;
  let rendered = 0;
  for (const path of staged) {
    const target = join(outDir, path);
    if (!made.has(dirname(target))) {
      mkdirSync(dirname(target), { recursive: true });
      made.add(dirname(target));
    }
    renameSync(join(stageDir, path), target);
    if (previous.linked.has(path)) replaced += 1;
    if (previous.left.has(path)) rendered += 1;
  }
  // Cars whose pages the build wrote (any route): more than asked for means a per-car route ignores the render plan.
  const carPages = new Set(
    staged
      .filter((path) => path.endsWith('.html'))
      .map((path) => ownerOf(path, visibleSlugs))
      .filter((slug) => slug !== null),
  ).size;
  return { reused: previous.linked.size - replaced, carPages, staged, dropped: previous.left.size - rendered };
}

/** Assemble `outDir` from the staged partial build and the previous release (linkPrevious, then moveStaged). */
export function assembleRelease(options: ReuseRules & { stageDir: string }): { reused: number; carPages: number; staged: string[]; dropped: number } {
  return moveStaged(options.stageDir, options.outDir, options.visibleSlugs, linkPrevious(options));
}

/**
 * Incremental build: render the pages `plan` names (per page family the affected keys, every
 * page of a family it marks `all`, and every other route but the stock-free ones it takes over),
 * reuse the rest. The pages render from the kept renderer of `render.keep` when this disk has
 * it; otherwise by Astro (which renders the stock-free routes too).
 */
export async function buildIncrementalRelease(options: {
  tenant: Tenant;
  /** The tenant's full bundle at this release's clock (createBundle). */
  bundle: TenantBundle;
  previousDir: string;
  /** Visible cars of the previous release. */
  previousCars: readonly Car[];
  outDir: string;
  /** What to render and what to take over (src/pipeline/release/plan.ts planRelease). */
  plan: ReleasePlan;
  render: ReleaseRender;
}): Promise<ReleaseBuild> {
  const { tenant, outDir, plan, bundle: full } = options;
  const renderSlugs = carSlugsToRender(plan, tenant.visible);
  const stageDir = `${outDir}.stage`;
  rmSync(stageDir, { recursive: true, force: true });
  const clock = performance.now();
  const lap = (since: number) => Math.round((performance.now() - since) / 10) / 100;
  try {
    // A warm renderer of this kept bundle (started by the previous release of the same code and config) renders in about the time of its pages.
    const rendering = renderTenant(
      { slug: tenant.slug, bundle: full },
      {
        outDir: stageDir,
        keep: options.render.keep,
        settings: options.render.settings,
        plan: { render: renderPlanOf(plan), reuseRoutes: plan.reuseRoutes, previousDir: options.previousDir },
      },
    );
    // The job must be in the child's hands before the synchronous linking below holds this
    // thread, or the child waits for it and the two run one after the other.
    await rendering.sent;
    // While the child renders, take over the previous release's still-valid files (two cores).
    const visibleSlugs = new Set(tenant.visible.map((car) => car.slug));
    const linkStarted = performance.now();
    const previous = linkPrevious({
      previousDir: options.previousDir,
      outDir,
      visibleSlugs,
      renderedSlugs: new Set(renderSlugs),
      knownSlugs: new Set([...visibleSlugs, ...options.previousCars.map((car) => car.slug)]),
      keepPages: reusedFamilyFiles(plan),
    });
    const linkSeconds = lap(linkStarted);
    const report = await rendering;
    const astroSeconds = lap(clock);
    if (!report.ok) return { ok: false, error: report.error, rendered: 0, reused: 0 };
    const tenantPublic = join(tenant.dir, 'public');
    if (existsSync(tenantPublic)) cpSync(tenantPublic, stageDir, { recursive: true });
    const moveStarted = performance.now();
    // An Astro build renders every route (its report names no pages to take over).
    const takenOver = takeOver(options.previousDir, outDir, report.reused ?? [], previous);
    const { reused, carPages, staged, dropped } = moveStaged(stageDir, outDir, visibleSlugs, previous);
    const assembleSeconds = Math.round((linkSeconds + lap(moveStarted)) * 100) / 100;
    const stepsStarted = performance.now();
    const made = await runPostBuildSteps({ tenant, bundle: full, outDir, incremental: true, work: options.render.work });
    const renderedWith = report.renderedWith ?? undefined;
    return {
      ok: true,
      rendered: carPages,
      reused,
      staged,
      dropped,
      renderedWith,
      rendererProblem: report.problem,
      brandPages: plan.families.brand.all ? 'all' : plan.families.brand.render.length,
      takenOver,
      made,
      phases: { astro: astroSeconds, assemble: assembleSeconds, steps: lap(stepsStarted) },
    };
  } catch (error) {
    return { ok: false, error: `incremental build failed: ${(error as Error).stack ?? String(error)}`, rendered: 0, reused: 0 };
  } finally {
    rmSync(stageDir, { recursive: true, force: true });
  }
}
