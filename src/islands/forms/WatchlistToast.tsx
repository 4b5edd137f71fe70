/**
 * The watchlist toast (spec §8 wording, 'View List'), shown by the watchlist islands: the
 * page's one toast with the share row's copy toast, which the share row draws itself and which
 * clears this one (src/stores/toast.ts). It stays until Close, Escape or the next toast (spec §8
 * gives it no time; a link that vanished after a few seconds could not be reached by everyone:
 * WCAG 2.2.1); Escape lets a keyboard user uncover what it covers without moving focus. Closing
 * hands focus back to where it was before it came into the toast, not to the page. Once mounted
 * it shows the toast the sign-in page carried to this page (the outcome of the change made after
 * signing in).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type FocusEvent } from 'react';
import { $pageToast, showToast, takeCarriedToast } from '../../stores/toast.ts';
import { watchlist } from './watchlist-client.ts';

/** `garagePath`: the site's garage (garagePath, src/lib/forms/garage.ts: its first garage route, else /my-garage), where View List goes. */
export default function WatchlistToast({ garagePath }: { garagePath: string }) {
  const toast = useStore($pageToast);
  const box = useRef<HTMLDivElement>(null);
  /** The element focus came from into the toast. */
  const cameFrom = useRef<HTMLElement | null>(null);
  const close = () => {
    const hadFocus = box.current?.contains(document.activeElement);
    watchlist.dismissToast();
    if (hadFocus && cameFrom.current?.isConnected) cameFrom.current.focus();
  };
  useEffect(() => {
    const carried = takeCarriedToast(location.pathname);
    if (carried) showToast(carried);
  }, []);
  useEffect(() => {
    if (!toast) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !event.defaultPrevented && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toast]);
  if (!toast) return null;
  const noteEntry = (event: FocusEvent) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !box.current?.contains(from)) cameFrom.current = from;
  };
  return (
    <div
      ref={box}
      className={`toast${toast.kind === 'error' ? ' toast--error' : ''}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="watchlist-toast"
      onFocus={noteEntry}
    >
      <p className="toast__title">{toast.title}</p>
      <p className="toast__text">{toast.description}</p>
      <div className="toast__actions">
        {toast.kind !== 'error' && <a href={garagePath}>View List</a>}
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
