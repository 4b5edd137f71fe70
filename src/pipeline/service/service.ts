/**
 * The running pipeline, composed: the state, the queue (in-process, or BullMQ on Redis) and
 * its job handler with the renderer warm-up policy, the debounce (debounce.ts), the watchers
 * of the inbox, the tenant folders and the state's reservations (watchers.ts), and the webhook
 * and operator servers (http.ts). Used by scripts/pipeline.ts and the integration tests.
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { environment, type Environment } from '../../config/env.ts';
import { jobsForCores, PIPELINE_DEFAULTS, pipelineSettings, sitesMinFreeBytes, workerConcurrency, type PipelineSettings } from '../../config/pipeline.ts';
import { decideHeldFeed, intakePush, type IntakeOptions } from '../intake/inbox.ts';
import { createLogger, type Logger } from '../log.ts';
import type { GuardSettings } from '../intake/guard.ts';
import { OperatorAttempts, checkOperatorToken } from './operator.ts';
import { localPublisher, type Publisher } from '../publish/publisher.ts';
import { createInProcessQueue, createRedisProducer, createRedisQueue, JobReturned, type RebuildQueue, type TenantHandler } from './queue.ts';
import { rebuildTenant, type RebuildResult } from '../release/run.ts';
import { removeStaleBundleFolders, stopRenderChildren, withRenderStop } from '../../builder/render/index.ts';
import { inFlight } from '../../lib/batch/in-flight.ts';
import { limiter } from '../../lib/batch/limiter.ts';
import { warmNextRenderer } from '../release/warm.ts';
import { prefetchLive } from '../release/inputs.ts';
import { createSecretStore } from '../intake/secrets.ts';
import { defaultDataDir, openPipelineState, type PipelineState } from '../state/store.ts';
import { sharedStateFiles } from '../state/files.ts';
import { diskBytes, freeBytes, trimReleaseCache } from '../state/release-dirs.ts';
import { createDebouncer, type Debouncer } from './debounce.ts';
import type { ObjectStore } from '../../platform/bucket/object-store.ts';
import { clientAddress, proxyMatcher, requestAddress } from '../../platform/net/client-address.ts';
import { pushOutcome, startHttpServers, type RunningHttp } from './http.ts';
import { inboxScanner, reservationPoller, startPolling, TenantFolderWatch } from './watchers.ts';
import { createReconciler } from './reconcile.ts';
import { photoFollowUps, type PhotoFollowUps } from './photo-follow-ups.ts';

export interface PipelineOptions {
  tenantsDir: string;
  sitesDir: string;
  /** The pipeline state (docs/pipeline.md "State"); default: opened on DATABASE_URL, else SQLite in `dataDir`. */
  state?: PipelineState;
  /** Data directory of the state (SQLite file, state files); default `<sites>/.pipeline`. */
  dataDir?: string;
  /** Watched directory of dropped feed files (`<inbox>/<slug>/*.json|*.csv`). */
  inboxDir?: string;
  /** Webhook port (0 = any free port; undefined = no webhook server). */
  webhookPort?: number;
  webhookHost?: string;
  /** Largest accepted push body (bytes, default PIPELINE_DEFAULTS.inboxMaxBytes; the pipeline command passes PIPELINE_INBOX_MAX_BYTES). */
  webhookMaxBytes?: number;
  /** Accepted clock difference of a push's signing time (seconds, default 300). */
  webhookWindowSeconds?: number;
  /** Largest inbox file read (bytes, default PIPELINE_DEFAULTS.inboxMaxBytes). */
  inboxMaxBytes?: number;
  /** Time limit of one inbox file's parse (ms, default 60 s). */
  parseTimeoutMs?: number;
  /** Quiet time after the last change before a tenant is rebuilt (ms). */
  debounceMs?: number;
  /** A tenant that keeps changing is still rebuilt after this long (ms). */
  maxWaitMs?: number;
  /**
   * Rebuilds in the phases that take a core (photos to manifest: release/run.ts) at once in this
   * process; default `concurrency` when given, else the settings' (PIPELINE_CORES and
   * PIPELINE_JOB_MEMORY_MB over the machine: workerConcurrency).
   */
  cores?: number;
  /** Rebuild jobs in this process at once; default three times `cores` (jobsForCores: a job uploading leaves its core to one waiting at the gate). */
  concurrency?: number;
  keep?: number;
  /** Redis URL: rebuilds go through BullMQ. */
  redisUrl?: string;
  /** 'all' (default): intake and worker; 'intake': enqueue only (Redis); 'worker': process the Redis queue only. */
  role?: 'all' | 'intake' | 'worker';
  /** How often the inbox and the tenant folders are re-scanned besides fs.watch (ms). */
  pollMs?: number;
  /**
   * How often every tenant is asked for a rebuild even without a change (ms, default 6 h):
   * a no-op for most, a full rebuild for a Meilisearch tenant whose tenant token is due for
   * renewal.
   */
  refreshMs?: number;
  lockMs?: number;
  publisher?: Publisher;
  log?: Logger;
  env?: Environment;
  /** Mass-change guard (docs/pipeline.md): pipeline-wide settings, or false to take every feed in. */
  guard?: GuardSettings | false;
  /** Token of the operator page /status on the webhook port; default PIPELINE_OPERATOR_TOKEN; none disables the page. */
  operatorToken?: string;
  /** Serve /status on this port of its own (0: any free one) instead of the webhook port; default PIPELINE_OPERATOR_PORT. */
  operatorPort?: number;
  /** The operator port's address; default PIPELINE_OPERATOR_HOST, else 127.0.0.1. */
  operatorHost?: string;
  /** This worker's kept renderers (default `<cache root>/renderers`: src/builder/render/code-renderer.ts). */
  renderers?: string;
  /** The fleet's bucket: compiled renderers and shared work (src/pipeline/release/renderers.ts); without it, this disk's alone. */
  shared?: ObjectStore;
  /** Called after every job (tests and the once mode). */
  onResult?: (result: RebuildResult) => void;
  /** How long after a release that left photos for later the tenant is asked for again (ms, default PIPELINE_DEFAULTS.photoFollowUpMs). */
  photoFollowUpMs?: number;
  /** Start a tenant's warm renderer after each full release (default true; `--once` turns it off). */
  warmRenderers?: boolean;
  /** How long a stop waits for the jobs in hand before it cuts them (ms, default PIPELINE_DEFAULTS.stopJobsMs: stopParts). */
  stopJobsMs?: number;
}

export interface RunningPipeline {
  /** Webhook URL base, e.g. http://127.0.0.1:4322 (when a webhook server runs). */
  webhookUrl?: string;
  /** Operator page URL base when it has a port of its own (operatorPort). */
  operatorUrl?: string;
  queue: RebuildQueue;
  /** Ask for a rebuild of a tenant (debounced). */
  request(slug: string): void;
  /** Scan the inbox now. */
  scan(): void;
  /** Resolves when no change is waiting for its debounce, the queue is idle and the work beside its jobs (cache trim, prefetch, warm-up) is done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The pipeline's resolved settings and what every part shares. */
interface Service {
  options: PipelineOptions;
  tenantsDir: string;
  sitesDir: string;
  log: Logger;
  role: 'all' | 'intake' | 'worker';
  debounceMs: number;
  maxWaitMs: number;
  settings: ReturnType<typeof pipelineSettings>;
  /** Jobs at once, and of them those in their core phases (options.concurrency, options.cores). */
  slots: { jobs: number; cores: number };
  operatorToken: string | undefined;
  state: PipelineState;
  intake: IntakeOptions;
  /** The client a request to the webhook or operator port counts against (behind PIPELINE_TRUST_PROXY, its forwarded address; an IPv6 /64 as one). */
  clientOf(req: IncomingMessage): string;
  /** The tenant folder of a slug, or null for a malformed slug or a folder without site.json. */
  tenantDirOf(slug: string): string | null;
}

/** Start the pipeline; the first pass requests every tenant (a no-op where nothing changed). */
export async function startPipeline(options: PipelineOptions): Promise<RunningPipeline> {
  const service = await openService(options);
  // The handler asks the queue for its depth (warm-up); it runs only once the queue exists.
  const jobs = createJobs(service, () => queue);
  const queue = createQueue(service, jobs);
  const enqueue = (slug: string) =>
    queue.enqueue(slug).catch((error) => service.log({ level: 'error', event: 'enqueue', tenant: slug, reason: String(error) }));
  const debouncer = createDebouncer({
    debounceMs: service.debounceMs,
    maxWaitMs: service.maxWaitMs,
    fire: enqueue,
    onFirst: (slug) => queue.prepare?.(slug).catch((error) => service.log({ level: 'warn', event: 'prepare', tenant: slug, reason: String(error) })),
  });
  const request = (slug: string) => {
    if (service.role !== 'worker') debouncer.request(slug);
  };
  const folders = new TenantFolderWatch(service.tenantsDir, service.log);
  const changed = (slug: string, dir?: string) => {
    folders.touch(slug, dir);
    request(slug);
  };
  const inbox =
    options.inboxDir && service.role !== 'worker'
      ? inboxScanner({
          inboxDir: options.inboxDir,
          tenantDirOf: service.tenantDirOf,
          log: service.log,
          intake: service.intake,
          onChanged: (slug) => changed(slug),
        })
      : undefined;
  const scan = () => inbox?.scan();
  const reservations = reservationPoller(service.state, service.tenantDirOf, request, service.log);
  const http = options.webhookPort !== undefined && service.role !== 'worker' ? await startHttp(service, queue, debouncer, changed) : undefined;
  // An accepted feed never stays unpublished: tenants behind their accepted stock with no job are asked for again (reconcile.ts).
  const reconciler = createReconciler({
    state: service.state,
    queue,
    debouncing: (slug) => debouncer.has(slug),
    known: (slug) => service.tenantDirOf(slug) !== null,
    log: service.log,
  });
  let reconciling: Promise<void> | undefined;
  const reconcile = () => {
    reconciling ??= reconciler.tick().finally(() => (reconciling = undefined));
  };
  const polling =
    service.role !== 'worker'
      ? startWatching(service, { scan, folders, reservations, reconcile, request, fire: (slug) => (debouncer.cancel(slug), enqueue(slug)) })
      : undefined;
  const idle = () => debouncer.size === 0 && !inbox?.busy();
  return {
    webhookUrl: http?.webhookUrl,
    operatorUrl: http?.operatorUrl,
    queue,
    request,
    scan,
    async settled() {
      for (;;) {
        while (!idle()) await new Promise((done) => setTimeout(done, 50));
        await queue.idle();
        await jobs.idle();
        if (idle()) return;
      }
    },
    async close() {
      await stopParts(service, { jobs, queue, polling, reconciling, reservations, inbox, http, debouncer });
      // No render child of this process outlives the stop: a warm one kept for the next release, or
      // one of a job the stop cut (a warm render, an Astro build), whose job then starts no other.
      await stopRenderChildren();
      if (!options.state) await service.state.close();
    },
  };
}

/** The running parts of a pipeline, stopped in this order by stopParts. */
interface StoppingParts {
  jobs: Jobs;
  queue: RebuildQueue;
  polling: { close(): void } | undefined;
  reconciling: Promise<void> | undefined;
  reservations: { idle(): Promise<void> };
  inbox: { close(): Promise<void> } | undefined;
  http: RunningHttp | undefined;
  debouncer: Debouncer;
}

/**
 * Stop the pipeline's parts; each wait ends once the state stops answering for good
 * (stateSilenceCut) or the stop has waited its bound for the jobs in hand (jobsBoundCut). The
 * jobs a cut leaves are told (Jobs.stop): nothing that fails in them afterwards (their render
 * children ended by close()) is recorded.
 */
async function stopParts(service: Service, parts: StoppingParts): Promise<void> {
  const silence = stateSilenceCut(service, parts.jobs.running);
  const bound = jobsBoundCut(service, parts.jobs.running);
  const cut = AbortSignal.any([silence.signal, bound.signal]);
  const unlessCut = (work: Promise<unknown> | undefined) => untilAborted(work, cut);
  try {
    parts.jobs.stop(cut);
    parts.polling?.close();
    await unlessCut(parts.reconciling);
    await unlessCut(parts.reservations.idle());
    await unlessCut(parts.inbox?.close());
    // A push under way is taken in before the server closes; its rebuild request then goes with the rest (reconcile.ts asks again).
    await unlessCut(parts.http?.close());
    parts.debouncer.clear();
    await parts.queue.close(cut);
    await unlessCut(parts.jobs.idle());
  } finally {
    silence.stop();
    bound.stop();
  }
}

/**
 * While the pipeline stops: its `signal` aborts once the stop has waited `stopJobsMs` (default
 * PIPELINE_DEFAULTS.stopJobsMs) for the jobs in hand and the work beside them, logging
 * `jobs-close-cut` (warn) with the tenants whose jobs are left unfinished. A job whose render
 * never ends (a warm renderer that never answers) would otherwise hold the stop for ever. Its
 * jobs are left as stateSilenceCut leaves them: none is recorded as done (Redis: its connections
 * dropped, the job goes to another worker once its locks lapse); close() then ends its render
 * children.
 */
function jobsBoundCut(service: Service, running: () => string[]): { signal: AbortSignal; stop(): void } {
  const boundMs = service.options.stopJobsMs ?? PIPELINE_DEFAULTS.stopJobsMs;
  const cut = new AbortController();
  const timer = setTimeout(() => {
    service.log({
      level: 'warn',
      event: 'jobs-close-cut',
      reason: `the jobs in hand did not end within ${Math.round(boundMs / 100) / 10} s of the stop: they are left unfinished and their render children ended`,
      running: running(),
    });
    cut.abort();
  }, boundMs);
  return { signal: cut.signal, stop: () => clearTimeout(timer) };
}

/** How often a stopping process looks at whether its state still answers (stateSilenceCut). */
const STOP_PROBE_MS = 500;

/**
 * While the pipeline stops: its `signal` aborts once the state has left a request unanswered
 * longer than the lock time (`--lock-ms`, the Redis queue's grace too; a second with no job
 * running), logging `state-close-cut` (warn) with the tenants whose jobs are left unfinished. A
 * PostgreSQL that accepts connections but never answers (stalled, failing over) would otherwise
 * hold the stop for ever: a job's query, the reconciler's, the pool's end. Nothing of a job left
 * so is recorded as done: the queue drops its Redis connections without moving the job on
 * (another worker takes it once its locks lapse), and its release, never recorded in the state,
 * is found behind by the reconciler.
 */
function stateSilenceCut(service: Service, running: () => string[]): { signal: AbortSignal; stop(): void } {
  const graceMs = service.options.lockMs ?? PIPELINE_DEFAULTS.lockMs;
  const cut = new AbortController();
  const watch = setInterval(() => {
    const silent = service.state.silentMs();
    const left = running();
    if (silent <= 2 * STOP_PROBE_MS + (left.length > 0 ? graceMs : 0)) return;
    clearInterval(watch);
    service.log({
      level: 'warn',
      event: 'state-close-cut',
      reason: `the pipeline state did not answer for ${Math.round(silent / 100) / 10} s while this process stopped: its jobs are left unfinished`,
      running: left,
    });
    cut.abort();
  }, STOP_PROBE_MS);
  return { signal: cut.signal, stop: () => clearInterval(watch) };
}

/** Resolves once `work` settles (its failure is its own to report) or `signal` aborts. */
function untilAborted(work: Promise<unknown> | undefined, signal: AbortSignal): Promise<void> {
  if (!work || signal.aborted) return Promise.resolve();
  return new Promise<void>((done) => {
    const onAbort = () => done();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      () => (signal.removeEventListener('abort', onAbort), done()),
      () => (signal.removeEventListener('abort', onAbort), done()),
    );
  });
}

/**
 * The render bundles' folders that killed processes of this pid namespace left in the temp folder
 * (a worker SIGKILLed mid-render) go when a process that renders starts, and any a day old; a
 * running worker's stay, another container's too (src/builder/render/children.ts).
 */
function removeStaleBundles(log: Logger): void {
  const removed = removeStaleBundleFolders();
  if (removed.length > 0) log({ event: 'stale-bundles-removed', folders: removed });
}

/** Resolve the options (defaults, the environment's settings), check the operator token, open the state; a process that renders removes stale bundle folders. */
async function openService(options: PipelineOptions): Promise<Service> {
  const tenantsDir = resolve(options.tenantsDir);
  const sitesDir = resolve(options.sitesDir);
  const settings = pipelineSettings(options.env ?? environment());
  const operatorToken = options.operatorToken ?? settings.operatorToken;
  checkOperatorToken(operatorToken);
  const trusted = proxyMatcher(settings.trustProxy);
  mkdirSync(sitesDir, { recursive: true });
  const state =
    options.state ??
    (await openPipelineState({
      dataDir: options.dataDir ?? defaultDataDir(sitesDir),
      databaseUrl: settings.databaseUrl,
      files: sharedStateFiles(settings.databaseUrl, options.env),
    }));
  const log = options.log ?? createLogger();
  const role = options.role ?? 'all';
  if (role !== 'intake') removeStaleBundles(log);
  return {
    options,
    tenantsDir,
    sitesDir,
    log,
    role,
    debounceMs: options.debounceMs ?? PIPELINE_DEFAULTS.debounceMs,
    maxWaitMs: options.maxWaitMs ?? PIPELINE_DEFAULTS.maxWaitMs,
    settings,
    slots: jobSlots(options, settings),
    operatorToken,
    state,
    intake: {
      sitesDir,
      guard: options.guard,
      inboxMaxBytes: options.inboxMaxBytes,
      parseTimeoutMs: options.parseTimeoutMs,
      state,
      inboxDir: options.inboxDir && resolve(options.inboxDir),
    },
    clientOf: (req) => clientAddress(requestAddress(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], trusted)),
    tenantDirOf(slug) {
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return null;
      const dir = join(tenantsDir, slug);
      return existsSync(join(dir, 'site.json')) ? dir : null;
    },
  };
}

/** Jobs at once and core phases at once: the options', else the settings' (workerConcurrency) and their jobs (jobsForCores). */
function jobSlots(options: Pick<PipelineOptions, 'cores' | 'concurrency'>, settings: PipelineSettings): Service['slots'] {
  const cores = options.cores ?? options.concurrency ?? workerConcurrency(settings);
  return { cores, jobs: options.concurrency ?? jobsForCores(cores) };
}

/** The queue's job handler and the renderer warm-up policy. */
interface Jobs {
  handler: TenantHandler;
  /** A job for `slug` is coming (queue `prepare`). */
  onPrepare(slug: string): void;
  /**
   * The process is stopping: no release begins any more; the jobs waiting at the core gate are
   * given back (JobReturned). Once `cut` aborts (the stop waits for them no longer), whatever
   * fails in the jobs still running is the stop's: given back too, never recorded.
   */
  stop(cut: AbortSignal): void;
  /** Resolves once the work begun beside the jobs (the cache trim after a job, a prefetch of the live release, a renderer warm-up) is done. */
  idle(): Promise<void>;
  /** The tenants whose jobs run now. */
  running(): string[];
}

/**
 * Jobs: one rebuild per tenant job. Warm-up: a hint that a job is coming lets an idle worker
 * start that tenant's renderer while the change waits out its debounce, once per quiet spell
 * (a burst of changes to many tenants would only start renderers that evict each other); the
 * first idle moment after this process's first jobs warms it too, so the first change after a
 * start renders warm; a full release starts its renderer only when nothing else waits. A
 * process that stops begins no release, fetch or warm-up (`stop`).
 */
function createJobs(service: Service, queue: () => RebuildQueue): Jobs {
  const { options, log, state, sitesDir } = service;
  const warmOn = options.warmRenderers ?? true;
  const { cores, stopping, cutting, stopJobs } = jobGate(service);
  let running = 0;
  const runningTenants: string[] = [];
  // Not stopping, and nothing waits: neither in the queue nor, taken by this process beyond its cores, at its gate.
  const warmWhenIdle = async () =>
    !stopping.signal.aborted && running <= service.slots.cores && ((await queue().depth?.())?.waiting ?? 0) === 0;
  let lastWarm = 0;
  let warmedAfterStart = false;
  const beside = besideJobs(service);
  const followUps = jobFollowUps(service, queue);
  const onPrepare = (slug: string) => {
    const dir = service.tenantDirOf(slug);
    if (!dir || stopping.signal.aborted) return;
    // The live release into this worker's cache while the change waits out its debounce (inputs.ts prefetchLive).
    if (running === 0) {
      beside.use(slug, 1);
      beside.track(
        prefetchLive(state, sitesDir, slug, options.publisher, log)
          .catch((error: Error) => log({ level: 'warn', event: 'fetch-release', tenant: slug, reason: error.message }))
          .finally(() => beside.use(slug, -1)),
      );
    }
    if (!warmOn || running > 0 || Date.now() - lastWarm < Math.max(service.debounceMs, 1000)) return;
    lastWarm = Date.now();
    beside.track(
      warmNextRenderer(state, sitesDir, slug, dir, options.renderers)
        .then((renderer) => renderer && log({ event: 'renderer-warm', tenant: slug, renderer, pid: process.pid }))
        .catch((error: Error) => log({ level: 'warn', event: 'renderer-warm', tenant: slug, reason: error.message })),
    );
  };
  const rebuildOne: TenantHandler = async (slug, job) => {
    const dir = service.tenantDirOf(slug);
    if (!dir)
      return void log({ level: 'error', event: 'release', tenant: slug, outcome: 'failed', reason: `no tenant folder ${join(service.tenantsDir, slug)}` });
    // Once the stop cuts the job, no render child starts for it (its warm render's fallback).
    const result = await withRenderStop(cutting.signal, () =>
      rebuildTenant({
        tenantDir: dir,
        sitesDir,
        state,
        keep: options.keep,
        renderers: options.renderers,
        shared: options.shared,
        log,
        publisher: options.publisher ?? localPublisher,
        env: options.env,
        warmRenderer: warmOn && warmWhenIdle,
        guard: job?.stillOwner,
        cores,
        stopping: stopping.signal,
        cut: cutting.signal,
      }),
    );
    if (!stopping.signal.aborted) followUps.after(slug, result.photosDeferred ?? 0);
    options.onResult?.(result);
  };
  const handler: TenantHandler = async (slug, job) => {
    running += 1;
    runningTenants.push(slug);
    beside.use(slug, 1);
    try {
      await rebuildOne(slug, job);
    } finally {
      runningTenants.splice(runningTenants.indexOf(slug), 1);
      beside.use(slug, -1);
      beside.trimAfterJob();
      running -= 1;
      if (!warmedAfterStart && running === 0 && (await warmWhenIdle())) {
        warmedAfterStart = true;
        onPrepare(slug);
      }
    }
  };
  const stop = (cut: AbortSignal) => (followUps.close(), stopJobs(cut));
  return { handler, onPrepare, stop, idle: beside.idle, running: () => [...runningTenants] };
}

/**
 * The core gate of all this process's jobs (at most slots.cores of them render at once) and
 * their stop (Jobs.stop): `stopping` aborts when the process stops, and the gate begins no job
 * then (the queue gives those waiting at it back); `cutting` aborts, with the same reason, once
 * the stop's cut does (it waits for the jobs still running no longer).
 */
function jobGate(service: Service) {
  const stopping = new AbortController();
  const cutting = new AbortController();
  const cores = limiter(service.slots.cores, { signal: stopping.signal, setting: 'the core gate (PIPELINE_CORES, --jobs, the cores option)' });
  const stopJobs = (cut: AbortSignal) => {
    stopping.abort(new JobReturned());
    const cutJobs = () => cutting.abort(stopping.signal.reason);
    if (cut.aborted) cutJobs();
    else cut.addEventListener('abort', cutJobs, { once: true });
  };
  return { cores, stopping, cutting, stopJobs };
}

/** Photos the deadline left: the tenant's next release soon, through the queue (photo-follow-ups.ts). */
function jobFollowUps(service: Service, queue: () => RebuildQueue): PhotoFollowUps {
  const { options, log } = service;
  return photoFollowUps({
    delayMs: options.photoFollowUpMs ?? PIPELINE_DEFAULTS.photoFollowUpMs,
    max: PIPELINE_DEFAULTS.photoFollowUps,
    known: (slug) => service.tenantDirOf(slug) !== null,
    enqueue: (slug) => void queue().enqueue(slug).catch((error) => log({ level: 'error', event: 'enqueue', tenant: slug, reason: String(error) })),
    log,
  });
}

/**
 * The work this process begins beside its jobs: which tenants' copies on its `--sites` disk a
 * job or a fetch is using (never trimmed), the cache trim after each job (one at a time; the
 * next job's end starts the next), and the work no job awaits (a trim, a prefetch of the live
 * release, a renderer warm-up), which `idle` does (settled() and close(): nothing of it goes on
 * reading the state or writing the disk once the pipeline is closed).
 */
function besideJobs(service: Service) {
  const inUse = new Map<string, number>();
  const use = (slug: string, by: number) => {
    const count = (inUse.get(slug) ?? 0) + by;
    if (count > 0) inUse.set(slug, count);
    else inUse.delete(slug);
  };
  const trimCache = releaseCacheTrimmer(service, () => new Set(inUse.keys()));
  const work = inFlight();
  let trimming: Promise<void> | undefined;
  return {
    use,
    track: work.track,
    trimAfterJob() {
      if (!trimming) work.track((trimming = trimCache().finally(() => (trimming = undefined))));
    },
    idle: work.idle,
  };
}

/**
 * After each job of a worker whose publisher can fetch a release back (the bucket), its
 * `--sites` disk keeps its free space (config/pipeline.ts sitesMinFreeBytes): the copies of the
 * tenants used longest ago go (state/release-dirs.ts trimReleaseCache; their next job fetches
 * the live release). A publisher that serves this disk (the local one) is never trimmed.
 */
function releaseCacheTrimmer(service: Service, inUse: () => ReadonlySet<string>): () => Promise<void> {
  const { options, log, sitesDir, settings } = service;
  const minFreeBytes = sitesMinFreeBytes(settings, diskBytes(sitesDir));
  if (!options.publisher?.fetchRelease || minFreeBytes === 0) return async () => {};
  const MB = 1024 * 1024;
  return async () => {
    try {
      const trimmed = await trimReleaseCache(sitesDir, minFreeBytes, inUse);
      if (trimmed.length) log({ level: 'warn', event: 'cache-trim', tenants: trimmed, freeMb: Math.floor(freeBytes(sitesDir) / MB), minFreeMb: Math.floor(minFreeBytes / MB) });
    } catch (error) {
      log({ level: 'warn', event: 'cache-trim', reason: (error as Error).message });
    }
  };
}

/** The queue: BullMQ on Redis (a producer only for the intake role), else in-process. */
function createQueue(service: Service, jobs: Jobs): RebuildQueue {
  const { options, log } = service;
  const concurrency = service.slots.jobs;
  const onEvent = (event: string, fields: Record<string, unknown>) => log({ event, pid: process.pid, at: Date.now(), ...fields });
  if (options.redisUrl) {
    return service.role === 'intake'
      ? createRedisProducer(options.redisUrl, { onEvent })
      : createRedisQueue(options.redisUrl, jobs.handler, { concurrency, lockMs: options.lockMs, onEvent, onPrepare: jobs.onPrepare });
  }
  return createInProcessQueue(jobs.handler, {
    concurrency,
    onPrepare: jobs.onPrepare,
    onError: (slug, error) => log({ level: 'error', event: 'release', tenant: slug, outcome: 'failed', reason: String(error) }),
  });
}

/** The webhook (pushes go to the intake) and the operator page (held-feed decisions go to the intake). */
function startHttp(service: Service, queue: RebuildQueue, debouncer: Debouncer, changed: (slug: string, dir?: string) => void): Promise<RunningHttp> {
  const { options, log, intake, sitesDir } = service;
  return startHttpServers({
    webhookPort: options.webhookPort!,
    webhookHost: options.webhookHost ?? PIPELINE_DEFAULTS.host,
    operatorPort: options.operatorPort ?? service.settings.operatorPort,
    operatorHost: options.operatorHost ?? service.settings.operatorHost,
    log,
    webhook: {
      tenantDirOf: service.tenantDirOf,
      secretOf: createSecretStore({ env: options.env }),
      maxBodyBytes: options.webhookMaxBytes,
      windowSeconds: options.webhookWindowSeconds,
      clientOf: service.clientOf,
      firstSeen: (slug, signature, expiresAt) => service.state.pushes.firstSeen(slug, signature, expiresAt, Date.now()),
      forgetSeen: (slug, signature) => service.state.pushes.forget(slug, signature),
      accept: async (slug, tenantDir, body) => {
        const result = await intakePush(tenantDir, slug, body, log, intake);
        if (result.accepted) changed(slug, tenantDir);
        return pushOutcome(result);
      },
    },
    operator: {
      token: service.operatorToken || undefined,
      attempts: new OperatorAttempts(),
      clientOf: service.clientOf,
      tenantsDir: service.tenantsDir,
      sitesDir,
      state: service.state,
      queue: async () => ({ ...((await queue.depth?.()) ?? { waiting: 0, running: 0 }), debouncing: debouncer.size }),
      decide: async (slug, id, decision) => {
        const tenantDir = service.tenantDirOf(slug);
        if (!tenantDir) return false;
        const result = await decideHeldFeed(tenantDir, slug, id, decision, log, { ...intake, sitesDir });
        if (result?.accepted) changed(slug, tenantDir);
        return result !== null;
      },
    },
  });
}

/** The first pass (the inbox, every tenant, the state's reservations), then the watchers and timers. */
function startWatching(
  service: Service,
  parts: {
    scan: () => void;
    folders: TenantFolderWatch;
    reservations: { poll(): void };
    reconcile: () => void;
    request: (slug: string) => void;
    fire: (slug: string) => void;
  },
): { close(): void } {
  const { options } = service;
  const polling = startPolling({
    inboxDir: options.inboxDir,
    tenantsDir: service.tenantsDir,
    pollMs: options.pollMs ?? PIPELINE_DEFAULTS.pollMs,
    refreshMs: options.refreshMs ?? PIPELINE_DEFAULTS.refreshMs,
    onInbox: parts.scan,
    poll: () => {
      parts.scan();
      parts.folders.scan(false, parts);
      parts.reservations.poll();
      parts.reconcile();
    },
    request: parts.request,
    log: service.log,
  });
  parts.scan();
  parts.folders.scan(true, parts);
  parts.reservations.poll();
  return polling;
}
