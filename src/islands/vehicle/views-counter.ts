/**
 * The vehicle page's views counter in the browser (spec §7 GET {api}/cars/{slug}/view.json with
 * photos_count, updated_at and website_id, returning views and car_fields, read and ignored:
 * docs/vehicle-page.md), made on every page of a site with the counter (the API counts a view
 * only on this call). Only a count worth showing shows (viewsWorthShowing); it counts up over
 * 1 s from the built number, never below it (viewsShown; §9 says from 0: docs/decisions.md
 * "Views counter"). Failures are logged only.
 *
 * Contract with ViewsCounter.astro: the line carries data-views (the built count), data-endpoint,
 * data-photos-count, data-updated-at and data-website-id; the number is in [data-views-number];
 * the attribute data-views-hidden hides the line (keeping its place, so the page does not move).
 */
import { viewsShown, viewsWorthShowing } from '../../lib/vehicle/views-count.ts';

/** How long the count-up takes (spec §9). */
const DURATION_MS = 1000;
/** A live count later than this is not waited for: the built number stays. */
const WAIT_MS = 1500;

export interface ViewsCounterOptions {
  fetch?: typeof fetch;
  /** The count-up's length; 0 shows the live count at once. */
  durationMs?: number;
}

/** Ask view.json (which counts this view); the live count, or null on any failure (logged). */
async function liveViews(line: HTMLElement, request: typeof fetch): Promise<number | null> {
  try {
    const url = new URL(line.dataset.endpoint ?? '', window.location.href);
    url.searchParams.set('photos_count', line.dataset.photosCount ?? '0');
    if (line.dataset.updatedAt) url.searchParams.set('updated_at', line.dataset.updatedAt);
    url.searchParams.set('website_id', line.dataset.websiteId ?? '');
    const response = await request(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(WAIT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    // car_fields (the car's id, slug, status, reserved, price, photos_count, updated_at) is ignored.
    const data = (await response.json()) as { views?: unknown; car_fields?: unknown };
    return typeof data.views === 'number' && data.views >= 0 ? data.views : null;
  } catch (error) {
    console.warn('view count unavailable', error);
    return null;
  }
}

/** Count the number up from the built count to the live one. */
function countUp(number: Element, built: number, live: number | null, durationMs: number): void {
  const format = new Intl.NumberFormat('en-AU');
  const target = viewsShown(built, live, 1);
  const still = durationMs <= 0 || target === viewsShown(built, live, 0) || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (still) {
    number.textContent = format.format(target);
    return;
  }
  const start = performance.now();
  const frame = (now: number) => {
    const progress = Math.min(1, (now - start) / durationMs);
    number.textContent = format.format(viewsShown(built, live, progress));
    if (progress < 1) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Record this view and show the count on one counter line; resolves once the answer is in. */
export async function startViewsCounter(line: HTMLElement, options: ViewsCounterOptions = {}): Promise<void> {
  const number = line.querySelector('[data-views-number]');
  const live = await liveViews(line, options.fetch ?? fetch);
  if (!number) return;
  const built = Number(line.dataset.views);
  if (!viewsWorthShowing(viewsShown(built, live, 1))) return;
  line.removeAttribute('data-views-hidden');
  countUp(number, built, live, options.durationMs ?? DURATION_MS);
}
