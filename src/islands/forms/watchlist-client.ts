/**
 * The page's watchlist store wired to the lead API (POST /api/watchlist/save-car and
 * remove-car; the session is the API's HttpOnly cookie), shared by every watchlist island on the page.
 */
import { createWatchlist, type WatchlistCall, type WatchlistOutcome } from '../../stores/watchlist.ts';
import { currentSession, signOut, signOutIfRejected } from '../../stores/session.ts';
import { forgetShopper } from '../../stores/prefill.ts';
import { callApi } from './api.ts';
import { forgetLegacyLeadRecord } from './lead-traces.ts';
import { rememberPendingChange, takePendingChange, type PendingChange } from './pending-watchlist-change.ts';
import { forgetTabTraces, noteSignOut } from './shopper-traces.ts';

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

/**
 * Sign the shopper out (the sign-in page's and the garage's Sign out): the API clears its HttpOnly
 * session cookie, and what this browser keeps of the shopper goes too, even when the API cannot
 * be reached (on a shared computer the next person must find none of it): the local session and
 * the watchlist ids; the contact details the forms prefill and the last lead /success shows in
 * both its records; and each open tab's own record (shopper-traces.ts: this tab's at once, the
 * others' when they hear of the Sign out). What the device keeps for any visitor stays
 * (docs/decisions.md, "Sign out in My Garage").
 */
export async function signOutShopper(): Promise<void> {
  await callApi(apiBase, '/auth/sign-out', { body: {} });
  signOut();
  watchlist.replaceWatchlist([]);
  forgetShopper();
  forgetLegacyLeadRecord();
  forgetTabTraces();
  noteSignOut();
}

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

/** Save or remove a car for the signed-in `phone`; a change refused for an ended session is remembered for the next sign-in. */
export async function changeWatchlist(action: PendingChange['action'], car: { id: string; name: string }, phone: string): Promise<WatchlistOutcome> {
  const outcome = action === 'save' ? await watchlist.saveCar(car, phone) : await watchlist.removeCar(car, phone);
  if (outcome === 'signed-out') rememberPendingChange({ action, id: String(car.id), name: car.name, phone });
  return outcome;
}

/**
 * Just signed in as `phone`: the server's list becomes the local one, then the change waiting
 * for sign-in is made (a save for whoever signed in; a remove on the list it was meant for, or,
 * when it names no phone, on the list of whoever signed in; never on another known phone's list).
 */
export async function resumeWatchlist(phone: string): Promise<void> {
  await refreshWatchlist();
  const pending = takePendingChange();
  if (pending?.action === 'save') await watchlist.saveCar(pending, phone);
  else if (pending?.action === 'remove' && (pending.phone === undefined || pending.phone === phone)) await watchlist.removeCar(pending, phone);
}
