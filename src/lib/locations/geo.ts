/**
 * Distances on the earth's surface (spec §9: haversine, earth radius 6371 km).
 * Pure; used by delivery estimates, the dealer locator and appointment lookups.
 */

/** Mean earth radius in kilometres, as the spec fixes it. */
export const EARTH_RADIUS_KM = 6371;

/** A point in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in km between two points (haversine formula). */
export function haversineKm(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Items sorted by distance from `origin`, nearest first; items without a position go last. */
export function sortByDistance<T>(origin: LatLng, items: readonly T[], position: (item: T) => LatLng | undefined): { item: T; km: number | undefined }[] {
  return items
    .map((item) => {
      const point = position(item);
      return { item, km: point ? haversineKm(origin, point) : undefined };
    })
    .sort((a, b) => (a.km ?? Number.POSITIVE_INFINITY) - (b.km ?? Number.POSITIVE_INFINITY));
}
