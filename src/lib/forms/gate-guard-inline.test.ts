/**
 * GateGuard.astro's inline script copies gating.ts's rule (it cannot import it): on the
 * checkout journey it redirects a signed-out shopper exactly when checkoutSlug knows the car.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { checkoutSlug, isGatedPath } from './gating.ts';

const source = readFileSync(new URL('../../components/forms/GateGuard.astro', import.meta.url), 'utf8');
const script = /<script is:inline[^>]*>([\s\S]*?)<\/script>/.exec(source)![1]!;

/** Run the inline script for a signed-out shopper at `url`; the sign-in link it goes to, or null. */
function inlineRedirect(url: string, requireParam: string): string | null {
  const here = new URL(url);
  let replaced: string | null = null;
  const location = { search: here.search, pathname: here.pathname, origin: here.origin, replace: (to: string) => (replaced = to) };
  const context = { localStorage: { getItem: () => null }, document: { referrer: '' }, location, URL, URLSearchParams, JSON };
  runInNewContext(`var type = 'checkout', requireParam = ${JSON.stringify(requireParam)};\n${script}`, context);
  return replaced;
}

describe('GateGuard inline script', () => {
  it.each([
    '/checkout-journey?car_id=2019-toyota-corolla',
    '/checkout-journey?car_id=%20',
    '/checkout-journey?car_id=',
    '/checkout-journey?car_id=%20%09',
    '/checkout-journey',
    '/checkout-journey?other=1',
    '/checkout-journey?car_id=%20abc%20',
  ])('redirects %s exactly when gating.ts gates it', (path) => {
    const url = `https://dealer.example.com.au${path}`;
    const { pathname, search } = new URL(url);
    const gated = isGatedPath(pathname, ['/checkout'], search);
    expect(gated).toBe(checkoutSlug(pathname, search).slug !== undefined);
    expect(inlineRedirect(url, 'car_id') !== null).toBe(gated);
  });
});
