/**
 * What the saved cars and comparison pages share: the site's shortlist file (SHORTLIST_CARS_PATH,
 * every visible car's card facts), loaded once per page, and a stored list read only after
 * mounting (the built page cannot know it), with where focus goes after a Remove. useShortlistPage
 * is the pages' one entry: it puts these together as both pages open.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { isPhotoUrl } from '../../schemas/dropped-values.ts';
import { carPath, parseShortlistCars, type ShortlistCar } from '../../lib/vehicle/shortlist.ts';
import { withinWait } from '../ui/bounded-wait.ts';

/** What the site sells, in the pages' sentences (TemplateWording's `vehicle` and `vehicles`). */
export interface ShortlistWords {
  /** One: 'car', 'caravan', 'bike or truck'. */
  vehicle: string;
  /** Several: 'cars', 'caravans', 'bikes and trucks'. */
  vehicles: string;
}

/** Shown when the site's file did not load: the cars are then what this device stored. */
export const SHORTLIST_FILE_FAILED = 'We could not load the latest details just now, so this shows what this device saved.';

const loads = new Map<string, Promise<Map<string, ShortlistCar>>>();

/**
 * The shortlist file at `url` by car id, fetched once per page; a failed load, or one not done
 * within the islands' bounded wait (src/islands/ui/bounded-wait.ts), is tried again by the next caller.
 */
function loadShortlistCars(url: string): Promise<Map<string, ShortlistCar>> {
  let load = loads.get(url);
  if (!load) {
    load = withinWait(async (signal) => {
      const response = await fetch(url, { credentials: 'same-origin', signal });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return new Map(parseShortlistCars(await response.text()).map((car) => [car.id, car]));
    });
    loads.set(url, load);
    load.catch(() => loads.delete(url));
  }
  return load;
}

/**
 * The shortlist file, loaded once `wanted` (a stored list holds a car: an empty list needs no
 * file): null until it has loaded, 'failed' when it could not be (the page then shows what the
 * list stored).
 */
function useShortlistCars(url: string, wanted: boolean): Map<string, ShortlistCar> | null | 'failed' {
  const [cars, setCars] = useState<Map<string, ShortlistCar> | null | 'failed'>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadShortlistCars(url).then(
      (loaded) => current && setCars(loaded),
      (error: unknown) => {
        console.error('the shortlist file could not be loaded', error);
        if (current) setCars('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [url, wanted]);
  return cars;
}

/** False in the server's render and the hydrating one, true once mounted: a stored list is shown only then. */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * Focus after a Remove (WCAG 2.4.3): the removed car's control took the focus with it, so it goes
 * to the next car's Remove, else the one before, else the empty list's message. Call `removing`
 * with the list's ids and the removed one before removing it; `ids` is the list as shown.
 */
function useFocusAfterRemove(root: RefObject<HTMLElement | null>, ids: readonly string[]): (ids: readonly string[], removed: string) => void {
  const next = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (next.current === undefined) return;
    const id = next.current;
    next.current = undefined;
    const selector = id === null ? '[data-shortlist-empty]' : `[data-remove-id="${CSS.escape(id)}"]`;
    root.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [ids, root]);
  return (list, removed) => {
    const at = list.indexOf(removed);
    next.current = list[at + 1] ?? list[at - 1] ?? null;
  };
}

/** A stored car as a page shows it. */
export interface ShownCar {
  id: string;
  /** The site's name for it, or the stored one when the site no longer lists it or its file did not load. */
  name: string;
  /** Its page; null when the site no longer lists it (no page). */
  href: string | null;
  image: string | null;
  /** 'listed' with its facts, 'gone' when the site no longer lists it, 'unknown' when the file did not load. */
  state: 'listed' | 'gone' | 'unknown';
  facts: ShortlistCar | null;
}

/** A car as a stored list keeps it (untrusted: edited by hand, stale, another site's). */
export interface StoredShortlistCar {
  id: string;
  slug: string;
  name: string;
  primary_image_url?: string | null;
}

/** A stored entry joined with the site's file. */
function shownCar(stored: StoredShortlistCar, cars: Map<string, ShortlistCar> | 'failed'): ShownCar {
  if (cars === 'failed') {
    // Only a photo URL a page may show (http(s) or a path of this site) is used from storage.
    const image = stored.primary_image_url && isPhotoUrl(stored.primary_image_url) ? stored.primary_image_url : null;
    return { id: stored.id, name: stored.name, href: carPath(stored.slug), image, state: 'unknown', facts: null };
  }
  const car = cars.get(stored.id);
  if (!car) return { id: stored.id, name: stored.name, href: null, image: null, state: 'gone', facts: null };
  return { id: car.id, name: car.name, href: carPath(car.slug), image: car.image || null, state: 'listed', facts: car };
}

/** What a page of a stored list (saved cars, comparison) works from; see useShortlistPage. */
export interface ShortlistPage<Car extends StoredShortlistCar> {
  /** The stored list: empty until mounted. */
  list: Car[];
  /** The list joined with the site's file, in its order: empty until ready and the file has settled. */
  cars: ShownCar[];
  /** Mounted, and the file settled (or not needed): until then the page shows it is loading. */
  ready: boolean;
  /** The file could not be loaded: `cars` are what the device stored. */
  failed: boolean;
  /** The page's root, where focus is found after a Remove. */
  root: RefObject<HTMLDivElement | null>;
  /** The status text that says what a Remove did, and its setter. */
  message: string;
  setMessage: Dispatch<SetStateAction<string>>;
  /** Call with a car's id before removing it: focus then moves as useFocusAfterRemove says. */
  removing: (id: string) => void;
}

/**
 * The opening of a stored list's page: the list read from `store` once mounted, the shortlist file
 * at `carsUrl` loaded when the list holds a car, the list shown only once the file has settled (so
 * a listed car never shows as no longer listed while it loads), a status and focus after a Remove.
 */
export function useShortlistPage<Car extends StoredShortlistCar>(store: ReadableAtom<Car[]>, carsUrl: string): ShortlistPage<Car> {
  const mounted = useMounted();
  const stored = useStore(store);
  const list = mounted ? stored : [];
  const loaded = useShortlistCars(carsUrl, list.length > 0);
  const [message, setMessage] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const ids = list.map((car) => car.id);
  const focusAfter = useFocusAfterRemove(root, ids);
  const ready = mounted && (list.length === 0 || loaded !== null);
  const cars = ready && loaded !== null ? list.map((entry) => shownCar(entry, loaded)) : [];
  return { list, cars, ready, failed: loaded === 'failed', root, message, setMessage, removing: (id) => focusAfter(ids, id) };
}
