/**
 * How a built site's files are served: Content-Type by extension, the cache policy, and what
 * one response changes (servedHeaders). Pure (the edge bundles it). The whole header set of a
 * file is src/site-policy/serving.ts responseHeaders, used by the local server
 * (src/server/static-sites.ts) and the bucket publisher, so `npm start` and the CDN agree.
 */

/** Content-Type by file extension. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

/** A URL path's extension (`.html`), or '' (none, or a dot file), as node:path extname says. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/** Cache policy: hashed build assets forever, images a day, HTML always revalidated. */
export function cacheControl(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (['.webp', '.avif', '.png', '.jpg', '.jpeg', '.gif', '.svg', '.ico', '.woff2'].includes(extensionOf(path))) return 'public, max-age=86400';
  return 'public, max-age=0, must-revalidate';
}

/** The key of a header in a header record, matched without regard to case. */
function headerKey(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.keys(headers).find((key) => key.toLowerCase() === wanted);
}

/**
 * A file's stored headers as one response sends them: over plain HTTP (local runs at
 * http://<slug>.localhost) the Content-Security-Policy does not ask the browser to upgrade every
 * request to HTTPS, which would break the page; a response other than 200 is never cached.
 * Shared by the local server and the edge, so both answer alike.
 */
export function servedHeaders(headers: Record<string, string>, response: { status?: number; plainHttp: boolean }): Record<string, string> {
  const served = { ...headers };
  const csp = headerKey(served, 'Content-Security-Policy');
  if (csp && response.plainHttp) served[csp] = served[csp]!.replace(/;\s*upgrade-insecure-requests\b/, '');
  if (response.status !== undefined && response.status !== 200) served[headerKey(served, 'Cache-Control') ?? 'Cache-Control'] = 'no-store';
  return served;
}
