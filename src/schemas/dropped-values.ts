/**
 * Values of a validated feed record that are dropped while the car is kept (src/schemas/car.ts
 * `carReadingFor` applies this; src/lib/vehicle/stock.ts reports each drop with its record and
 * field). A photo must be an http(s) URL or a path on the site: anything else (ftp:,
 * javascript:, data:, a protocol-relative or relative path) would reach an img src or og:image.
 * A price must not be negative: without it the spec's rule for a car without a price applies
 * ('Enquire for price.'). Imports no code: the fields it reads are named here, as in car-record.ts.
 */

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

const PRICE_FIELDS = ['price', 'before_price', 'offer_price', 'subscription_price'] as const;

/** An http(s) URL, or a site path: one slash, not two (`//host` is another site), nor a slash and a backslash. */
const PHOTO_URL = /^(?:https?:\/\/\S|\/(?![/\\]))/i;

/** Whether a feed value may be shown as a photo; a blank value is no photo and is not judged here. */
export function isPhotoUrl(url: string): boolean {
  return PHOTO_URL.test(url.trim());
}

/** Why a photo was dropped, quoting the value (a long one, such as a data: URL, shortened). */
function photoRefusal(url: string): string {
  const shown = url.length > 100 ? `${url.slice(0, 100)}...` : url;
  return `expected a photo URL (http(s), or a site path starting with /), received ${JSON.stringify(shown)}`;
}

/** Whether a photo value is given but not a photo URL. */
const unfitPhoto = (url: string | null | undefined): url is string => typeof url === 'string' && url.trim() !== '' && !isPhotoUrl(url);

/** A list of photo URLs without the unfit ones, noting each dropped one under `field.<index>`. */
function keptPhotos(urls: readonly string[], field: string, dropped: DroppedValue[]): string[] {
  urls.forEach((url, index) => unfitPhoto(url) && dropped.push({ field: `${field}.${index}`, message: photoRefusal(url) }));
  return urls.filter((url) => !unfitPhoto(url));
}

/** The gallery without the entries whose photo is unfit, and with an unfit thumbnail emptied. */
function keptImages(images: NonNullable<PhotoFields['images']>, dropped: DroppedValue[]): NonNullable<PhotoFields['images']> {
  const kept: NonNullable<PhotoFields['images']>[number][] = [];
  images.forEach((image, index) => {
    if (unfitPhoto(image.image)) {
      dropped.push({ field: `images.${index}.image`, message: photoRefusal(image.image) });
    } else if (unfitPhoto(image.thumb)) {
      dropped.push({ field: `images.${index}.thumb`, message: photoRefusal(image.thumb) });
      kept.push({ ...image, thumb: null });
    } else kept.push(image);
  });
  return kept;
}

/** A single photo field: null when unfit (noted), else as it is. */
function keptPhoto(url: string | null | undefined, field: string, dropped: DroppedValue[]): string | null | undefined {
  if (!unfitPhoto(url)) return url;
  dropped.push({ field, message: photoRefusal(url) });
  return null;
}

/** The record's photo fields without the unfit photos, noting each one dropped (in the record's field order). */
function photosDropped(record: PhotoFields, dropped: DroppedValue[]): PhotoFields {
  return {
    ...(record.images ? { images: keptImages(record.images, dropped) } : {}),
    ...(record.thumbnails ? { thumbnails: keptPhotos(record.thumbnails, 'thumbnails', dropped) } : {}),
    ...(record.primary_image_url !== undefined ? { primary_image_url: keptPhoto(record.primary_image_url, 'primary_image_url', dropped) } : {}),
    ...(record.spin_images ? { spin_images: keptPhotos(record.spin_images, 'spin_images', dropped) } : {}),
    ...(record.spin_interior_image !== undefined ? { spin_interior_image: keptPhoto(record.spin_interior_image, 'spin_interior_image', dropped) } : {}),
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

/** The record without its unfit values (the same record when it has none) and what was dropped. */
export function dropUnfitValues<T extends PhotoFields & PriceFields>(record: T): { record: T; dropped: DroppedValue[] } {
  const dropped: DroppedValue[] = [];
  const prices = pricesDropped(record, dropped);
  const photos = photosDropped(record, dropped);
  return { record: dropped.length > 0 ? { ...record, ...prices, ...photos } : record, dropped };
}
