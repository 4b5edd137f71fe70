/**
 * Serves built tenant sites by host name, as a CDN would: `<slug>.localhost:<port>` serves
 * `<sitesDir>/<slug>/` (or its `current` release when the pipeline publishes releases),
 * and the bare host lists the tenants. Content types, cache headers, ETags and the tenant's
 * 404 page with status 404. Text files are sent gzipped only from the `.gz` written beside
 * them when the release was made (src/pipeline/release/precompress.ts): nothing is compressed per
 * request; a site without them (a plain `npm run build`) is sent as it is.
 */
import { createReadStream, existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, extname, join, normalize, sep } from 'node:path';
import { tenantOfHost } from '../lib/site/host.ts';
import { cacheControl, servedHeaders } from '../lib/site/serving.ts';
import { HEADERS_FILE, parseHeadersFile, type HeadersRule } from '../site-policy/security-headers.ts';
import { responseHeaders, securityHeadersFor } from '../site-policy/serving.ts';

const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg']);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Tenant slug of a Host header (the rule lives in src/lib/site/host.ts, shared with the edge). */
export { tenantOfHost };

/** Cache policy (src/lib/site/serving.ts, shared with the bucket publisher). */
export { cacheControl };

/** The directory a tenant is served from: its `current` release when present. */
export function siteRoot(sitesDir: string, slug: string): string | null {
  const base = join(sitesDir, slug);
  const current = join(base, 'current');
  try {
    if (existsSync(current)) return realpathSync(current);
    if (existsSync(join(base, 'index.html'))) return base;
  } catch {
    return null;
  }
  return null;
}

/** Tenants that have a built site in sitesDir. */
export function listSites(sitesDir: string): string[] {
  if (!existsSync(sitesDir)) return [];
  return readdirSync(sitesDir)
    .filter((name) => SLUG.test(name) && siteRoot(sitesDir, name) !== null)
    .sort();
}

/** The file for a URL path inside root, or null; never escapes root. */
export function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded).replace(/^(\.\.(\/|\\|$))+/, '');
  const base = join(root, relative);
  if (base !== root && !base.startsWith(root + sep)) return null;
  // The headers file is configuration for the server / CDN, not a page.
  if (basename(base) === HEADERS_FILE && base === join(root, HEADERS_FILE)) return null;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return null;
  }
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    try {
      const stats = statSync(candidate);
      if (!stats.isFile()) continue;
      // A symbolic link inside the site (e.g. in a tenant's public/ folder)
      // must not reach a file outside it: the real path has to stay under the real root.
      const real = realpathSync(candidate);
      if (real !== realRoot && !real.startsWith(realRoot + sep)) return null;
      return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

const headerRules = new Map<string, { stamp: string; rules: HeadersRule[] }>();

/** The `_headers` rules of a site root (re-read when the file changes), or null. */
function rulesOf(root: string): HeadersRule[] | null {
  const file = join(root, HEADERS_FILE);
  let stamp: string;
  try {
    const stats = statSync(file);
    stamp = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  } catch {
    return null;
  }
  const cached = headerRules.get(root);
  if (cached?.stamp === stamp) return cached.rules;
  try {
    const rules = parseHeadersFile(readFileSync(file, 'utf8'));
    if (headerRules.size > 1000) headerRules.clear();
    headerRules.set(root, { stamp, rules });
    return rules;
  } catch {
    return null;
  }
}

/** Whether a request came over plain HTTP (local runs at http://<slug>.localhost). */
const plainHttp = (req: IncomingMessage) => !(req.socket as { encrypted?: boolean }).encrypted;

function setHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** Set a site's security headers (its `_headers` rules for the path, else the baseline). */
function setSecurityHeaders(req: IncomingMessage, res: ServerResponse, root: string | null, urlPath: string): void {
  setHeaders(res, servedHeaders(securityHeadersFor(urlPath, root ? rulesOf(root) : null), { plainHttp: plainHttp(req) }));
}

/**
 * Stream a file into a response. A read error (the file vanished with a pruned release, an
 * I/O error) ends the response instead of becoming an unhandled 'error' event that would
 * take the whole server down.
 */
export function streamFile(file: string, res: ServerResponse): void {
  const stream = createReadStream(file);
  stream.on('error', () => {
    if (!res.headersSent) {
      res.statusCode = 404;
      res.removeHeader('Content-Length');
      res.removeHeader('Content-Encoding');
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    } else res.destroy();
  });
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The stats of the `.gz` written beside a file at release time, when it is there and not older. */
function precompressed(file: string, stats: Stats): Stats | null {
  try {
    const packed = lstatSync(`${file}.gz`);
    return packed.isFile() && packed.mtimeMs >= stats.mtimeMs ? packed : null;
  } catch {
    return null;
  }
}

function send(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats, status: number, urlPath: string, root: string): void {
  const extension = extname(file);
  const packed = COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? precompressed(file, stats) : null;
  const plainTag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const etag = packed ? `${plainTag.slice(0, -1)}-gz"` : plainTag;
  setHeaders(res, servedHeaders(responseHeaders(urlPath, rulesOf(root), extension), { status, plainHttp: plainHttp(req) }));
  if (status === 200) {
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  res.statusCode = status;
  res.setHeader('Vary', 'Accept-Encoding');
  if (packed) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', packed.size);
    if (req.method === 'HEAD') res.end();
    else streamFile(`${file}.gz`, res);
    return;
  }
  res.setHeader('Content-Length', stats.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  streamFile(file, res);
}

function indexPage(sitesDir: string, host: string): string {
  const port = /:(\d+)$/.exec(host)?.[1];
  const items = listSites(sitesDir)
    .map((slug) => {
      const href = `http://${slug}.localhost${port ? `:${port}` : ''}/`;
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(slug)}</a> <code>${escapeHtml(href)}</code></li>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dealer sites</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}li{margin:.5rem 0}</style></head><body><main><h1>Dealer sites</h1>${items ? `<ul>${items}</ul>` : '<p>No sites are built yet: run <code>npm run build</code>.</p>'}</main></body></html>`;
}

export interface StaticSitesOptions {
  /** Directory holding one built site (or release set) per tenant slug. */
  sitesDir: string;
}

/** A request handler serving every tenant site of sitesDir by host name. */
export function createStaticSitesHandler(options: StaticSitesOptions) {
  return function handle(req: IncomingMessage, res: ServerResponse): void {
    try {
      serve(req, res);
    } catch {
      // Last resort (a file removed between two checks...): answer, never throw.
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      }
      if (!res.writableEnded) res.end('Internal Server Error');
    }
  };

  function serve(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end('Method Not Allowed');
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      // A malformed request target (`GET http://[/x`) is the client's error.
      res.statusCode = 400;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Connection', 'close');
      res.end('Bad Request: malformed URL');
      return;
    }
    const host = String(req.headers.host ?? '');
    const slug = tenantOfHost(host);
    if (!slug) {
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      setSecurityHeaders(req, res, null, url.pathname);
      res.end(indexPage(options.sitesDir, host));
      return;
    }
    const root = siteRoot(options.sitesDir, slug);
    if (!root) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      setSecurityHeaders(req, res, null, url.pathname);
      res.end(`No site is built for "${slug}".`);
      return;
    }
    setSecurityHeaders(req, res, root, url.pathname);
    const file = resolveFile(root, url.pathname);
    if (file) {
      send(req, res, file, statSync(file), 200, url.pathname, root);
      return;
    }
    const notFound = join(root, '404.html');
    if (existsSync(notFound)) {
      send(req, res, notFound, statSync(notFound), 404, url.pathname, root);
      return;
    }
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Not found');
  }
}
