/**
 * Settings of the operations pipeline (docs/pipeline.md), from the environment (env.ts
 * reads it). Tenants' feed secrets (FEED_SECRET_<SLUG>) are looked up by name from the
 * environment map the pipeline is handed (src/pipeline/secrets.ts).
 */
import * as v from 'valibot';
import { environment, integer, parseEnvironment, type Environment } from './env.ts';

const PipelineSchema = v.object({
  PIPELINE_PORT: integer(4322, 1, 65535),
  PIPELINE_HOST: v.optional(v.string(), '127.0.0.1'),
  PIPELINE_OPERATOR_TOKEN: v.optional(v.string()),
  PIPELINE_SECRETS_FILE: v.optional(v.string()),
  PIPELINE_CODE_VERSION: v.optional(v.string()),
  REDIS_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL'))),
});

/** The variables the pipeline reads (besides FEED_SECRET_<SLUG>). */
export const PIPELINE_VARIABLES: readonly string[] = Object.keys(PipelineSchema.entries);

/** The pipeline's settings. */
export interface PipelineSettings {
  /** The webhook listener's port and host (flags override them). */
  port: number;
  host: string;
  /** Bearer token of the operator endpoints (status, held feeds). */
  operatorToken: string | undefined;
  /** JSON file of tenant feed secrets ({ "<slug>": "<secret>" }). */
  secretsFile: string | undefined;
  /** The deployment's code version: releases compare it instead of hashing the sources. */
  codeVersion: string | undefined;
  /** The BullMQ queue shared by intake and workers. */
  redisUrl: string | undefined;
}

/** Read and validate the pipeline's settings; throws ConfigError naming a bad variable. */
export function pipelineSettings(env: Environment = environment()): PipelineSettings {
  const e = parseEnvironment('pipeline', PipelineSchema, env);
  return {
    port: e.PIPELINE_PORT,
    host: e.PIPELINE_HOST,
    operatorToken: e.PIPELINE_OPERATOR_TOKEN,
    secretsFile: e.PIPELINE_SECRETS_FILE,
    codeVersion: e.PIPELINE_CODE_VERSION,
    redisUrl: e.REDIS_URL,
  };
}
