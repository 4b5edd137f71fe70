/**
 * A nanostores atom kept in localStorage (shared by the favourites and compare stores).
 * Storage may be missing (static build, tests) or throw (private mode, quota): the atom then
 * works in memory only, because losing a saved car is better than breaking the page.
 */
import { atom, type WritableAtom } from 'nanostores';

/** The part of the Web Storage API the stores use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The event a persisted atom dispatches on the page (`window`) after writing its key, with the
 * key as `detail`: a page script that reads the storage itself (the shortlist bar,
 * src/components/shortlist/ShortlistBar.astro) follows this tab's changes by it, and other
 * tabs' by the browser's `storage` event.
 */
export const PERSISTED_CHANGE_EVENT = 'persisted-change';

/** localStorage when the page has one, else null. */
export function browserStorage(): KeyValueStorage | null {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/**
 * An atom whose value is read from `storage[key]` on creation (through `parse`, which must
 * reject bad data by returning the fallback) and written back on every change.
 */
export function persistedAtom<T>(key: string, fallback: T, parse: (raw: unknown) => T, storage: KeyValueStorage | null = browserStorage()): WritableAtom<T> {
  let initial = fallback;
  try {
    const text = storage?.getItem(key);
    if (text) initial = parse(JSON.parse(text));
  } catch {
    initial = fallback;
  }
  const store = atom<T>(initial);
  const target = globalThis as {
    addEventListener?: (type: string, listener: (event: { key?: string | null; newValue?: string | null }) => void) => void;
    dispatchEvent?: (event: Event) => boolean;
  };
  store.listen((value) => {
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch (error) {
      console.warn(`could not save ${key}`, error);
    }
    if (typeof target.dispatchEvent === 'function' && typeof CustomEvent === 'function')
      target.dispatchEvent(new CustomEvent(PERSISTED_CHANGE_EVENT, { detail: key }));
  });
  // Another tab saving a car updates this tab too.
  if (storage && typeof target.addEventListener === 'function') {
    target.addEventListener('storage', (event) => {
      if (event.key !== key) return;
      try {
        store.set(event.newValue ? parse(JSON.parse(event.newValue)) : fallback);
      } catch {
        /* a bad value from another tab is ignored */
      }
    });
  }
  return store;
}

/** In-memory storage for tests. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key] : null),
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}
