/**
 * What the pipeline, rollback and edge commands run on, made once from their resolved
 * configuration (src/config/pipeline.ts): the publisher (`--publisher`), the pipeline state
 * (its database, and its files where PIPELINE_STATE_FILES says) and the bucket as an object
 * store; the state a read-only command finds (existingState); and the service's options from
 * the pipeline command's configuration.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '../../config/env.ts';
import type { PipelineConfig } from '../../config/pipeline.ts';
import { bucketSettings } from '../../config/publish.ts';
import { storeFromSettings } from '../../platform/bucket/from-settings.ts';
import type { ObjectStore } from '../../platform/bucket/object-store.ts';
import type { Logger } from '../log.ts';
import { loadPublisher, type Publisher } from '../publish/publisher.ts';
import { objectFileStore } from '../state/files.ts';
import { openPipelineState, STATE_SQLITE, type PipelineState } from '../state/store.ts';
import type { PipelineOptions } from './service.ts';

/** What a command needs; each part is made only when asked for. */
export interface PlatformSettings {
  env: Environment;
  log?: Logger;
  /** The tenants directory (the bucket publisher's host aliases and purge URLs). */
  tenantsDir?: string;
  /** `--publisher`: s3, a module path, or local / undefined (the local release directory). */
  publisher?: string;
  /** The pipeline state: its data directory, database and where its files go. */
  state?: { dataDir: string } & PipelineConfig['state'];
  /** The bucket of the publish settings as an object store (the edge). */
  store?: boolean;
}

export interface Platform {
  publisher?: Publisher;
  state?: PipelineState;
  store?: ObjectStore;
  /** The bucket of a bucket publisher: the fleet keeps compiled renderers and shared work there (src/pipeline/release/renderers.ts). */
  shared?: ObjectStore;
}

/** The publisher, state and store a command asked for. Throws ConfigError on bad bucket settings; the publisher's load error names it. */
export async function platformFromSettings(settings: PlatformSettings): Promise<Platform> {
  const { env, state } = settings;
  const platform: Platform = {};
  if (settings.store) platform.store = storeFromSettings(bucketSettings(env));
  if ('publisher' in settings) platform.publisher = await loadPublisher(settings.publisher, { tenantsDir: settings.tenantsDir, log: settings.log, env });
  if (platform.publisher && 'store' in platform.publisher) platform.shared = (platform.publisher as { store: ObjectStore }).store;
  if (state) {
    const files = state.files === 'bucket' ? objectFileStore(storeFromSettings(bucketSettings(env))) : undefined;
    platform.state = await openPipelineState({ dataDir: state.dataDir, databaseUrl: state.databaseUrl, files });
  }
  return platform;
}

/**
 * The pipeline state a command only reads (sync-search), opened as platformFromSettings opens it
 * when there is one: a database (DATABASE_URL), or the SQLite file in the data directory. Undefined
 * without one (a developer's machine): such a command never creates a state.
 */
export async function existingState(env: Environment, state: { dataDir: string } & PipelineConfig['state']): Promise<PipelineState | undefined> {
  if (!state.databaseUrl && !existsSync(join(state.dataDir, STATE_SQLITE))) return undefined;
  return (await platformFromSettings({ env, state })).state;
}

/** The service's options of the pipeline command's configuration. */
export function pipelineOptions(config: PipelineConfig, platform: Platform, env: Environment): PipelineOptions {
  return {
    tenantsDir: config.paths.tenants,
    sitesDir: config.paths.sites,
    dataDir: config.paths.data,
    inboxDir: config.paths.inbox,
    renderers: config.paths.renderers,
    state: platform.state,
    publisher: platform.publisher,
    shared: platform.shared,
    env,
    webhookPort: config.webhook?.port,
    webhookHost: config.webhook?.host,
    webhookMaxBytes: config.webhook?.maxBodyBytes,
    inboxMaxBytes: config.intake.inboxMaxBytes,
    parseTimeoutMs: config.intake.parseTimeoutMs,
    guard: config.intake.guard,
    keep: config.release.keep,
    redisUrl: config.queue.redisUrl,
    cores: config.queue.cores,
    concurrency: config.queue.concurrency,
    lockMs: config.queue.lockMs,
    role: config.role,
    ...config.timing,
    warmRenderers: config.warmRenderers,
  };
}
