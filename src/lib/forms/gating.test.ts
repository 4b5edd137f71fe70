import { describe, expect, it } from 'vitest';
import { checkoutSlug, gatedFamily, gateRedirect, gateType, isGatedPath, safeReturnPath, signInFromHere, signInHref } from './gating.ts';

describe('gated routes', () => {
  it('always gates /my-garage, whatever the site says', () => {
    expect(isGatedPath('/my-garage', [])).toBe(true);
    expect(isGatedPath('/my-garage/', [])).toBe(true);
    expect(isGatedPath('/my-garage/cars', [])).toBe(true);
    expect(isGatedPath('/my-garagex', [])).toBe(false);
  });

  it.each([
    ['/finance', ['/finance'], true],
    ['/finance/', ['/finance'], true],
    ['/sell-my-car', ['/finance'], false],
    ['/sell-my-car', ['/sell-my-car', '/trade-in'], true],
    ['/spin-to-win', ['/spin-to-win'], true],
  ])('%s with gated %j -> %s', (path, routes, expected) => {
    expect(isGatedPath(path, routes)).toBe(expected);
  });

  it('gates checkout only when the car slug is known', () => {
    expect(isGatedPath('/cars/2021-corolla/checkout', ['/checkout'])).toBe(true);
    expect(isGatedPath('/cars/2021-corolla/buy-online', ['/checkout'])).toBe(true);
    expect(isGatedPath('/cars/2021-corolla/checkout', [])).toBe(false);
    expect(isGatedPath('/checkout-journey', ['/checkout'], '')).toBe(false);
    expect(isGatedPath('/checkout-journey', ['/checkout'], '?car_id=2021-corolla')).toBe(true);
    expect(checkoutSlug('/cars/a%20b/checkout').slug).toBe('a b');
  });

  it('builds the sign-in link with type, redirect and back', () => {
    expect(signInHref({ type: 'watchlist', redirect: '/cars/x', back: '/search/used-cars' })).toBe('/sign-in?type=watchlist&redirect=%2Fcars%2Fx&back=%2Fsearch%2Fused-cars');
  });

  it('refuses to return to another site', () => {
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('/my-garage?x=1')).toBe('/my-garage?x=1');
    expect(safeReturnPath(null, '/home')).toBe('/home');
  });

  it('redirects a signed-out shopper and lets a signed-in one stay', () => {
    expect(gateRedirect({ path: '/my-garage', gatedRoutes: [], signedIn: false, back: '/cars/x' })).toBe('/sign-in?type=garage&redirect=%2Fmy-garage&back=%2Fcars%2Fx');
    expect(gateRedirect({ path: '/my-garage', gatedRoutes: [], signedIn: true })).toBeNull();
    expect(gateRedirect({ path: '/finance', search: '?car_id=5', gatedRoutes: ['/finance'], signedIn: false })).toBe('/sign-in?type=finance&redirect=%2Ffinance%3Fcar_id%3D5&back=%2F');
    expect(gateRedirect({ path: '/contact', gatedRoutes: ['/finance'], signedIn: false })).toBeNull();
  });
});

describe('gated families: gating one route gates its sister routes (spec §2)', () => {
  it.each([
    ['/finance-enquiry', ['/finance']],
    ['/apply-for-finance', ['/finance']],
    ['/finance-pre-approval', ['/finance']],
    ['/personalised/finance', ['/finance']],
    ['/finance', ['/finance-pre-approval']],
    ['/cars/trade-in', ['/trade-in']],
    ['/trade-in', ['/cars/trade-in']],
    ['/online-payment', ['/online-payment']],
  ])('%s is gated by %j', (path, routes) => {
    expect(isGatedPath(path, routes)).toBe(true);
  });

  it('keeps families apart', () => {
    expect(isGatedPath('/sell-my-car', ['/trade-in'])).toBe(false);
    expect(isGatedPath('/cars/trade-in', ['/finance'])).toBe(false);
    expect(isGatedPath('/finance-enquiry', ['/trade-in', '/checkout'])).toBe(false);
    expect(isGatedPath('/cars/2021-corolla', ['/trade-in', '/finance', '/checkout'])).toBe(false);
  });

  it('sends the vehicle page\'s trade-in button and a finance sister page to sign-in with their family\'s type', () => {
    expect(gateRedirect({ path: '/cars/trade-in', search: '?car_id=502', gatedRoutes: ['/trade-in'], signedIn: false })).toBe('/sign-in?type=trade-in&redirect=%2Fcars%2Ftrade-in%3Fcar_id%3D502&back=%2F');
    expect(gateRedirect({ path: '/finance-enquiry', gatedRoutes: ['/finance'], signedIn: false })).toBe('/sign-in?type=finance&redirect=%2Ffinance-enquiry&back=%2F');
    expect(gateType('/personalised/finance')).toBe('finance');
  });

  it('names the family of a gateable route, and none for a path no page gates', () => {
    expect(gatedFamily('/finance-enquiry/')).toBe('finance');
    expect(gatedFamily('/buy-online')).toBe('checkout');
    expect(gatedFamily('/cars/2021-corolla/checkout')).toBe('checkout');
    expect(gatedFamily('/service')).toBeUndefined();
    expect(gatedFamily('/my-garage')).toBeUndefined();
  });
});

describe('signInFromHere: the page-load gate\'s link, for islands', () => {
  const here = { pathname: '/mysunstate/', search: '?x=1', origin: 'https://a.example' };
  it('returns to this page and goes back to the same-site page the shopper came from', () => {
    expect(signInFromHere('garage', here, 'https://a.example/cars/x?y=2')).toBe('/sign-in?type=garage&redirect=%2Fmysunstate%2F%3Fx%3D1&back=%2Fcars%2Fx%3Fy%3D2');
  });
  it.each([[''], ['https://evil.example/cars/x'], ['https://a.example/sign-in?type=garage'], ['not a url']])('goes back home from referrer %j', (referrer) => {
    expect(signInFromHere('garage', here, referrer)).toBe('/sign-in?type=garage&redirect=%2Fmysunstate%2F%3Fx%3D1&back=%2F');
  });
});

describe('2.76: group garage routes (site.json garage_routes)', () => {
  it('2.76: a garage route is gated like /my-garage and signs in with type garage', () => {
    expect(gateRedirect({ path: '/mymotorama', gatedRoutes: [], garageRoutes: ['/mymotorama'], signedIn: false, back: '/' })).toBe('/sign-in?type=garage&redirect=%2Fmymotorama&back=%2F');
    expect(gateRedirect({ path: '/mymotorama/', gatedRoutes: [], garageRoutes: ['/mymotorama'], signedIn: true })).toBeNull();
    expect(gateType('/mymotorama', ['/mymotorama'])).toBe('garage');
  });
  it('2.76: a site without the route does not gate it', () => {
    expect(gateRedirect({ path: '/mymotorama', gatedRoutes: [], garageRoutes: [], signedIn: false })).toBeNull();
    expect(gateType('/mymotorama')).toBe('mymotorama');
  });
});
