/**
 * The signed-in shopper's watchlist (spec §4 "Watchlist": save adds locally at once then
 * posts; remove drops locally then posts; no rollback on failure; success toasts; §8
 * failure alert). The toasts are the page's one toast (./toast.ts). The API calls are
 * injected so the store is testable without a network.
 */
import type { WritableAtom } from 'nanostores';
import { trackEvent } from '../lib/marketing/analytics.ts';
import { persistedAtom, type KeyValueStorage } from './persisted.ts';
import { $pageToast, closeToast, showToast, type WatchlistToast } from './toast.ts';

export type { WatchlistToast } from './toast.ts';

/** The API side of a watchlist change (POST /api/watchlist/save-car | remove-car); `signedOut` when the API no longer knows the session. */
export type WatchlistCall = (body: { phone_number: string; car_id: string }) => Promise<{ success: boolean; message?: string; signedOut?: boolean }>;

/** How a change went: 'signed-out' means the shopper has to sign in again (no toast is shown for it). */
export type WatchlistOutcome = 'ok' | 'failed' | 'signed-out';

/** localStorage key. */
export const WATCHLIST_KEY = 'watchlist';

/** Spec §8 toast wording. */
export function savedToast(name: string): WatchlistToast {
  return { kind: 'saved', title: 'Car Saved In Watchlist', description: `${name} is now available in your watchlist` };
}
/** Spec §8 toast wording. */
export function removedToast(name: string): WatchlistToast {
  return { kind: 'removed', title: 'Car Removed', description: `${name} is no longer in your watchlist` };
}

function parseIds(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return [...new Set(raw.filter((id) => typeof id === 'string' || typeof id === 'number').map(String))];
}

/** A watchlist store with its named actions; its toasts are the page's one toast. */
export function createWatchlist(api: { save: WatchlistCall; remove: WatchlistCall }, storage?: KeyValueStorage | null) {
  const $watchlist: WritableAtom<string[]> = persistedAtom(WATCHLIST_KEY, [], parseIds, storage);

  async function send(call: WatchlistCall, phone: string, id: string, success: WatchlistToast): Promise<WatchlistOutcome> {
    try {
      const result = await call({ phone_number: phone, car_id: id });
      // The island sends the shopper to sign in: an error toast would only flash before the page goes.
      if (result.signedOut) return 'signed-out';
      if (!result.success) throw new Error(result.message || 'The watchlist could not be updated.');
      showToast(success);
      return 'ok';
    } catch (error) {
      // Spec: no rollback; the shopper is told what went wrong.
      showToast({ kind: 'error', title: 'Watchlist', description: error instanceof Error ? error.message : String(error) });
      return 'failed';
    }
  }

  return {
    $watchlist,
    /** The page's toast, where this store's toasts go. */
    $toast: $pageToast,
    /** Whether a car is on the watchlist. */
    isWatched(id: string | number): boolean {
      return $watchlist.get().includes(String(id));
    },
    /** Save a car: locally at once, then through the API. */
    async saveCar(car: { id: string | number; name: string }, phone: string): Promise<WatchlistOutcome> {
      const id = String(car.id);
      if (!$watchlist.get().includes(id)) $watchlist.set([id, ...$watchlist.get()]);
      trackEvent('favouriteSave', { car_id: id, car_name: car.name, list: 'watchlist' });
      return send(api.save, phone, id, savedToast(car.name));
    },
    /** Remove a car: locally at once, then through the API. */
    async removeCar(car: { id: string | number; name: string }, phone: string): Promise<WatchlistOutcome> {
      const id = String(car.id);
      $watchlist.set($watchlist.get().filter((saved) => saved !== id));
      return send(api.remove, phone, id, removedToast(car.name));
    },
    /** Replace the local list with the server's (after sign-in or on /my-garage). */
    replaceWatchlist(ids: readonly (string | number)[]): void {
      $watchlist.set(parseIds(ids));
    },
    /** Close the watchlist toast showing (the copy toast closes itself). */
    dismissToast(): void {
      closeToast();
    },
  };
}
