/**
 * How a built site's files are served: Content-Type by extension and the cache policy. One
 * owner for the local server (src/server/static-sites.ts) and the bucket publisher, which
 * stores the same on each file (src/pipeline/publish/), so `npm start` and the CDN agree.
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
