/**
 * site.json `gated_routes` (spec §2 "checkout/finance/trade-in/sell-my-car/spin-to-win/online-payment
 * gated per site"): the gateable families and their routes, and the paths a site may list.
 * src/lib/forms/gating.ts gates by them.
 */
import * as v from 'valibot';

/**
 * The gateable families and their routes. A site's gated_routes names a family by any of its
 * routes and gates all of them; checkout also covers /cars/{slug}/checkout and
 * /cars/{slug}/buy-online (gating.ts checkoutSlug).
 */
export const GATED_FAMILIES = {
  checkout: ['/checkout', '/buy-online', '/checkout-journey'],
  finance: ['/finance', '/finance-enquiry', '/apply-for-finance', '/finance-pre-approval', '/personalised/finance'],
  'trade-in': ['/trade-in', '/cars/trade-in'],
  'sell-my-car': ['/sell-my-car'],
  'spin-to-win': ['/spin-to-win'],
  'online-payment': ['/online-payment'],
} as const satisfies Record<string, readonly string[]>;

export type GatedFamily = keyof typeof GATED_FAMILIES;

/** Every route of the gateable families. */
export const GATEABLE_ROUTES: readonly string[] = Object.values(GATED_FAMILIES).flat();

/** A checkout family's car page: /cars/{slug}/checkout or /cars/{slug}/buy-online (gating.ts checkoutSlug). */
export const CHECKOUT_CAR_PAGE = /^\/cars\/([^/]+)\/(checkout|buy-online)$/;

/** A group garage route (site.json garage_routes): one segment starting with /my, e.g. /mymotorama. */
export const GARAGE_ROUTE = /^\/my[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A tenant content page's path (src/builder/bundle/content.ts): /<name> or /pages/<name>, lower-case words with hyphens. */
export const CONTENT_PAGE_PATH = /^(?:\/pages)?\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * True when a site's gated_routes may name `route` (a trailing slash allowed): a gateable family's
 * route or checkout car page, /my-garage or a garage route (always gated anyway), or a path of
 * the tenant's content pages' shape. Whether such a content page exists is the build's to say
 * (content.ts gatedRouteRefusals), where the pages are known.
 */
export function isGateableRoute(route: string): boolean {
  const path = route.length > 1 ? route.replace(/\/+$/, '') : route;
  return GATEABLE_ROUTES.includes(path) || CHECKOUT_CAR_PAGE.test(path) || path === '/my-garage' || GARAGE_ROUTE.test(path) || CONTENT_PAGE_PATH.test(path);
}

/** One gated_routes entry: a path of any other shape would gate no page, so it is refused. */
export const GatedRouteSchema = v.pipe(
  v.string(),
  v.check(
    isGateableRoute,
    (issue) =>
      `${JSON.stringify(issue.input)} gates no page: expected a gateable route (${GATEABLE_ROUTES.join(', ')}), /cars/{slug}/checkout, /cars/{slug}/buy-online, a garage route or a content page's path (/<name>, /pages/<name>)`,
  ),
);
