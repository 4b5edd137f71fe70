/**
 * The views counter's figures (spec §9 "animates from 0 over 1 s"; from the built number instead,
 * docs/decisions.md "Views counter"): the page is built showing the feed's count, the live count
 * from the API arrives later, and the counter counts up from the built number to the live one. It never shows less than the built
 * number (a live count below it, or none, leaves the built number). A count is shown only when
 * it is worth showing (viewsWorthShowing), here and on the search cards. Pure.
 */

/**
 * Whether a view count is shown at all: from two views, so the line always reads 'N people
 * have viewed this car' (never '0 people', nor '1 people' for the shopper's own first view).
 */
export function viewsWorthShowing(views: number): boolean {
  return Number.isFinite(views) && Math.round(views) >= 2;
}

/** The number shown at `progress` (0 to 1) of the count-up from the built count to the live one. */
export function viewsShown(built: number, live: number | null, progress: number): number {
  const from = Number.isFinite(built) ? Math.max(0, Math.round(built)) : 0;
  const to = live !== null && Number.isFinite(live) ? Math.max(from, Math.round(live)) : from;
  const done = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 1;
  return Math.round(from + (to - from) * done);
}
