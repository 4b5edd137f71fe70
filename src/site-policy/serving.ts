/**
 * The response headers of a built site's file, one owner for the local server
 * (src/server/static-sites.ts) and the bucket publisher (which stores them in the release
 * manifest the edge serves from): the security headers of its path (the site's `_headers`
 * rules over the baseline), its Content-Type and cache policy, nosniff and the referrer policy.
 * What one response changes (plain HTTP, an error status) is src/lib/site/serving.ts servedHeaders.
 */
import { cacheControl, CONTENT_TYPES, extensionOf } from '../lib/site/serving.ts';
import { BASELINE_HEADERS, headersForPath, type HeadersRule } from './security-headers.ts';

/** The security headers of a path: the `_headers` rules that match it over the baseline (the baseline alone without rules). */
export function securityHeadersFor(urlPath: string, rules: readonly HeadersRule[] | null): Record<string, string> {
  return { ...BASELINE_HEADERS, ...(rules ? headersForPath(rules, urlPath) : {}) };
}

/** Every header a file at `urlPath` is served with; `extension` names its type when the URL path does not (a folder's index.html). */
export function responseHeaders(urlPath: string, rules: readonly HeadersRule[] | null, extension: string = extensionOf(urlPath)): Record<string, string> {
  return {
    ...securityHeadersFor(urlPath, rules),
    'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(urlPath),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
