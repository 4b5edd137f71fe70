/**
 * The one URL slug rule of the project: lower-case ASCII letters and digits joined
 * by single hyphens, accents dropped ('Citroën' -> 'citroen', 'Škoda' -> 'skoda'). Menus,
 * model tiles, search routes, the hero's make tiles, CSV feed slugs and the demo generator
 * all use it, so a link built in one place always matches the route table built in another.
 */

/** URL slug of a text: lower-case words joined by single hyphens, accents dropped. */
export function slugify(value: string): string {
  // Plain ASCII (nearly every feed text) needs no Unicode normalisation, which is slow.
  const ascii = /^[\x00-\x7f]*$/.test(value) ? value : value.normalize('NFKD');
  return ascii
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Slug of several parts joined by spaces; null, undefined and blank parts are skipped. */
export function slugParts(...parts: (string | number | null | undefined)[]): string {
  return slugify(parts.filter((part) => part !== null && part !== undefined && String(part).trim() !== '').join(' '));
}
