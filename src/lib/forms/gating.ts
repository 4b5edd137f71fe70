/**
 * Gated routes (spec §2): pages that need a signed-in shopper send a signed-out one to
 * /sign-in?type={type}&redirect={path}&back={path}. /my-garage is always gated; the
 * site's `gated_routes` list adds gateable families (GATED_FAMILIES, src/schemas/site/gated-routes.ts):
 * naming any route of a family gates all of it. Checkout pages redirect only when the car slug is known.
 */
import { CHECKOUT_CAR_PAGE, GATED_FAMILIES, type GatedFamily } from '../../schemas/site/gated-routes.ts';

/** Paths gated on every site. */
export const ALWAYS_GATED = ['/my-garage'] as const;

/** Trim a trailing slash (except the root) so '/finance/' and '/finance' match alike. */
function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** A checkout page: /cars/{slug}/checkout, /cars/{slug}/buy-online or /checkout-journey. */
export function checkoutSlug(path: string, search = ''): { isCheckout: boolean; slug: string | undefined } {
  const clean = normalisePath(path);
  const match = CHECKOUT_CAR_PAGE.exec(clean);
  if (match) return { isCheckout: true, slug: decodeURIComponent(match[1]!) };
  if (clean === '/checkout-journey') {
    const carId = new URLSearchParams(search).get('car_id');
    return { isCheckout: true, slug: carId && carId.trim() !== '' ? carId : undefined };
  }
  return { isCheckout: false, slug: undefined };
}

/** The family a path belongs to (its route or a page under it), or undefined when no family has it. */
export function gatedFamily(path: string): GatedFamily | undefined {
  const clean = normalisePath(path);
  if (checkoutSlug(clean).isCheckout) return 'checkout';
  const families = Object.entries(GATED_FAMILIES) as [GatedFamily, readonly string[]][];
  return families.find(([, routes]) => routes.some((route) => clean === route || clean.startsWith(`${route}/`)))?.[0];
}

/** True when `path` needs a signed-in shopper on a site gating `gatedRoutes`. */
export function isGatedPath(path: string, gatedRoutes: readonly string[], search = ''): boolean {
  const clean = normalisePath(path);
  const routes = [...ALWAYS_GATED, ...gatedRoutes].map(normalisePath);
  const family = gatedFamily(clean);
  const familyGated = family !== undefined && routes.some((route) => gatedFamily(route) === family);
  if (family === 'checkout') {
    // Spec: the checkout redirect happens only when the car slug is known.
    return familyGated && checkoutSlug(clean, search).slug !== undefined;
  }
  return familyGated || routes.some((route) => clean === route || clean.startsWith(`${route}/`));
}

/** Only same-site paths are followed after sign-in (no open redirect to another host). */
export function safeReturnPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate) return fallback;
  const trimmed = candidate.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\') || /[\u0000-\u001f]/.test(trimmed)) return fallback;
  return trimmed;
}

/** The sign-in link: /sign-in?type={type}&redirect={path}&back={path}. */
export function signInHref(options: { type: string; redirect: string; back?: string }): string {
  const params = new URLSearchParams({ type: options.type, redirect: safeReturnPath(options.redirect), back: safeReturnPath(options.back ?? options.redirect) });
  return `/sign-in?${params.toString()}`;
}

/**
 * The sign-in link for a signed-out shopper on this page, by the page-load gate's rule
 * (GateGuard.astro's inline script mirrors it): back to this page with its query, and `back`
 * the same-site page they came from (never sign-in itself), else the home page.
 */
export function signInFromHere(type: string, here: { pathname: string; search: string; origin: string }, referrer: string): string {
  let back = '/';
  try {
    const from = referrer ? new URL(referrer) : null;
    if (from && from.origin === here.origin && !from.pathname.startsWith('/sign-in')) back = from.pathname + from.search;
  } catch {
    back = '/';
  }
  return signInHref({ type, redirect: here.pathname + here.search, back });
}

/** The sign-in `type` of a gated path, e.g. 'garage', 'checkout', 'finance'. */
export function gateType(path: string, garageRoutes: readonly string[] = []): string {
  const clean = normalisePath(path);
  if (clean.startsWith('/my-garage') || garageRoutes.some((route) => clean === normalisePath(route))) return 'garage';
  return gatedFamily(clean) ?? (clean.split('/')[1] || 'page');
}

/**
 * Where a signed-out shopper opening `path?search` must go, or null to stay.
 * `back` is the page they came from (same site), else the home page.
 */
export function gateRedirect(options: { path: string; search?: string; gatedRoutes: readonly string[]; garageRoutes?: readonly string[]; signedIn: boolean; back?: string | null }): string | null {
  if (options.signedIn) return null;
  const search = options.search ?? '';
  const garageRoutes = options.garageRoutes ?? [];
  if (!isGatedPath(options.path, [...options.gatedRoutes, ...garageRoutes], search)) return null;
  return signInHref({ type: gateType(options.path, garageRoutes), redirect: `${options.path}${search}`, back: safeReturnPath(options.back, '/') });
}
