/**
 * Local delivery estimate (spec "Delivery Calculator": takes a postcode, returns price and
 * name): road distance approximated as 1.25 x the great-circle distance from the car's
 * location to the postcode, priced per km above a base fee. Pure.
 */
import { haversineKm, type LatLng } from '../../../lib/locations/geo.ts';
import type { PostcodePlace } from '../../../lib/locations/postcodes.ts';

/** Pricing of the local estimate. */
export const DELIVERY_PRICING = {
  /** Road km per great-circle km. */
  roadFactor: 1.25,
  /** Within this road distance delivery is free. */
  freeWithinKm: 30,
  baseFee: 150,
  perKm: 1.1,
  /** Farther than this, no estimate is given (spec: ask for a quote). */
  maxKm: 4500,
} as const;

/** A delivery estimate: price in dollars and the place's name. */
export interface DeliveryEstimate {
  price: number;
  name: string;
  km: number;
}

/** Estimate delivery from `origin` to `destination`; undefined when too far to quote. */
export function estimateDelivery(origin: LatLng, destination: PostcodePlace): DeliveryEstimate | undefined {
  const km = Math.round(haversineKm(origin, destination) * DELIVERY_PRICING.roadFactor);
  if (km > DELIVERY_PRICING.maxKm) return undefined;
  const price = km <= DELIVERY_PRICING.freeWithinKm ? 0 : Math.round((DELIVERY_PRICING.baseFee + km * DELIVERY_PRICING.perKm) / 10) * 10;
  return { price, name: `${destination.suburb} ${destination.state} ${destination.postcode}`, km };
}
