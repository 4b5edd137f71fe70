/**
 * The demo stays alive: the demo tenants' generated files carry absolute dates made for the
 * generator's clock, recorded beside them in `tenants/<slug>/demo-clock.json`. When a tenant
 * folder holds that file, every date of its stock and dated files is moved by (build clock -
 * generation clock) in whole days when the tenant is read, so recent sales, New Arrivals and
 * running offers are there whatever day the demo is built, and every read within a day agrees.
 * A real dealer's folder has no such file: its feed is read as it is (docs/demo-data.md).
 * Pure functions; the file is read by src/lib/site/tenant.ts.
 */

/** The tenant file that marks a demo tenant and records its generation clock. */
export const DEMO_CLOCK_FILE = 'demo-clock.json';

const DAY = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A date-time without a zone ('2026-12-01T09:00'): a wall-clock time in the dealer's zone (site.json dates). */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** Car fields whose dates are relative to the generation clock (build_date and compliance_date follow the model year and stay). */
const CAR_DATE_FIELDS = ['created_at', 'updated_at', 'rego_expiry', 'sold_date_timestamp'] as const;

/** Parse a demo-clock.json; throws a message naming the field when it is not usable. */
export function parseDemoClock(data: unknown): number {
  const generatedAt = (data as { generated_at?: unknown } | null)?.generated_at;
  const ms = typeof generatedAt === 'string' && DATE_TIME.test(generatedAt) ? Date.parse(generatedAt) : Number.NaN;
  if (Number.isNaN(ms)) throw new Error('field generated_at: expected an ISO 8601 date-time such as 2026-11-21T00:00:00.000Z');
  return ms;
}

/** A clock distance (ms) as the demo's date shift: whole days, rounded down (negative distances too). */
export function demoShiftDays(distance: number): number {
  return Math.floor(distance / DAY) * DAY;
}

/** The serialised demo-clock.json for a generation clock. */
export function demoClockJson(generatedAt: number): string {
  return `${JSON.stringify({ generated_at: new Date(generatedAt).toISOString() }, null, 2)}\n`;
}

/**
 * Move one date value by `shift` ms: date-times keep their form as UTC ISO text, date-only
 * values move by whole days, a date-time without a zone stays a wall-clock time (moved by the
 * same amount, written in its own form), epoch numbers keep their unit (seconds or ms).
 * Anything else (null, text that is not a date) is returned unchanged.
 */
export function shiftDate(value: unknown, shift: number): unknown {
  if (shift === 0) return value;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    return value > 1e12 ? value + shift : Math.round(value + shift / 1000);
  }
  if (typeof value !== 'string') return value;
  if (DATE_ONLY.test(value)) {
    const ms = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(ms) ? value : new Date(ms + Math.round(shift / DAY) * DAY).toISOString().slice(0, 10);
  }
  if (WALL_CLOCK.test(value)) {
    const ms = Date.parse(`${value}Z`);
    return Number.isNaN(ms) ? value : new Date(ms + shift).toISOString().slice(0, value.length);
  }
  if (DATE_TIME.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : new Date(ms + shift).toISOString();
  }
  return value;
}

function shiftFields<T>(record: T, fields: readonly string[], shift: number): T {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const field of fields) if (field in copy) copy[field] = shiftDate(copy[field], shift);
  return copy as T;
}

/** The raw stock.json of a demo tenant with its dates moved (non-array input is returned for the stock parser to report). */
export function shiftStockDates(raw: unknown, shift: number): unknown {
  if (shift === 0 || !Array.isArray(raw)) return raw;
  return raw.map((record) => shiftFields(record, CAR_DATE_FIELDS, shift));
}

/** A demo tenant's optional file (offers, slides, reviews, blog) with its dates moved; other files are returned as they are. */
export function shiftTenantFileDates(name: string, data: unknown, shift: number): unknown {
  if (shift === 0) return data;
  switch (name) {
    case 'offers.json':
    case 'slides.json':
      return Array.isArray(data) ? data.map((item) => shiftFields(item, ['start', 'expiry'], shift)) : data;
    case 'blog.json':
      return Array.isArray(data) ? data.map((item) => shiftFields(item, ['date'], shift)) : data;
    case 'reviews.json': {
      const reviews = (data as { reviews?: unknown } | null)?.reviews;
      if (!Array.isArray(reviews)) return data;
      return { ...(data as object), reviews: reviews.map((review) => shiftFields(review, ['review_date', 'reply_date'], shift)) };
    }
    default:
      return data;
  }
}

/** What of site.json the demo clock moves: the timed promos and the popup's expiry. */
interface DatedSite {
  promo: { nodes: readonly { start?: string; expiry?: string }[]; popup?: { expiry?: string } | undefined };
}

/**
 * A demo tenant's parsed site.json with its promo dates moved: `promo.nodes`
 * `start` / `expiry` and `promo.popup.expiry`, so the timed promo and the popup a demo shows at
 * its generation clock are still there a year later. A real dealer's site.json (shift 0) is
 * returned as it is.
 */
export function shiftSiteDates<T extends DatedSite>(site: T, shift: number): T {
  if (shift === 0) return site;
  const popup = site.promo.popup ? shiftFields(site.promo.popup, ['expiry'], shift) : site.promo.popup;
  return { ...site, promo: { ...site.promo, nodes: site.promo.nodes.map((node) => shiftFields(node, ['start', 'expiry'], shift)), popup } };
}
