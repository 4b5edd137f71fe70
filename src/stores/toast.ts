/**
 * The page's one toast (spec §9 "Toast limit 1"): the watchlist's (spec §8, drawn by the
 * islands' WatchlistToast.tsx) is set here; the share row's copy toast is drawn by its own inline
 * script (src/islands/vehicle/share-row.ts), which imports nothing. Each announces a toast it
 * shows by a window event (PAGE_TOAST_EVENT) naming its owner, and each removes only its own
 * toast when the other's shows, so a new toast replaces the one showing.
 *
 * A toast can be carried to the next page (the sign-in page makes the watchlist change the
 * shopper asked for, then goes back): kept in sessionStorage for that page's path and taken once.
 */
import { atom, type WritableAtom } from 'nanostores';

/** A watchlist toast (spec §8 wording): a success, or the failure alert with the error message. */
export interface WatchlistToast {
  kind: 'saved' | 'removed' | 'error';
  title: string;
  description: string;
}

/** The watchlist toast showing on the page; null when none is (a copy toast may be). */
export const $pageToast: WritableAtom<WatchlistToast | null> = atom<WatchlistToast | null>(null);

/** Window event of a toast shown on the page; its detail names the owner ('copy': the share row's, which repeats these names). */
export const PAGE_TOAST_EVENT = 'page-toast';
const OWNER = 'watchlist';

if (typeof window !== 'undefined') {
  // The share row's copy toast shows: the watchlist toast goes.
  window.addEventListener(PAGE_TOAST_EVENT, (event) => {
    if ((event as CustomEvent<unknown>).detail !== OWNER) $pageToast.set(null);
  });
}

/** Show `toast` in place of the one showing. */
export function showToast(toast: WatchlistToast): void {
  $pageToast.set(toast);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(PAGE_TOAST_EVENT, { detail: OWNER }));
}

/** Close the toast showing; with `toast`, only if that one is still the one showing (a timer's close does not close its successor). */
export function closeToast(toast?: WatchlistToast): void {
  if (toast === undefined || $pageToast.get() === toast) $pageToast.set(null);
}

/** sessionStorage key of a toast carried to the next page. */
export const CARRIED_TOAST_KEY = 'carried_toast';

/** A path without its query, hash or trailing slash (the site answers with or without one). */
function pagePath(path: string): string {
  return new URL(path, 'http://page.invalid').pathname.replace(/(.)\/+$/, '$1');
}

function isWatchlistToast(raw: unknown): raw is WatchlistToast {
  if (!raw || typeof raw !== 'object') return false;
  const { kind, title, description } = raw as Record<string, unknown>;
  return (kind === 'saved' || kind === 'removed' || kind === 'error') && typeof title === 'string' && typeof description === 'string';
}

/** The page is about to go to `path`: the watchlist toast showing, if any, is shown there instead. */
export function carryToastTo(path: string): void {
  const toast = $pageToast.get();
  if (!toast) return;
  try {
    sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify({ path: pagePath(path), toast }));
  } catch {
    /* storage is a convenience only */
  }
}

/** Forget a toast carried to a page not yet opened (Sign out: it names a car of the previous shopper's watchlist). */
export function forgetCarriedToast(): void {
  try {
    sessionStorage.removeItem(CARRIED_TOAST_KEY);
  } catch {
    /* storage is a convenience only */
  }
}

/** Take (and forget) the toast carried to this page (`path`, the page's own); one carried to another page is dropped. */
export function takeCarriedToast(path: string): WatchlistToast | null {
  try {
    const raw = sessionStorage.getItem(CARRIED_TOAST_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(CARRIED_TOAST_KEY);
    const carried = JSON.parse(raw) as { path?: unknown; toast?: unknown } | null;
    return carried?.path === pagePath(path) && isWatchlistToast(carried.toast) ? carried.toast : null;
  } catch {
    return null;
  }
}
