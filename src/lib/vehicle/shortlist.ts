/**
 * The shopper's shortlists: the cars saved with the Save toggle (local favourites) and the cars
 * picked with Compare (spec §2 "save/compare", §3 "Local favourite"). The lists live in the
 * browser (src/stores/favourites.ts, compare.ts); their pages, /saved-cars and /compare, are
 * built only where the feature is on, and read each car's facts from the site's one
 * shortlist file (SHORTLIST_CARS_PATH) so the pages do not change with the stock.
 * docs/decisions.md "Saved cars and the comparison".
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import type { Features } from '../../schemas/site/features.ts';
import { primaryImage } from '../images.ts';
import { countNoun, vehicleKindsOf } from '../text/template-wording.ts';
import { formatKm } from '../text/format.ts';
import { isCarAvailable, SOLD_TAG } from './availability.ts';
import { headlineLine, headlinePrice, type PriceOptions } from './price.ts';
import { bodyText, fuelText, transmissionText } from './spec-rows.ts';

/** The saved cars page (the Save toggle's list). */
export const SAVED_CARS_PATH = '/saved-cars';
/** The comparison page (the Compare toggle's list). */
export const COMPARE_PATH = '/compare';
/** Where a site publishes its shortlist file (src/pages/[shortlistCars].json.ts). */
export const SHORTLIST_CARS_PATH = '/shortlist-cars.json';

/** The shortlist pages a site has: each only with its feature on (site.json `features.favourites`, `features.compare`). */
export interface ShortlistPages {
  /** SAVED_CARS_PATH, or null on a site without favourites. */
  saved: string | null;
  /** COMPARE_PATH, or null on a site without compare. */
  compare: string | null;
}

/** The shortlist pages of a site with these features. */
export function shortlistPages(features: Pick<Features, 'favourites' | 'compare'>): ShortlistPages {
  return { saved: features.favourites ? SAVED_CARS_PATH : null, compare: features.compare ? COMPARE_PATH : null };
}

/** The two pages' titles in what the site sells: 'Saved Cars' and 'Compare Cars', 'Saved Caravans', 'Compare Bikes & Trucks'. */
export function shortlistTitles(site: Pick<Site, 'template'> & { vehicle_kinds?: Site['vehicle_kinds'] }): { saved: string; compare: string } {
  const noun = countNoun(vehicleKindsOf(site), 2);
  return { saved: `Saved ${noun}`, compare: `Compare ${noun}` };
}

/**
 * The `sizes` of a saved car's photo: its card's width in the page's grid (`.grid` in
 * src/styles/global.css: columns at least 280 px wide, 1.25rem apart, in the container's
 * min(1200px, 100% - 2rem)) less the card's 1 px borders: one column below 612 px, two below
 * 912 px, three below 1212 px, then four.
 */
export const SAVED_CARS_IMAGE_SIZES = [
  '(min-width: 1232px) 283px',
  '(min-width: 1212px) calc((100vw - 5.75rem) / 4 - 2px)',
  '(min-width: 912px) calc((100vw - 4.5rem) / 3 - 2px)',
  '(min-width: 612px) calc((100vw - 3.25rem) / 2 - 2px)',
  'calc(100vw - 2rem - 2px)',
].join(', ');

/**
 * The `sizes` of a compared car's photo with `columns` cars: its column's width less the cell's
 * padding (src/islands/shortlist/shortlist.css: the labels' column 6.75rem, each car's at least
 * 7.25rem, cells padded 0.375rem a side; from 700 px the labels 10rem and the padding 0.75rem;
 * the cars share what the container, min(1200px, 100% - 2rem), leaves them).
 */
export function compareImageSizes(columns: number): string {
  const cars = Math.max(1, columns);
  return [
    // Up to the container's margins, the labels and each car's least: the columns are at their least and the table scrolls sideways.
    `(max-width: ${2 + 6.75 + 7.25 * cars}em) 6.5rem`,
    `(max-width: 699px) calc((100vw - 8.75rem) / ${cars} - 0.75rem)`,
    `(max-width: 1231px) calc((100vw - 12rem) / ${cars} - 1.5rem)`,
    `calc((1200px - 10rem) / ${cars} - 1.5rem)`,
  ].join(', ');
}

/** The facts a comparison lines up, in order, with their labels (the vehicle page's own). */
export const COMPARE_FACTS = [
  ['price', 'Price'],
  ['year', 'Year'],
  ['odometer', 'Odometer'],
  ['transmission', 'Transmission'],
  ['fuel', 'Fuel Type'],
  ['body', 'Body Type'],
] as const;

/** One fact's key. */
export type CompareFact = (typeof COMPARE_FACTS)[number][0];

/** One car of the shortlist file: what the saved cars and comparison show of it, as text ready to show. */
export interface ShortlistCar {
  id: string;
  slug: string;
  name: string;
  /**
   * The card photo's URL (primaryImage: the feed photo, or the body's drawing), one URL as the
   * search index carries it: the pages make its card widths (carImageSources, the site's image
   * CDN) and pick one by SAVED_CARS_IMAGE_SIZES or compareImageSizes.
   */
  image: string;
  /** For sale (in stock or coming soon); a sold car shows SOLD_TAG instead of a price. */
  available: boolean;
  /** The price as the car's card shows it ('$44,500 Drive Away', 'Enquire for price.'); SOLD_TAG for a sold car. */
  price: string;
  year: string | null;
  /** '12,345 km'. */
  odometer: string | null;
  transmission: string | null;
  fuel: string | null;
  body: string | null;
}

/** The shortlist file of a site's visible cars (their card price by the site's price rules, their card photo's URL). */
export function shortlistCars(cars: readonly Car[], prices: PriceOptions): ShortlistCar[] {
  return cars.map((car) => {
    const available = isCarAvailable(car);
    const km = formatKm(car.km);
    return {
      id: String(car.id),
      slug: car.slug,
      name: car.name,
      image: primaryImage(car),
      available,
      price: available ? headlineLine(headlinePrice(car, prices)) : SOLD_TAG,
      year: typeof car.year === 'number' && Number.isFinite(car.year) ? String(car.year) : null,
      odometer: km === '' ? null : km,
      transmission: transmissionText(car),
      fuel: fuelText(car),
      body: bodyText(car),
    };
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Read a shortlist file (the site's own, but read defensively): entries without an id, slug or name are dropped. */
export function parseShortlistCars(json: string): ShortlistCar[] {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const out: ShortlistCar[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const id = text(record.id);
    const slug = text(record.slug);
    const name = text(record.name);
    if (!id || !slug || !name) continue;
    const available = record.available === true;
    out.push({
      id,
      slug,
      name,
      image: text(record.image) ?? '',
      available,
      price: text(record.price) ?? (available ? '' : SOLD_TAG),
      year: text(record.year),
      odometer: text(record.odometer),
      transmission: text(record.transmission),
      fuel: text(record.fuel),
      body: text(record.body),
    });
  }
  return out;
}

/** A car page's path from a slug (a stored slug is untrusted: it stays one path segment). */
export function carPath(slug: string): string {
  return `/cars/${encodeURIComponent(slug)}`;
}
