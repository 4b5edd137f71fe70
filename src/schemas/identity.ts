/**
 * The car's identity on every surface ("normalise feed quirks once at the
 * boundary"): its display name and its primary image. The Car schema applies `normaliseCar` when
 * a feed is parsed (src/schemas/car.ts), so every Car carries a display name and its primary
 * photo; no page, card, PDF, search document or lead works them out again. It imports no code
 * (the search client's embedded index uses `nameFromParts`), not even the Car type, since the
 * schema imports this file: `IdentityFields` names the fields it reads. `primaryImage` in
 * src/lib/images.ts adds the placeholder for a car without a photo.
 */

/** The feed fields a car's identity is made of (every CarRecord has them). */
export interface IdentityFields {
  id: number | string;
  name?: string | null;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  badge?: string | null;
  stocknum?: string | null;
  images?: readonly { image: string }[] | null;
  primary_image_url?: string | null;
}

type NameFields = Pick<IdentityFields, 'id' | 'name' | 'year' | 'make' | 'model' | 'badge' | 'stocknum'>;

/** The name built from the car's facts: year make model badge, the missing ones left out ('' when none). */
export function nameFromParts(car: { year?: number | null; make?: string | null; model?: string | null; badge?: string | null }): string {
  // A loop, not filter + join: the search island derives a name per car when it opens an index.
  let name = '';
  for (const part of [car.year, car.make, car.model, car.badge]) {
    if (part === null || part === undefined || part === '') continue;
    name = name === '' ? String(part) : `${name} ${part}`;
  }
  return name;
}

/**
 * The display name (spec §3 Car "name", which a feed may leave out): the feed's name, trimmed;
 * else year make model badge; else `Stock <stock number or id>`.
 */
export function carDisplayName(car: NameFields): string {
  const given = car.name?.trim();
  if (given) return given;
  return nameFromParts(car) || `Stock ${String(car.stocknum ?? car.id)}`;
}

/** The primary photo: the first feed image, else the feed's primary_image_url; null when the feed has no photo (blank counts as none). */
export function primaryPhoto(car: Pick<IdentityFields, 'images' | 'primary_image_url'>): string | null {
  return car.images?.[0]?.image ?? (car.primary_image_url?.trim() ? car.primary_image_url : null);
}

/** A Car as every surface sees it: the display name and the primary photo set. */
export function normaliseCar<T extends IdentityFields>(record: T): T & { name: string; primary_image_url: string | null } {
  // The name last, after the record's own fields (feed-check prints records in this order).
  return { ...record, primary_image_url: primaryPhoto(record), name: carDisplayName(record) };
}
