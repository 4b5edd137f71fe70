/**
 * One pipeline job: bring a tenant's live release in step with its tenant folder and accepted
 * stock, as named steps: load (state inputs, the tenant), photos, claim (its host: hosts.ts),
 * decide (decide.ts), render, check, record, publish, sync (search), prune. Any failure leaves
 * the live release untouched.
 * Callers serialise jobs per tenant (service/queue.ts). Stateless: the stock, the live pointer
 * and the previous release's record come from the pipeline state; the previous release's files
 * from the local cache, else from the publisher (`fetchRelease`); the pages render from this
 * worker's kept renderer of the code version, whichever tenant compiled it. From the host's claim
 * to the record a job holds one of its worker's cores (RebuildOptions.cores), not while it
 * resolves its photos or uploads.
 */
import { existsSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import { drawAhead } from '../../builder/post-build/steps.ts';
import type { TenantBundle } from '../../builder/bundle/bundle.ts';
import { isPrepared, preparedTenant, renderEngine, renderSettings, renderTenant, type PreparedTenant, type RenderedWith } from '../../builder/render/index.ts';
import { computeRange } from '../../lib/range/site-range.ts';
import { loadTenant, TenantConfigError, type Tenant } from '../../lib/site/tenant.ts';
import { environment } from '../../config/env.ts';
import { DEFAULT_RETENTION } from '../../config/publish.ts';
import { PIPELINE_DEFAULTS } from '../../config/pipeline.ts';
import { photoOptionsFromEnv } from '../../config/images.ts';
import { searchSettings, tokenRenewalMs, tokenTtlDays } from '../../config/search.ts';
import { resolveTenantPhotos, type PhotoReport } from '../../images/resolve.ts';
import type { Car } from '../../schemas/car.ts';
import type { ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';
import { carFingerprint, diffStock, isEmptyDiff, type StockDiff } from './changes.ts';
import { checkRelease } from './checks.ts';
import { tenantConfigHash } from './config-hash.ts';
import { decideWith, type ReleaseFacts } from './decide.ts';
import { silentLogger, type Logger } from '../log.ts';
import { localPublisher, type Publisher } from '../publish/publisher.ts';
import type { PointerReads, ReleaseHosts } from '../publish/types.ts';
import type { SiteHost } from '../../lib/site/host-claims.ts';
import { claimSiteHost, settleSiteHost, type HostClaimOutcome } from './hosts.ts';
import { buildFullRelease, buildIncrementalRelease, keptRenderer, type ReleaseBuild, type ReleaseRender } from './build.ts';
import { cacheRelease, liveRelease, tenantInputs, type ReleaseStock } from './inputs.ts';
import { carSlugsToRender, planRelease, type ReleasePlan } from './plan.ts';
import { precompressRelease } from './precompress.ts';
import { obtainRenderer, retireCodeVersions, sharedFilesFor, type OwnedCompile } from './renderers.ts';
import type { ObjectStore } from '../../platform/bucket/object-store.ts';
import { bucketWorkStore, type WorkStore } from '../../platform/bucket/work-store.ts';
import { PhotoCache } from '../../images/cache.ts';
import { parsePhotoUrl } from '../../lib/images.ts';
import type { SharedFiles } from '../publish/types.ts';
import {
  currentRelease,
  listReleases,
  newReleaseId,
  pruneReleases,
  switchCurrent,
  tenantPaths,
  writeManifest,
  type ReleaseManifest,
} from '../state/release-dirs.ts';
import { withState, type PipelineState } from '../state/store.ts';
import { syncTenantSearch } from './search-sync.ts';
import { stockRouteTable } from '../../search/build-time/page-data.ts';
import { riding } from '../transient.ts';
import { configFileHash, feedStatusFile, recordFeedIn, recordStatusIn, releaseProblems, type StatusEntry, type StatusUpdate } from '../state/status.ts';
import { STATUS_REPORT_MAX } from '../state/records.ts';
import { formatProblem } from '../../lib/vehicle/stock.ts';
import type { Limiter } from '../../lib/batch/limiter.ts';

/** Defaults of the rebuild options. */
export const REBUILD_DEFAULTS = {
  /** Releases kept for rollback (RELEASE_RETENTION's default). */
  keep: DEFAULT_RETENTION,
  /**
   * A full build once the last is this old, so time rules (sold window, New Arrival) refresh on
   * every page at least once every 24 hours: the pipeline asks for every tenant every
   * PIPELINE_DEFAULTS.refreshMs, so the build is due that long, and an hour for a job's wait
   * after its ask, before the day is over (periodic-builds.test.ts).
   */
  fullEveryMs: 24 * 3_600_000 - PIPELINE_DEFAULTS.refreshMs - 3_600_000,
  /** Above this share of visible cars to re-render, a full build is as cheap and simpler. */
  maxIncrementalShare: 0.5,
};

/**
 * A Meilisearch tenant whose pages carry a build-minted tenant token (which expires) is rebuilt
 * in full when asked once its last full build is this old, even with no change, so the token is
 * re-minted before it expires: the option, else the renewal age of MEILI_TOKEN_TTL_DAYS
 * (config/search.ts tokenRenewalMs).
 */
export function searchTokenRenewalMs(options: Pick<RebuildOptions, 'searchTokenRefreshMs' | 'env'>): number {
  return options.searchTokenRefreshMs ?? tokenRenewalMs(tokenTtlDays(searchSettings(options.env ?? environment())));
}

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
  /** Age of the last full build after which a Meilisearch tenant is rebuilt to re-mint its token (default from MEILI_TOKEN_TTL_DAYS: searchTokenRenewalMs). */
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
   * next incremental release renders in about the time of its pages. For a long-lived
   * pipeline; a one-shot run (`--once`, a fleet deploy) leaves it off. A function is asked
   * after the release (the service says no while other rebuilds wait: a deploy wave would only
   * start renderers that evict each other).
   */
  warmRenderer?: boolean | (() => boolean | Promise<boolean>);
  /** This worker's kept renderers, one per code version (default `<PIPELINE_CACHE_DIR or .cache>/renderers`: src/builder/render/code-renderer.ts). */
  renderers?: string;
  /**
   * The fleet's bucket: the compiled renderer of each code version and the files its releases
   * share are kept there, compiled once for the fleet under the state's lock (renderers.ts).
   * Without it the renderer is this disk's own, as on one machine.
   */
  shared?: ObjectStore;
  /**
   * Asked before the release goes live (and by the publisher right before its pointer
   * switch): null while the job is still this run's, else why not (it went to another worker:
   * service/queue.ts), so it never publishes over that worker's release.
   */
  guard?: () => Promise<string | null>;
  /**
   * The worker's core gate (its service makes one for all its jobs): the phases of a release
   * that render (the renderer, render, checks, manifest) run through it; the photos before it
   * (their transforms have their own bound), the upload and the state's writes after it.
   * Without it, nothing waits. A gate that refuses a release before it
   * began (its worker is stopping: src/lib/batch/limiter.ts) makes rebuildTenant throw that
   * refusal, so the queue gives the job back.
   */
  cores?: Limiter;
  /**
   * The worker's stop (the signal its core gate closes with): a job still making its photos
   * starts no more of them and throws the signal's reason, as a refusal at the gate does, so
   * the queue gives the job back; the photos made so far are kept for its next run. A job
   * waiting for its state to answer again (fromState), or between tries of its bucket publish
   * (PUBLISH_RETRY), stops waiting the same way.
   */
  stopping?: AbortSignal;
  /**
   * The worker's stop cut the job (it waited for it no longer: service.ts): its render children
   * are ended under it, and whatever fails then throws the signal's reason (the stop's), so the
   * queue gives the job back and no failure is recorded.
   */
  cut?: AbortSignal;
}

export type RebuildOutcome = 'published' | 'unchanged' | 'failed' | 'held' | 'superseded';

/**
 * Seconds of each phase of a release: photos; renderer; build (render and post-build steps together),
 * of it `astro` (the render) and `steps` (post-build), `assemble` (an incremental release's
 * linking and moving); checks; precompress (.gz copies); manifest (the local manifest and the
 * state's record); upload (the production publisher: objects, manifest, pointer); state (the
 * local switch, live pointer, reservations and status); search (sync); prune. Between the photos
 * and the renderer, coreWait: the wait for a core of the worker.
 */
export interface ReleaseTimings {
  /** Waiting for one of the worker's cores (RebuildOptions.cores), after the photos. */
  coreWait?: number;
  photos?: number;
  /** Getting the code version's renderer: fetched from the bucket, waited for, or (its compile) stored there. */
  renderer?: number;
  build: number;
  astro?: number;
  assemble?: number;
  steps?: number;
  checks: number;
  precompress?: number;
  manifest?: number;
  upload?: number;
  state?: number;
  search: number;
  prune?: number;
}

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
  /** Seconds of each phase of a published release (ReleaseTimings). */
  timings?: ReleaseTimings;
  /** Search sync: counts, or the reason it failed. */
  search?: { added: number; updated: number; deleted: number } | { error: string };
  /** Photos the tenant's photo deadline left for a later release (placeholders meanwhile); the service asks for one soon. */
  photosDeferred?: number;
}

/** How long a job waits for its pipeline state to answer again (PostgreSQL restarting, failing over). */
const STATE_WAIT_MS = 60_000;

/**
 * A read or write of the pipeline state within a job: an outage is waited for (up to
 * STATE_WAIT_MS), as every step's, unless the worker is stopping: then the job throws the stop's
 * reason and the queue gives it back (stoppedBy).
 */
function fromState<T>(job: Pick<Job, 'log' | 'slug' | 'options'>, work: () => Promise<T>): Promise<T> {
  return riding(work, { log: job.log, tenant: job.slug, what: 'the pipeline state', maxWaitMs: STATE_WAIT_MS, signal: job.options.stopping });
}

/** Whether `error` is the worker's stop (RebuildOptions.stopping): rethrown, so the queue gives the job back, never recorded as its failure. */
const stoppedBy = (options: RebuildOptions, error: unknown) => options.stopping?.aborted === true && error === options.stopping.reason;
/**
 * How a release's bucket publish is tried again (transient.ts riding): 5 attempts, waits of 1, 2,
 * 4 and 8 s between them (each PUT is also retried by the S3 client). Bounded by its attempts,
 * not by a clock: a try takes as long as its uploads (minutes for a large tenant's full release).
 * The worker's stop (RebuildOptions.stopping) ends a wait at once, and no try follows.
 */
export const PUBLISH_RETRY = { what: 'the bucket publish', firstDelayMs: 1000, attempts: 5, maxWaitMs: Number.POSITIVE_INFINITY } as const;

/** Seconds since `since` (performance.now()), to the hundredth. */
const secondsSince = (since: number) => Math.round((performance.now() - since) / 10) / 100;

/** What every step of one job shares. */
interface Job {
  options: RebuildOptions;
  state: PipelineState;
  slug: string;
  tenantDir: string;
  sitesDir: string;
  now: number;
  keep: number;
  log: Logger;
  seconds: () => number;
  empty: Pick<RebuildResult, 'tenant' | 'added' | 'changed' | 'removed' | 'rendered'>;
  /** The live release and the state's inputs (load). */
  liveId: string | null;
  /** One machine: the live release is not where it is served, nor on the disk to point at again (restoreCurrent). */
  servedMissing: boolean;
  stock: ReleaseStock | null;
  overlay: ReservationOverlay;
  reservations: string;
  /** The fleet's shared work (options.shared), when there is a bucket. */
  work?: WorkStore;
  /** Photos the photo deadline left for later (resolvePhotos). */
  photosDeferred?: number;
}

/** The job with its tenant loaded and compared with the live release (decide). */
interface Loaded extends Job {
  tenant: Tenant;
  photos: PhotoReport;
  previous: ReleaseManifest | null;
  configHash: string;
  fingerprints: Record<string, string>;
  diff: StockDiff;
  counts: { added: number; changed: number; removed: number };
  /** The host the release is served on and the aliases to drop (claimHost). */
  hostClaim?: { hosts: ReleaseHosts; host: SiteHost | undefined };
}

/** A release being made: its id, directory, mode, and what it renders from. */
interface Release extends Loaded {
  id: string;
  releaseDir: string;
  previousDir: string | null;
  mode: 'full' | 'incremental';
  why: string;
  plan?: ReleasePlan;
  bundle?: TenantBundle;
  renderSlugs: string[];
  /** The worker's kept renderer of the code version and the render settings (render). */
  render: ReleaseRender;
  /** The kept renderer's key when the release renders (or, a full release, compiled) with it. */
  renderer?: string;
  /** The loaded tenant handed to the render entry (render), and to the warm-up after a compile (prune). */
  prepared?: PreparedTenant;
  /** Seconds of the phases besides the render and checks (renderer, precompress, manifest, upload, state, prune), filled in as they run. */
  laps: Partial<ReleaseTimings>;
  /** The compile of the code version this release owns for the fleet (renderers.ts): finished after the render. */
  compile?: OwnedCompile;
  /** The files the published release keeps under its code version for the fleet (record). */
  shared?: SharedFiles;
  /** When the pointer shoppers are served by switched to this release (publish). */
  publishedAt?: string;
  /** Images made while the release waited for another's compile (drawWhileWaiting). */
  drawnAhead?: Promise<{ drawn: number; fetched: number }>;
}

/** Bring one tenant's live release in step with its folder and accepted stock. Never throws for tenant problems; throws the core gate's refusal (RebuildOptions.cores). */
export async function rebuildTenant(options: RebuildOptions): Promise<RebuildResult> {
  return withState(options.state, options.sitesDir, (state) => rebuild(options, state));
}

async function rebuild(options: RebuildOptions, state: PipelineState): Promise<RebuildResult> {
  const job = await load(options, state);
  if ('outcome' in job) return job;
  const result = await rebuildLoaded(options, job);
  return job.photosDeferred ? { ...result, photosDeferred: job.photosDeferred } : result;
}

async function rebuildLoaded(options: RebuildOptions, job: Job): Promise<RebuildResult> {
  await reportSeed(job);
  const making: { release?: Release } = {};
  let atGate = false;
  try {
    // The tenant and its photos first, without a core: photo transforms have their own bound
    // (images/resolve.ts), so a tenant with thousands of new photos leaves the worker's cores to
    // the releases that can render, and jobs waiting for a core make their photos meanwhile.
    const loaded = await loadTenantOf(job);
    if ('outcome' in loaded) return loaded;
    // The phases that render take one of the worker's cores (options.cores); the upload and the
    // state's writes do not, so one release's upload runs while the next one renders.
    const waiting = performance.now();
    atGate = true;
    const made = await (options.cores ?? ungated)(() => {
      atGate = false;
      return make(loaded, making, secondsSince(waiting));
    });
    if ('outcome' in made) return made;
    const { release, built, checked, manifest } = made;
    const published = await publish(release, manifest);
    if (published) return published;
    // Live now: its directory is the one shoppers of this machine are served from.
    making.release = undefined;
    const search = await sync(release);
    await prune(release, built.build);
    return finish(release, built, checked, search);
  } catch (error) {
    // Refused at the gate, or its photos or its wait for the state stopped (the worker is stopping): the job goes back to the queue.
    if (atGate || stoppedBy(options, error)) throw error;
    // Whatever a step did not expect (a worker's disk full, a renderer that died) fails the job
    // cleanly: the half-made release directory goes, the live release stays, the status and the
    // log say why, and the intake's reconciler asks for the tenant again.
    const { release } = making;
    if (release?.releaseDir) rmSync(release.releaseDir, { recursive: true, force: true });
    return fail(release ?? job, `release failed: ${(error as Error).message}`, release?.counts, release?.id);
  }
}

/** Without a core gate (a direct call, as the tests make), nothing waits. */
const ungated: Limiter = (task) => task();

/** A release made and recorded, ready to publish. */
interface Made {
  release: Release;
  built: { build: ReleaseBuild; seconds: number };
  checked: Checked;
  manifest: ReleaseManifest;
}

/**
 * Make: the phases that take a core, from the host's claim to the manifest; `making.release`
 * holds the release once it has a directory, for the caller to clear on a failure.
 */
async function make(loaded: Loaded, making: { release?: Release }, coreWait: number): Promise<Made | RebuildResult> {
  const refused = await claimHost(loaded);
  if (refused) return refused;
  const release = await decide(loaded);
  if ('outcome' in release) return release;
  making.release = release;
  release.laps.coreWait = coreWait;
  await start(release);
  const built = await render(release);
  if ('outcome' in built) return built;
  const checked = await check(release, built.build);
  if ('outcome' in checked) return checked;
  return { release, built, checked, manifest: record(release, checked) };
}

/** Load: the state's inputs (the live release, the accepted stock, the reserved overlay) after clearing leftovers of a killed build. */
async function load(options: RebuildOptions, state: PipelineState): Promise<Job | RebuildResult> {
  const started = performance.now();
  const tenantDir = resolve(options.tenantDir);
  const sitesDir = resolve(options.sitesDir);
  const slug = basename(tenantDir);
  const keep = options.keep ?? REBUILD_DEFAULTS.keep;
  const log = options.log ?? silentLogger;
  const seconds = () => secondsSince(started);
  const empty = { tenant: slug, added: 0, changed: 0, removed: 0, rendered: 0 };
  // Leftovers of a killed build are never served; clear them before building again.
  pruneReleases(sitesDir, slug, keep);
  try {
    // A state that does not answer (PostgreSQL restarting, the bucket's state files failing) is waited for.
    const { liveId, inputs } = await riding(
      async () => ({ liveId: await liveRelease(state, sitesDir, slug), inputs: await tenantInputs(state, slug, tenantDir) }),
      {
        log,
        tenant: slug,
        what: 'the pipeline state',
        maxWaitMs: STATE_WAIT_MS,
        signal: options.stopping,
      },
    );
    const servedMissing = !restoreCurrent(options, sitesDir, slug, liveId, log);
    const work = options.shared ? bucketWorkStore(options.shared) : undefined;
    return { options, state, slug, tenantDir, sitesDir, now: options.now ?? Date.now(), keep, log, seconds, empty, liveId, servedMissing, ...inputs, work };
  } catch (error) {
    if (stoppedBy(options, error)) throw error;
    const reason = `pipeline state unavailable: ${(error as Error).message}`;
    log({ level: 'error', event: 'release', tenant: slug, outcome: 'failed', reason });
    return { ...empty, outcome: 'failed', seconds: seconds(), reason };
  }
}

/**
 * A tenant folder's stock.json just taken in as the seed (the first release, or the file
 * replaced) is reported as a feed is: a `feed` log line and the operator page's last feed,
 * with every bad record the release will skip.
 */
async function reportSeed(job: Job): Promise<void> {
  if (!job.stock?.seeded) return;
  const parsed = job.stock.parsed ?? job.state.stock.parse(job.slug, job.stock, job.now);
  const source = 'stock.json (tenant folder seed)';
  const problems = parsed.problems.map((problem) => formatProblem(problem, 'stock.json'));
  job.log({
    level: problems.length ? 'warn' : 'info',
    event: 'feed',
    tenant: job.slug,
    kind: 'snapshot',
    source,
    outcome: 'accepted',
    records: parsed.read,
    valid: parsed.cars.length,
    problems: problems.length,
    // The seed has no file in the inbox: its report is the tenant's last feed status.
    ...(problems.length ? { report: feedStatusFile(job.sitesDir, job.slug) } : {}),
  });
  const report = problems.length
    ? `feed: ${source}\ntenant: ${job.slug}\nrecords: ${parsed.read}, valid: ${parsed.cars.length}\nresult: accepted (each problem ends with what was done)\nproblems:\n${problems.map((line) => `- ${line}\n`).join('')}`
    : undefined;
  await recordFeedIn(job.state, job.sitesDir, job.slug, {
    at: new Date().toISOString(),
    source,
    kind: 'snapshot',
    outcome: 'accepted',
    read: parsed.read,
    valid: parsed.cars.length,
    problems: problems.length,
    ...(report ? { report: report.slice(0, STATUS_REPORT_MAX) } : {}),
  }).catch((error: Error) => job.log({ level: 'warn', event: 'status', tenant: job.slug, reason: error.message }));
}

/** The status goes to the state and the local file; a state that cannot take it is logged, the job's outcome stands. */
function note(job: Job, update: StatusUpdate): Promise<unknown> {
  return recordStatusIn(job.state, job.sitesDir, job.slug, update).catch((error) =>
    job.log({ level: 'warn', event: 'status', tenant: job.slug, reason: (error as Error).message }),
  );
}

/** The reserved rows the live site now shows (state/reservation-watch.ts); a failure to record it costs at most one needless rebuild. */
function builtFrom(job: Job): Promise<unknown> {
  return job.state.reservations
    .recordBuilt(job.slug, job.reservations)
    .catch((error) => job.log({ level: 'warn', event: 'reservations-built', tenant: job.slug, reason: (error as Error).message }));
}

/**
 * A failed job: recorded in the status and logged; the live release stays. `config`: it failed on
 * a file of the tenant folder (StatusEntry.config); `repeated`: the same problem of the same file
 * as the last job's, already reported: the log says so in one line instead of reporting it again.
 */
async function fail(
  job: Job,
  reason: string,
  counts: Partial<RebuildResult> = {},
  release?: string,
  { config, repeated = false }: { config?: StatusEntry['config']; repeated?: boolean } = {},
): Promise<RebuildResult> {
  // The worker's stop cut the job (its render children ended under it): the stop's, not the job's failure.
  if (job.options.cut?.aborted) throw job.options.cut.reason;
  const result: RebuildResult = { ...job.empty, ...counts, outcome: 'failed', release, seconds: job.seconds(), reason };
  await note(job, {
    outcome: 'failed',
    current: job.liveId,
    failure: { at: new Date().toISOString(), release, reason, seconds: result.seconds, ...(config ? { config } : {}) },
  });
  job.log({
    level: repeated ? 'info' : 'error',
    event: 'release',
    tenant: job.slug,
    release: release ?? null,
    added: result.added,
    changed: result.changed,
    removed: result.removed,
    seconds: result.seconds,
    outcome: 'failed',
    reason: repeated && config ? `${config.file} unchanged since its problem was reported` : reason,
  });
  return result;
}

/**
 * A tenant folder's file that cannot be used (TenantConfigError): the job fails naming the file
 * and the field, once; a job that meets the same problem in the same file again (the first pass
 * of the next process, a feed) says only that it is unchanged, and the reconciler does not ask
 * again until the file changes (reconcile.ts).
 */
async function failOnConfig(job: Job, error: TenantConfigError): Promise<RebuildResult> {
  const config = { file: error.file, hash: configFileHash(error.file) };
  const last = await fromState(job, () => job.state.tenants.status(job.slug)).catch((failure: unknown) => {
    if (stoppedBy(job.options, failure)) throw failure;
    return null;
  });
  const before = last?.lastOutcome === 'failed' ? last.lastFailure : null;
  const repeated = before?.reason === error.message && before.config?.file === config.file && before.config.hash === config.hash;
  return fail(job, error.message, {}, undefined, { config, repeated });
}

/** Load the tenant (with the state's stock and overlay), resolve its feed photos, and compare it with the live release. */
async function loadTenantOf(job: Job): Promise<Loaded | RebuildResult> {
  let tenant: Tenant;
  try {
    tenant = loadTenant(job.tenantDir, job.now, job.stock ?? undefined, job.overlay);
  } catch (error) {
    if (error instanceof TenantConfigError) return failOnConfig(job, error);
    return fail(job, (error as Error).message);
  }
  const { liveId } = job;
  const previous: ReleaseManifest | null = liveId ? await fromState(job, () => job.state.releases.get(job.slug, liveId)) : null;
  const photos = await resolvePhotos(job, tenant, previous);
  const configHash = tenantConfigHash(job.tenantDir, job.options.env);
  const fingerprints = Object.fromEntries(tenant.visible.map((car) => [String(car.id), carFingerprint(car)]));
  const diff: StockDiff = diffStock(new Map(Object.entries(previous?.fingerprints ?? {})), tenant.visible);
  const counts = { added: diff.added.length, changed: diff.changed.length, removed: diff.removed.length };
  return { ...job, tenant, photos, previous, configHash, fingerprints, diff, counts };
}

/** Claim: the host the site's url names, in the state (hosts.ts); a job refused the host fails before it renders, naming both tenants. */
async function claimHost(loaded: Loaded): Promise<RebuildResult | null> {
  let outcome: HostClaimOutcome;
  try {
    outcome = await fromState(loaded, () => claimSiteHost(loaded.state, loaded.slug, loaded.tenant.site.url, dirname(loaded.tenantDir)));
  } catch (error) {
    if (stoppedBy(loaded.options, error)) throw error;
    return fail(loaded, `pipeline state unavailable: ${(error as Error).message}`);
  }
  if ('refused' in outcome) return fail(loaded, outcome.refused, loaded.counts);
  loaded.hostClaim = outcome;
  return null;
}

/**
 * Photos: feed photos first (docs/images.md), so the fingerprints include where each photo
 * comes from and a car whose photo failed last time is rendered again once the photo works.
 */
async function resolvePhotos(job: Job, tenant: Tenant, previous: ReleaseManifest | null): Promise<PhotoReport> {
  const settings = photoOptionsFromEnv(job.options.env ?? environment());
  // In a fleet, photos another worker resolved or made are taken from the shared work, and those of the live release come with it.
  const shared = job.work
    ? { cache: new PhotoCache(undefined, job.work), shared: { work: job.work, tenant: job.slug, live: new Set(previous?.cars.flatMap(localPhotoUrls) ?? []) } }
    : {};
  const photos = await resolveTenantPhotos(tenant, { ...settings, ...shared, signal: job.options.stopping });
  for (const fault of photos.faults) job.log({ level: 'warn', event: 'photo-fault', tenant: job.slug, car: fault.car, url: fault.url, reason: fault.reason });
  // Photos the tenant's photo deadline (DEALER_PHOTO_DEADLINE_MS) left: placeholders in this release, fetched by a later one.
  if (photos.deferred > 0) job.log({ level: 'warn', event: 'photos-deferred', tenant: job.slug, deferred: photos.deferred, deadlineMs: settings.deadlineMs });
  job.photosDeferred = photos.deferred;
  if (photos.fetched > 0 || photos.shared > 0 || photos.deferred > 0)
    job.log({
      event: 'photos',
      tenant: job.slug,
      photos: photos.photos,
      known: photos.known,
      fetched: photos.fetched,
      transformed: photos.transformed,
      shared: photos.shared,
      failed: photos.faults.length,
      deferred: photos.deferred,
      seconds: photos.seconds,
    });
  return photos;
}

/** The processed feed photos a recorded car shows (their local URLs). */
function localPhotoUrls(car: Car): string[] {
  return [...(car.images ?? []).flatMap((image) => [image.image, image.thumb ?? '']), car.primary_image_url ?? ''].filter((url) => parsePhotoUrl(url) !== null);
}

/**
 * Whether the models of the header's Range menu and the footer (Range['menuModels'],
 * src/lib/range/site-range.ts) differ between the two stocks: every page shows them, so reused
 * pages would be stale. A models.json menu changes too when a model's or make's stock comes or
 * goes: its links go only to search pages the stock has.
 */
function menuChanged(release: Release, previous: readonly Car[], next: readonly Car[]): boolean {
  const { site } = release.tenant;
  const file = (release.bundle ??= createBundle(release.tenant, release.now)).extras.models;
  const models = (cars: readonly Car[]) => JSON.stringify(computeRange(site, cars, file, stockRouteTable(cars, site)).menuModels);
  return models(previous) !== models(next);
}

/** Decide: unchanged, held, or a new release (full or incremental, with why), filling in the facts the table asks for. */
async function decide(loaded: Loaded): Promise<Release | RebuildResult> {
  const { previous, tenant, slug } = loaded;
  const release: Release = {
    ...loaded,
    id: '',
    releaseDir: '',
    previousDir: null,
    mode: 'full',
    why: '',
    renderSlugs: [],
    render: { keep: keptRenderer(loaded.options.renderers, loaded.options.env), settings: renderSettings(loaded.options.env), work: loaded.work },
    laps: {},
  };
  const decision = await decideWith(releaseFacts(loaded), {
    held: async () => (await fromState(loaded, () => loaded.state.tenants.hold(slug))) !== null,
    previousCached: async () => {
      newRelease(release);
      return (await fetchPrevious(release)) !== null;
    },
    menuChanged: () => menuChanged(release, previous!.cars, tenant.visible),
    affected: () => planStep(release),
  });
  if (decision.mode === 'unchanged') return unchanged(loaded);
  if (decision.mode === 'held') return held(loaded);
  if (!release.id) newRelease(release);
  release.mode = decision.mode;
  release.why = decision.why;
  return release;
}

/**
 * Start the build: the renderer of the code version (this disk's, the fleet's from the bucket,
 * or this release compiles it: renderers.ts), then the engine an incremental release renders
 * with, and the build-start line.
 */
async function start(release: Release): Promise<void> {
  const { options, tenant, slug } = release;
  if (options.shared) {
    const started = performance.now();
    const fleet = { store: options.shared, state: release.state, log: release.log };
    const full = release.mode === 'full';
    const obtained = await obtainRenderer(release.render.keep, fleet, { full, whileWaiting: full ? () => drawWhileWaiting(release) : undefined });
    release.compile = obtained.compile;
    release.laps.renderer = secondsSince(started);
  }
  chooseRenderer(release);
  release.log({
    event: 'build-start',
    tenant: slug,
    release: release.id,
    mode: release.mode,
    why: release.why,
    ...release.counts,
    render: release.mode === 'incremental' ? release.renderSlugs.length : tenant.visible.length,
    ...(release.mode === 'incremental' && release.plan
      ? { searchPages: release.plan.families.search.all ? 'all' : release.plan.families.search.render.length, renderer: release.renderer ?? null }
      : {}),
    pid: process.pid,
  });
}

/**
 * While a full release waits for another's compile, its tenant's images are made into the
 * worker's cache (post-build `drawAhead`): the core the wait leaves idle draws them, and the
 * post-build steps of this release and of the compiling one only copy them. Counted as this
 * release's (finish). A bundle that cannot be made is left to the render to report.
 */
function drawWhileWaiting(release: Release): void {
  try {
    release.bundle ??= createBundle(release.tenant, release.now);
  } catch {
    return;
  }
  release.drawnAhead = drawAhead(release.bundle, release.work).catch((error: unknown) => {
    release.log({ level: 'warn', event: 'draw-ahead', tenant: release.slug, release: release.id, reason: (error as Error).message });
    return { drawn: 0, fetched: 0 };
  });
}

/**
 * One machine (the local publisher serves `--sites`): a live release whose `current` is gone
 * (deleted by hand, a disk restored without it) but whose files are complete on the disk is
 * pointed at again, with no build: the same release, so a rollback hold keeps holding. Returns
 * whether the live release is served (or nothing is to be: a bucket publisher, no live release);
 * when not, the decision's `servedMissing` makes the release again.
 */
function restoreCurrent(options: RebuildOptions, sitesDir: string, slug: string, liveId: string | null, log: Logger): boolean {
  const servesSites = !options.publisher || options.publisher === localPublisher;
  if (!servesSites || !liveId || currentRelease(sitesDir, slug) === liveId) return true;
  if (!listReleases(sitesDir, slug).includes(liveId)) return false;
  switchCurrent(sitesDir, slug, liveId);
  log({ level: 'warn', event: 'current-restored', tenant: slug, release: liveId });
  return true;
}

/** The facts the decision table starts from (decide.ts); the rest are filled in when asked for. */
function releaseFacts({ options, previous, tenant, now, configHash, diff, servedMissing }: Loaded): ReleaseFacts {
  return {
    hasPrevious: previous !== null,
    configChanged: previous?.configHash !== configHash,
    stockUnchanged: isEmptyDiff(diff),
    forced: options.full === true,
    tokenRefreshDue: Boolean(tenant.site.search && !tenant.site.search.key && previous && now - previous.fullBuildTime >= searchTokenRenewalMs(options)),
    incrementalOff: options.incremental === false,
    fullDue: previous !== null && now - previous.fullBuildTime >= (options.fullEveryMs ?? REBUILD_DEFAULTS.fullEveryMs),
    visible: tenant.visible.length,
    maxIncrementalShare: options.maxIncrementalShare ?? REBUILD_DEFAULTS.maxIncrementalShare,
    servedMissing,
  };
}

/** The new release's id (its build clock, or now for a clock in the past) and directory. */
function newRelease(release: Release): void {
  release.id = newReleaseId(new Date(release.now > Date.now() - 1000 ? release.now : Date.now()));
  release.releaseDir = join(tenantPaths(release.sitesDir, release.slug).releases, release.id);
}

/**
 * Nothing changed since the live release: it stays, and now shows the state's reserved rows
 * and the accepted stock's sequence (state/tenants.ts `behind`); a search index the last
 * release could not sync (Meilisearch was down) is synced now.
 */
async function unchanged(loaded: Loaded): Promise<RebuildResult> {
  const result: RebuildResult = { ...loaded.empty, outcome: 'unchanged', release: loaded.liveId ?? undefined, seconds: loaded.seconds() };
  await builtFrom(loaded);
  if (loaded.stock)
    await loaded.state.tenants
      .setBuilt(loaded.slug, loaded.stock.seq)
      .catch((error: Error) => loaded.log({ level: 'warn', event: 'status', tenant: loaded.slug, reason: error.message }));
  const search = await catchUpSearch(loaded);
  loaded.log({
    event: 'release',
    tenant: loaded.slug,
    release: loaded.liveId,
    ...loaded.counts,
    seconds: result.seconds,
    outcome: 'unchanged',
    ...(search ? { search } : {}),
  });
  return { ...result, ...(search ? { search } : {}) };
}

/** The search sync a published release could not make (its status says published-search-failed), made now; undefined when none was due. */
async function catchUpSearch(loaded: Loaded): Promise<RebuildResult['search']> {
  const status = await loaded.state.tenants.status(loaded.slug).catch(() => null);
  if (status?.lastOutcome !== 'published-search-failed') return undefined;
  let search: RebuildResult['search'];
  try {
    const report = await syncTenantSearch(loaded.tenant.site, loaded.tenant.visible, loaded.options.env);
    if (report) search = { added: report.added, updated: report.updated, deleted: report.deleted };
  } catch (error) {
    search = { error: (error as Error).message };
  }
  if (search && !('error' in search)) await note(loaded, { outcome: 'published', current: loaded.liveId, success: status.lastSuccess ?? undefined });
  loaded.log({
    level: search && 'error' in search ? 'warn' : 'info',
    event: 'search-sync',
    tenant: loaded.slug,
    release: loaded.liveId,
    outcome: search && 'error' in search ? 'failed' : 'caught-up',
    search,
  });
  return search;
}

/** A rollback holds the tenant: no release until an operator releases it. */
async function held(loaded: Loaded): Promise<RebuildResult> {
  const result: RebuildResult = {
    ...loaded.empty,
    ...loaded.counts,
    outcome: 'held',
    release: loaded.liveId ?? undefined,
    seconds: loaded.seconds(),
    reason: 'held on a rolled-back release (npm run rollback -- --tenant <slug> --release-hold to resume)',
  };
  await note(loaded, { outcome: 'held', current: loaded.liveId });
  loaded.log({ level: 'warn', event: 'release', tenant: loaded.slug, release: loaded.liveId, ...loaded.counts, seconds: result.seconds, outcome: 'held' });
  return result;
}

/** The live release's files in the local cache (a worker that never built this tenant, or restarted on an empty disk, fetches them); its directory, or null. */
async function fetchPrevious(release: Release): Promise<string | null> {
  const previous = release.previous!;
  const cached = await cacheRelease(release.sitesDir, previous, release.options.publisher, release.log).catch((error) => {
    release.log({ level: 'warn', event: 'fetch-release', tenant: release.slug, release: previous.id, reason: (error as Error).message });
    return false;
  });
  const dir = join(tenantPaths(release.sitesDir, release.slug).releases, previous.id);
  release.previousDir = cached && existsSync(dir) ? dir : null;
  return release.previousDir;
}

/** The page plan (plan.ts): per page family, the pages this change affects; returns the car pages to render. */
function planStep(release: Release): number {
  const { tenant, now, previous, diff } = release;
  release.bundle ??= createBundle(tenant, now);
  release.plan = planRelease(
    { site: tenant.site, models: release.bundle.extras.models, previous: previous!.cars, next: tenant.visible, diff },
    now,
    previous!.fullBuildTime,
  );
  release.renderSlugs = carSlugsToRender(release.plan, tenant.visible);
  return release.renderSlugs.length;
}

/** The kept renderer of this code version on this worker's disk (any tenant's full release compiled it), for an incremental release. */
function chooseRenderer(release: Release): void {
  if (release.mode === 'incremental' && renderEngine(release.tenant.visible.length, { ...release.render, partial: true }) === 'kept')
    release.renderer = release.render.keep.key;
}

/** Render: the release directory, incrementally from the live release or in full (the builder chooses the engine). */
async function render(release: Release): Promise<{ build: ReleaseBuild; seconds: number } | RebuildResult> {
  const { mode, previous, previousDir, plan, bundle } = release;
  const started = performance.now();
  // The tenant as loaded above, its photos resolved: the release renders it, nothing is loaded again.
  const prepared = preparedTenant({ tenant: release.tenant, photos: release.photos, outDir: release.releaseDir, now: release.now, bundle });
  // A compile this release owns is stored for the fleet as soon as the renderer is kept, while the pages render (finish runs once).
  const compile = release.compile;
  const renderWith = compile ? { ...release.render, compiled: () => void storeCompile(release, compile) } : release.render;
  const build: ReleaseBuild = !isPrepared(prepared)
    ? { ok: false, error: prepared.error, rendered: 0, reused: 0 }
    : mode === 'incremental' && previous && previousDir && plan && bundle
      ? await buildIncrementalRelease({
          tenant: release.tenant,
          bundle,
          previousDir,
          previousCars: previous.cars,
          outDir: release.releaseDir,
          plan,
          render: release.render,
        })
      : await buildFullRelease(prepared, renderWith);
  if (isPrepared(prepared)) release.prepared = prepared;
  if (compile) {
    // The store began while the pages rendered (only the wait for its end counts here); a compile that kept nothing is given up.
    const waiting = performance.now();
    await storeCompile(release, compile);
    release.laps.renderer = (release.laps.renderer ?? 0) + secondsSince(waiting);
  }
  if (mode === 'full') release.renderer = build.renderedWith === 'compile' || build.renderedWith === 'kept-renderer' ? release.render.keep.key : undefined;
  if (build.rendererProblem)
    release.log({ level: 'warn', event: 'renderer-fallback', tenant: release.slug, release: release.id, reason: build.rendererProblem });
  if (!build.ok) {
    rmSync(release.releaseDir, { recursive: true, force: true });
    return fail(release, build.error ?? 'build failed', release.counts, release.id);
  }
  return { build, seconds: secondsSince(started) };
}

/** Store the compile this release owns for the fleet (renderers.ts); a failure is logged, never the release's. */
function storeCompile(release: Release, compile: OwnedCompile): Promise<void> {
  return compile
    .finish()
    .catch((error: Error) => release.log({ level: 'warn', event: 'renderer-store', renderer: release.render.keep.key, reason: error.message }));
}

/** What the checks found, for the manifest and the report. */
interface Checked {
  brokenLinks: string[];
  /** Only the re-rendered pages were scanned (nothing disappeared in an incremental release). */
  partial: boolean;
  seconds: number;
}

/** Check: the release's pages and links (checks.ts), then the .gz copies of its text files. */
async function check(release: Release, build: ReleaseBuild): Promise<Checked | RebuildResult> {
  const { tenant, previous, releaseDir, log, slug, id } = release;
  const started = performance.now();
  const scanOnly = release.mode === 'incremental' && build.staged && build.dropped === 0 ? new Set(build.staged.map((path) => `/${path}`)) : undefined;
  const checks = checkRelease(releaseDir, { site: tenant.site, cars: tenant.visible, knownBroken: previous ? (previous.brokenLinks ?? []) : null, scanOnly });
  if (checks.blocking.length > 0) {
    rmSync(releaseDir, { recursive: true, force: true });
    return fail(release, `checks failed: ${checks.blocking.join('; ')}`, release.counts, id);
  }
  const seconds = secondsSince(started);
  for (const warning of checks.warnings) log({ level: 'warn', event: 'check-warning', tenant: slug, release: id, warning });
  // Text files get their .gz beside them where the server sends them (the local one never compresses per request); none for a bucket.
  const packing = performance.now();
  try {
    await precompressRelease(releaseDir, release.previousDir ?? undefined, { write: release.options.publisher?.precompressed !== false });
  } catch (error) {
    log({ level: 'warn', event: 'precompress', tenant: slug, release: id, reason: (error as Error).message });
  }
  release.laps.precompress = secondsSince(packing);
  return { brokenLinks: checks.brokenLinks, partial: scanOnly !== undefined, seconds };
}

/** Record: the release's manifest, which marks it complete in the local cache. */
function record(release: Release, checked: Checked): ReleaseManifest {
  const { previous, now, mode } = release;
  const started = performance.now();
  // A fleet's release keeps its code version's files once for the fleet (renderers.ts).
  if (release.options.shared && release.options.publisher && release.options.publisher !== localPublisher) release.shared = sharedFilesFor(release.render.keep);
  const manifest: ReleaseManifest = {
    id: release.id,
    slug: release.slug,
    createdAt: new Date().toISOString(),
    buildTime: now,
    fullBuildTime: mode === 'full' ? now : (previous?.fullBuildTime ?? now),
    mode,
    // Before the stock: pruning reads it from the head of the file (manifestRenderer).
    ...(release.renderer ? { renderer: release.renderer } : {}),
    // The code version whose shared bucket objects the published release uses (kept while a record names it).
    ...(release.shared ? { codeKey: release.shared.code } : {}),
    configHash: release.configHash,
    cars: release.tenant.visible,
    fingerprints: release.fingerprints,
    ...release.counts,
    // A partial scan saw only the new pages; the reused ones keep their known broken links.
    brokenLinks: checked.partial ? [...new Set([...(previous?.brokenLinks ?? []), ...checked.brokenLinks])].sort() : checked.brokenLinks,
  };
  writeManifest(release.sitesDir, manifest);
  release.laps.manifest = secondsSince(started);
  return manifest;
}

/**
 * The pointers a job read at its start, read again right before it switches: a rollback
 * (`npm run rollback`, no job of the queue) that moved them meanwhile is not published over.
 */
async function notRolledBack(release: Release, pointer?: PointerReads): Promise<void> {
  const { state, slug, id } = release;
  const [live, hold] = await riding(() => Promise.all([state.tenants.live(slug), state.tenants.hold(slug)]), {
    log: release.log,
    tenant: slug,
    maxWaitMs: STATE_WAIT_MS,
    what: 'the pipeline state',
  });
  const publisherMoved = pointer !== undefined && pointer.live !== pointer.read && pointer.live !== id;
  const stateMoved = live !== release.liveId && live !== id;
  if (hold === null && !publisherMoved && !stateMoved) return;
  const to = hold?.release ?? (publisherMoved ? pointer.live : live) ?? 'no release';
  throw new SupersededError(`the tenant was rolled back to ${to} while this release was made; not published`);
}

/** Publish: into the state's history, the production publisher first, then the local one and the live pointer; null when live. */
async function publish(release: Release, manifest: ReleaseManifest): Promise<RebuildResult | null> {
  const { options, state, slug, id, releaseDir, sitesDir, counts } = release;
  const { laps } = release;
  const waits = { log: release.log, tenant: slug, maxWaitMs: STATE_WAIT_MS };
  const stillOurs = async () => {
    const lost = options.guard ? await options.guard() : null;
    if (lost !== null) throw new SupersededError(lost);
  };
  const stillLive = (pointer?: PointerReads) => notRolledBack(release, pointer);
  try {
    let lap = performance.now();
    await stillOurs();
    await riding(() => state.releases.record(manifest), { ...waits, what: 'the pipeline state' });
    laps.manifest = (laps.manifest ?? 0) + secondsSince(lap);
    lap = performance.now();
    // A production publisher (CDN / object store) goes first: if it fails, nothing switched anywhere.
    // A failing bucket is tried again with backoff: objects first, the manifest, the pointer last, so a retry never exposes half a release.
    // The worker's stop ends a wait between tries at once, with no further try: the job goes back to the queue (stoppedBy).
    // Only until a try has passed beforeSwitch: the bucket's live pointer may have switched since
    // (a later PUT failing, or the pointer PUT's answer lost), so the job is not given back to
    // publish another release: the tries go on to the end and the live release is recorded.
    const publisher = options.publisher;
    const remote = publisher !== undefined && publisher !== localPublisher;
    let switching = false;
    const beforeSwitch = async (pointer?: PointerReads) => {
      await stillOurs();
      await stillLive(pointer);
      switching = true;
    };
    if (remote)
      await riding(() => publisher.publish({ slug, id, dir: releaseDir, sitesDir, beforeSwitch, hosts: release.hostClaim?.hosts, shared: release.shared }), {
        ...waits,
        ...PUBLISH_RETRY,
        signal: options.stopping,
        stoppable: () => !switching,
      });
    laps.upload = secondsSince(lap);
    lap = performance.now();
    await stillOurs();
    // The local publisher serves this disk: its switch is the one shoppers see.
    if (!remote) await stillLive();
    await localPublisher.publish({ slug, id, dir: releaseDir, sitesDir });
    // The production publisher switched its pointer last thing before returning (the local one just now).
    const publishedAt = new Date().toISOString();
    release.publishedAt = publishedAt;
    await riding(() => state.tenants.setLive(slug, id, release.stock?.seq, publishedAt), { ...waits, what: 'the pipeline state' });
    await builtFrom(release);
    await settleSiteHost(state, slug, release.hostClaim?.host).catch((error: Error) =>
      release.log({ level: 'warn', event: 'host-claims', tenant: slug, reason: error.message }),
    );
    laps.state = secondsSince(lap);
    return null;
  } catch (error) {
    // The worker is stopping: rethrown, so the queue gives the job back (its next run publishes).
    if (stoppedBy(options, error)) throw error;
    if (error instanceof SupersededError) {
      // The run that took the job over (or the rollback) publishes and records the status; this one only says why it stopped.
      release.log({
        level: 'warn',
        event: 'release',
        tenant: slug,
        release: id,
        ...counts,
        seconds: release.seconds(),
        outcome: 'superseded',
        reason: error.message,
      });
      return { ...release.empty, ...counts, outcome: 'superseded', release: id, seconds: release.seconds(), reason: error.message };
    }
    return fail(release, `publish failed: ${(error as Error).message}`, counts, id);
  }
}

/** Sync: the tenant's search index (a failure is reported, the release stays live). */
async function sync(release: Release): Promise<{ search: RebuildResult['search']; seconds: number }> {
  const started = performance.now();
  let search: RebuildResult['search'];
  try {
    const report = await syncTenantSearch(release.tenant.site, release.tenant.visible, release.options.env);
    if (report) search = { added: report.added, updated: report.updated, deleted: report.deleted };
  } catch (error) {
    search = { error: (error as Error).message };
  }
  return { search, seconds: secondsSince(started) };
}

/** Prune: releases beyond the retention (local, state, publisher), then warm the renderer a full release compiled. */
async function prune(release: Release, build: ReleaseBuild): Promise<void> {
  const { options, state, slug, keep, log } = release;
  const started = performance.now();
  pruneReleases(release.sitesDir, slug, keep);
  try {
    await state.releases.prune(slug, keep, await state.tenants.live(slug));
  } catch (error) {
    log({ level: 'warn', event: 'prune', tenant: slug, reason: (error as Error).message });
  }
  if (options.publisher?.prune) {
    // Retention at the publisher too (the bucket); a failure there never fails a published release.
    await options.publisher
      .prune(slug, keep)
      .catch((error: Error) =>
        log({ level: 'warn', event: 'publisher-prune-failed', tenant: slug, publisher: options.publisher!.name, reason: error.message }),
      );
  }
  if (options.shared) {
    // Code versions nothing uses any more leave the bucket (at most hourly per process).
    await retireCodeVersions({ store: options.shared, state, log }).catch((error: Error) =>
      log({ level: 'warn', event: 'code-version-retire', reason: error.message }),
    );
  }
  release.laps.prune = secondsSince(started);
  // After the compile, its warm renderer starts loading the kept bundle (a dry run that only starts it).
  if (
    release.mode === 'full' &&
    build.renderedWith === 'compile' &&
    release.prepared &&
    (typeof options.warmRenderer === 'function' ? await options.warmRenderer() : options.warmRenderer)
  ) {
    await renderTenant(release.prepared, {
      outDir: join(tenantPaths(release.sitesDir, slug).base, `warm-up-${process.pid}`),
      ...release.render,
      dryRun: 'start',
    });
  }
}

/** The published release's result, status and log line. */
async function finish(
  release: Release,
  built: { build: ReleaseBuild; seconds: number },
  checked: Checked,
  synced: Awaited<ReturnType<typeof sync>>,
): Promise<RebuildResult> {
  const { id, mode, why, counts, slug } = release;
  const { build } = built;
  const { search } = synced;
  const ahead = (await release.drawnAhead) ?? { drawn: 0, fetched: 0 };
  const timings: ReleaseTimings = {
    photos: release.photos.seconds,
    build: built.seconds,
    ...(build.phases ?? {}),
    checks: checked.seconds,
    search: synced.seconds,
    ...release.laps,
  };
  const result: RebuildResult = {
    ...release.empty,
    ...counts,
    outcome: 'published',
    release: id,
    mode,
    why,
    rendered: build.rendered,
    renderedWith: build.renderedWith,
    seconds: release.seconds(),
    search,
    timings,
  };
  const searchError = search && 'error' in search ? search.error : undefined;
  // The prepared tenant's problems (a lost search page, a photo fault, a skipped record): the status keeps them until a release has none.
  const problems = releaseProblems(release.prepared?.problems ?? []);
  const noted = performance.now();
  await note(release, {
    outcome: searchError ? 'published-search-failed' : 'published',
    current: id,
    publishedAt: release.publishedAt,
    held: false,
    success: { at: new Date().toISOString(), release: id, mode, ...counts, seconds: result.seconds, ...problems },
    failure: searchError ? { at: new Date().toISOString(), release: id, reason: `search sync failed: ${searchError}` } : undefined,
  });
  timings.state = Math.round(((timings.state ?? 0) + secondsSince(noted)) * 100) / 100;
  release.log({
    ...(problems.problems ? { level: 'warn' as const } : {}),
    event: 'release',
    tenant: slug,
    release: id,
    mode,
    why,
    ...counts,
    rendered: build.rendered,
    ...(build.renderedWith ? { renderedWith: build.renderedWith } : {}),
    ...(mode === 'incremental' && build.renderedWith ? { brandPages: build.brandPages, takenOver: build.takenOver ?? 0 } : {}),
    seconds: result.seconds,
    outcome: 'published',
    ...(problems.problems ? { problems: problems.problems } : {}),
    timings,
    // Images this release made (photo variant sets transformed, drawings drawn), and what it took from the fleet's shared work instead.
    made: { photos: release.photos.transformed, drawings: (build.made?.drawings ?? 0) + ahead.drawn },
    ...(release.work
      ? {
          fromShared: {
            photos: release.photos.shared,
            drawings: (build.made?.drawingsFetched ?? 0) + ahead.fetched,
            photoFiles: build.made?.photoFilesFetched ?? 0,
          },
        }
      : {}),
    ...(search ? { search } : {}),
  });
  return result;
}
