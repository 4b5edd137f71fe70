/**
 * A tenant's feed photo URLs in a fleet's shared work (`photos/tenants/<slug>.json`): for each
 * URL of its stock, what it held (sha256) and its variant set (key, colour), so a worker with an
 * empty disk resolves the tenant's photos without downloading or transforming them. Written by
 * the worker that resolved them when the tenant's URLs changed; only the current stock's URLs
 * are kept. An index that cannot be read is an empty one (every URL is fetched).
 */
import { parsePhotoUrl } from '../lib/images.ts';
import type { WorkStore } from '../platform/bucket/work-store.ts';
import type { PhotoCache } from './cache.ts';
import { variantKey } from './transform.ts';

/** The shared photo work of one tenant. */
export interface SharedPhotos {
  work: WorkStore;
  tenant: string;
  /** Local photo URLs the tenant's live release uses: their files come with the release. */
  live?: ReadonlySet<string>;
}

/** One URL of the index. */
export interface IndexedUrl {
  sha256: string;
  key: string;
  colour: string;
  bytes: number;
  fetchedAt: string;
}

export interface UrlIndex {
  version: 1;
  urls: Record<string, IndexedUrl>;
}

const keyOf = (tenant: string) => `photos/tenants/${tenant}.json`;

/** The index as this process last read or wrote it, by tenant (its JSON): an unchanged index is not written again. */
const lastSeen = new Map<string, string>();

/** The tenant's index (empty when there is none or it cannot be read). */
export async function readUrlIndex(shared: SharedPhotos): Promise<UrlIndex> {
  const body = await shared.work.get(keyOf(shared.tenant));
  try {
    const index = body ? (JSON.parse(body.toString('utf8')) as UrlIndex) : null;
    if (index?.version === 1 && index.urls && typeof index.urls === 'object') {
      lastSeen.set(shared.tenant, JSON.stringify(index));
      return index;
    }
  } catch {
    // unreadable: as if absent
  }
  return { version: 1, urls: {} };
}

/**
 * Write the tenant's index from what its URLs resolved to (`resolved`: URL -> local photo
 * URL, failures absent) when it differs from the one read or last written.
 */
export async function writeUrlIndex(
  shared: SharedPhotos,
  read: UrlIndex | null,
  resolved: ReadonlyMap<string, { ok: boolean; url?: string }>,
  cache: PhotoCache,
  quality: number,
): Promise<boolean> {
  const index: UrlIndex = { version: 1, urls: {} };
  for (const [url, resolution] of [...resolved].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const local = resolution.ok && resolution.url ? parsePhotoUrl(resolution.url) : null;
    const record = local ? cache.url(url) : null;
    if (!local || !record || variantKey(record.sha256, quality) !== local.key) continue;
    index.urls[url] = { sha256: record.sha256, key: local.key, colour: local.colour.replace(/^#/, ''), bytes: record.bytes, fetchedAt: record.fetchedAt };
  }
  const text = JSON.stringify(index);
  const before = read ? JSON.stringify(read) : (lastSeen.get(shared.tenant) ?? JSON.stringify(await readUrlIndex(shared)));
  if (text === before) return false;
  await shared.work.put(keyOf(shared.tenant), text);
  lastSeen.set(shared.tenant, text);
  return true;
}
