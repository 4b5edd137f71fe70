/**
 * What a tab keeps of its shopper in its own sessionStorage, and Sign out reaching every open tab
 * (docs/decisions.md, "Sign out in My Garage"). sessionStorage is each tab's own, so Sign out
 * (watchlist-client.ts signOutShopper) writes a mark in localStorage (SIGNED_OUT_KEY, the time),
 * which every tab shares: a tab hears of it by the `storage` event, or, when it heard nothing (a
 * tab the browser discarded, a page that follows no other tab), on its next page that loads this
 * module; either way it drops its own record (forgetTabTraces). Only Sign out writes the mark: a
 * session that ended (a 401 sending the shopper to sign-in, an expiry) or a sign-in elsewhere
 * leaves a tab's kept forms for the shopper's return from sign-in. Loaded by every island that
 * calls the API (api.ts), which are the ones that read these records.
 */
import { forgetKeptForms } from '../../stores/kept-forms.ts';
import { forgetCarriedToast } from '../../stores/toast.ts';
import { forgetVisitedPages } from './lead-traces.ts';
import { forgetPendingPayment } from './pending-payment.ts';
import { forgetPendingChange } from './pending-watchlist-change.ts';

/** localStorage key of the last Sign out's time (ms since epoch, as text). */
export const SIGNED_OUT_KEY = 'shopper_signed_out';
/** sessionStorage key of the Sign out this tab has dealt with: SIGNED_OUT_KEY's value then, '' when there was none. */
const SEEN_KEY = 'shopper_signed_out_seen';

/**
 * Drop this tab's record of the shopper: the forms kept while they went to sign in, the payment
 * being confirmed, the visit's pages, the watchlist change waiting for sign-in and a watchlist
 * toast carried to a page not yet opened.
 */
export function forgetTabTraces(): void {
  forgetKeptForms();
  forgetPendingPayment();
  forgetVisitedPages();
  forgetPendingChange();
  forgetCarriedToast();
}

/** Sign out in this tab, at `now`: the mark every other tab follows, this tab's record already dropped. */
export function noteSignOut(now: number = Date.now()): void {
  try {
    localStorage.setItem(SIGNED_OUT_KEY, String(now));
    sessionStorage.setItem(SEEN_KEY, String(now));
  } catch {
    /* storage is a convenience only */
  }
}

/**
 * A Sign out this tab has not dealt with: drop its record, and note it dealt with it. A tab that
 * never ran this (a new one, whose record is empty) only notes the mark it finds.
 */
export function forgetIfSignedOutElsewhere(): void {
  try {
    const mark = localStorage.getItem(SIGNED_OUT_KEY);
    const seen = sessionStorage.getItem(SEEN_KEY);
    if (seen !== null && mark !== null && mark !== seen) forgetTabTraces();
    if (seen !== (mark ?? '')) sessionStorage.setItem(SEEN_KEY, mark ?? '');
  } catch {
    /* storage is a convenience only */
  }
}

let following = false;

/** Deal with a Sign out made elsewhere now, when another tab makes one, and when the page is shown again from the back/forward cache (once per page). */
export function followSignOutElsewhere(): void {
  if (following || typeof window === 'undefined') return;
  following = true;
  forgetIfSignedOutElsewhere();
  window.addEventListener('storage', (event) => {
    if (event.key === SIGNED_OUT_KEY) forgetIfSignedOutElsewhere();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) forgetIfSignedOutElsewhere();
  });
}
