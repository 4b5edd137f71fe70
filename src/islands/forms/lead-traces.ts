/**
 * What the forms leave on the device about a shopper's leads, beside the prefill store: the pages
 * this tab visited (sessionStorage `visited_pages`, the newest as many as the lead API takes,
 * VISITED_PAGES_MAX, sent with a lead as lead_attributes.visited_pages) and the older /success
 * record (localStorage `success_category` and `lead_car`, LegacyLeadRecord). One small module owns
 * their keys: the forms write them, the lead payload and /success read them, and Sign out
 * (watchlist-client.ts, on every page with a watchlist button) forgets them without loading the
 * forms' code. Storage is a convenience only: a failure reads as nothing kept.
 */
import type { LegacyLeadRecord } from '../../lib/forms/lead-success.ts';
import { VISITED_PAGES_MAX } from '../../schemas/visited-pages-bounds.ts';

const VISITED_KEY = 'visited_pages';

/** Note this page in the visit's list, for lead_attributes.visited_pages. */
export function notePageVisit(): void {
  try {
    const pages = visitedPages();
    const here = `${location.pathname}${location.search}`;
    if (pages[pages.length - 1] !== here) pages.push(here);
    sessionStorage.setItem(VISITED_KEY, JSON.stringify(pages.slice(-VISITED_PAGES_MAX.count)));
  } catch {
    /* storage is a convenience only */
  }
}

/** The visit's pages, oldest first (none when storage cannot be read). */
export function visitedPages(): string[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(VISITED_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** Forget the visit's list of pages (Sign out: the next person's lead does not carry the previous shopper's pages). */
export function forgetVisitedPages(): void {
  try {
    sessionStorage.removeItem(VISITED_KEY);
  } catch {
    /* storage is a convenience only */
  }
}

/** The localStorage keys of the older /success record: the lead's success category, and its car (JSON). */
const LEGACY_CATEGORY_KEY = 'success_category';
const LEGACY_CAR_KEY = 'lead_car';

/**
 * Write the older record /success also reads (written alone by pages built before the lead modals
 * used these forms); lead_id marks the record as this form's: an older page's lead rewrites
 * lead_car without it.
 */
export function writeLegacyLeadRecord(category: string, car: { name: string; slug: string } | null | undefined, leadId: string | undefined): void {
  try {
    localStorage.setItem(LEGACY_CATEGORY_KEY, category);
    if (car) localStorage.setItem(LEGACY_CAR_KEY, JSON.stringify({ ...car, lead_id: leadId }));
    else localStorage.removeItem(LEGACY_CAR_KEY);
  } catch {
    /* storage is a convenience only */
  }
}

/** The older /success record as kept (nothing when storage cannot be read). */
export function readLegacyLeadRecord(): LegacyLeadRecord {
  try {
    const car = JSON.parse(localStorage.getItem(LEGACY_CAR_KEY) ?? 'null') as { name?: unknown; slug?: unknown; lead_id?: unknown } | null;
    return {
      category: localStorage.getItem(LEGACY_CATEGORY_KEY),
      car:
        car && typeof car.name === 'string' && typeof car.slug === 'string'
          ? { name: car.name, slug: car.slug, lead_id: typeof car.lead_id === 'string' ? car.lead_id : null }
          : null,
    };
  } catch {
    return { category: null, car: null };
  }
}

/** Forget the older /success record of the last lead (Sign out: /success shows the next person none of it). */
export function forgetLegacyLeadRecord(): void {
  try {
    localStorage.removeItem(LEGACY_CATEGORY_KEY);
    localStorage.removeItem(LEGACY_CAR_KEY);
  } catch {
    /* storage is a convenience only */
  }
}
