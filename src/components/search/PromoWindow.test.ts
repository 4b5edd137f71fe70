/**
 * The built search page's timed promos by the shopper's clock: PromoWindow's inline script run
 * over the results grid's own markup (ResultsGrid) in a browser document, at a chosen instant.
 * A promo past its expiry or before its start is hidden as the page loads (not only once the
 * island is live); the others, and the grid's cars and 'We Want Your Car!' card, stay. A promo
 * that starts after the build is in the page, hidden, and shown once its start is reached: at
 * load, or by a timer while the page is open.
 */
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridItem } from '../../search/browser/results.ts';
import type { CardOptions } from '../../search/core/island-config.ts';
import type { GridPromoNode } from '../../search/core/promo-nodes.ts';
import type { SearchHit } from '../../search/engine/engine.ts';
import { ResultsGrid } from '../../islands/search/ui/ResultsGrid.tsx';
import PromoWindow from './PromoWindow.astro';

const DAY = 86_400_000;
const BUILT = Date.parse('2026-11-21T00:00:00Z');

const node = (id: string, window: Pick<GridPromoNode, 'start' | 'expiry'>): GridItem<SearchHit, GridPromoNode> => ({
  kind: 'node',
  slot: 0,
  node: { id, position: 0, strictDisplay: false, title: id, description: '', ...window },
});

/** A built grid with the promos the build's clock showed: timed ones, an open-ended one and the sell-your-car card. */
const GRID = renderToStaticMarkup(
  createElement(ResultsGrid, {
    items: [
      node('ends-tomorrow', { start: BUILT - DAY, expiry: BUILT + DAY }),
      node('no-window', {}),
      node('started-today', { start: BUILT }),
      node('ends-in-a-week', { expiry: BUILT + 7 * DAY }),
      node('starts-tomorrow', { start: BUILT + DAY, expiry: BUILT + 7 * DAY }),
      { kind: 'promo', slot: 4 },
    ],
    builtAt: BUILT,
    options: {} as CardOptions,
    promoHref: '/sell-my-car',
    similarHref: () => '/',
  }),
);

let rendered = '';
let script = '';
beforeAll(async () => {
  const container = await experimental_AstroContainer.create();
  rendered = await container.renderToString(PromoWindow);
  const document = new Window().document as unknown as Document;
  document.body.innerHTML = rendered;
  script = document.querySelector('script')!.textContent!;
});

/** The built grid with the script run at `now`; its timers are held, to be run by `later`. */
function loadAt(now: number) {
  const window = new Window();
  const document = window.document as unknown as Document;
  document.body.innerHTML = GRID;
  const clock = { now: () => now };
  const timers: { run: () => void; delay: number }[] = [];
  const setTimeout = (run: () => void, delay: number) => void timers.push({ run, delay });
  new Function('document', 'Date', 'setTimeout', script)(document, clock, setTimeout);
  const shown = () => {
    const items = [...document.querySelectorAll<HTMLElement>('.search-grid__item')].filter((item) => !item.hidden);
    return {
      nodes: items.flatMap((item) => item.querySelector('[data-promo-node]')?.getAttribute('data-promo-node') ?? []),
      promoCards: items.filter((item) => item.classList.contains('search-grid__item--promo')).length,
    };
  };
  /** Let the clock reach the next timer and run it. */
  const later = () => {
    const timer = timers.shift()!;
    now += timer.delay;
    timer.run();
    return timer.delay;
  };
  return { shown, later, timers };
}

/** The ids of the promos shown (not hidden) once the script has run at `now`. */
const shownAt = (now: number) => loadAt(now).shown();

describe("PromoWindow: a built search page's timed promos by the shopper's clock", () => {
  it('is one inline script that imports nothing (one CSP hash on every search page, nothing to download)', () => {
    expect(script).not.toMatch(/\bimport\b/);
    expect(script.length).toBeGreaterThan(0);
  });

  it('is written into the page, not loaded as a file (no src)', () => {
    expect(rendered.match(/<script\b[^>]*>/g)).toEqual(['<script>']);
  });

  it('keeps every promo the build showed while the shopper is in their windows', () => {
    expect(shownAt(BUILT)).toEqual({ nodes: ['ends-tomorrow', 'no-window', 'started-today', 'ends-in-a-week'], promoCards: 1 });
    expect(shownAt(BUILT + DAY - 1).nodes).toContain('ends-tomorrow');
  });

  it('hides a promo past its expiry (exclusive) as the page loads', () => {
    expect(shownAt(BUILT + DAY)).toEqual({ nodes: ['no-window', 'started-today', 'ends-in-a-week', 'starts-tomorrow'], promoCards: 1 });
    expect(shownAt(BUILT + 30 * DAY)).toEqual({ nodes: ['no-window', 'started-today'], promoCards: 1 });
  });

  it('shows a promo the build drew hidden (it starts after the build) once its start (inclusive) is reached', () => {
    expect(GRID).toMatch(/<li [^>]*hidden=""[^>]*><div[^>]*data-promo-node="starts-tomorrow"/);
    expect(shownAt(BUILT + DAY - 1).nodes).not.toContain('starts-tomorrow');
    expect(shownAt(BUILT + DAY).nodes).toContain('starts-tomorrow');
    expect(shownAt(BUILT + 7 * DAY).nodes).not.toContain('starts-tomorrow');
  });

  it('while the page is open, shows a promo at its start and hides one at its expiry', () => {
    const page = loadAt(BUILT + DAY - 1000);
    expect(page.shown().nodes).toEqual(['ends-tomorrow', 'no-window', 'started-today', 'ends-in-a-week']);
    expect(page.later()).toBe(1000);
    expect(page.shown().nodes).toEqual(['no-window', 'started-today', 'ends-in-a-week', 'starts-tomorrow']);
    expect(page.later()).toBe(6 * DAY);
    expect(page.shown().nodes).toEqual(['no-window', 'started-today']);
    expect(page.timers).toEqual([]);
  });

  it('waits at most the longest delay a timer takes for a change far ahead (a longer one would run at once)', () => {
    const page = loadAt(BUILT - 60 * DAY);
    expect(page.timers.map((timer) => timer.delay)).toEqual([2 ** 31 - 1]);
  });

  it('hides a promo before its start (a clock behind the build)', () => {
    expect(shownAt(BUILT - 1).nodes).toEqual(['ends-tomorrow', 'no-window', 'ends-in-a-week']);
    expect(shownAt(BUILT - 2 * DAY).nodes).toEqual(['no-window', 'ends-in-a-week']);
  });
});
