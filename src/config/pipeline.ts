/**
 * Settings of the operations pipeline (docs/pipeline.md), from the environment (env.ts reads
 * it), with every default written once (PIPELINE_DEFAULTS), and the pipeline command's resolved
 * configuration (pipelineConfig: the flags over the settings). Tenants' feed secrets
 * (FEED_SECRET_<SLUG>) are looked up by name in the environment map the pipeline is handed.
 */
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { weakSecretProblem } from './secret-strength.ts';
import { cacheRoot } from './build.ts';
import { thisMachine, type MachineSize } from './machine.ts';
import {
  ConfigError,
  environment,
  integer,
  optionalInteger,
  proxyList,
  readSettings,
  settingVariables,
  type Environment,
  type SettingsOf,
  type SettingSources,
} from './env.ts';
import { publishSettings } from './publish.ts';
import { searchSettings, tokenTtlDays } from './search.ts';

/** The pipeline's defaults: the settings below and the modules that run without a configuration (tests, the dry run) use these. */
export const PIPELINE_DEFAULTS = {
  /** The webhook listener's port and host. */
  port: 4322,
  host: '127.0.0.1',
  /** The operator port's address (loopback only). */
  operatorHost: '127.0.0.1',
  /** Largest feed file read from the inbox and largest webhook push body (bytes): one cap for both. */
  inboxMaxBytes: 20 * 1024 * 1024,
  /** Time limit of reading one inbox file (seconds). */
  feedParseSeconds: 60,
  /** Quiet time after a tenant's last change before its rebuild (ms). */
  debounceMs: 2000,
  /** A tenant that keeps changing is rebuilt this long after its first change anyway (ms). */
  maxWaitMs: 15_000,
  /** How often the inbox, the tenant folders and the state's reservations are scanned besides fs.watch (ms). */
  pollMs: 2000,
  /** How often every tenant is asked for a rebuild without a change (ms): renews a Meilisearch tenant token when due. */
  refreshMs: 6 * 3_600_000,
  /** A release that left photos for later (photos-deferred) asks for the tenant again this long after (ms), at most `photoFollowUps` times in a row. */
  photoFollowUpMs: 10 * 60_000,
  photoFollowUps: 3,
  /** A Redis job's and tenant's lock (ms), renewed while the job runs. */
  lockMs: 30_000,
  /** How long the rollback command (REDIS_URL) waits for a release job of its tenant to give up the tenant's lock (seconds): a full release of a large tenant takes under a minute. */
  rollbackWaitSeconds: 300,
  /** How long a stopping pipeline waits for the jobs in hand before it leaves them unfinished and ends their render children (ms): longer than a release takes. */
  stopJobsMs: 15 * 60_000,
  /** A worker's lease on a code version's compile in the state (ms), renewed while it compiles; another worker takes over after it (src/pipeline/release/renderers.ts). */
  compileLeaseMs: 60_000,
  /**
   * How long after its claim a demo drawing another worker of the fleet claimed is waited for
   * before it is drawn here (that worker may have died), and how often its shared work is looked
   * at meanwhile (ms; src/builder/post-build/demo-art/images.ts).
   */
  drawingClaimWaitMs: 30_000,
  drawingClaimPollMs: 200,
  /** A code version no job used this long and no release record names is retired: its compile and shared objects leave the bucket (ms). */
  codeVersionRetireMs: 7 * 24 * 3_600_000,
  /**
   * How long (ms) a code version's shared objects a bucket publisher stored or found are taken as
   * there without asking (src/pipeline/publish/s3-publisher.ts): objects under a code version
   * never change, and a version in use is never retired (codeVersionRetireMs), so well within that.
   */
  knownSharedMs: 3_600_000,
  /** Code versions whose shared objects a bucket publisher remembers at once (the current one and the one a roll replaces). */
  knownCodeVersions: 4,
  /** Mass-change guard: hold a feed removing more than this share of the visible stock, and at least this many cars. */
  guard: { maxRemovedShare: 0.5, minRemoved: 5 },
  /** Memory one job in parallel takes (MB): its render child (a 300-car tenant's peaks near 900 MB) and its share of the worker. */
  jobMemoryMb: 1024,
  /** Free space (MB) a bucket worker keeps on its `--sites` disk by trimming its cache of tenants' releases, at most a tenth of the disk when unset. */
  sitesMinFreeMb: 2048,
} as const;

/** Each pipeline setting: the variable it is read from and that variable's schema. */
const PIPELINE_SETTINGS = {
  /** The webhook listener's port and host (flags override them). */
  port: ['PIPELINE_PORT', integer(PIPELINE_DEFAULTS.port, 1, 65535)],
  host: ['PIPELINE_HOST', v.optional(v.string(), PIPELINE_DEFAULTS.host)],
  /** Bearer token of the operator endpoints (status, held feeds): 32+ random characters. */
  operatorToken: [
    'PIPELINE_OPERATOR_TOKEN',
    v.optional(
      v.pipe(
        v.string(),
        v.minLength(32, 'expected at least 32 random characters (make one with: openssl rand -hex 32)'),
        v.check(
          (token) => weakSecretProblem(token, 32) === undefined,
          (issue) => weakSecretProblem(String(issue.input), 32) ?? 'expected random characters',
        ),
      ),
    ),
  ],
  /** A port of its own for the operator page: then the webhook port does not serve it. */
  operatorPort: ['PIPELINE_OPERATOR_PORT', optionalInteger(0, 65535)],
  /** The operator port's address; default loopback only. */
  operatorHost: ['PIPELINE_OPERATOR_HOST', v.optional(v.string(), PIPELINE_DEFAULTS.operatorHost)],
  /** Proxies in front of the webhook and operator ports whose X-Forwarded-For is believed (per-client bounds); default none. */
  trustProxy: ['PIPELINE_TRUST_PROXY', proxyList()],
  /** JSON file of tenant feed secrets ({ "<slug>": "<secret>" }). */
  secretsFile: ['PIPELINE_SECRETS_FILE', v.optional(v.string())],
  /** The deployment's code version: releases compare it instead of hashing the sources. */
  codeVersion: ['PIPELINE_CODE_VERSION', v.optional(v.string())],
  /** Largest feed file read from the inbox (bytes; a larger one is rejected with a report) and largest webhook push body (a larger one is a 413). */
  inboxMaxBytes: ['PIPELINE_INBOX_MAX_BYTES', integer(PIPELINE_DEFAULTS.inboxMaxBytes, 1024, 1024 * 1024 * 1024)],
  /** Time limit of reading one inbox file (seconds); a slower one is stopped and rejected. */
  feedParseSeconds: ['PIPELINE_FEED_PARSE_SECONDS', integer(PIPELINE_DEFAULTS.feedParseSeconds, 1, 3600)],
  /** The BullMQ queue shared by intake and workers. */
  redisUrl: ['REDIS_URL', v.optional(v.pipe(v.string(), v.trim(), v.regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')))],
  /** The pipeline's state records (docs/pipeline.md "State"); without it, SQLite in the data directory. */
  databaseUrl: ['DATABASE_URL', v.optional(v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')))],
  /** Where the state's files (stock snapshots, release manifests) go: `local` (the data directory) or `bucket`; unset: stateFilesLocation decides. */
  stateFiles: ['PIPELINE_STATE_FILES', v.optional(v.picklist(['local', 'bucket'], 'expected local or bucket'))],
  /** Cores this pipeline process may use (default all of the machine's); worker processes sharing a machine split them. */
  cores: ['PIPELINE_CORES', optionalInteger(1, 4096)],
  /** Memory one job in parallel takes (MB, default PIPELINE_DEFAULTS.jobMemoryMb). */
  jobMemoryMb: ['PIPELINE_JOB_MEMORY_MB', integer(PIPELINE_DEFAULTS.jobMemoryMb, 64, 1_048_576)],
  /** How long the rollback command waits for a running release job of its tenant (seconds) before it gives up, changing nothing. */
  rollbackWaitSeconds: ['PIPELINE_ROLLBACK_WAIT_SECONDS', integer(PIPELINE_DEFAULTS.rollbackWaitSeconds, 1, 3600)],
  /** Free space (MB) a worker publishing to a bucket keeps on its `--sites` disk (0 never trims); unset: sitesMinFreeBytes. */
  sitesMinFreeMb: ['PIPELINE_SITES_MIN_FREE_MB', optionalInteger(0, 1_048_576)],
} as const satisfies SettingSources;

/** The variables the pipeline reads (besides FEED_SECRET_<SLUG>). */
export const PIPELINE_VARIABLES: readonly string[] = settingVariables(PIPELINE_SETTINGS);

/** The pipeline's settings. */
export type PipelineSettings = SettingsOf<typeof PIPELINE_SETTINGS>;

/** Read and validate the pipeline's settings; throws ConfigError naming a bad variable. */
export function pipelineSettings(env: Environment = environment()): PipelineSettings {
  return readSettings('pipeline', PIPELINE_SETTINGS, env);
}

/**
 * Jobs a pipeline process runs in their core phases at once (its core gate), from the machine:
 * one per core it may use (PIPELINE_CORES, default all), and no more than its share of the memory
 * (the machine's, in the proportion of its cores) holds at PIPELINE_JOB_MEMORY_MB a job; at least
 * one. `--jobs` overrides it. The process takes more jobs than that (jobsForCores).
 */
export function workerConcurrency(settings: Pick<PipelineSettings, 'cores' | 'jobMemoryMb'>, machine: MachineSize = thisMachine()): number {
  const cores = Math.min(settings.cores ?? machine.cores, machine.cores);
  const memoryMb = (machine.memoryMb * cores) / machine.cores;
  return Math.max(1, Math.min(cores, Math.floor(memoryMb / settings.jobMemoryMb)));
}

/**
 * The free space a bucket worker keeps on its `--sites` disk (bytes): PIPELINE_SITES_MIN_FREE_MB
 * when set; else PIPELINE_DEFAULTS.sitesMinFreeMb, or a tenth of the disk when that is less (a
 * small disk is not trimmed bare after every job).
 */
export function sitesMinFreeBytes(settings: Pick<PipelineSettings, 'sitesMinFreeMb'>, diskBytes: number): number {
  const MB = 1024 * 1024;
  if (settings.sitesMinFreeMb !== undefined) return settings.sitesMinFreeMb * MB;
  return Math.min(PIPELINE_DEFAULTS.sitesMinFreeMb * MB, Math.floor(diskBytes / 10));
}

/**
 * Jobs a pipeline process takes at once for `cores` in its core gate: three a core, so that while
 * one renders and one uploads, a third has made its photos and waits at the gate, and takes the
 * core the moment the render ends, not once the upload ends.
 */
export function jobsForCores(cores: number): number {
  return 3 * cores;
}

/** The state's data directory of a sites directory: `<sites>/.pipeline` (never inside `tenants/`). */
export function defaultDataDir(sitesDir: string): string {
  return join(resolve(sitesDir), '.pipeline');
}

/**
 * Where the state's files go: PIPELINE_STATE_FILES when set; else the bucket when the state
 * has a database (`databaseUrl`, DATABASE_URL) and a bucket is set (S3_BUCKET), so every
 * machine reads what any wrote; else the data directory (one machine).
 */
export function stateFilesLocation(env: Environment = environment(), databaseUrl: string | undefined): 'local' | 'bucket' {
  const chosen = pipelineSettings(env).stateFiles;
  if (chosen) return chosen;
  return databaseUrl && publishSettings(env).bucket ? 'bucket' : 'local';
}

/** Where a command finds the pipeline state: its data directory and sites directory, its database, where its files go. */
export interface StatePlace {
  sites: string;
  /** The state's data directory (default `<sites>/.pipeline`). */
  data: string;
  state: { databaseUrl: string | undefined; files: 'local' | 'bucket' };
}

/**
 * The pipeline state as the pipeline command finds it, for it and every command that reads the
 * same state (rollback, sync-search): `--data`, else `<--sites>/.pipeline` (`--sites` default
 * dist); DATABASE_URL; its files where stateFilesLocation says.
 */
export function statePlace(env: Environment, settings: PipelineSettings, flags: { sites?: string; data?: string }): StatePlace {
  const sites = flags.sites ?? 'dist';
  return {
    sites,
    data: flags.data ?? defaultDataDir(sites),
    state: { databaseUrl: settings.databaseUrl, files: stateFilesLocation(env, settings.databaseUrl) },
  };
}

/** The pipeline command's flags as parsed (scripts/pipeline.ts), every value a string or a switch. */
export interface PipelineFlags {
  tenants?: string;
  sites?: string;
  data?: string;
  inbox?: string;
  port?: string;
  host?: string;
  'no-webhook'?: boolean;
  debounce?: string;
  'max-wait'?: string;
  keep?: string;
  jobs?: string;
  once?: boolean;
  role?: string;
  'lock-ms'?: string;
  publisher?: string;
  'max-removed-share'?: string;
  'min-removed'?: string;
  'no-guard'?: boolean;
}

/** One pipeline process's configuration: the flags over the settings over the defaults, resolved once. */
export interface PipelineConfig {
  paths: {
    tenants: string;
    sites: string;
    /** The state's data directory (default `<sites>/.pipeline`). */
    data: string;
    inbox: string;
    /** This process's caches (PIPELINE_CACHE_DIR, else <repo>/.cache) and its kept renderers. */
    cacheRoot: string;
    renderers: string;
  };
  role: 'all' | 'intake' | 'worker';
  /** Take in the inbox, bring every tenant up to date, and exit. */
  once: boolean;
  /** `--publisher`: s3, a module path, or undefined (the local release directory). */
  publisher: string | undefined;
  /** The webhook listener, or undefined (`--no-webhook`, `--once`); its body cap is PIPELINE_INBOX_MAX_BYTES, the inbox's. */
  webhook: { port: number; host: string; maxBodyBytes: number } | undefined;
  intake: { inboxMaxBytes: number; parseTimeoutMs: number; guard: { maxRemovedShare: number; minRemoved: number } | false };
  release: { keep: number };
  /** `cores`: jobs in their core phases at once (a worker's core gate); `concurrency`: jobs at once, three times that (docs/deploy.md "Sizing workers"). */
  queue: { redisUrl: string | undefined; cores: number; concurrency: number; lockMs: number };
  timing: { debounceMs: number; maxWaitMs: number; pollMs: number; refreshMs: number };
  /** Start a tenant's warm renderer after its full release (not in `--once`). */
  warmRenderers: boolean;
  state: { databaseUrl: string | undefined; files: 'local' | 'bucket' };
  settings: PipelineSettings;
}

/** A command-line mistake: its message says what to change (the command prints it and exits 2). */
const usage = (message: string) => new ConfigError(message);

/** The role and guard flags, checked. */
function checkedFlags(flags: PipelineFlags, settings: PipelineSettings): { role: PipelineConfig['role']; guard: PipelineConfig['intake']['guard'] } {
  const role = (flags.role ?? 'all') as PipelineConfig['role'];
  if (!['all', 'intake', 'worker'].includes(role)) throw usage(`--role: expected all, intake or worker (got ${flags.role})`);
  if (role !== 'all' && !settings.redisUrl) throw usage(`--role ${role} needs REDIS_URL (the queue shared between intake and workers)`);
  const maxRemovedShare = Number(flags['max-removed-share'] ?? PIPELINE_DEFAULTS.guard.maxRemovedShare);
  const minRemoved = Number(flags['min-removed'] ?? PIPELINE_DEFAULTS.guard.minRemoved);
  if (!(maxRemovedShare >= 0 && maxRemovedShare <= 1) || !(Number.isInteger(minRemoved) && minRemoved >= 1)) {
    throw usage('--max-removed-share: a share between 0 and 1; --min-removed: a whole number >= 1');
  }
  if (flags.jobs !== undefined && !/^[1-9]\d*$/.test(flags.jobs)) throw usage(`--jobs: expected a whole number of 1 or more (got ${flags.jobs})`);
  return { role, guard: flags['no-guard'] ? false : { maxRemovedShare, minRemoved } };
}

/** Resolve the pipeline command's configuration; throws ConfigError on a bad setting or flag. */
export function pipelineConfig(env: Environment, flags: PipelineFlags): PipelineConfig {
  const settings = pipelineSettings(env);
  const { role, guard } = checkedFlags(flags, settings);
  // The lifetime of the tokens its builds mint decides when it renews them (release/run.ts): a bad one stops the command here, not each Meilisearch tenant's job.
  tokenTtlDays(searchSettings(env));
  const once = flags.once === true;
  const place = statePlace(env, settings, flags);
  const caches = cacheRoot(env);
  const cores = flags.jobs ? Number(flags.jobs) : workerConcurrency(settings);
  return {
    paths: {
      tenants: flags.tenants ?? 'tenants',
      sites: place.sites,
      data: place.data,
      inbox: flags.inbox ?? 'feeds',
      cacheRoot: caches,
      renderers: join(caches, 'renderers'),
    },
    role,
    once,
    publisher: flags.publisher,
    webhook:
      flags['no-webhook'] || once
        ? undefined
        : { port: Number(flags.port ?? settings.port), host: flags.host ?? settings.host, maxBodyBytes: settings.inboxMaxBytes },
    intake: { inboxMaxBytes: settings.inboxMaxBytes, parseTimeoutMs: settings.feedParseSeconds * 1000, guard },
    release: { keep: Number(flags.keep ?? publishSettings(env).retention) },
    queue: {
      redisUrl: once ? undefined : settings.redisUrl,
      cores,
      concurrency: jobsForCores(cores),
      lockMs: flags['lock-ms'] ? Number(flags['lock-ms']) : PIPELINE_DEFAULTS.lockMs,
    },
    timing: {
      debounceMs: once ? 0 : Number(flags.debounce ?? PIPELINE_DEFAULTS.debounceMs),
      maxWaitMs: Number(flags['max-wait'] ?? PIPELINE_DEFAULTS.maxWaitMs),
      pollMs: PIPELINE_DEFAULTS.pollMs,
      refreshMs: PIPELINE_DEFAULTS.refreshMs,
    },
    warmRenderers: !once,
    state: place.state,
    settings,
  };
}

/** The rollback command's flags as parsed (scripts/rollback.ts). */
export interface RollbackFlags {
  tenant?: string;
  sites?: string;
  data?: string;
  tenants?: string;
  to?: string;
  list?: boolean;
  'release-hold'?: boolean;
  'no-hold'?: boolean;
  publisher?: string;
}

/** The rollback command's configuration: the tenant, the pipeline's paths and state, the publisher to move. */
export interface RollbackConfig {
  tenant: string;
  action: 'list' | 'release-hold' | 'rollback';
  to: string | undefined;
  hold: boolean;
  publisher: string | undefined;
  paths: { sites: string; tenants: string; data: string };
  state: PipelineConfig['state'];
  /** The shared queue (REDIS_URL): the command holds the tenant's lock there for its change, and --release-hold queues the tenant's job there. */
  redisUrl: string | undefined;
  /** The tenant lock's time (renewed while held) and the longest wait for a job of the tenant that holds it (ms). */
  tenantLock: { lockMs: number; waitMs: number };
}

/** Resolve the rollback command's configuration; throws ConfigError on a bad setting or a missing tenant. */
export function rollbackConfig(env: Environment, flags: RollbackFlags): RollbackConfig {
  if (!flags.tenant) throw usage('--tenant <slug> is required');
  const settings = pipelineSettings(env);
  const { sites, data, state } = statePlace(env, settings, flags);
  return {
    tenant: flags.tenant,
    action: flags.list ? 'list' : flags['release-hold'] ? 'release-hold' : 'rollback',
    to: flags.to,
    hold: !flags['no-hold'],
    publisher: flags.publisher,
    paths: { sites, tenants: flags.tenants ?? 'tenants', data },
    state,
    redisUrl: settings.redisUrl,
    tenantLock: { lockMs: PIPELINE_DEFAULTS.lockMs, waitMs: settings.rollbackWaitSeconds * 1000 },
  };
}

/** The sync-search command's flags as parsed (scripts/sync-search.ts). */
export interface SyncSearchFlags {
  tenants?: string;
  tenant?: string[];
  sites?: string;
  data?: string;
}

/** The sync-search command's configuration: the tenants to sync and where the pipeline state is (statePlace). */
export interface SyncSearchConfig {
  tenants: string;
  /** Only these slugs; empty: every tenant. */
  only: string[];
  place: StatePlace;
}

/** Resolve the sync-search command's configuration; throws ConfigError on a bad setting. */
export function syncSearchConfig(env: Environment, flags: SyncSearchFlags): SyncSearchConfig {
  return { tenants: flags.tenants ?? 'tenants', only: flags.tenant ?? [], place: statePlace(env, pipelineSettings(env), flags) };
}
