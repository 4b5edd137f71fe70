/**
 * Settings of the Meilisearch engine (docs/search.md), from the environment (env.ts reads
 * it). The search-only key may reach the build (it signs tenant tokens); the admin key and
 * host are the pipeline's and the sync command's only (src/builder/render/child-env.ts keeps them out
 * of build children).
 */
import { environment, type Environment } from './env.ts';

/** The search engine's settings. */
export interface SearchSettings {
  /** A search-only key and its uid: the build signs each tenant's token with them. */
  searchKey: string | undefined;
  searchKeyUid: string | undefined;
  /** MEILI_TOKEN_TTL_DAYS as given (the build checks it: 1 to 366 days). */
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
