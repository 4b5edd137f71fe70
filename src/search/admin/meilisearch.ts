/**
 * Meilisearch adapter (DESIGN §5): index settings equivalent to the embedded engine,
 * the incremental sync of one tenant's documents, and tenant tokens for browsers.
 * Runs on the server side only (build, scripts/sync-search.ts): it handles admin keys.
 */
import type { Meilisearch, Settings } from 'meilisearch';
import { generateTenantToken } from 'meilisearch/token';
import { FACET_ATTRIBUTES, MAX_VALUES_PER_FACET, NUMERIC_ATTRIBUTES, PAGINATION_LIMIT, SEARCHABLE_ATTRIBUTES } from '../core/config.ts';
import { documentFingerprint, type SearchDocument } from '../core/documents.ts';
import { DEFAULT_TOKEN_TTL_DAYS } from '../../config/search.ts';
import { filterShape, searchFilterProblem } from '../../schemas/site/search-filter.ts';

/** Primary key of the shared index. */
export const PRIMARY_KEY = 'uid';

/** A document as stored in Meilisearch: the search document plus its content fingerprint. */
export type StoredDocument = SearchDocument & { fingerprint: string };

/**
 * Index settings. Typo tolerance is off and the ranking is words -> sort -> custom rank ->
 * tiebreak so that results equal the embedded engine's (DESIGN §5 "same query, same hits
 * and counts"); queries are sent with matchingStrategy 'all' for the same reason. `id` is
 * filterable for the similar cars the lead API lists by id (src/search/browser/similar.ts).
 */
export const INDEX_SETTINGS: Settings = {
  searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
  filterableAttributes: [...new Set(['site', ...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES, 'dealership_slug', 'location_slug', 'reserved', 'certified', 'tag', 'id'])],
  sortableAttributes: ['price', 'created_at', 'km', 'year'],
  rankingRules: ['words', 'sort', 'custom_rank:desc', 'tiebreak:asc'],
  typoTolerance: { enabled: false },
  faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET, sortFacetValuesBy: { '*': 'count' } },
  pagination: { maxTotalHits: PAGINATION_LIMIT },
};

/** The filter of one tenant's documents in the shared index: `site = "<slug>"`. */
export function siteFilter(slug: string): string {
  return `site = ${JSON.stringify(slug)}`;
}

/**
 * The tenant filter of a site for browsers (tenant tokens): `site = "<slug>"`, narrowed by
 * site.json `search_filters` when set. search_filters is ANDed, never a
 * replacement, so no site.json can widen a token to other tenants' cars.
 */
export function tenantFilter(site: { slug: string; search_filters?: string }): string {
  const extra = site.search_filters?.trim();
  if (!extra) return siteFilter(site.slug);
  // The site schema refuses such a filter; a caller that skipped it must not widen a token either.
  const problem = searchFilterProblem(extra);
  if (problem) throw new Error(`${site.slug}: site.json search_filters: ${problem}`);
  return `${siteFilter(site.slug)} AND (${extra})`;
}

/** True when a filter closes what it opens and holds no top-level OR (outside quotes and parentheses). */
function hasNoTopLevelOr(filter: string): boolean {
  const shape = filterShape(filter);
  return shape.closed && !shape.topLevelOr;
}

/**
 * Check a browser key given in site.json (`search.key`) before it is written into pages.
 * Only a tenant token is accepted: a JWT whose search rules name this
 * site's index only, whose filter is the tenant filter (possibly narrowed with AND), and
 * which expires. A raw API key is refused: it could be the admin or master key, and
 * nothing in a page may be able to change the index. Throws a message naming search.key.
 */
export function checkBrowserSearchKey(key: string, options: { slug: string; index: string; now?: number }): void {
  const where = `${options.slug}: site.json search.key`;
  const parts = key.split('.');
  if (parts.length !== 3) {
    throw new Error(`${where} is not a tenant token; API keys (which may be the admin or master key) never go into pages: remove search.key and set MEILI_SEARCH_KEY and MEILI_SEARCH_KEY_UID (a search-only key) so the build mints an expiring tenant token`);
  }
  let header: { alg?: unknown };
  let payload: { searchRules?: unknown; exp?: unknown; apiKeyUid?: unknown };
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as typeof header;
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as typeof payload;
  } catch {
    throw new Error(`${where} is not a readable tenant token (JWT)`);
  }
  if (typeof header.alg !== 'string' || !/^HS(256|384|512)$/.test(header.alg) || typeof payload.apiKeyUid !== 'string') throw new Error(`${where} is not a Meilisearch tenant token (HS256 JWT with apiKeyUid)`);
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (typeof payload.exp !== 'number') throw new Error(`${where}: the tenant token has no expiry (exp); mint one with expiresAt`);
  if (payload.exp <= now) throw new Error(`${where}: the tenant token expired on ${new Date(payload.exp * 1000).toISOString()}`);
  const rules = payload.searchRules;
  if (!rules || typeof rules !== 'object' || Array.isArray(rules) || Object.keys(rules).some((name) => name !== options.index)) {
    throw new Error(`${where}: the tenant token's searchRules must name only the index "${options.index}"`);
  }
  const rule = (rules as Record<string, unknown>)[options.index] as { filter?: unknown } | null | undefined;
  const filter = rule?.filter;
  const required = siteFilter(options.slug);
  const restricted =
    (typeof filter === 'string' && (filter.trim() === required || (filter.trim().startsWith(`${required} AND `) && hasNoTopLevelOr(filter)))) ||
    (Array.isArray(filter) && filter.includes(required));
  if (!restricted) throw new Error(`${where}: the tenant token's filter must be ${required} (optionally "AND ..."), so a visitor only ever sees this dealer's cars`);
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
export async function syncTenant(client: Meilisearch, options: { index: string; site: string; filter?: string; documents: readonly SearchDocument[] }): Promise<SyncReport> {
  const started = Date.now();
  await applySettings(client, options.index);
  // The stored set (and so every deletion) is always this tenant's own
  // documents; a filter can only narrow it, never reach another tenant.
  const filter = options.filter && options.filter.trim() !== siteFilter(options.site) ? `${siteFilter(options.site)} AND (${options.filter})` : siteFilter(options.site);
  const stored = await storedFingerprints(client, options.index, filter);
  const own = `${options.site}__`;
  for (const uid of stored.keys()) if (!uid.startsWith(own)) stored.delete(uid);
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
    // Every token expires (default 30 days); releases re-mint it (docs/search.md).
    expiresAt: options.expiresAt ?? new Date(Date.now() + DEFAULT_TOKEN_TTL_DAYS * 86_400_000),
  });
}
