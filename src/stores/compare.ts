/**
 * Compare list (spec §2 "save/compare" on cards and the vehicle page): the cars a visitor
 * picked to compare side by side, persisted in localStorage.
 */
import type { WritableAtom } from 'nanostores';
import { persistedAtom, type KeyValueStorage } from './persisted.ts';

/** One car in the compare list. */
export interface CompareCar {
  id: string;
  slug: string;
  name: string;
}

/** localStorage key. */
export const COMPARE_KEY = 'compare';
/**
 * Most cars compared at once. The spec gives no number; three columns still fit a phone
 * screen in landscape, and comparison sites commonly stop there.
 */
export const COMPARE_LIMIT = 3;

/** Keep only well-formed entries, at most COMPARE_LIMIT. */
export function parseCompare(raw: unknown): CompareCar[] {
  if (!Array.isArray(raw)) return [];
  const out: CompareCar[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const id = typeof record.id === 'number' ? String(record.id) : typeof record.id === 'string' ? record.id : '';
    const slug = typeof record.slug === 'string' ? record.slug : '';
    if (!id || !slug || out.some((car) => car.id === id)) continue;
    out.push({ id, slug, name: typeof record.name === 'string' && record.name ? record.name : slug });
    if (out.length === COMPARE_LIMIT) break;
  }
  return out;
}

/** A compare store with its named actions (a factory so tests get their own storage). */
export function createCompare(storage?: KeyValueStorage | null) {
  const $compare: WritableAtom<CompareCar[]> = persistedAtom(COMPARE_KEY, [], parseCompare, storage);
  return {
    $compare,
    /** Whether a car id is in the compare list. */
    isCompared(id: string | number): boolean {
      return $compare.get().some((car) => car.id === String(id));
    },
    /** Add when absent, remove when present; 'full' when the list already holds COMPARE_LIMIT cars. */
    toggleCompare(car: CompareCar): 'added' | 'removed' | 'full' {
      const id = String(car.id);
      const current = $compare.get();
      if (current.some((item) => item.id === id)) {
        $compare.set(current.filter((item) => item.id !== id));
        return 'removed';
      }
      if (current.length >= COMPARE_LIMIT) return 'full';
      $compare.set([...current, { ...car, id }]);
      return 'added';
    },
    /** Remove a car by id (the comparison page's Remove). */
    removeCompare(id: string | number): void {
      $compare.set($compare.get().filter((item) => item.id !== String(id)));
    },
    /** Empty the list. */
    clearCompare(): void {
      $compare.set([]);
    },
  };
}

const shared = createCompare();
/** The page's compare list (localStorage 'compare'). */
export const $compare = shared.$compare;
export const isCompared = shared.isCompared;
export const toggleCompare = shared.toggleCompare;
export const removeCompare = shared.removeCompare;
export const clearCompare = shared.clearCompare;
