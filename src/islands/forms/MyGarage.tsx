/**
 * /my-garage (spec §2, always gated): the signed-in shopper's watchlist, read from the API,
 * each car with its page link and a Remove button (focus then moves to the next car's, the one
 * before, or the empty list's message); cars no longer listed say so. On a site that
 * keeps no watchlist (`garageKept` false, src/lib/forms/garage.ts) it says so and loads nothing.
 * Sign out, under the shopper's number, ends the session here and at the API (a shared computer);
 * the garage then says so, its 'sign in' a link to sign in again (garageSignIn).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { GarageCarEntry } from '../../lib/forms/form-config.ts';
import { GARAGE_NOT_KEPT, garageSignIn } from '../../lib/forms/garage.ts';
import { currentSession } from '../../stores/session.ts';
import { changeWatchlist, configureWatchlistApi, refreshWatchlist, signOutShopper, watchlist } from './watchlist-client.ts';
import WatchlistToast from './WatchlistToast.tsx';
import { loadSiteFile } from './car-choices.ts';
import '../ui/form-kit/forms.css';

type GarageCar = GarageCarEntry;

/** Read the site's garage car list (JSON of GarageCar, src/pages/garage-cars.json.ts); anything malformed is dropped. */
export function parseGarageCars(text: string): GarageCar[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((car): car is GarageCar => !!car && typeof car === 'object' && typeof car.id === 'string' && typeof car.slug === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The API no longer knows the shopper (the local session is already gone): sign in again, back
 * to this garage route (/my-garage or a group's, e.g. /mysunstate) as the page-load gate sends
 * them (a remove cut short is made then).
 */
function toGarageSignIn(): void {
  location.replace(garageSignIn(location, document.referrer));
}

/**
 * `carListUrl` is the site's garage car list (GARAGE_CARS_PATH): read once the shopper is
 * signed in, so the page itself does not change with the stock. The list waits for it, so a
 * saved car never shows as 'No longer listed' while the names load. `garagePath`: the site's
 * garage (garagePath, src/lib/forms/garage.ts), where the toast's View List goes.
 */
export default function MyGarage({ apiBase, carListUrl, garageKept, garagePath }: { apiBase: string; carListUrl: string; garageKept: boolean; garagePath: string }) {
  configureWatchlistApi(apiBase);
  const [cars, setCars] = useState<GarageCar[] | null>(null);
  const ids = useStore(watchlist.$watchlist);
  const [state, setState] = useState<'loading' | 'ready' | 'offline'>('loading');
  const [phone, setPhone] = useState<string | null>(null);
  /** The garage's sign-in link (garageSignIn), read from the page's address once mounted (the server render has none). */
  const [signInAt, setSignInAt] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  /** After a Remove, the car whose Remove button takes focus (null: the empty list's message); undefined: focus stays. */
  const focusNext = useRef<string | null | undefined>(undefined);
  // The removed card took the focused button with it: focus goes on, not to the page.
  useEffect(() => {
    if (focusNext.current === undefined) return;
    const id = focusNext.current;
    focusNext.current = undefined;
    const selector = id === null ? '[data-garage-empty]' : `[data-car-id="${CSS.escape(id)}"] button`;
    root.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [ids]);

  /** After Sign out, the signed-out message takes focus (the button that had it is gone). */
  const focusSignedOut = useRef(false);
  const signedOutMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (phone || !focusSignedOut.current) return;
    focusSignedOut.current = false;
    signedOutMessage.current?.focus();
  }, [phone]);

  useEffect(() => {
    const session = currentSession();
    setPhone(session?.phone ?? null);
    setSignInAt(garageSignIn(location, document.referrer));
    // A site without a garage keeps no watchlist: nothing to load (the lead API would refuse it).
    if (!session || !garageKept) return;
    loadSiteFile(carListUrl, parseGarageCars).then(setCars, (error: unknown) => {
      console.error('the garage car list could not be loaded', error);
      setCars([]);
    });
    refreshWatchlist().then((outcome) => {
      if (outcome === 'signed-out') return toGarageSignIn();
      setState(outcome === 'ok' ? 'ready' : 'offline');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: the garage's cars and watchlist are loaded a single time per page
  }, []);

  if (!phone)
    return (
      <p tabIndex={-1} ref={signedOutMessage} data-garage-signed-out>
        Please {signInAt ? <a href={signInAt}>sign in</a> : 'sign in'} to see your garage.
      </p>
    );
  const signedInAs = (
    <p className="muted my-garage__account">
      Signed in as {phone}.{' '}
      <button
        type="button"
        className="button button--secondary"
        onClick={async () => {
          await signOutShopper();
          // The button goes with the list: focus goes to what the page says then, not to the page.
          focusSignedOut.current = true;
          setPhone(null);
          setCars(null);
        }}
      >
        Sign out
      </button>
    </p>
  );
  if (!garageKept)
    return (
      <div className="my-garage" data-state="not-kept">
        {signedInAs}
        <p>{GARAGE_NOT_KEPT}</p>
      </div>
    );
  if (cars === null)
    return (
      <div className="my-garage" aria-busy="true" data-state="loading">
        {signedInAs}
      </div>
    );
  const byId = new Map(cars.map((car) => [car.id, car]));
  return (
    <div className="my-garage" aria-busy={state === 'loading'} data-state={state} ref={root}>
      {signedInAs}
      {state === 'offline' && <p role="alert">We could not load your watchlist just now; showing the cars saved on this device.</p>}
      {state !== 'loading' && ids.length === 0 && (
        <p tabIndex={-1} data-garage-empty>
          Your watchlist is empty. Save a car from its page to see it here.
        </p>
      )}
      <ul className="grid my-garage__list" aria-label="Your watchlist">
        {ids.map((id) => {
          const car = byId.get(id);
          return (
            <li key={id} className="card my-garage__car" data-car-id={id}>
              {car?.image && <img src={car.image} alt="" width={400} height={267} loading="lazy" />}
              <div style={{ padding: '1rem' }}>
                <h2 style={{ fontSize: '1.1rem' }}>{car ? <a href={`/cars/${car.slug}`}>{car.name}</a> : 'No longer listed'}</h2>
                {car?.price && <p>{car.price}</p>}
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={async () => {
                    const at = ids.indexOf(id);
                    focusNext.current = ids[at + 1] ?? ids[at - 1] ?? null;
                    if ((await changeWatchlist('remove', { id, name: car?.name ?? 'This car' }, phone)) === 'signed-out') toGarageSignIn();
                  }}
                >
                  Remove{car ? <span className="visually-hidden"> {car.name}</span> : null}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <WatchlistToast garagePath={garagePath} />
    </div>
  );
}
