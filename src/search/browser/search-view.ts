/**
 * Analytics event 49 (`searchView`) for a search page that is not live yet (the
 * island loads on first use). The page carries the event for its built results
 * (`data-search-view`, made by analyticsEntry at build time); an inline script in
 * SearchRoutePage.astro pushes it on load when the address is the built page's, and marks the
 * element with the URL. The island, once live, takes the mark and does not send that view again.
 */

/** Marks the element whose built results were reported: the value is the reported URL. */
export const SEARCH_VIEW_SENT = 'data-search-view-sent';

/** The URL whose searchView the page already sent (once: the mark is removed), or null. */
export function takeSentSearchView(root: Pick<Document, 'querySelector'> | undefined = globalThis.document): string | null {
  const marked = root?.querySelector(`[${SEARCH_VIEW_SENT}]`);
  if (!marked) return null;
  const url = marked.getAttribute(SEARCH_VIEW_SENT);
  marked.removeAttribute(SEARCH_VIEW_SENT);
  return url;
}
