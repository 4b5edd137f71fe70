/** Issue 13 M8 / Low (HSTS, frame protection): the security headers every built page gets. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../schemas/site.ts';
import { contentSecurityPolicy, headersForPath, headersRules, securityHeaders } from './security-headers.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const site = (extra: Record<string, unknown> = {}) =>
  v.parse(SiteSchema, { slug: 'csp-motors', template: 'used-group', name: 'CSP Motors', url: 'https://csp.example.com.au', phone: '+61 7 3555 0100', ...extra });

describe('M8 Content-Security-Policy', () => {
  it('M8 allows only this site, the listed inline scripts, and the API and search origins the site uses', () => {
    const policy = contentSecurityPolicy(site({ api_base: 'https://api.dealer-platform.example/api', search: { host: 'https://search.example.com', index: 'Car_production', key: 'x' } }), [hash('a()')]);
    const directives = Object.fromEntries(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'", hash('a()')]);
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.dealer-platform.example', 'https://search.example.com']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['upgrade-insecure-requests']).toEqual([]);
  });

  it('M8 a plain-http site (local runs) does not ask for upgrade-insecure-requests', () => {
    expect(contentSecurityPolicy(site({ url: 'http://csp-motors.localhost:4321' }), [])).not.toContain('upgrade-insecure-requests');
  });

  it('M8 a Stripe site allows Stripe.js and its API (and wallet payments from its frame); a site without a provider does not', () => {
    const stripe = site({ payments: { provider: 'stripe', publishable_key: 'pk_test_cspcheck' } });
    const policy = contentSecurityPolicy(stripe, []);
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(securityHeaders(stripe, [])['Permissions-Policy']).toContain('payment=(self "https://js.stripe.com")');
    expect(contentSecurityPolicy(site(), [])).not.toContain('stripe.com');
    expect(securityHeaders(site(), [])['Permissions-Policy']).toContain('payment=()');
  });

  it('M8 only a payment stand-in test build may connect to loopback', () => {
    expect(contentSecurityPolicy(site(), [], { paymentStandIn: true })).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:\*/);
    expect(contentSecurityPolicy(site(), [])).not.toContain('127.0.0.1');
  });

  it('Low HSTS and frame protection are part of every page\'s headers', () => {
    const headers = securityHeaders(site(), []);
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}/);
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'self'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });
});

describe('COOP on the account and payment pages only (the catalogue pages stay in a warm renderer)', () => {
  const rules = headersRules({ ...site(), garage_routes: ['/mymotorama'] }, []);
  const coop = (path: string) => headersForPath(rules, path)['Cross-Origin-Opener-Policy'];
  it.each(['/sign-in/', '/sign-in', '/my-garage/', '/mymotorama/', '/cars/2020-mazda-cx-5-x1/checkout/', '/cars/2020-mazda-cx-5-x1/buy-online/', '/checkout-journey/', '/online-payment/', '/pages/unsubscribe/'])('%s is isolated', (path) => {
    expect(coop(path)).toBe('same-origin');
  });
  it.each(['/', '/cars/2020-mazda-cx-5-x1/', '/search/used-cars/', '/print/', '/my-garage-sale/', '/finance/'])('%s is not', (path) => {
    expect(coop(path)).toBeUndefined();
    expect(headersForPath(rules, path)['Content-Security-Policy']).toContain("default-src 'self'");
  });
});
