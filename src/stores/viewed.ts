/**
 * Cars viewed locally (spec §3 "Local viewed-car": id, stocknum, make, model, body,
 * simple_body), most recent first, persisted. Used for "recently viewed" and similar-car hints.
 */
import type { WritableAtom } from 'nanostores';
import { persistedAtom, type KeyValueStorage } from './persisted.ts';

export interface ViewedCar {
  id: string;
  stocknum: string | null;
  make: string | null;
  model: string | null;
  body: string | null;
  simple_body: string | null;
}

/** localStorage key. */
export const VIEWED_KEY = 'viewed_cars';
/** How many viewed cars are kept. */
export const VIEWED_LIMIT = 20;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;
}

/** Keep well-formed, unique entries, at most VIEWED_LIMIT. */
export function parseViewed(raw: unknown): ViewedCar[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: ViewedCar[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const id = text(record.id);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, stocknum: text(record.stocknum), make: text(record.make), model: text(record.model), body: text(record.body), simple_body: text(record.simple_body) });
    if (out.length >= VIEWED_LIMIT) break;
  }
  return out;
}

/** A viewed-cars store with its named actions. */
export function createViewed(storage?: KeyValueStorage | null) {
  const $viewed: WritableAtom<ViewedCar[]> = persistedAtom(VIEWED_KEY, [], parseViewed, storage);
  return {
    $viewed,
    /** Put a car at the front of the list (moving it when already there). */
    recordView(car: { id: string | number; stocknum?: string | null; make?: string | null; model?: string | null; body?: string | null; simple_body?: string | null }): void {
      const entry = parseViewed([car])[0];
      if (!entry) return;
      $viewed.set([entry, ...$viewed.get().filter((viewed) => viewed.id !== entry.id)].slice(0, VIEWED_LIMIT));
    },
    /** Forget every viewed car. */
    clearViewed(): void {
      $viewed.set([]);
    },
  };
}

/** The page's shared store of viewed cars (localStorage), and its named actions. */
const shared = createViewed();
export const $viewed = shared.$viewed;
export const recordView = shared.recordView;
export const clearViewed = shared.clearViewed;
