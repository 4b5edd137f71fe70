/**
 * Values of a validated feed record that are dropped while the car is kept (src/schemas/car.ts
 * `carReadingFor` applies this; src/lib/vehicle/stock.ts reports each drop with its record and
 * field). A photo must be an http(s) URL or a path on the site (a protocol-relative URL,
 * `//cdn...`, is kept read as https): anything else (ftp:, javascript:, data:, a relative path)
 * would reach an img src or og:image.
 * A price must not be negative: without it the spec's rule for a car without a price applies
 * ('Enquire for price.'). A distribution location's name or slug must fit a test-drive lead's
 * delivery_location (DELIVERY_LOCATION_MAX). The fields it reads are named here, as in car-record.ts.
 */
import { DELIVERY_LOCATION_MAX, oneLine } from './forms/fields.ts';

/** A value left out of a record and why; `field` is its dot path (`images.0.image`). */
export interface DroppedValue {
  field: string;
  message: string;
}

/** The photo fields of a record. */
export interface PhotoFields {
  images?: readonly { image: string; thumb?: string | null }[] | null;
  thumbnails?: readonly string[] | null;
  primary_image_url?: string | null;
  spin_images?: readonly string[] | null;
  spin_interior_image?: string | null;
}

/** The price fields of a record. */
export interface PriceFields {
  price?: number | null;
  before_price?: number | null;
  offer_price?: number | null;
  subscription_price?: number | null;
}

/** The delivery locations of a record's location (the test-drive form offers each by its name, else its slug). */
export interface DeliveryFields {
  location?: { distribution_locations?: readonly { name?: string | null; slug?: string | null }[] | null } | null;
}

const PRICE_FIELDS = ['price', 'before_price', 'offer_price', 'subscription_price'] as const;

/** An http(s) URL, or a site path: one slash, not two (`//host` is another site), nor a slash and a backslash. */
const PHOTO_URL = /^(?:https?:\/\/\S|\/(?![/\\]))/i;

/** A protocol-relative URL: two slashes, then a host (`//cdn.example/a.jpg`). */
const PROTOCOL_RELATIVE = /^\/\/[^\s/\\]/;

/** A photo value as kept: a protocol-relative URL read as https (`https://cdn.example/a.jpg`), any other as it is. */
function photoValue(url: string): string {
  const trimmed = url.trim();
  return PROTOCOL_RELATIVE.test(trimmed) ? `https:${trimmed}` : url;
}

/** Whether a feed value may be shown as a photo (read as photoValue keeps it); a blank value is no photo and is not judged here. */
export function isPhotoUrl(url: string): boolean {
  return PHOTO_URL.test(photoValue(url).trim());
}

/** Why a photo was dropped, quoting the value (a long one, such as a data: URL, shortened). */
function photoRefusal(url: string): string {
  const shown = url.length > 100 ? `${url.slice(0, 100)}...` : url;
  return `expected a photo URL (http(s), or a site path starting with /), received ${JSON.stringify(shown)}`;
}

/** What reading a record's photos found: the values dropped, and whether any value kept was read anew (photoValue). */
interface PhotoReading {
  dropped: DroppedValue[];
  rewritten: boolean;
}

/** Whether a photo value is given but not a photo URL. */
const unfitPhoto = (url: string | null | undefined): url is string => typeof url === 'string' && url.trim() !== '' && !isPhotoUrl(url);

/** A fit photo value as kept (photoValue), noting in `reading` when that changed it. */
function keptValue<T extends string | null | undefined>(url: T, reading: PhotoReading): T | string {
  if (typeof url !== 'string') return url;
  const kept = photoValue(url);
  if (kept !== url) reading.rewritten = true;
  return kept;
}

/** A list of photo URLs without the unfit ones, noting each dropped one under `field.<index>`. */
function keptPhotos(urls: readonly string[], field: string, reading: PhotoReading): string[] {
  urls.forEach((url, index) => unfitPhoto(url) && reading.dropped.push({ field: `${field}.${index}`, message: photoRefusal(url) }));
  return urls.filter((url) => !unfitPhoto(url)).map((url) => keptValue(url, reading));
}

/** The gallery without the entries whose photo is unfit, and with an unfit thumbnail emptied. */
function keptImages(images: NonNullable<PhotoFields['images']>, reading: PhotoReading): NonNullable<PhotoFields['images']> {
  const kept: NonNullable<PhotoFields['images']>[number][] = [];
  images.forEach((image, index) => {
    if (unfitPhoto(image.image)) {
      reading.dropped.push({ field: `images.${index}.image`, message: photoRefusal(image.image) });
    } else if (unfitPhoto(image.thumb)) {
      reading.dropped.push({ field: `images.${index}.thumb`, message: photoRefusal(image.thumb) });
      kept.push({ ...image, image: keptValue(image.image, reading), thumb: null });
    } else kept.push({ ...image, image: keptValue(image.image, reading), ...(image.thumb !== undefined ? { thumb: keptValue(image.thumb, reading) } : {}) });
  });
  return kept;
}

/** A single photo field: null when unfit (noted), else as kept (photoValue). */
function keptPhoto(url: string | null | undefined, field: string, reading: PhotoReading): string | null | undefined {
  if (!unfitPhoto(url)) return keptValue(url, reading);
  reading.dropped.push({ field, message: photoRefusal(url) });
  return null;
}

/** The record's photo fields without the unfit photos, noting each one dropped (in the record's field order). */
function photosDropped(record: PhotoFields, reading: PhotoReading): PhotoFields {
  return {
    ...(record.images ? { images: keptImages(record.images, reading) } : {}),
    ...(record.thumbnails ? { thumbnails: keptPhotos(record.thumbnails, 'thumbnails', reading) } : {}),
    ...(record.primary_image_url !== undefined ? { primary_image_url: keptPhoto(record.primary_image_url, 'primary_image_url', reading) } : {}),
    ...(record.spin_images ? { spin_images: keptPhotos(record.spin_images, 'spin_images', reading) } : {}),
    ...(record.spin_interior_image !== undefined ? { spin_interior_image: keptPhoto(record.spin_interior_image, 'spin_interior_image', reading) } : {}),
  };
}

/** The record's negative prices as null, noting each one dropped. */
function pricesDropped(record: PriceFields, dropped: DroppedValue[]): PriceFields {
  const kept: PriceFields = {};
  for (const field of PRICE_FIELDS) {
    const price = record[field];
    if (typeof price === 'number' && price < 0) {
      dropped.push({ field, message: 'must not be negative' });
      kept[field] = null;
    }
  }
  return kept;
}

/** A delivery location's text as a test-drive lead would post it (one line, trimmed) is too long for its field. */
const tooLongToPost = (text: string | null | undefined): text is string => typeof text === 'string' && oneLine(text).trim().length > DELIVERY_LOCATION_MAX;

/** Why a delivery location's name or slug was dropped, quoting its start. */
function deliveryRefusal(text: string): string {
  const shown = oneLine(text).trim();
  return `expected at most ${DELIVERY_LOCATION_MAX} characters (a test drive's delivery location), received ${shown.length}: ${JSON.stringify(`${shown.slice(0, 60)}...`)}`;
}

/**
 * The record's location with each distribution location's name or slug that is too long to post
 * emptied (null), noting each one dropped; the test-drive form then offers the slug, or nothing.
 */
function deliveryDropped(record: DeliveryFields, dropped: DroppedValue[]): DeliveryFields {
  const entries = record.location?.distribution_locations;
  if (!entries?.some((entry) => tooLongToPost(entry.name) || tooLongToPost(entry.slug))) return {};
  const kept = entries.map((entry, index) => {
    const fit = { ...entry };
    for (const key of ['name', 'slug'] as const) {
      const text = entry[key];
      if (!tooLongToPost(text)) continue;
      dropped.push({ field: `location.distribution_locations.${index}.${key}`, message: deliveryRefusal(text) });
      fit[key] = null;
    }
    return fit;
  });
  return { location: { ...record.location, distribution_locations: kept } };
}

/** The record without its unfit values, its protocol-relative photos read as https (the same record when it has neither), and what was dropped. */
export function dropUnfitValues<T extends PhotoFields & PriceFields & DeliveryFields>(record: T): { record: T; dropped: DroppedValue[] } {
  const reading: PhotoReading = { dropped: [], rewritten: false };
  const prices = pricesDropped(record, reading.dropped);
  const photos = photosDropped(record, reading);
  const delivery = deliveryDropped(record, reading.dropped);
  return { record: reading.dropped.length > 0 || reading.rewritten ? { ...record, ...prices, ...photos, ...delivery } : record, dropped: reading.dropped };
}
