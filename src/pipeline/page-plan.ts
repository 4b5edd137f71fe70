/**
 * Pages an incremental release takes over from the previous release instead of rendering them
 * again (issue 17 item 6, a first part of issue 12's page plan).
 *
 * An incremental release happens only when the site config, the tenant files and the code are
 * those of the previous release (their hash is in the release manifest; any change makes a
 * full build), when the header and footer menus are unchanged (`menuChanged` in rebuild.ts
 * makes a full build otherwise) and within a day of the last full build. A page whose output
 * depends on nothing else, never on the stock and never on the clock apart from the footer's
 * year, is then the same file as in the previous release: the routes below.
 *
 * The list is deliberately short and checked by hand: a route is listed only after reading
 * the page and every component it renders. Pages stay off it when they show anything from the
 * stock (tiles, counts, the makes of the service form; the forms' car choices and the
 * garage's car list are files of their own, /car-choices.json and /garage-cars.json, read by
 * the islands) or from the build time (offers' expiry, opening hours, the home page's
 * counters). A route that is not listed is rendered in every release, so forgetting one costs
 * time, never a stale page. `tests/integration/pipeline-releases.test.ts` compares incremental
 * releases with full builds of the same stock, file for file, which catches a listed route that
 * does depend on the stock.
 */

/** Astro route patterns (as in `RouteData.route`) whose pages never depend on the stock or the build time beyond the year. */
export const STOCK_FREE_ROUTES: readonly string[] = [
  '/404',
  '/[...content]',
  '/[garageRoute]',
  '/[brands]',
  '/[products]',
  '/apply-for-finance',
  '/blog/[reviews]',
  '/book-test-drive',
  '/cars/trade-in',
  '/checkout-journey',
  '/contact',
  '/contact-us',
  '/contact-us/[locationSlug]',
  '/dealer-locator',
  '/finance',
  '/finance-enquiry',
  '/finance-pre-approval',
  '/my-garage',
  '/online-payment',
  '/pages/unsubscribe',
  '/parts/[search]',
  '/personalised/finance',
  '/print',
  '/robots.txt',
  '/sell-my-car',
  '/sign-in',
  '/success',
  '/trade-in',
];

/**
 * Stock-free routes whose pages also carry the build clock, but only as an island's starting
 * value that the browser replaces with its own clock when the page loads (the offers list
 * drops expired offers by the shopper's clock). Taken over like the reused search pages, they
 * keep the clock of the release that rendered them, at most a day old (the periodic full build).
 * Pages that show the build clock in their HTML for good (a location's "today" in its opening
 * hours, the service page) are not here.
 */
export const CLOCK_SEEDED_ROUTES: readonly string[] = ['/offers', '/special-offers'];

/**
 * The routes an incremental release at `now` takes over, for a chain whose last full build ran
 * at `fullBuildTime`: none when the year changed since (every page's footer shows the year).
 */
export function reusableRoutes(now: number, fullBuildTime: number): readonly string[] {
  return new Date(now).getFullYear() === new Date(fullBuildTime).getFullYear() ? [...STOCK_FREE_ROUTES, ...CLOCK_SEEDED_ROUTES] : [];
}
