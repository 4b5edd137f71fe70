/**
 * Webhook secrets per tenant. They live on the pipeline's server side only: the
 * environment (`FEED_SECRET_<SLUG>`, slug upper-cased with `-` as `_`) or a JSON file
 * `{ "<slug>": "<secret>" }` named by PIPELINE_SECRETS_FILE. Never in site.json, which
 * feeds the static site and so reaches browsers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { environment, type Environment } from '../../config/env.ts';
import { pipelineSettings } from '../../config/pipeline.ts';

/** Environment variable holding a tenant's webhook secret. */
export function secretEnvName(slug: string): string {
  return `FEED_SECRET_${slug.toUpperCase().replace(/-/g, '_')}`;
}

/** A lookup of tenant secrets; the file is re-read when it changes so secrets rotate without a restart. */
export function createSecretStore(options: { env?: Environment; file?: string } = {}): (slug: string) => string | undefined {
  const env = options.env ?? environment();
  const file = options.file ?? pipelineSettings(env).secretsFile;
  let cache: { text: string; map: Record<string, unknown> } | undefined;
  return (slug) => {
    const fromEnv = env[secretEnvName(slug)];
    if (fromEnv) return fromEnv;
    if (!file || !existsSync(file)) return undefined;
    const text = readFileSync(file, 'utf8');
    if (!cache || cache.text !== text) cache = { text, map: JSON.parse(text) as Record<string, unknown> };
    const secret = cache.map[slug];
    return typeof secret === 'string' && secret !== '' ? secret : undefined;
  };
}
