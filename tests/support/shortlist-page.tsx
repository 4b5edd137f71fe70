/**
 * Test set-up for the stored-list pages (saved cars, comparison: src/islands/shortlist/): the
 * page's island mounted with the store it reads emptied before and after each test, a fresh
 * shortlist file URL per test, a car as the site's file lists it, and the page's Remove buttons
 * and status. Import it only from tests: it registers vitest hooks where it is called.
 */
import type { WritableAtom } from 'nanostores';
import { act, type ComponentType } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ImageOptions } from '../../src/lib/images.ts';
import type { ShortlistCar } from '../../src/lib/vehicle/shortlist.ts';
import type { ShortlistWords } from '../../src/islands/shortlist/use-shortlist.ts';
import { settle } from './form-events.ts';
import { mountRoot } from './mount-root.ts';

/** The props both pages take. */
interface ShortlistPageProps {
  carsUrl: string;
  stockHref: string;
  words: ShortlistWords;
  images: ImageOptions;
}

/** What the pages call the cars in these tests. */
export const CAR_WORDS: ShortlistWords = { vehicle: 'car', vehicles: 'cars' };

/** A car as the site's shortlist file lists it: `car-<id>`, its photo and card facts, `extra` over them. */
export function listedCar(id: string, name: string, extra: Partial<ShortlistCar> = {}): ShortlistCar {
  return {
    id,
    slug: `car-${id}`,
    name,
    image: `/media/vehicles/car-${id}.webp`,
    available: true,
    price: '$28,990 Drive Away',
    year: '2021',
    odometer: '45,210 km',
    transmission: 'Automatic',
    fuel: 'Petrol',
    body: 'Hatch',
    ...extra,
  };
}

/**
 * Mount `Page` for each test of the calling file, `store` empty before each test and emptied
 * after it while the page is still mounted (the island follows the store); stubbed globals and
 * spies are undone after each test. `filePrefix` names the shortlist file URLs.
 */
export function shortlistPage<Car>(store: WritableAtom<Car[]>, Page: ComponentType<ShortlistPageProps>, filePrefix: string) {
  const mounted = mountRoot();
  beforeEach(() => store.set([]));
  // Registered after mountRoot's, so it runs before the page is unmounted.
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => store.set([]));
  });
  let file = 0;
  return {
    mounted,
    /** A fresh file URL per test: the island keeps a file it loaded for the page. */
    nextUrl: () => `/${filePrefix}-${(file += 1)}.json`,
    /** The page reading its file from `url` on a site with these image settings (local variants by default), rendered and settled. */
    async show(url: string, images: ImageOptions = {}): Promise<void> {
      mounted.render(<Page carsUrl={url} stockHref="/search/used-cars" words={CAR_WORDS} images={images} />);
      await settle();
    },
    /** The Remove button of the car named `name`. */
    removeButton: (name: string) => mounted.host.querySelector<HTMLButtonElement>(`button[aria-label="Remove: ${name}"]`)!,
    /** The status that says what a Remove did. */
    status: () => mounted.host.querySelector('[role="status"]')!.textContent,
  };
}
