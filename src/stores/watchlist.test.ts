import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './persisted.ts';
import { closeToast } from './toast.ts';
import { createWatchlist, WATCHLIST_KEY } from './watchlist.ts';

const car = { id: 7, name: '2021 Toyota Corolla' };

describe('watchlist store', () => {
  // Every store's toasts are the page's one toast (./toast.ts).
  beforeEach(() => closeToast());

  it('saves locally at once, then posts, then shows the saved toast', async () => {
    let resolve!: (value: { success: boolean }) => void;
    const save = vi.fn(() => new Promise<{ success: boolean }>((done) => (resolve = done)));
    const storage = memoryStorage();
    const store = createWatchlist({ save, remove: vi.fn() }, storage);
    const pending = store.saveCar(car, '0412345678');
    expect(store.isWatched(7)).toBe(true);
    expect(JSON.parse(storage.data[WATCHLIST_KEY])).toEqual(['7']);
    expect(save).toHaveBeenCalledWith({ phone_number: '0412345678', car_id: '7' });
    resolve({ success: true });
    expect(await pending).toBe('ok');
    expect(store.$toast.get()).toEqual({ kind: 'saved', title: 'Car Saved In Watchlist', description: '2021 Toyota Corolla is now available in your watchlist' });
  });

  it('removes locally and shows the removed toast', async () => {
    const store = createWatchlist({ save: vi.fn(), remove: vi.fn(async () => ({ success: true })) }, memoryStorage({ [WATCHLIST_KEY]: '["7","8"]' }));
    expect(await store.removeCar(car, '0412345678')).toBe('ok');
    expect(store.$watchlist.get()).toEqual(['8']);
    expect(store.$toast.get()).toMatchObject({ title: 'Car Removed', description: '2021 Toyota Corolla is no longer in your watchlist' });
  });

  it('does not roll back on failure and alerts the error message', async () => {
    const store = createWatchlist({ save: vi.fn(async () => ({ success: false, message: 'Please sign in again.' })), remove: vi.fn(async () => Promise.reject(new Error('offline'))) }, memoryStorage());
    expect(await store.saveCar(car, '0412345678')).toBe('failed');
    expect(store.isWatched(7)).toBe(true);
    expect(store.$toast.get()).toEqual({ kind: 'error', title: 'Watchlist', description: 'Please sign in again.' });
    expect(await store.removeCar(car, '0412345678')).toBe('failed');
    expect(store.isWatched(7)).toBe(false);
    expect(store.$toast.get()).toMatchObject({ kind: 'error', description: 'offline' });
  });

  it('a change the API refuses for a dead session is signed-out, with no error toast', async () => {
    const store = createWatchlist({ save: vi.fn(async () => ({ success: false, signedOut: true })), remove: vi.fn() }, memoryStorage());
    expect(await store.saveCar(car, '0412345678')).toBe('signed-out');
    expect(store.$toast.get()).toBeNull();
  });

  it('takes the server list', () => {
    const store = createWatchlist({ save: vi.fn(), remove: vi.fn() }, memoryStorage());
    store.replaceWatchlist([1, '2', 2]);
    expect(store.$watchlist.get()).toEqual(['1', '2']);
  });
});
