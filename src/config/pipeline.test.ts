/** The pipeline command's configuration (pipelineConfig, rollbackConfig, syncSearchConfig) and where the state's files go (stateFilesLocation). */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheRoot } from './build.ts';
import { ConfigError } from './env.ts';
import {
  defaultDataDir,
  PIPELINE_DEFAULTS,
  pipelineConfig,
  pipelineSettings,
  rollbackConfig,
  sitesMinFreeBytes,
  stateFilesLocation,
  syncSearchConfig,
  workerConcurrency,
} from './pipeline.ts';

describe('pipelineConfig', () => {
  it('resolves every default once: paths, webhook, timing, retention, locks, inbox limits, guard', () => {
    const config = pipelineConfig({}, {});
    expect(config.paths).toEqual({
      tenants: 'tenants',
      sites: 'dist',
      data: join(resolve('dist'), '.pipeline'),
      inbox: 'feeds',
      cacheRoot: cacheRoot({}),
      renderers: join(cacheRoot({}), 'renderers'),
    });
    expect(config.webhook).toEqual({ port: 4322, host: '127.0.0.1', maxBodyBytes: 20 * 1024 * 1024 });
    expect(config.timing).toEqual({ debounceMs: 2000, maxWaitMs: 15_000, pollMs: 2000, refreshMs: 6 * 3_600_000 });
    expect(config.release.keep).toBe(5);
    expect(config.queue.lockMs).toBe(PIPELINE_DEFAULTS.lockMs);
    expect(config.intake).toEqual({ inboxMaxBytes: 20 * 1024 * 1024, parseTimeoutMs: 60_000, guard: { maxRemovedShare: 0.5, minRemoved: 5 } });
    expect(config).toMatchObject({ role: 'all', once: false, publisher: undefined, warmRenderers: true, state: { databaseUrl: undefined, files: 'local' } });
  });

  it('takes the settings from the environment and the flags over them', () => {
    const env = { PIPELINE_PORT: '5000', PIPELINE_HOST: '0.0.0.0', RELEASE_RETENTION: '9', PIPELINE_CACHE_DIR: '/var/cache/w1', REDIS_URL: 'redis://q:6379' };
    const config = pipelineConfig(env, {
      sites: 'out',
      debounce: '500',
      'max-wait': '9000',
      keep: '3',
      jobs: '2',
      'lock-ms': '4000',
      role: 'worker',
      publisher: 's3',
      'no-guard': true,
      port: '6000',
    });
    expect(config.paths).toMatchObject({ sites: 'out', data: defaultDataDir('out'), cacheRoot: '/var/cache/w1', renderers: '/var/cache/w1/renderers' });
    expect(config.webhook).toEqual({ port: 6000, host: '0.0.0.0', maxBodyBytes: 20 * 1024 * 1024 });
    expect(config.timing).toMatchObject({ debounceMs: 500, maxWaitMs: 9000 });
    expect(config.release.keep).toBe(3);
    expect(config.queue).toEqual({ redisUrl: 'redis://q:6379', cores: 2, concurrency: 6, lockMs: 4000 });
    expect(config).toMatchObject({ role: 'worker', publisher: 's3', intake: { guard: false } });
    expect(pipelineConfig(env, {}).release.keep).toBe(9);
  });

  it('refuses to start with a search token lifetime the builds could not mint or the pipeline could not renew, naming the variable', () => {
    expect(() => pipelineConfig({ MEILI_TOKEN_TTL_DAYS: '0.25' }, {})).toThrow(ConfigError);
    expect(() => pipelineConfig({ MEILI_TOKEN_TTL_DAYS: '0.25' }, {})).toThrow('MEILI_TOKEN_TTL_DAYS: expected a number of days from 1 to 366 (got 0.25)');
    expect(() => pipelineConfig({ MEILI_TOKEN_TTL_DAYS: '7' }, {})).not.toThrow();
  });

  it("keeps 2 GB free on a bucket worker's --sites disk, a tenth of a smaller disk, or what PIPELINE_SITES_MIN_FREE_MB says", () => {
    const MB = 1024 * 1024;
    expect(sitesMinFreeBytes(pipelineSettings({}), 100_000 * MB)).toBe(2048 * MB);
    expect(sitesMinFreeBytes(pipelineSettings({}), 512 * MB)).toBe(Math.floor((512 * MB) / 10));
    expect(sitesMinFreeBytes(pipelineSettings({ PIPELINE_SITES_MIN_FREE_MB: '300' }), 512 * MB)).toBe(300 * MB);
    expect(sitesMinFreeBytes(pipelineSettings({ PIPELINE_SITES_MIN_FREE_MB: '0' }), 100_000 * MB)).toBe(0);
    expect(() => pipelineSettings({ PIPELINE_SITES_MIN_FREE_MB: '-1' })).toThrow(/PIPELINE_SITES_MIN_FREE_MB/);
  });

  it('sizes a worker to the machine: a job rendering per core it may use, no more than its share of the memory holds', () => {
    const jobMemoryMb = PIPELINE_DEFAULTS.jobMemoryMb;
    expect(workerConcurrency({ cores: undefined, jobMemoryMb }, { cores: 2, memoryMb: 24_000 })).toBe(2);
    // Two workers on this 2-core machine, each given one core: one job each, as many in all as one worker runs.
    expect(workerConcurrency({ cores: 1, jobMemoryMb }, { cores: 2, memoryMb: 24_000 })).toBe(1);
    // Memory-bound: 16 cores, 8 GB at 1 GB a job; half the cores get half the memory.
    expect(workerConcurrency({ cores: undefined, jobMemoryMb }, { cores: 16, memoryMb: 8192 })).toBe(8);
    expect(workerConcurrency({ cores: 8, jobMemoryMb }, { cores: 16, memoryMb: 8192 })).toBe(4);
    // More cores asked for than the machine has, or too little memory for one job: still at least one, at most the machine's cores.
    expect(workerConcurrency({ cores: 64, jobMemoryMb }, { cores: 4, memoryMb: 64_000 })).toBe(4);
    expect(workerConcurrency({ cores: undefined, jobMemoryMb }, { cores: 4, memoryMb: 512 })).toBe(1);
    // The gate is the cores; three jobs a core are taken: one renders, one uploads, one waits at the gate with its photos made.
    expect(pipelineConfig({ PIPELINE_CORES: '1' }, {}).queue).toMatchObject({ cores: 1, concurrency: 3 });
    expect(pipelineConfig({ PIPELINE_CORES: '1' }, { jobs: '3' }).queue).toMatchObject({ cores: 3, concurrency: 9 });
    expect(() => pipelineConfig({ PIPELINE_CORES: 'two' }, {})).toThrow(/PIPELINE_CORES: expected a whole number/);
    // A bad --jobs stops the command, naming the flag and the value (it made a worker that took no job).
    for (const jobs of ['two', '0', '1.5', '-1'])
      expect(() => pipelineConfig({}, { jobs }), jobs).toThrow(`--jobs: expected a whole number of 1 or more (got ${jobs})`);
  });

  it('--once: no webhook, no queue, no debounce, no warm renderers', () => {
    const config = pipelineConfig({ REDIS_URL: 'redis://q:6379' }, { once: true, debounce: '500' });
    expect(config).toMatchObject({ once: true, webhook: undefined, queue: { redisUrl: undefined }, timing: { debounceMs: 0 }, warmRenderers: false });
    expect(pipelineConfig({}, { 'no-webhook': true }).webhook).toBeUndefined();
  });

  it('says what is wrong with a flag', () => {
    expect(() => pipelineConfig({}, { role: 'boss' })).toThrow('--role: expected all, intake or worker (got boss)');
    expect(() => pipelineConfig({}, { role: 'intake' })).toThrow('--role intake needs REDIS_URL');
    expect(() => pipelineConfig({}, { 'max-removed-share': '2' })).toThrow('--max-removed-share: a share between 0 and 1');
    expect(() => pipelineConfig({}, { 'min-removed': '0' })).toThrow('--min-removed: a whole number >= 1');
    expect(() => pipelineConfig({ PIPELINE_STATE_FILES: 'disk' }, {})).toThrow(/PIPELINE_STATE_FILES: expected local or bucket/);
  });
});

describe('stateFilesLocation', () => {
  it('is the bucket with a state database and a bucket, else the data directory, unless PIPELINE_STATE_FILES says', () => {
    const shared = { DATABASE_URL: 'postgres://db/state', S3_BUCKET: 'sites' };
    expect(stateFilesLocation(shared, shared.DATABASE_URL)).toBe('bucket');
    expect(stateFilesLocation({ S3_BUCKET: 'sites' }, undefined)).toBe('local');
    expect(stateFilesLocation({ DATABASE_URL: 'postgres://db/state' }, 'postgres://db/state')).toBe('local');
    expect(stateFilesLocation({ ...shared, PIPELINE_STATE_FILES: 'local' }, shared.DATABASE_URL)).toBe('local');
    expect(stateFilesLocation({ PIPELINE_STATE_FILES: 'bucket', S3_BUCKET: 'sites' }, undefined)).toBe('bucket');
    expect(pipelineConfig(shared, {}).state).toEqual({ databaseUrl: 'postgres://db/state', files: 'bucket' });
  });
});

describe('rollbackConfig', () => {
  it('names the action, the paths and the state; a tenant is required', () => {
    expect(rollbackConfig({}, { tenant: 'acme' })).toEqual({
      tenant: 'acme',
      action: 'rollback',
      to: undefined,
      hold: true,
      publisher: undefined,
      paths: { sites: 'dist', tenants: 'tenants', data: defaultDataDir('dist') },
      state: { databaseUrl: undefined, files: 'local' },
      tenantLock: { lockMs: PIPELINE_DEFAULTS.lockMs, waitMs: PIPELINE_DEFAULTS.rollbackWaitSeconds * 1000 },
    });
    expect(rollbackConfig({ PIPELINE_ROLLBACK_WAIT_SECONDS: '20' }, { tenant: 'acme' }).tenantLock.waitMs).toBe(20_000);
    expect(() => rollbackConfig({ PIPELINE_ROLLBACK_WAIT_SECONDS: '0' }, { tenant: 'acme' })).toThrow('PIPELINE_ROLLBACK_WAIT_SECONDS');
    expect(rollbackConfig({}, { tenant: 'acme', list: true }).action).toBe('list');
    expect(rollbackConfig({}, { tenant: 'acme', 'release-hold': true, 'no-hold': true, data: '/d' })).toMatchObject({
      action: 'release-hold',
      hold: false,
      paths: { data: '/d' },
    });
    expect(() => rollbackConfig({}, {})).toThrow('--tenant <slug> is required');
  });
});

describe('syncSearchConfig', () => {
  it("finds the pipeline state where the pipeline does: --data, else <--sites>/.pipeline, DATABASE_URL, the files' location", () => {
    expect(syncSearchConfig({}, {})).toEqual({
      tenants: 'tenants',
      only: [],
      place: { sites: 'dist', data: defaultDataDir('dist'), state: { databaseUrl: undefined, files: 'local' } },
    });
    expect(syncSearchConfig({}, { sites: '/srv/sites', tenant: ['acme'] })).toMatchObject({ only: ['acme'], place: { data: defaultDataDir('/srv/sites') } });
    expect(syncSearchConfig({}, { sites: '/srv/sites', data: '/d' }).place.data).toBe('/d');
    const shared = { DATABASE_URL: 'postgres://pipeline:secret@db/pipeline', S3_BUCKET: 'sites' };
    expect(syncSearchConfig(shared, {}).place.state).toEqual(pipelineConfig(shared, {}).state);
    expect(syncSearchConfig(shared, {}).place.state).toEqual({ databaseUrl: shared.DATABASE_URL, files: 'bucket' });
  });
});

describe('PIPELINE_DEFAULTS', () => {
  it("a bucket publisher takes a code version's shared objects as stored for less time than an unused version takes to be retired", () => {
    expect(PIPELINE_DEFAULTS.knownSharedMs).toBeLessThan(PIPELINE_DEFAULTS.codeVersionRetireMs);
  });
});
