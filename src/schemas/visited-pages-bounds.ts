/**
 * How many pages a lead's lead_attributes.visited_pages carries, and how long each may be: the
 * lead API refuses more (src/schemas/lead.ts), so the tab's list (src/islands/forms/lead-traces.ts)
 * keeps no more and the lead payload (src/lib/forms/lead-payload.ts) sends no more. No imports:
 * the list is written on every page with a form or a watchlist button.
 */
export const VISITED_PAGES_MAX = {
  /** The newest pages kept and sent. */
  count: 50,
  /** Characters of one page (path and query). */
  length: 2000,
} as const;
