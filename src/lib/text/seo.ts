/** SEO helpers: page titles, canonical URLs and JSON-LD that is safe to inline. */

/** Page title: "<page> | <dealer>", or just the dealer name on the home page. */
export function pageTitle(title: string, siteName: string): string {
  return title && title !== siteName ? `${title} | ${siteName}` : siteName;
}

/** Absolute canonical URL of a path on the site's public URL (no query string, no trailing slash except root). */
export function canonicalUrl(siteUrl: string, path: string): string {
  const clean = cleanPath(path);
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  // A path of plain segments is the site's root with the path after it, as URL would write it.
  const root = PLAIN_PATH.test(clean) ? rootOf(base) : null;
  return root !== null ? root + clean.slice(1) : new URL(clean || '/', base).href;
}

/** The path without its query and fragment, /index.html as /, and without a trailing slash but the root's. */
function cleanPath(path: string): string {
  const query = path.indexOf('?');
  const fragment = path.indexOf('#');
  const end = query < 0 ? fragment : fragment < 0 ? query : Math.min(query, fragment);
  let clean = end < 0 ? path : path.slice(0, end);
  if (clean.endsWith('/index.html')) clean = clean.slice(0, -'index.html'.length);
  // A slash after a character but a line terminator (what the pattern /(.)\/$/ took off).
  if (clean.length > 1 && clean.endsWith('/') && !LINE_TERMINATORS.includes(clean[clean.length - 2]!)) clean = clean.slice(0, -1);
  return clean;
}

const LINE_TERMINATORS = '\n\r\u2028\u2029';

/** An absolute path of segments URL writes as they are (no dot segment, no escape, no empty segment). */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;
/** The root URL ('https://host/') of each base a page has asked for; null when the base has none. */
const roots = new Map<string, string | null>();

function rootOf(base: string): string | null {
  let root = roots.get(base);
  if (root === undefined) {
    try {
      root = new URL('/', base).href;
    } catch {
      root = null;
    }
    if (!root?.endsWith('/')) root = null;
    roots.set(base, root);
  }
  return root;
}

/** The characters jsonLdText writes as JSON escapes, and their escapes. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * Serialise JSON-LD for a <script type="application/ld+json"> block. Feed text may hold
 * "</script>" or "<!--": escaping <, > and & keeps the block from being closed early.
 */
export function jsonLdText(data: unknown): string {
  return scriptSafeJson(JSON.stringify(data));
}

/** JSON text as jsonLdText writes it: <, >, &, U+2028 and U+2029 as JSON escapes (a text written so already stays as it is). */
export function scriptSafeJson(json: string): string {
  // One pass over the text for the five characters (the pages' island props go through here too).
  return json.replace(UNSAFE_IN_SCRIPT, (character) => SCRIPT_ESCAPES[character]!);
}

/** schema.org BreadcrumbList for a trail of crumbs (crumbs without href use the current URL). */
export function breadcrumbJsonLd(crumbs: { label: string; href?: string }[], siteUrl: string, currentPath: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: canonicalUrl(siteUrl, crumb.href ?? currentPath),
    })),
  };
}
