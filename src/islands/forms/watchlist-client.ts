/**
 * The page's watchlist store wired to the lead API (POST /api/watchlist/save-car and
 * remove-car; the session is the API's HttpOnly cookie), shared by every watchlist island on the page.
 */
import { createWatchlist, type WatchlistCall } from '../../stores/watchlist.ts';
import { currentSession, signOutIfRejected } from '../../stores/session.ts';
import { callApi } from './api.ts';

let apiBase = '/api';

/** Point the shared watchlist at the site's API base (every island passes site.api_base). */
export function configureWatchlistApi(base: string): void {
  apiBase = base;
}

function call(path: string): WatchlistCall {
  return async (body) => {
    const result = await callApi<{ success?: boolean }>(apiBase, path, { body });
    if (result.ok) return { success: result.data?.success !== false };
    if (signOutIfRejected(result.status)) return { success: false, signedOut: true };
    return { success: false, message: result.message ?? 'The watchlist could not be updated. Please try again.' };
  };
}

/** The shared watchlist (ids persisted locally, toasts). */
export const watchlist = createWatchlist({ save: call('/watchlist/save-car'), remove: call('/watchlist/remove-car') });

/** Fetch the signed-in shopper's list from the API and make it the local one. 'signed-out' when the API no longer knows the session. */
export async function refreshWatchlist(): Promise<'ok' | 'signed-out' | 'failed'> {
  const session = currentSession();
  if (!session) return 'signed-out';
  const result = await callApi<{ watchlist?: unknown[] }>(apiBase, '/watchlist');
  if (!result.ok && signOutIfRejected(result.status)) return 'signed-out';
  if (!result.ok || !Array.isArray(result.data?.watchlist)) return 'failed';
  watchlist.replaceWatchlist(result.data.watchlist.map(String));
  return 'ok';
}

/** A save asked for while signed out, done after sign-in (sessionStorage, this tab only). */
const PENDING_KEY = 'pending_watchlist_save';

/** Remember a car to save once the shopper has signed in. */
export function rememberPendingSave(car: { id: string; name: string }): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(car));
  } catch {
    /* storage is a convenience only */
  }
}

/** Take (and forget) the car waiting to be saved. */
export function takePendingSave(): { id: string; name: string } | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { id?: unknown; name?: unknown } | null;
    sessionStorage.removeItem(PENDING_KEY);
    return raw && typeof raw.id === 'string' && typeof raw.name === 'string' ? { id: raw.id, name: raw.name } : null;
  } catch {
    return null;
  }
}
