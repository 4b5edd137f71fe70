/**
 * Local favourites (spec §3 "Local favourite": id, name, slug, make, model, primary_image_url;
 * §4 "Favourite toggle: add when absent, remove when present; adding logs analytics").
 * Shared by every save toggle on a page (vehicle page, cards) and persisted in localStorage.
 */
import type { WritableAtom } from 'nanostores';
import { trackEvent } from '../lib/marketing/analytics.ts';
import { persistedAtom, type KeyValueStorage } from './persisted.ts';

/** One saved car, as stored locally. */
export interface FavouriteCar {
  id: string;
  name: string;
  slug: string;
  make: string | null;
  model: string | null;
  primary_image_url: string | null;
}

/** localStorage key. */
export const FAVOURITES_KEY = 'favourites';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Keep only well-formed entries from stored JSON (it may be stale or edited by hand). */
export function parseFavourites(raw: unknown): FavouriteCar[] {
  if (!Array.isArray(raw)) return [];
  const out: FavouriteCar[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const id = typeof record.id === 'number' ? String(record.id) : text(record.id);
    const slug = text(record.slug);
    if (!id || !slug || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, slug, name: text(record.name) ?? slug, make: text(record.make), model: text(record.model), primary_image_url: text(record.primary_image_url) });
  }
  return out;
}

/** A favourites store with its named actions (a factory so tests get their own storage). */
export function createFavourites(storage?: KeyValueStorage | null) {
  const $favourites: WritableAtom<FavouriteCar[]> = persistedAtom(FAVOURITES_KEY, [], parseFavourites, storage);
  return {
    $favourites,
    /** Whether a car id is saved. */
    isFavourite(id: string | number): boolean {
      return $favourites.get().some((car) => car.id === String(id));
    },
    /** Add the car when absent (logging analytics event 39), remove it when present; returns what happened. */
    toggleFavourite(car: FavouriteCar): 'added' | 'removed' {
      const id = String(car.id);
      const current = $favourites.get();
      if (current.some((saved) => saved.id === id)) {
        $favourites.set(current.filter((saved) => saved.id !== id));
        return 'removed';
      }
      $favourites.set([...current, { ...car, id }]);
      trackEvent('favouriteSave', { car_id: id, car_name: car.name });
      return 'added';
    },
    /** Remove a saved car by id. */
    removeFavourite(id: string | number): void {
      $favourites.set($favourites.get().filter((saved) => saved.id !== String(id)));
    },
  };
}

const shared = createFavourites();
/** The page's favourites (localStorage 'favourites'). */
export const $favourites = shared.$favourites;
export const isFavourite = shared.isFavourite;
export const toggleFavourite = shared.toggleFavourite;
export const removeFavourite = shared.removeFavourite;
