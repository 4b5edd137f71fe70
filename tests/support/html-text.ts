/**
 * What a reader sees of server-rendered HTML, for component tests (react-dom/server, the Astro
 * container): tags dropped, spaces joined. Import it only from tests.
 */

/** The text of `html`: React's text separators removed, each tag a space, runs of space one. */
export function htmlText(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of the first paragraph whose opening tag carries `attribute` as written ('class="reviews__summary"'). */
export function paragraphText(html: string, attribute: string): string {
  const found = new RegExp(`<p [^>]*${attribute}[^>]*>([\\s\\S]*?)</p>`).exec(html);
  if (!found) throw new Error(`no <p ${attribute}> in the HTML`);
  return htmlText(found[1]!);
}
