/**
 * Save to / remove from the watchlist (spec §4 "Watchlist"): a signed-in shopper's change
 * is made locally at once, then posted (no rollback; toasts). A signed-out shopper, one whose
 * local session has lapsed, or one whose API session has ended (401), goes to
 * /sign-in?type=watchlist and the save or remove it asked for is made after signing in
 * (watchlist-client.ts). Sold cars hide the
 * button unless the car is already saved (the toast still shows).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { signInHref } from '../../lib/forms/gating.ts';
import { $session, currentSession } from '../../stores/session.ts';
import { rememberPendingChange } from './pending-watchlist-change.ts';
import { changeWatchlist, configureWatchlistApi, watchlist } from './watchlist-client.ts';
import WatchlistToast from './WatchlistToast.tsx';
import '../ui/form-kit/forms.css';

export interface WatchlistButtonProps {
  apiBase: string;
  car: { id: string; name: string; slug: string };
  /** The car is sold (or otherwise unavailable). */
  sold: boolean;
  /** The site's garage (garagePath, src/lib/forms/garage.ts), where the toast's View List goes. */
  garagePath: string;
}

export default function WatchlistButton({ apiBase, car, sold, garagePath }: WatchlistButtonProps) {
  configureWatchlistApi(apiBase);
  const ids = useStore(watchlist.$watchlist);
  const [mounted, setMounted] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMounted(true), []);
  // Nothing is known about the shopper at build time. An available car's button is in the page
  // from the first paint, disabled until mounted, so the sidebar does not grow (and push the rest of
  // the page down, a layout shift: docs/scale.md) when it hydrates. A sold car
  // shows the button only when the shopper has already saved it: that is known only once mounted.
  const saved = mounted && ids.includes(String(car.id));
  // No button, but the toast still: one carried back from sign-in (the car removed there) shows here.
  if (sold && !saved) return mounted ? <WatchlistToast garagePath={garagePath} /> : null;

  const toSignIn = () => {
    const here = `${location.pathname}${location.search}`;
    location.assign(signInHref({ type: 'watchlist', redirect: here, back: here }));
  };

  const toggle = async () => {
    // A press while the last change is still being sent does nothing (the button is aria-disabled, not disabled: see below).
    if (busy) return;
    const action = saved ? 'remove' : 'save';
    // The stored record, lapsed or not: currentSession drops a lapsed one, whose phone a remove is
    // made for after sign-in. Once dropped (here or by another island) none is known: the remove is
    // then made for whoever signs in (resumeWatchlist).
    const stored = $session.get();
    const session = currentSession();
    if (!session) {
      rememberPendingChange({ action, id: String(car.id), name: car.name, phone: stored?.phone });
      return toSignIn();
    }
    setBusy(true);
    const outcome = await changeWatchlist(action, car, session.phone);
    setBusy(false);
    if (outcome === 'signed-out') toSignIn();
  };

  return (
    <>
      {/* While a change is sent the button stays focusable (aria-disabled, as the form kit's SubmitButton): a focused button that becomes disabled drops keyboard focus to the page. */}
      {/* Its words say its state, so no aria-pressed: a pressed toggle keeps one name (docs/decisions.md "Toggle buttons"). */}
      <button
        type="button"
        className="button button--secondary watchlist-button"
        onClick={toggle}
        disabled={!mounted}
        aria-disabled={busy || undefined}
        data-testid="watchlist-button"
      >
        <span aria-hidden="true">{saved ? '★' : '☆'}</span> {saved ? 'Saved to Watchlist' : 'Save to Watchlist'}
      </button>
      {mounted && <WatchlistToast garagePath={garagePath} />}
    </>
  );
}
