/**
 * The site header's <details> menus in the browser (WCAG 2.4.11: an open menu covers the page
 * below it): an open menu closes on Escape, with focus back on its summary, when focus moves out
 * of it, and on a click outside it. Without JavaScript they stay plain <details>, opened and
 * closed by their summary. Page code, so it lives with the islands, not src/lib.
 *
 * Contract with Header.astro: each menu is a <details data-menu> whose summary is its first child.
 */

/** Wire each of `menus` to close as above; `document` receives the clicks outside them. */
export function wireDisclosureMenus(menus: Iterable<HTMLDetailsElement>, document: Document): void {
  const all = [...menus];
  for (const menu of all) {
    menu.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !menu.open) return;
      // Handled: nothing else (the watchlist toast) closes on this Escape too.
      event.preventDefault();
      menu.open = false;
      menu.querySelector<HTMLElement>(':scope > summary')?.focus();
    });
    // Focus going nowhere (a click on the page's background) is the click's to judge.
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (menu.open && next && !menu.contains(next)) menu.open = false;
    });
  }
  document.addEventListener('click', (event) => {
    const target = event.target as Node | null;
    for (const menu of all) if (menu.open && !(target && menu.contains(target))) menu.open = false;
  });
}
