/**
 * Settings of the operations pipeline (docs/pipeline.md), from the environment (env.ts
 * reads it). Tenants' feed secrets (FEED_SECRET_<SLUG>) are looked up by name from the
 * environment map the pipeline is handed (src/pipeline/intake/secrets.ts).
 */
import * as v from 'valibot';
import { weakSecretProblem } from './secret-strength.ts';
import { environment, integer, optionalInteger, readSettings, settingVariables, type Environment, type SettingsOf, type SettingSources } from './env.ts';

/** Each pipeline setting: the variable it is read from and that variable's schema. */
const PIPELINE_SETTINGS = {
  /** The webhook listener's port and host (flags override them). */
  port: ['PIPELINE_PORT', integer(4322, 1, 65535)],
  host: ['PIPELINE_HOST', v.optional(v.string(), '127.0.0.1')],
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
  operatorHost: ['PIPELINE_OPERATOR_HOST', v.optional(v.string(), '127.0.0.1')],
  /** JSON file of tenant feed secrets ({ "<slug>": "<secret>" }). */
  secretsFile: ['PIPELINE_SECRETS_FILE', v.optional(v.string())],
  /** The deployment's code version: releases compare it instead of hashing the sources. */
  codeVersion: ['PIPELINE_CODE_VERSION', v.optional(v.string())],
  /** Largest feed file read from the inbox (bytes); a larger one is rejected with a report. */
  inboxMaxBytes: ['PIPELINE_INBOX_MAX_BYTES', integer(20 * 1024 * 1024, 1024, 1024 * 1024 * 1024)],
  /** Time limit of reading one inbox file (seconds); a slower one is stopped and rejected. */
  feedParseSeconds: ['PIPELINE_FEED_PARSE_SECONDS', integer(60, 1, 3600)],
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
