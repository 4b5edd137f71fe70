/**
 * One pipeline job (issue 8 §2-4): bring a tenant's live release in step with its tenant
 * folder and accepted stock. Detect what changed since the live release; if anything did,
 * build a new release directory (incrementally when few cars changed), check it, publish it
 * atomically, sync the search index, prune old releases, and record the outcome in the
 * status file and the log. Any failure leaves the live release untouched. Callers serialise
 * jobs per tenant (src/pipeline/service/queue.ts). Stateless (issue 33 item 4): the stock, the live
 * pointer and the previous release's record come from the pipeline state; the previous
 * release's files from the local cache, else from the publisher (`fetchRelease`); the pages
 * render from this worker's kept renderer of the code version, whichever tenant compiled it.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import type { TenantBundle } from '../../builder/bundle/bundle.ts';
import { codeRenderersDir, compiledCodeKey, cutTenant, isPrepared, preparedTenant, renderEngine, renderSettings, renderTenant, type KeptRendererKey, type RenderedWith } from '../../builder/render/index.ts';
import { modelsFromStock } from '../../lib/range/menu.ts';
import { loadTenant, TenantConfigError, type Tenant } from '../../lib/site/tenant.ts';
import { environment } from '../../config/env.ts';
import { photoOptionsFromEnv } from '../../config/images.ts';
import { resolveTenantPhotos } from '../../images/resolve.ts';
import type { Car } from '../../schemas/car.ts';
import type { ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';
import { carFingerprint, diffStock, isEmptyDiff, type StockDiff } from './changes.ts';
import { checkRelease } from './checks.ts';
import { codeHash, tenantConfigHash } from './config-hash.ts';
import { silentLogger, type Logger } from '../log.ts';
import { localPublisher, type Publisher } from '../publish/publisher.ts';
import { buildFullRelease, buildIncrementalRelease, type ReleaseBuild } from './build.ts';
import { carSlugsToRender, planRelease, type ReleasePlan } from './plan.ts';
import { precompressRelease } from './precompress.ts';
import { currentRelease, newReleaseId, pickRollback, pruneReleases, readManifest, tenantPaths, writeManifest, type ReleaseManifest } from '../state/release-dirs.ts';
import { withState, type PipelineState, type StockSnapshot } from '../state/store.ts';
import { syncTenantSearch } from './search-sync.ts';
import { readStatus, recordStatusIn, type StatusUpdate } from '../state/status.ts';

/** Defaults of the rebuild options. */
export const REBUILD_DEFAULTS = {
  /** Releases kept for rollback. */
  keep: 5,
  /** A full build at least this often, so time rules (sold window, New Arrival) refresh on every page. */
  fullEveryMs: 24 * 3_600_000,
  /** Above this share of visible cars to re-render, a full build is as cheap and simpler. */
  maxIncrementalShare: 0.5,
  /**
   * A Meilisearch tenant whose pages carry a build-minted tenant token (which expires: issue
   * 13 M9, default 30 days) is rebuilt in full when asked after this long, even with no
   * change, so the token is re-minted well before it expires (the pipeline asks every
   * tenant every few hours; docs/search.md).
   */
  searchTokenRefreshMs: 7 * 24 * 3_600_000,
};

export interface RebuildOptions {
  tenantDir: string;
  sitesDir: string;
  /** Build clock (ms); default now. */
  now?: number;
  keep?: number;
  /** Force a full build. */
  full?: boolean;
  /** Never build incrementally (benchmarks compare both). */
  incremental?: boolean;
  fullEveryMs?: number;
  /** Age of the last full build after which a Meilisearch tenant is rebuilt to re-mint its token. */
  searchTokenRefreshMs?: number;
  /** Largest share of visible cars re-rendered incrementally (default 0.5); above it, a full build. */
  maxIncrementalShare?: number;
  log?: Logger;
  publisher?: Publisher;
  env?: NodeJS.ProcessEnv;
  /** The pipeline state (stock, release history, live pointer); default the state of `sitesDir` (`<sites>/.pipeline`). */
  state?: PipelineState;
  /**
   * After a full release, start the warm renderer of its kept bundle at once, so the tenant's
   * next incremental release renders in about the time of its pages (issue 17 item 6). For a
   * long-lived pipeline; a one-shot run (`--once`, a fleet deploy) leaves it off. A function is
   * asked after the release (the service says no while other rebuilds wait: a deploy wave
   * would only start renderers that evict each other).
   */
  warmRenderer?: boolean | (() => boolean | Promise<boolean>);
  /** This worker's kept renderers, one per code version (default `<PIPELINE_CACHE_DIR or .cache>/renderers`: src/builder/render/code-renderer.ts). */
  renderers?: string;
  /**
   * Asked before the release goes live (and by the publisher right before its pointer
   * switch): false when this run lost its job to another worker (src/pipeline/service/queue.ts), so
   * it never publishes over that worker's release.
   */
  guard?: () => Promise<boolean>;
}

export type RebuildOutcome = 'published' | 'unchanged' | 'failed' | 'held' | 'superseded';

/** Thrown by the guard check of a run that lost its job. */
class SupersededError extends Error {}

export interface RebuildResult {
  tenant: string;
  outcome: RebuildOutcome;
  release?: string;
  mode?: 'full' | 'incremental';
  /** Why the release was full or incremental. */
  why?: string;
  added: number;
  changed: number;
  removed: number;
  /** Car pages rendered by Astro. */
  rendered: number;
  /** Pages rendered from the kept renderer of the code version, by an Astro build, or (a full release) by the Astro build that compiled that renderer. */
  renderedWith?: RenderedWith;
  seconds: number;
  reason?: string;
  /** Seconds spent building (Astro and assembly), checking and syncing search. */
  timings?: { photos?: number; build: number; astro?: number; assemble?: number; steps?: number; checks: number; search: number };
  /** Search sync: counts, or the reason it failed. */
  search?: { added: number; updated: number; deleted: number } | { error: string };
}

/**
 * Whether the models of the header's Range menu (derived from stock when the tenant has no
 * models.json, siteMenus in src/lib/range/site-range.ts) differ: every page shows the menu, so reused pages would
 * be stale.
 */
function menuChanged(tenantDir: string, previous: readonly Car[], next: readonly Car[]): boolean {
  if (existsSync(join(tenantDir, 'models.json'))) return false;
  return JSON.stringify(modelsFromStock(previous)) !== JSON.stringify(modelsFromStock(next));
}

/**
 * The live release of a tenant from the state. A sites directory published before the state
 * existed (a `current` symlink and manifests on disk only) is taken into the state once.
 */
export async function liveRelease(state: PipelineState, sitesDir: string, slug: string): Promise<string | null> {
  const live = await state.live(slug);
  if (live) return live;
  const local = currentRelease(sitesDir, slug);
  const manifest = local ? readManifest(sitesDir, slug, local) : null;
  if (!local || !manifest) return null;
  await state.recordRelease(manifest);
  await state.setLive(slug, local);
  return local;
}

/**
 * What a build of a tenant reads from the state before the synchronous loadTenant: its
 * accepted stock and its reserved overlay (the state's rows over the folder's file), with the
 * rows' signature the release records once live (state/reservation-watch.ts compares it).
 */
export async function tenantInputs(state: PipelineState, slug: string, tenantDir: string): Promise<{ stock: StockSnapshot | null; overlay: ReservationOverlay; reservations: string }> {
  const stock = await state.stock(slug, tenantDir);
  const { overlay, signature } = await state.overlay(slug, tenantDir);
  return { stock, overlay, reservations: signature };
}

/**
 * Warm the renderer a tenant's next incremental release would render with (this worker's kept
 * renderer of the current code version), when this disk keeps it and the tenant has a live
 * release: asked while a change waits out its debounce. A renderer loads its page modules on
 * its first render, so it also renders the tenant cut to one car into a scratch folder: every
 * route runs once and the job's render finds them loaded. The renderer's key, or null.
 */
export async function warmNextRenderer(state: PipelineState, sitesDir: string, slug: string, tenantDir: string, renderers?: string): Promise<string | null> {
  const live = await state.live(slug);
  const manifest = live ? await state.release(slug, live) : null;
  if (!manifest) return null;
  const keep = keptRenderer(renderers);
  // A dry run of the render entry; the tenant is loaded once the kept renderer is starting (not at all without one).
  const load = async () => {
    const now = Date.now();
    const inputs = await tenantInputs(state, slug, tenantDir);
    const tenant = loadTenant(tenantDir, now, inputs.stock ?? undefined, inputs.overlay);
    return cutTenant({ slug, bundle: createBundle(tenant, now) }, 1);
  };
  const scratch = join(tenantPaths(sitesDir, slug).base, `warm-up-${process.pid}`);
  const warmed = await renderTenant(load, { outDir: scratch, settings: renderSettings(), keep, dryRun: 'render' });
  return warmed.renderedWith ? keep.key : null;
}

/** This worker's kept renderer of the running code version (in `renderers`, default under the cache root). */
function keptRenderer(renderers?: string): KeptRendererKey {
  return { key: compiledCodeKey(codeHash()), root: renderers ?? codeRenderersDir() };
}

/**
 * Make a recorded release's files available in the local cache (`<sites>/<slug>/releases/<id>`):
 * there already, or fetched from the publisher's store. False when neither has them.
 */
async function cacheRelease(sitesDir: string, manifest: ReleaseManifest, publisher: Publisher | undefined): Promise<boolean> {
  const paths = tenantPaths(sitesDir, manifest.slug);
  const dir = join(paths.releases, manifest.id);
  if (existsSync(dir) && readManifest(sitesDir, manifest.slug, manifest.id)) return true;
  if (!publisher?.fetchRelease) return false;
  const temporary = join(paths.base, `fetch-${manifest.id}`);
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(paths.releases, { recursive: true });
  try {
    if (!(await publisher.fetchRelease(manifest.slug, manifest.id, temporary))) return false;
    rmSync(dir, { recursive: true, force: true });
    renameSync(temporary, dir);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  // Complete in this cache once its manifest is there (state/release-dirs.ts); its kept renderer is not (the release builds without it).
  const { renderer: _renderer, ...cached } = manifest;
  writeManifest(sitesDir, cached);
  return true;
}

/** Bring one tenant's live release in step with its folder and accepted stock. Never throws for tenant problems. */
export async function rebuildTenant(options: RebuildOptions): Promise<RebuildResult> {
  return withState(options.state, options.sitesDir, (state) => rebuild(options, state));
}

async function rebuild(options: RebuildOptions, state: PipelineState): Promise<RebuildResult> {
  const started = performance.now();
  const tenantDir = resolve(options.tenantDir);
  const sitesDir = resolve(options.sitesDir);
  const slug = basename(tenantDir);
  const now = options.now ?? Date.now();
  const keep = options.keep ?? REBUILD_DEFAULTS.keep;
  const log = options.log ?? silentLogger;
  const seconds = () => Math.round((performance.now() - started) / 10) / 100;
  const paths = tenantPaths(sitesDir, slug);
  const empty = { tenant: slug, added: 0, changed: 0, removed: 0, rendered: 0 };

  // Leftovers of a killed build are never served; clear them before building again.
  pruneReleases(sitesDir, slug, keep);
  let liveId: string | null;
  let stock: StockSnapshot | null;
  let overlay: ReservationOverlay;
  let reservations: string;
  try {
    liveId = await liveRelease(state, sitesDir, slug);
    ({ stock, overlay, reservations } = await tenantInputs(state, slug, tenantDir));
  } catch (error) {
    const reason = `pipeline state unavailable: ${(error as Error).message}`;
    log({ level: 'error', event: 'release', tenant: slug, outcome: 'failed', reason });
    return { ...empty, outcome: 'failed', seconds: seconds(), reason };
  }

  // The status goes to the state and the local file; a state that cannot take it is logged, the job's outcome stands.
  const note = (update: StatusUpdate) => recordStatusIn(state, sitesDir, slug, update).catch((error) => log({ level: 'warn', event: 'status', tenant: slug, reason: (error as Error).message }));
  // The reserved rows the live site now shows (state/reservation-watch.ts); a failure to record it costs at most one needless rebuild.
  const builtFrom = (signature: string) => state.recordReservationsBuilt(slug, signature).catch((error) => log({ level: 'warn', event: 'reservations-built', tenant: slug, reason: (error as Error).message }));
  const fail = async (reason: string, counts: Partial<RebuildResult> = {}, release?: string): Promise<RebuildResult> => {
    const result: RebuildResult = { ...empty, ...counts, outcome: 'failed', release, seconds: seconds(), reason };
    await note({ outcome: 'failed', current: liveId, failure: { at: new Date().toISOString(), release, reason, seconds: result.seconds } });
    log({ level: 'error', event: 'release', tenant: slug, release: release ?? null, added: result.added, changed: result.changed, removed: result.removed, seconds: result.seconds, outcome: 'failed', reason });
    return result;
  };

  let tenant: Tenant;
  try {
    tenant = loadTenant(tenantDir, now, stock ?? undefined, overlay);
  } catch (error) {
    return fail(error instanceof TenantConfigError ? error.message : (error as Error).message);
  }
  // Feed photos first (docs/images.md): the fingerprints then include where each photo comes
  // from, so a car whose photo failed last time is rendered again once the photo works.
  const photos = await resolveTenantPhotos(tenant, photoOptionsFromEnv(options.env ?? environment()));
  for (const fault of photos.faults) log({ level: 'warn', event: 'photo-fault', tenant: slug, car: fault.car, url: fault.url, reason: fault.reason });
  if (photos.fetched > 0) log({ event: 'photos', tenant: slug, photos: photos.photos, known: photos.known, fetched: photos.fetched, transformed: photos.transformed, failed: photos.faults.length, seconds: photos.seconds });

  const previous: ReleaseManifest | null = liveId ? await state.release(slug, liveId) : null;
  const configHash = tenantConfigHash(tenantDir);
  const fingerprints = Object.fromEntries(tenant.visible.map((car) => [String(car.id), carFingerprint(car)]));
  const diff: StockDiff = diffStock(new Map(Object.entries(previous?.fingerprints ?? {})), tenant.visible);
  const counts = { added: diff.added.length, changed: diff.changed.length, removed: diff.removed.length };

  const tokenRefreshDue = Boolean(tenant.site.search && !tenant.site.search.key && previous && now - previous.fullBuildTime >= (options.searchTokenRefreshMs ?? REBUILD_DEFAULTS.searchTokenRefreshMs));
  if (previous && previous.configHash === configHash && isEmptyDiff(diff) && !options.full && !tokenRefreshDue) {
    const result: RebuildResult = { ...empty, outcome: 'unchanged', release: liveId ?? undefined, seconds: seconds() };
    await builtFrom(reservations);
    log({ event: 'release', tenant: slug, release: liveId, ...counts, seconds: result.seconds, outcome: 'unchanged' });
    return result;
  }
  if (await state.hold(slug)) {
    const result: RebuildResult = { ...empty, ...counts, outcome: 'held', release: liveId ?? undefined, seconds: seconds(), reason: 'held on a rolled-back release (npm run rollback -- --tenant <slug> --release-hold to resume)' };
    await note({ outcome: 'held', current: liveId });
    log({ level: 'warn', event: 'release', tenant: slug, release: liveId, ...counts, seconds: result.seconds, outcome: 'held' });
    return result;
  }

  const id = newReleaseId(new Date(now > Date.now() - 1000 ? now : Date.now()));
  const releaseDir = join(paths.releases, id);
  // A worker that never built this tenant (or was restarted on an empty disk) fetches the live release.
  const cached = previous
    ? await cacheRelease(sitesDir, previous, options.publisher).catch((error) => {
        log({ level: 'warn', event: 'fetch-release', tenant: slug, release: previous.id, reason: (error as Error).message });
        return false;
      })
    : false;
  const previousDir = previous && cached ? join(paths.releases, previous.id) : null;
  let renderSlugs: string[] = [];
  let plan: ReleasePlan | undefined;
  let bundle: TenantBundle | undefined;
  let mode: 'full' | 'incremental' = 'full';
  // Why a release is full (logged): incremental releases are the rule once a tenant is live.
  let why: string;
  if (!previous) why = 'first release';
  else if (!previousDir || !existsSync(previousDir)) why = 'the live release is neither in the local cache nor fetchable from the publisher';
  else if (options.full) why = 'forced';
  else if (tokenRefreshDue) why = 'search tenant token refresh';
  else if (options.incremental === false) why = 'incremental builds disabled';
  else if (previous.configHash !== configHash) why = 'site config, tenant files or code changed';
  else if (now - previous.fullBuildTime >= (options.fullEveryMs ?? REBUILD_DEFAULTS.fullEveryMs)) why = 'periodic full build (time rules)';
  else if (menuChanged(tenantDir, previous.cars, tenant.visible)) why = 'the header menu models changed (every page shows them)';
  else {
    // The page plan (src/pipeline/release/plan.ts): per page family, the pages this change affects.
    bundle = createBundle(tenant, now);
    plan = planRelease({ site: tenant.site, models: bundle.extras.models, previous: previous.cars, next: tenant.visible, diff }, now, previous.fullBuildTime);
    renderSlugs = carSlugsToRender(plan, tenant.visible);
    const limit = Math.max(1, tenant.visible.length * (options.maxIncrementalShare ?? REBUILD_DEFAULTS.maxIncrementalShare));
    if (renderSlugs.length <= limit) {
      mode = 'incremental';
      why = `${renderSlugs.length} affected car page(s)`;
    } else why = `${renderSlugs.length} affected car pages: a full build is as cheap`;
  }
  // The kept renderer of this code version on this worker's disk (any tenant's full release compiled it).
  const render = { keep: keptRenderer(options.renderers), settings: renderSettings() };
  let renderer: string | undefined;
  if (mode === 'incremental' && renderEngine(tenant.visible.length, { ...render, partial: true }) === 'kept') renderer = render.keep.key;
  log({
    event: 'build-start',
    tenant: slug,
    release: id,
    mode,
    why,
    ...counts,
    render: mode === 'incremental' ? renderSlugs.length : tenant.visible.length,
    ...(mode === 'incremental' && plan ? { searchPages: plan.families.search.all ? 'all' : plan.families.search.render.length, renderer: renderer ?? null } : {}),
    pid: process.pid,
  });

  const buildStarted = performance.now();
  // The tenant as loaded above, its photos resolved: the release renders it, nothing is loaded again.
  const prepared = preparedTenant({ tenant, photos, outDir: releaseDir, now, bundle });
  const build: ReleaseBuild = !isPrepared(prepared)
    ? { ok: false, error: prepared.error, rendered: 0, reused: 0 }
    : mode === 'incremental' && previous && previousDir && plan && bundle
      ? await buildIncrementalRelease({ tenant, bundle, previousDir, previousCars: previous.cars, outDir: releaseDir, plan, render })
      : await buildFullRelease(prepared, render);
  if (mode === 'full') renderer = build.renderedWith === 'compile' || build.renderedWith === 'kept-renderer' ? render.keep.key : undefined;
  if (build.rendererProblem) log({ level: 'warn', event: 'renderer-fallback', tenant: slug, release: id, reason: build.rendererProblem });
  if (!build.ok) {
    rmSync(releaseDir, { recursive: true, force: true });
    return fail(build.error ?? 'build failed', counts, id);
  }
  const buildSeconds = Math.round((performance.now() - buildStarted) / 10) / 100;
  const checksStarted = performance.now();
  // Nothing disappeared in an incremental release: only the re-rendered pages need a link scan.
  const scanOnly = mode === 'incremental' && build.staged && build.dropped === 0 ? new Set(build.staged.map((path) => `/${path}`)) : undefined;
  const checks = checkRelease(releaseDir, { site: tenant.site, cars: tenant.visible, knownBroken: previous ? (previous.brokenLinks ?? []) : null, scanOnly });
  if (checks.blocking.length > 0) {
    rmSync(releaseDir, { recursive: true, force: true });
    return fail(`checks failed: ${checks.blocking.join('; ')}`, counts, id);
  }
  const checkSeconds = Math.round((performance.now() - checksStarted) / 10) / 100;
  for (const warning of checks.warnings) log({ level: 'warn', event: 'check-warning', tenant: slug, release: id, warning });
  // Text files get their .gz beside them: the static server never compresses per request.
  try {
    await precompressRelease(releaseDir, previousDir ?? undefined);
  } catch (error) {
    log({ level: 'warn', event: 'precompress', tenant: slug, release: id, reason: (error as Error).message });
  }

  const manifest: ReleaseManifest = {
    id,
    slug,
    createdAt: new Date().toISOString(),
    buildTime: now,
    fullBuildTime: mode === 'full' ? now : (previous?.fullBuildTime ?? now),
    mode,
    // Before the stock: pruning reads it from the head of the file (manifestRenderer).
    ...(renderer ? { renderer } : {}),
    configHash,
    cars: tenant.visible,
    fingerprints,
    ...counts,
    // A partial scan saw only the new pages; the reused ones keep their known broken links.
    brokenLinks: scanOnly ? [...new Set([...(previous?.brokenLinks ?? []), ...checks.brokenLinks])].sort() : checks.brokenLinks,
  };
  writeManifest(sitesDir, manifest);
  const stillOurs = async () => {
    if (options.guard && !(await options.guard())) throw new SupersededError('this job went to another worker while it ran (its lock expired); not published');
  };
  try {
    await stillOurs();
    await state.recordRelease(manifest);
    // A production publisher (CDN / object store) goes first: if it fails, nothing switched anywhere.
    if (options.publisher && options.publisher !== localPublisher) await options.publisher.publish({ slug, id, dir: releaseDir, sitesDir, beforeSwitch: stillOurs });
    await stillOurs();
    await localPublisher.publish({ slug, id, dir: releaseDir, sitesDir });
    await state.setLive(slug, id);
    await builtFrom(reservations);
  } catch (error) {
    if (error instanceof SupersededError) {
      // The run that took the job over publishes and records the status; this one only says why it stopped.
      log({ level: 'warn', event: 'release', tenant: slug, release: id, ...counts, seconds: seconds(), outcome: 'superseded', reason: error.message });
      return { ...empty, ...counts, outcome: 'superseded', release: id, seconds: seconds(), reason: error.message };
    }
    return fail(`publish failed: ${(error as Error).message}`, counts, id);
  }

  let search: RebuildResult['search'];
  const searchStarted = performance.now();
  try {
    const report = await syncTenantSearch(tenant.site, tenant.visible, options.env);
    if (report) search = { added: report.added, updated: report.updated, deleted: report.deleted };
  } catch (error) {
    search = { error: (error as Error).message };
  }
  const searchSeconds = Math.round((performance.now() - searchStarted) / 10) / 100;
  pruneReleases(sitesDir, slug, keep);
  try {
    await state.pruneReleases(slug, keep);
  } catch (error) {
    log({ level: 'warn', event: 'prune', tenant: slug, reason: (error as Error).message });
  }
  if (options.publisher?.prune) {
    // Retention at the publisher too (the bucket); a failure there never fails a published release.
    await options.publisher.prune(slug, keep).catch((error: Error) => log({ level: 'warn', event: 'publisher-prune-failed', tenant: slug, publisher: options.publisher!.name, reason: error.message }));
  }
  // After the compile, its warm renderer starts loading the kept bundle (a dry run that only starts it).
  if (mode === 'full' && build.renderedWith === 'compile' && isPrepared(prepared) && (typeof options.warmRenderer === 'function' ? await options.warmRenderer() : options.warmRenderer)) {
    await renderTenant(prepared, { outDir: join(paths.base, `warm-up-${process.pid}`), ...render, dryRun: 'start' });
  }

  const timings = { photos: photos.seconds, build: buildSeconds, ...(build.phases ?? {}), checks: checkSeconds, search: searchSeconds };
  const result: RebuildResult = { ...empty, ...counts, outcome: 'published', release: id, mode, why, rendered: build.rendered, renderedWith: build.renderedWith, seconds: seconds(), search, timings };
  const searchError = search && 'error' in search ? search.error : undefined;
  await note({
    outcome: searchError ? 'published-search-failed' : 'published',
    current: id,
    held: false,
    success: { at: new Date().toISOString(), release: id, mode, ...counts, seconds: result.seconds },
    failure: searchError ? { at: new Date().toISOString(), release: id, reason: `search sync failed: ${searchError}` } : undefined,
  });
  log({ event: 'release', tenant: slug, release: id, mode, why, ...counts, rendered: build.rendered, ...(build.renderedWith ? { renderedWith: build.renderedWith } : {}), ...(mode === 'incremental' && build.renderedWith ? { brandPages: build.brandPages, takenOver: build.takenOver ?? 0 } : {}), seconds: result.seconds, outcome: 'published', timings, ...(search ? { search } : {}) });
  return result;
}

/**
 * The release a rollback goes to (from the state's release history): `to` when given, else
 * the newest recorded release older than the live one.
 */
export async function chooseRollback(state: PipelineState, sitesDir: string, slug: string, to?: string): Promise<string> {
  return pickRollback(slug, await state.releases(slug), await liveRelease(state, sitesDir, slug), to);
}

/**
 * Roll a tenant back to an earlier release (default: the one before current) and hold it
 * there: the publisher moves its pointer (`rollback`), the local cache's `current` follows
 * when it holds the release, and the state's live pointer and hold are set.
 */
export async function rollbackTenant(options: { sitesDir: string; slug: string; to: string; tenantDir?: string; log?: Logger; env?: NodeJS.ProcessEnv; hold?: boolean; state?: PipelineState; publisher?: Publisher }): Promise<{ from: string | null; to: string; search?: RebuildResult['search'] }> {
  const sitesDir = resolve(options.sitesDir);
  const { slug, to } = options;
  return withState(options.state, sitesDir, async (state) => {
    const from = await liveRelease(state, sitesDir, slug);
    const manifest = await state.release(slug, to);
    if (!manifest) throw new Error(`release ${to} of ${slug} is not in the pipeline state`);
    if (options.publisher?.rollback) await options.publisher.rollback(slug, to);
    const local = await cacheRelease(sitesDir, manifest, options.publisher);
    if (local) await localPublisher.publish({ slug, id: to, dir: join(tenantPaths(sitesDir, slug).releases, to), sitesDir });
    else if (!options.publisher?.rollback) throw new Error(`release ${to} of ${slug} is neither in ${sitesDir} nor in a publisher's store`);
    await state.setLive(slug, to);
    if (options.hold !== false) await state.setHold(slug, { release: to, from, at: new Date().toISOString() });
    let search: RebuildResult['search'];
    if (options.tenantDir) {
      try {
        const report = await syncTenantSearch(loadTenant(options.tenantDir).site, manifest.cars, options.env);
        if (report) search = { added: report.added, updated: report.updated, deleted: report.deleted };
      } catch (error) {
        search = { error: (error as Error).message };
      }
    }
    const previousStatus = (await state.status(slug)) ?? readStatus(sitesDir, slug);
    await recordStatusIn(state, sitesDir, slug, { outcome: 'rolled-back', current: to, held: options.hold !== false, success: previousStatus?.lastSuccess ?? undefined });
    (options.log ?? silentLogger)({ event: 'rollback', tenant: slug, release: to, from, outcome: 'rolled-back', ...(search ? { search } : {}) });
    return { from, to, search };
  });
}
