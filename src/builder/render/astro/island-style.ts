/**
 * Astro writes its island style (`<style>astro-island,…{display:contents}</style>`) just before
 * the first island of a page, wherever that is in the body; the HTML standard allows `<style>`
 * in the head only (the W3C Nu checker reports "A style element in body must be the first child
 * of its parent"). islandStyleInHead() moves that one element, unchanged, to the end of the
 * head, so every page is valid HTML (STYLE.md 18). A page without it is returned as it is.
 * It works on the page's UTF-8 bytes, as rendered, so a page is not decoded and encoded again.
 * Pure; src/middleware.ts applies it to every rendered page, except where the render's caller
 * holds the page's bytes and applies it there (ISLAND_STYLE_BY_CALLER: the kept renderer, which
 * owns those bytes and moves the style within them: islandStyleInHeadInPlace).
 */

/** Astro's island style element as Astro writes it (island-style.test.ts fails when Astro's own constant changes: an upgrade check). */
export const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * The local (Astro `locals`, given to the app's render) by which a render's caller says it moves
 * the island style itself, on the bytes it writes: the middleware then hands Astro's response on
 * as it is, not read into bytes and wrapped in a second response.
 */
export const ISLAND_STYLE_BY_CALLER = 'dealerIslandStyleByCaller';

const STYLE_BYTES = Buffer.from(ASTRO_ISLAND_STYLE);
const HEAD_END_BYTES = Buffer.from('</head>');

/** The page's bytes with Astro's island style moved from the body to the end of the head (the same bytes when there is nothing to move). */
export function islandStyleInHead(page: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const at = bytes.indexOf(STYLE_BYTES);
  const headEnd = bytes.indexOf(HEAD_END_BYTES);
  // Already in the head (or no head to move it to): nothing to do.
  if (at === -1 || headEnd === -1 || at < headEnd) return page;
  return Buffer.concat([bytes.subarray(0, headEnd), STYLE_BYTES, bytes.subarray(headEnd, at), bytes.subarray(at + STYLE_BYTES.length)]);
}

/**
 * islandStyleInHead done within the page's own bytes, for a caller that owns them: the same
 * bytes in the end (the element moves back over the part of the page between the head's end
 * and it, so the length is the same), with no new buffer for a whole page. Returns `page`.
 */
export function islandStyleInHeadInPlace(page: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const at = bytes.indexOf(STYLE_BYTES);
  const headEnd = bytes.indexOf(HEAD_END_BYTES);
  if (at === -1 || headEnd === -1 || at < headEnd) return page;
  bytes.copyWithin(headEnd + STYLE_BYTES.length, headEnd, at);
  STYLE_BYTES.copy(bytes, headEnd);
  return page;
}
