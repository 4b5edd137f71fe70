/** Fetch and decode a tenant's embedded index file into a ready engine (browser side). */
import { openEngine, type EmbeddedIndex } from '../engine/embedded-index.ts';
import type { SearchEngine } from '../engine/engine.ts';

/** Load the index at `url` (same origin; the HTTP cache and ETag keep repeat visits cheap). */
export async function loadEmbeddedEngine(url: string): Promise<SearchEngine> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  // Columns, documents and counts are read when a search first needs them (openIndex).
  return openEngine((await response.json()) as EmbeddedIndex);
}
