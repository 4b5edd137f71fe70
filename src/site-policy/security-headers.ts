/**
 * Security headers of a built site, a site policy the build writes and the server sends.
 * One Content-Security-Policy per tenant site: scripts only from the site itself plus the
 * SHA-256 hashes of the inline scripts its pages contain, no 'unsafe-inline' for scripts;
 * connections only to the site, its lead API and its search host. The build's post-build step
 * (src/builder/post-build/security-headers-step.ts) writes `_headers` (the format Netlify and
 * Cloudflare Pages read) at the site root; the static server of `npm start` / `npm run serve`
 * sends the same headers (src/server/static-sites.ts), and the bucket publisher sets them per
 * object. docs/security.md lists them for other CDNs.
 */
import type { Site } from '../schemas/site.ts';

/** The file the step writes at the site root. */
export const HEADERS_FILE = '_headers';

/** HSTS: one year. No includeSubDomains by default: a dealer's other sub-domains may still be on plain HTTP. */
export const HSTS = 'max-age=31536000';

/** Headers served when a site has no `_headers` file (built before issue 13): HSTS and frame protection. */
export const BASELINE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
  'Strict-Transport-Security': HSTS,
  'X-Frame-Options': 'SAMEORIGIN',
};

function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Origins Stripe.js needs (Stripe's CSP guide): its script and frames, and its API. */
export const STRIPE_SCRIPT_ORIGINS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
export const STRIPE_CONNECT_ORIGINS = ['https://api.stripe.com'];

export interface PolicyOptions {
  /**
   * Browser-test builds (PUBLIC_PAYMENT_CLIENT=stand-in) confirm payments with a local
   * stand-in for Stripe on a loopback port; only those builds may connect to loopback.
   */
  paymentStandIn?: boolean;
}

/** The site's Content-Security-Policy, given the hashes of its inline scripts. */
export function contentSecurityPolicy(site: Site, scriptHashes: Iterable<string>, options: PolicyOptions = {}): string {
  const connect = new Set(["'self'"]);
  for (const origin of [originOf(site.api_base), originOf(site.search?.host)]) if (origin) connect.add(origin);
  const stripe = site.payments?.provider === 'stripe';
  if (stripe) for (const origin of STRIPE_CONNECT_ORIGINS) connect.add(origin);
  if (options.paymentStandIn) connect.add('http://127.0.0.1:*');
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(stripe ? STRIPE_SCRIPT_ORIGINS : []), ...[...new Set(scriptHashes)].sort()]],
    // Inline style attributes (theme variables, React islands) are needed; styles cannot run script.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Vehicle photos come from each dealer's feed (any HTTPS host).
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', [...connect]],
    // Vehicle videos and the service-booking page are embedded from their providers.
    ['frame-src', ["'self'", 'https:']],
    ['media-src', ["'self'", 'https:']],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  if (site.url.startsWith('https:')) directives.push(['upgrade-insecure-requests', []]);
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

/** Every header a page of the site is served with (HTML and assets alike). */
export function securityHeaders(site: Site, scriptHashes: Iterable<string>, options: PolicyOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(site, scriptHashes, options),
    'Strict-Transport-Security': HSTS,
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Stripe's Payment Element may offer wallet payments (Payment Request API) from its frame.
    'Permissions-Policy': `camera=(), microphone=(), payment=${site.payments?.provider === 'stripe' ? '(self "https://js.stripe.com")' : '()'}, usb=()`,
  };
}

/**
 * The pages that hold the shopper's session, garage or money: they are served with
 * `Cross-Origin-Opener-Policy: same-origin`, so a window from another site that opened them
 * keeps no handle on them (it cannot read their frames or navigate them to a look-alike).
 * The catalogue pages (home, search, vehicles, content) are the same for everyone and are
 * served without it: COOP makes Chrome put the page in a fresh renderer process, which on
 * phones costs every first page view a cold start (measured in docs/security.md).
 */
export function isolatedPaths(site: Pick<Site, 'garage_routes'>): string[] {
  const pages = ['/sign-in', '/my-garage', ...(site.garage_routes ?? []), '/cars/*/checkout', '/cars/*/buy-online', '/checkout-journey', '/online-payment', '/pages/unsubscribe'];
  // Each page with and without its trailing slash (rules match the path, never the query).
  return pages.flatMap((page) => [page, `${page}/*`]);
}

/** `_headers` rules of a site: every path's security headers, then COOP for the isolated pages. */
export function headersRules(site: Site, scriptHashes: Iterable<string>, options: PolicyOptions = {}): HeadersRule[] {
  return [
    { pattern: '/*', headers: securityHeaders(site, scriptHashes, options) },
    ...isolatedPaths(site).map((pattern) => ({ pattern, headers: { 'Cross-Origin-Opener-Policy': 'same-origin' } })),
  ];
}

/** A `_headers` rule: a path pattern (`*` matches any characters) and its headers. */
export interface HeadersRule {
  pattern: string;
  headers: Record<string, string>;
}

/** `_headers` text (Netlify / Cloudflare Pages format). */
export function renderHeadersFile(rules: readonly HeadersRule[]): string {
  return `${rules.map((rule) => [rule.pattern, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n\n')}\n`;
}

/** Parse `_headers` text: unindented lines are patterns, indented `Name: value` lines their headers. */
export function parseHeadersFile(text: string): HeadersRule[] {
  const rules: HeadersRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: {} });
    else {
      const pair = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
      if (pair && rules.length) rules[rules.length - 1]!.headers[pair[1]!] = pair[2]!.trim();
    }
  }
  return rules;
}

/** Compiled `_headers` patterns by their text: a publish asks for every file of a release, with the same few patterns. */
const compiledPatterns = new Map<string, RegExp>();
/** Distinct patterns kept at most (sites' `_headers` have a few each); past it the map starts again. */
const MAX_COMPILED_PATTERNS = 1000;

/** A `_headers` pattern as a regular expression of the whole path (`*` any characters). */
function compiledPattern(text: string): RegExp {
  let pattern = compiledPatterns.get(text);
  if (!pattern) {
    if (compiledPatterns.size >= MAX_COMPILED_PATTERNS) compiledPatterns.clear();
    pattern = new RegExp(`^${text.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    compiledPatterns.set(text, pattern);
  }
  return pattern;
}

/** Headers of the rules whose pattern matches a URL path (later rules win). */
export function headersForPath(rules: readonly HeadersRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) if (compiledPattern(rule.pattern).test(path)) Object.assign(headers, rule.headers);
  return headers;
}
