// @vitest-environment happy-dom
/**
 * The views counter in the browser (spec §7 GET {api}/cars/{slug}/view.json counts the view; §2
 * views counter on sites with features.view_counter): the call is made whatever the feed's
 * count, and the line shows only with a number worth showing (never '0 people have viewed').
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewsWorthShowing } from '../../lib/vehicle/views-count.ts';
import { startViewsCounter } from './views-counter.ts';

/** The line as ViewsCounter.astro builds it for a feed count of `views`. */
function counterLine(views: number): HTMLElement {
  const line = document.createElement('p');
  line.className = 'views';
  Object.assign(line.dataset, {
    views: String(views),
    endpoint: '/api/cars/2019-mazda-3-42/view.json',
    photosCount: '12',
    updatedAt: '2025-06-01T00:00:00Z',
    websiteId: 'demo-motors',
  });
  if (!viewsWorthShowing(views)) line.setAttribute('data-views-hidden', '');
  line.innerHTML = `<span data-views-number>${views}</span> people have viewed this car`;
  document.body.append(line);
  return line;
}

function answering(status: number, body: unknown) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const shows = (line: HTMLElement) => !line.hasAttribute('data-views-hidden');
const number = (line: HTMLElement) => line.querySelector('[data-views-number]')!.textContent;

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startViewsCounter', () => {
  it('a car the feed gives no views: view.json is still called (the view is counted), and the line shows once the answer has views', async () => {
    const line = counterLine(0);
    expect(shows(line)).toBe(false);
    const fetch = answering(200, { views: 2 });
    await startViewsCounter(line, { fetch, durationMs: 0 });

    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.pathname).toBe('/api/cars/2019-mazda-3-42/view.json');
    expect(Object.fromEntries(url.searchParams)).toEqual({ photos_count: '12', updated_at: '2025-06-01T00:00:00Z', website_id: 'demo-motors' });
    expect(shows(line)).toBe(true);
    expect(number(line)).toBe('2');
  });

  it('an answer carrying car_fields (spec §7: view.json returns views and car_fields) still shows the views; car_fields changes nothing on the page', async () => {
    const line = counterLine(772);
    const before = line.outerHTML;
    const fetch = answering(200, {
      views: 1_780,
      car_fields: { id: 42, slug: '2019-mazda-3-42', status: 'sold', reserved: true, price: 1, photos_count: 0, updated_at: '2026-01-01T00:00:00Z' },
    });
    await startViewsCounter(line, { fetch, durationMs: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(shows(line)).toBe(true);
    expect(number(line)).toBe('1,780');
    expect(line.outerHTML).toBe(before.replace('>772<', '>1,780<'));
  });

  it.each([0, 1])('a live count of %i: the call is made and no text shows (no "0 people" or "1 people have viewed")', async (views) => {
    const line = counterLine(0);
    const fetch = answering(200, { views });
    await startViewsCounter(line, { fetch, durationMs: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(shows(line)).toBe(false);
  });

  it('a failed call leaves a zero-view line hidden and logs the failure only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const line = counterLine(0);
    await startViewsCounter(line, { fetch: answering(500, { message: 'down' }), durationMs: 0 });
    expect(shows(line)).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('a car with views counts up to the live count, and keeps the built number when the call fails', async () => {
    const line = counterLine(772);
    await startViewsCounter(line, { fetch: answering(200, { views: 1_780 }), durationMs: 0 });
    expect(shows(line)).toBe(true);
    expect(number(line)).toBe('1,780');

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failed = counterLine(772);
    await startViewsCounter(failed, { fetch: answering(503, {}), durationMs: 0 });
    expect(shows(failed)).toBe(true);
    expect(number(failed)).toBe('772');
  });

  it('counts up over 1 s from the built number, never from 0 (docs/decisions.md "Views counter")', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const line = counterLine(772);
    await startViewsCounter(line, { fetch: answering(200, { views: 780 }) });
    const shown = [number(line)];
    for (const at of [0, 500, 1000]) {
      frames.shift()!(at);
      shown.push(number(line));
    }
    expect(shown).toEqual(['772', '772', '776', '780']);
    expect(frames).toEqual([]);
  });
});
