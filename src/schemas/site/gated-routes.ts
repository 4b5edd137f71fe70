/**
 * site.json `gated_routes` (spec §2 "checkout/finance/trade-in/sell-my-car/spin-to-win/online-payment
 * gated per site"): the gateable families and their routes. src/lib/forms/gating.ts gates by them.
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

/** Every route a site's gated_routes may name. */
export const GATEABLE_ROUTES: readonly string[] = Object.values(GATED_FAMILIES).flat();

/** True when a site's gated_routes may name `route`: a family's route (a trailing slash allowed), nothing else. */
export function isGateableRoute(route: string): boolean {
  return GATEABLE_ROUTES.includes(route.length > 1 ? route.replace(/\/+$/, '') : route);
}

/** One gated_routes entry: any other path would gate no page, so it is refused. */
export const GatedRouteSchema = v.pipe(
  v.string(),
  v.check(isGateableRoute, (issue) => `${JSON.stringify(issue.input)} gates no page: expected a gateable route (${GATEABLE_ROUTES.join(', ')})`),
);
