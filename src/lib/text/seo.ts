/** SEO helpers: page titles, canonical URLs and JSON-LD that is safe to inline. */

/** Page title: "<page> | <dealer>", or just the dealer name on the home page. */
export function pageTitle(title: string, siteName: string): string {
  return title && title !== siteName ? `${title} | ${siteName}` : siteName;
}

/** Absolute canonical URL of a path on the site's public URL (no query string, no trailing slash except root). */
export function canonicalUrl(siteUrl: string, path: string): string {
  const clean = path.split(/[?#]/)[0].replace(/\/index\.html$/, '/').replace(/(.)\/$/, '$1');
  return new URL(clean || '/', siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
}

/** The characters jsonLdText writes as JSON escapes, and their escapes. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * Serialise JSON-LD for a <script type="application/ld+json"> block. Feed text may hold
 * "</script>" or "<!--": escaping <, > and & keeps the block from being closed early.
 */
export function jsonLdText(data: unknown): string {
  // One pass over the text for the five characters (the pages' island props go through here too).
  return JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (character) => SCRIPT_ESCAPES[character]!);
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
