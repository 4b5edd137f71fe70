/**
 * The shortlist bar's links (src/components/shortlist/ShortlistBar.astro): where the Save and
 * Compare toggles' lists are shown, and the stored list each one counts. The bar's own script
 * reads the storage itself (an inline script: a search page downloads no script before it is
 * used), so it is told each list's storage key and limit here, from the stores that own them,
 * and follows this tab's changes by the stores' PERSISTED_CHANGE_EVENT.
 */
import { COMPARE_KEY, COMPARE_LIMIT } from '../../stores/compare.ts';
import { FAVOURITES_KEY } from '../../stores/favourites.ts';
import { PERSISTED_CHANGE_EVENT } from '../../stores/persisted.ts';
import type { ShortlistPages } from '../../lib/vehicle/shortlist.ts';

/** One link of the bar, shown while its list holds a car. */
export interface ShortlistBarLink {
  href: string;
  /** The page's title ('Saved Cars'); the bar adds the count in brackets. */
  label: string;
  /** The list's localStorage key. */
  storageKey: string;
  /** The most cars the list keeps (the count shown never exceeds it); null when unbounded. */
  limit: number | null;
}

/** The event the bar's script listens to for this tab's changes. */
export const SHORTLIST_CHANGE_EVENT = PERSISTED_CHANGE_EVENT;

/** The bar's links for a site's shortlist pages (none when it has neither). */
export function shortlistBarLinks(pages: ShortlistPages, titles: { saved: string; compare: string }): ShortlistBarLink[] {
  const links: ShortlistBarLink[] = [];
  if (pages.saved) links.push({ href: pages.saved, label: titles.saved, storageKey: FAVOURITES_KEY, limit: null });
  if (pages.compare) links.push({ href: pages.compare, label: titles.compare, storageKey: COMPARE_KEY, limit: COMPARE_LIMIT });
  return links;
}
