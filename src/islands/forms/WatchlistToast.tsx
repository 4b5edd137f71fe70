/** The watchlist toast (spec §8 wording, 'View List'; one at a time), shown by the watchlist islands. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { watchlist } from './watchlist-client.ts';

export default function WatchlistToast() {
  const toast = useStore(watchlist.$toast);
  useEffect(() => {
    if (!toast || toast.kind === 'error') return;
    const timer = window.setTimeout(() => watchlist.dismissToast(), 6000);
    return () => window.clearTimeout(timer);
  }, [toast]);
  if (!toast) return null;
  return (
    <div className={`toast${toast.kind === 'error' ? ' toast--error' : ''}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="watchlist-toast">
      <p className="toast__title">{toast.title}</p>
      <p className="toast__text">{toast.description}</p>
      <div className="toast__actions">
        {toast.kind !== 'error' && <a href="/my-garage">View List</a>}
        <button type="button" onClick={() => watchlist.dismissToast()}>
          Close
        </button>
      </div>
    </div>
  );
}
