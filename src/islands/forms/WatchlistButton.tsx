/**
 * Save to / remove from the watchlist (spec §4 "Watchlist"): a signed-in shopper's change
 * is made locally at once, then posted (no rollback; toasts). A signed-out shopper, or one
 * whose API session has ended (401), goes to /sign-in?type=watchlist and a car being saved is
 * saved after signing in. Sold cars hide the
 * button unless the car is already saved.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { signInHref } from '../../lib/forms/gating.ts';
import { currentSession } from '../../stores/session.ts';
import { configureWatchlistApi, rememberPendingSave, watchlist } from './watchlist-client.ts';
import WatchlistToast from './WatchlistToast.tsx';
import '../ui/form-kit/forms.css';

export interface WatchlistButtonProps {
  apiBase: string;
  car: { id: string; name: string; slug: string };
  /** The car is sold (or otherwise unavailable). */
  sold: boolean;
}

export default function WatchlistButton({ apiBase, car, sold }: WatchlistButtonProps) {
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
  if (sold && !saved) return null;

  const toSignIn = (saveAfter: boolean) => {
    if (saveAfter) rememberPendingSave({ id: String(car.id), name: car.name });
    const here = `${location.pathname}${location.search}`;
    location.assign(signInHref({ type: 'watchlist', redirect: here, back: here }));
  };

  const toggle = async () => {
    const session = currentSession();
    if (!session) return toSignIn(true);
    setBusy(true);
    const outcome = saved ? await watchlist.removeCar(car, session.phone) : await watchlist.saveCar(car, session.phone);
    setBusy(false);
    if (outcome === 'signed-out') toSignIn(!saved);
  };

  return (
    <>
      <button type="button" className="button button--secondary watchlist-button" aria-pressed={saved} onClick={toggle} disabled={busy || !mounted} data-testid="watchlist-button">
        <span aria-hidden="true">{saved ? '★' : '☆'}</span> {saved ? 'Saved to Watchlist' : 'Save to Watchlist'}
      </button>
      {mounted && <WatchlistToast />}
    </>
  );
}
