/**
 * Analytics events (spec §7 "Analytics event ids"): pushed onto `window.dataLayer` for the
 * dealer's tag manager. Browser-safe and server-safe: it reads `globalThis`, never `window`
 * directly, so importing it during the static build does nothing. Failures are logged only (§8).
 */

/** Spec §7 event ids. */
export const ANALYTICS_EVENTS = {
  usedVehicleView: 4,
  newEnquiry: 14,
  usedEnquiry: 15,
  newTestDrive: 17,
  tradeInOfferAccepted: 18,
  callClick: 25,
  financeCalculatorUse: 26,
  favouriteSave: 39,
  usedTestDrive: 48,
  searchView: 49,
  historyReport: 60,
  print: 61,
} as const;

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;

/** One dataLayer entry. */
export interface AnalyticsEntry {
  event: 'dealer_event';
  event_id: number;
  event_name: AnalyticsEventName;
  [key: string]: unknown;
}

/** Build the dataLayer entry for an event (pure, for tests and for the push below). */
export function analyticsEntry(name: AnalyticsEventName, data: Record<string, unknown> = {}): AnalyticsEntry {
  return { ...data, event: 'dealer_event', event_id: ANALYTICS_EVENTS[name], event_name: name };
}

/**
 * The entry as JSON, for a data attribute of the built page: an inline page script (one that
 * imports nothing, as the vehicle page's do) pushes it as it is onto `window.dataLayer`.
 */
export function analyticsEntryText(name: AnalyticsEventName, data: Record<string, unknown> = {}): string {
  return JSON.stringify(analyticsEntry(name, data));
}

/** Push an event onto the page's dataLayer (created when missing). Returns the entry, or null outside a browser. */
export function trackEvent(
  name: AnalyticsEventName,
  data: Record<string, unknown> = {},
  target: { dataLayer?: unknown[]; document?: unknown } = globalThis as { dataLayer?: unknown[]; document?: unknown },
): AnalyticsEntry | null {
  // No document means the static build (or a test runner without a DOM): nothing to track.
  if (typeof target.document === 'undefined') return null;
  try {
    const entry = analyticsEntry(name, data);
    if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
    target.dataLayer.push(entry);
    return entry;
  } catch (error) {
    console.warn('analytics event failed', name, error);
    return null;
  }
}
