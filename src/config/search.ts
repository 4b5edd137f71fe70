/**
 * Settings of the Meilisearch engine (docs/search.md), from the environment (env.ts reads
 * it). The search-only key may reach the build (it signs tenant tokens); the admin key and
 * host are the pipeline's and the sync command's only (src/builder/render/child-env.ts keeps them out
 * of build children).
 */
import { ConfigError, environment, type Environment } from './env.ts';

/** The search engine's settings. */
export interface SearchSettings {
  /** A search-only key and its uid: the build signs each tenant's token with them. */
  searchKey: string | undefined;
  searchKeyUid: string | undefined;
  /** MEILI_TOKEN_TTL_DAYS as given (tokenTtlDays reads it: 1 to 366 days). */
  tokenTtlDays: string | undefined;
  /** The operator's Meilisearch and its admin key (index sync). */
  adminKey: string | undefined;
  adminHost: string | undefined;
}

/** The search settings (unset and empty variables are undefined). */
export function searchSettings(env: Environment = environment()): SearchSettings {
  const value = (name: string) => env[name] || undefined;
  return {
    searchKey: value('MEILI_SEARCH_KEY'),
    searchKeyUid: value('MEILI_SEARCH_KEY_UID'),
    tokenTtlDays: value('MEILI_TOKEN_TTL_DAYS'),
    adminKey: value('MEILI_ADMIN_KEY'),
    adminHost: value('MEILI_ADMIN_HOST'),
  };
}

/** Default lifetime (days) of the tenant tokens the build mints (MEILI_TOKEN_TTL_DAYS to change). */
export const DEFAULT_TOKEN_TTL_DAYS = 30;

const DAY_MS = 86_400_000;

/** The lifetime (days) of the tenant tokens the build mints; throws ConfigError naming the variable. */
export function tokenTtlDays(settings: Pick<SearchSettings, 'tokenTtlDays'>): number {
  const days = Number(settings.tokenTtlDays ?? DEFAULT_TOKEN_TTL_DAYS);
  if (!(days >= 1 && days <= 366)) throw new ConfigError(`MEILI_TOKEN_TTL_DAYS: expected a number of days from 1 to 366 (got ${settings.tokenTtlDays})`);
  return days;
}

/**
 * How old a Meilisearch tenant's last full build may get before the pipeline rebuilds it to
 * re-mint its token: a week, or two fifths of a shorter lifetime. A minted token has more than
 * three quarters of its lifetime left (src/search/build-time/page-data.ts tokenExpiry) and the
 * pipeline asks for every tenant every few hours, so a renewal always comes before the expiry.
 */
export function tokenRenewalMs(ttlDays: number): number {
  return Math.min(7 * DAY_MS, 0.4 * ttlDays * DAY_MS);
}
