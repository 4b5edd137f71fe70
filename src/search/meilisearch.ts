/**
 * Meilisearch adapter (DESIGN §5): index settings equivalent to the embedded engine,
 * the incremental sync of one tenant's documents, and tenant tokens for browsers.
 * Runs on the server side only (build, scripts/sync-search.ts): it handles admin keys.
 */
import type { Meilisearch, Settings } from 'meilisearch';
import { generateTenantToken } from 'meilisearch/token';
import { FACET_ATTRIBUTES, MAX_VALUES_PER_FACET, NUMERIC_ATTRIBUTES, PAGINATION_LIMIT, SEARCHABLE_ATTRIBUTES } from './config.ts';
import { documentFingerprint, type SearchDocument } from './documents.ts';

/** Primary key of the shared index. */
export const PRIMARY_KEY = 'uid';

/** A document as stored in Meilisearch: the search document plus its content fingerprint. */
export type StoredDocument = SearchDocument & { fingerprint: string };

/**
 * Index settings. Typo tolerance is off and the ranking is words -> sort -> custom rank ->
 * tiebreak so that results equal the embedded engine's (DESIGN §5 "same query, same hits
 * and counts"); queries are sent with matchingStrategy 'all' for the same reason.
 */
export const INDEX_SETTINGS: Settings = {
  searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
  filterableAttributes: ['site', ...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES, 'dealership_slug', 'location_slug', 'reserved', 'certified', 'tag'],
  sortableAttributes: ['price', 'created_at', 'km', 'year'],
  rankingRules: ['words', 'sort', 'custom_rank:desc', 'tiebreak:asc'],
  typoTolerance: { enabled: false },
  faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET, sortFacetValuesBy: { '*': 'count' } },
  pagination: { maxTotalHits: PAGINATION_LIMIT },
};

/** The tenant filter of a site: its search_filters, default `site = "<slug>"`. */
export function tenantFilter(site: { slug: string; search_filters?: string }): string {
  return site.search_filters?.trim() || `site = ${JSON.stringify(site.slug)}`;
}

/** What one sync did. */
export interface SyncReport {
  index: string;
  site: string;
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
  ms: number;
}

/** What a sync must change: documents to add or replace, uids to delete. */
export interface SyncPlan {
  upserts: StoredDocument[];
  deletions: string[];
  added: number;
  updated: number;
  unchanged: number;
}

/** Compare the wanted documents with the stored fingerprints (uid -> fingerprint). Pure. */
export function planSync(documents: readonly SearchDocument[], stored: ReadonlyMap<string, string>): SyncPlan {
  const upserts: StoredDocument[] = [];
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  const wanted = new Set<string>();
  for (const document of documents) {
    wanted.add(document.uid);
    const fingerprint = documentFingerprint(document);
    const previous = stored.get(document.uid);
    if (previous === fingerprint) {
      unchanged += 1;
      continue;
    }
    if (previous === undefined) added += 1;
    else updated += 1;
    upserts.push({ ...document, fingerprint });
  }
  const deletions = [...stored.keys()].filter((uid) => !wanted.has(uid));
  return { upserts, deletions, added, updated, unchanged };
}

async function waitFor(client: Meilisearch, taskUid: number): Promise<void> {
  const task = await client.tasks.waitForTask(taskUid, { timeout: 120_000, interval: 50 });
  if (task.status !== 'succeeded') throw new Error(`Meilisearch task ${taskUid} ${task.status}: ${task.error?.message ?? 'no message'}`);
}

/** Create the index when missing, then apply the settings (always before documents). */
export async function applySettings(client: Meilisearch, index: string): Promise<void> {
  try {
    await client.getIndex(index);
  } catch {
    await waitFor(client, (await client.createIndex(index, { primaryKey: PRIMARY_KEY })).taskUid);
  }
  await waitFor(client, (await client.index(index).updateSettings(INDEX_SETTINGS)).taskUid);
}

/** Fingerprints of the tenant's documents already in the index. */
export async function storedFingerprints(client: Meilisearch, index: string, filter: string): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  const limit = 1000;
  for (let offset = 0; ; offset += limit) {
    const page = await client.index(index).getDocuments<{ uid: string; fingerprint?: string }>({ filter, fields: ['uid', 'fingerprint'], limit, offset });
    for (const document of page.results) stored.set(document.uid, document.fingerprint ?? '');
    if (page.results.length < limit) break;
  }
  return stored;
}

/**
 * Sync one tenant's documents: settings first, then only what changed: new and changed
 * cars added or replaced, removed cars deleted, unchanged cars not sent.
 */
export async function syncTenant(client: Meilisearch, options: { index: string; site: string; filter: string; documents: readonly SearchDocument[] }): Promise<SyncReport> {
  const started = Date.now();
  await applySettings(client, options.index);
  const stored = await storedFingerprints(client, options.index, options.filter);
  const plan = planSync(options.documents, stored);
  const index = client.index<StoredDocument>(options.index);
  const batch = 5000;
  for (let start = 0; start < plan.upserts.length; start += batch) {
    await waitFor(client, (await index.addDocuments(plan.upserts.slice(start, start + batch), { primaryKey: PRIMARY_KEY })).taskUid);
  }
  if (plan.deletions.length > 0) await waitFor(client, (await index.deleteDocuments(plan.deletions)).taskUid);
  return { index: options.index, site: options.site, added: plan.added, updated: plan.updated, deleted: plan.deletions.length, unchanged: plan.unchanged, ms: Date.now() - started };
}

/** A parent key for tenant tokens: a key with the search action only (never the admin key's value in a page). */
export interface SearchKey {
  uid: string;
  key: string;
}

/**
 * A tenant token for the browser: search-only, restricted to the index and the tenant's
 * filter, signed with a search key. Meilisearch ANDs the filter with every request's own
 * filter, so a visitor cannot widen it.
 */
export async function mintTenantToken(options: { searchKey: SearchKey; index: string; filter: string; expiresAt?: Date }): Promise<string> {
  return generateTenantToken({
    apiKey: options.searchKey.key,
    apiKeyUid: options.searchKey.uid,
    searchRules: { [options.index]: { filter: options.filter } },
    expiresAt: options.expiresAt,
  });
}
