/**
 * The environment of build children: the Astro build and the kept-bundle renderer run
 * tenant-controlled data through third-party code, so they get only what they need, never a
 * secret of the process that starts them (database URL, sign-in secret, admin keys, feed
 * secrets). Passed: system basics (PATH, HOME, temp dir, locale, time zone), Node's settings,
 * CI / telemetry switches, the cache root (PIPELINE_CACHE_DIR), the build's DEALER_* variables,
 * the PUBLIC_* values compiled into the pages, and the search-only key that mints tenant
 * tokens (MEILI_SEARCH_KEY, MEILI_SEARCH_KEY_UID, MEILI_TOKEN_TTL_DAYS). docs/security.md lists them.
 */

import { environment, type Environment } from '../../config/env.ts';

const NAMES = new Set([
  'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'LANGUAGE', 'TZ', 'TERM',
  'NODE_ENV', 'NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS', 'NODE_COMPILE_CACHE', 'UV_THREADPOOL_SIZE',
  'CI', 'ASTRO_TELEMETRY_DISABLED', 'DO_NOT_TRACK', 'NO_COLOR', 'FORCE_COLOR', 'PIPELINE_CACHE_DIR',
  'MEILI_SEARCH_KEY', 'MEILI_SEARCH_KEY_UID', 'MEILI_TOKEN_TTL_DAYS',
]);
// PUBLIC_* values are compiled into the pages the browser receives, so they are public by definition.
const PREFIXES = ['LC_', 'DEALER_', 'PUBLIC_'];

/** True when a variable may be passed to a build child. */
export function allowedInBuildChild(name: string): boolean {
  return NAMES.has(name) || PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The allow-listed part of `env` plus the child's own variables. */
export function buildChildEnv(extra: NodeJS.ProcessEnv, env: Environment = environment()): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && allowedInBuildChild(name)) result[name] = value;
  return { ...result, ...extra };
}
