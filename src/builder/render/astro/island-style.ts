/**
 * Astro writes its island style (`<style>astro-island,…{display:contents}</style>`) just before
 * the first island of a page, wherever that is in the body; the HTML standard allows `<style>`
 * in the head only (the W3C Nu checker reports "A style element in body must be the first child
 * of its parent"). islandStyleInHead() moves that one element, unchanged, to the end of the
 * head, so every page is valid HTML (STYLE.md 18). A page without it is returned as it is.
 * Pure; src/middleware.ts applies it to every rendered page.
 */

/** Astro's island style element as Astro writes it (island-style.test.ts fails when Astro's own constant changes: an upgrade check). */
export const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page with Astro's island style moved from the body to the end of the head. */
export function islandStyleInHead(html: string): string {
  const at = html.indexOf(ASTRO_ISLAND_STYLE);
  const headEnd = html.indexOf('</head>');
  // Already in the head (or no head to move it to): nothing to do.
  if (at === -1 || headEnd === -1 || at < headEnd) return html;
  const without = html.slice(0, at) + html.slice(at + ASTRO_ISLAND_STYLE.length);
  return without.slice(0, headEnd) + ASTRO_ISLAND_STYLE + without.slice(headEnd);
}
