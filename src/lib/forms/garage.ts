/**
 * Whether a site keeps a watchlist (My Garage) for signed-in shoppers, and what it says when it
 * does not. The save buttons of the vehicle and reserve pages, /my-garage and the lead API's
 * watchlist calls ask here. Browser-safe.
 */
import type { Site } from '../../schemas/site.ts';
import type { Features } from '../../schemas/site/features.ts';

/** What a site needs for the answer: site.json `garage_enabled` or `features.garage` turns the garage on. */
export type GarageSwitches = Pick<Site, 'garage_enabled'> & { features: Pick<Features, 'garage'> };

/** The site keeps a watchlist for signed-in shoppers. */
export function offersGarage(site: GarageSwitches): boolean {
  return site.garage_enabled || site.features.garage;
}

/** What /my-garage says, and the lead API answers a watchlist call (404), on a site that keeps no watchlist. */
export const GARAGE_NOT_KEPT = 'This site does not keep a watchlist. Please get in touch with one of our friendly team members about the cars you like.';
