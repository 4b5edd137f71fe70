/**
 * Whether a site keeps a watchlist (My Garage) for signed-in shoppers, what it says when it
 * does not, and where its garage is. The save buttons of the vehicle and reserve pages,
 * /my-garage, the header's garage link, the watchlist toast's View List and the lead API's
 * watchlist calls ask here, and the garage's way to sign in. Browser-safe.
 */
import type { Site } from '../../schemas/site.ts';
import type { Features } from '../../schemas/site/features.ts';
import type { MenuLink } from '../../schemas/site/menus.ts';
import { signInFromHere } from './gating.ts';

/** What a site needs for the answer: site.json `garage_enabled` or `features.garage` turns the garage on. */
export type GarageSwitches = Pick<Site, 'garage_enabled'> & { features: Pick<Features, 'garage'> };

/** The site keeps a watchlist for signed-in shoppers. */
export function offersGarage(site: GarageSwitches): boolean {
  return site.garage_enabled || site.features.garage;
}

/** What /my-garage says, and the lead API answers a watchlist call (404), on a site that keeps no watchlist. */
export const GARAGE_NOT_KEPT = 'This site does not keep a watchlist. Please get in touch with one of our friendly team members about the cars you like.';

/** The garage page's title, and the words of the header's link to it (docs/decisions.md: the spec names no link). */
export const GARAGE_TITLE = 'My Garage';

/** The path every site has its garage page at (src/pages/my-garage.astro). */
export const MY_GARAGE_PATH = '/my-garage';

/**
 * The garage path of a site: its first group garage route (site.json `garage_routes`, e.g.
 * /mysunstate), else /my-garage. The header's garage link and the watchlist toast's View List
 * go here.
 */
export function garagePath(site: { garage_routes?: readonly string[] }): string {
  return site.garage_routes?.[0] ?? MY_GARAGE_PATH;
}

/** The header's link to the site's garage; none on a site that keeps no watchlist. */
export function garageLink(site: GarageSwitches & { garage_routes?: readonly string[] }): MenuLink | null {
  return offersGarage(site) ? { label: GARAGE_TITLE, href: garagePath(site) } : null;
}

/**
 * The garage's sign-in link for a signed-out shopper on it (type garage): back to this garage
 * route (/my-garage or a group's) as the page-load gate sends them (signInFromHere).
 */
export function garageSignIn(here: { pathname: string; search: string; origin: string }, referrer: string): string {
  return signInFromHere('garage', here, referrer);
}
