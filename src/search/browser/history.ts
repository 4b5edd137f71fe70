/**
 * Search history (spec §3 "Stored locally: search history (max 5)"): the last searches a
 * visitor ran, newest first, without duplicates. Pure; the island stores it in localStorage.
 */
import { SEARCH_HISTORY_LIMIT } from '../core/config.ts';

/** One remembered search: a label and the URL that reruns it. */
export interface HistoryEntry {
  label: string;
  url: string;
}

/** localStorage key of the history. */
export const HISTORY_STORAGE_KEY = 'search_history';

/** Add a search to the front; an equal URL moves to the front; at most 5 kept. */
export function addToHistory(history: readonly HistoryEntry[], entry: HistoryEntry, limit: number = SEARCH_HISTORY_LIMIT): HistoryEntry[] {
  return [entry, ...history.filter((item) => item.url !== entry.url)].slice(0, limit);
}

/** Read a stored history, dropping anything malformed (storage is visitor-controlled). */
export function parseHistory(text: string | null): HistoryEntry[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is HistoryEntry => !!item && typeof item === 'object' && typeof item.label === 'string' && typeof item.url === 'string' && item.url.startsWith('/'))
      .slice(0, SEARCH_HISTORY_LIMIT);
  } catch {
    return [];
  }
}

/** A label of a search: its query and refinements, e.g. 'corolla · Toyota · Used'. */
export function historyLabel(state: { query?: string; refinementList?: Record<string, string[]>; range?: Record<string, string> }, fallback: string): string {
  const parts = [state.query, ...Object.values(state.refinementList ?? {}).flat()].filter((part): part is string => !!part);
  if (state.range?.price) {
    const [low, high] = state.range.price.split(':');
    parts.push(`$${low || '0'}-${high ? `$${high}` : 'any'}`);
  }
  return parts.length > 0 ? parts.join(' · ') : fallback;
}
