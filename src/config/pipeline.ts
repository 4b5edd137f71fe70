/**
 * Settings of the operations pipeline (docs/pipeline.md), from the environment (env.ts
 * reads it). Tenants' feed secrets (FEED_SECRET_<SLUG>) are looked up by name from the
 * environment map the pipeline is handed (src/pipeline/secrets.ts).
 */
import * as v from 'valibot';
import { environment, integer, readSettings, settingVariables, type Environment, type SettingsOf, type SettingSources } from './env.ts';

/** Each pipeline setting: the variable it is read from and that variable's schema. */
const PIPELINE_SETTINGS = {
  /** The webhook listener's port and host (flags override them). */
  port: ['PIPELINE_PORT', integer(4322, 1, 65535)],
  host: ['PIPELINE_HOST', v.optional(v.string(), '127.0.0.1')],
  /** Bearer token of the operator endpoints (status, held feeds). */
  operatorToken: ['PIPELINE_OPERATOR_TOKEN', v.optional(v.string())],
  /** JSON file of tenant feed secrets ({ "<slug>": "<secret>" }). */
  secretsFile: ['PIPELINE_SECRETS_FILE', v.optional(v.string())],
  /** The deployment's code version: releases compare it instead of hashing the sources. */
  codeVersion: ['PIPELINE_CODE_VERSION', v.optional(v.string())],
  /** The BullMQ queue shared by intake and workers. */
  redisUrl: ['REDIS_URL', v.optional(v.pipe(v.string(), v.trim(), v.regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')))],
  /** The pipeline's state records (docs/pipeline.md "State"); without it, SQLite in the data directory. */
  databaseUrl: ['DATABASE_URL', v.optional(v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')))],
} as const satisfies SettingSources;

/** The variables the pipeline reads (besides FEED_SECRET_<SLUG>). */
export const PIPELINE_VARIABLES: readonly string[] = settingVariables(PIPELINE_SETTINGS);

/** The pipeline's settings. */
export type PipelineSettings = SettingsOf<typeof PIPELINE_SETTINGS>;

/** Read and validate the pipeline's settings; throws ConfigError naming a bad variable. */
export function pipelineSettings(env: Environment = environment()): PipelineSettings {
  return readSettings('pipeline', PIPELINE_SETTINGS, env);
}
