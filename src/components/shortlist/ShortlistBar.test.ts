/**
 * The shortlist bar as the browser gets it: the rendered bar and its inline script in a browser
 * document, over a localStorage the stores wrote. Hidden while both lists are empty; each link
 * shows while its list holds a car, with the count the store reads (well-formed entries, each
 * id once, at most the compare limit); it follows this tab's writes (PERSISTED_CHANGE_EVENT);
 * a site without a list has no link to its page, one with neither has no bar.
 */
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { PERSISTED_CHANGE_EVENT } from '../../stores/persisted.ts';
import ShortlistBar from './ShortlistBar.astro';

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

/** The bar rendered for a site with these features, its script run over `stored` (localStorage values by key). */
async function page(features: Record<string, boolean> = {}, stored: Record<string, unknown> = {}) {
  const html = await container.renderToString(ShortlistBar, { props: { site: makeSite({ features }) } });
  const window = new Window();
  const document = window.document as unknown as Document;
  for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  document.body.innerHTML = html;
  const script = document.querySelector('script')!.textContent!;
  new Function('window', 'document', 'localStorage', script)(window, document, window.localStorage);
  const bar = document.querySelector<HTMLElement>('[data-shortlist-bar]');
  /** The links shown, by their visible text (a hidden bar shows none). */
  const shown = () =>
    bar && !bar.hidden
      ? [...bar.querySelectorAll<HTMLAnchorElement>('a')].filter((link) => !link.hidden).map((link) => `${link.textContent} -> ${link.getAttribute('href')}`)
      : [];
  return { window, bar, shown };
}

const car = (id: number | string) => ({ id, slug: `car-${id}`, name: `Car ${id}` });

describe('the shortlist bar', () => {
  it('is hidden while both lists are empty, and names itself for its landmark', async () => {
    const { bar, shown } = await page();
    expect(bar!.hidden).toBe(true);
    expect(bar!.tagName).toBe('NAV');
    expect(bar!.getAttribute('aria-label')).toBe('Your shortlist');
    expect(shown()).toEqual([]);
  });

  it("links each list's page with the count its store reads", async () => {
    const { shown } = await page({}, { favourites: [car(1), car(2), car(2), { id: 3 }, 'x'], compare: [car(1), car(2), car(3), car(4)] });
    expect(shown()).toEqual(['Saved Cars (2) -> /saved-cars', 'Compare Cars (3) -> /compare']);
  });

  it('shows only the list that holds a car; unreadable storage counts as empty', async () => {
    expect((await page({}, { favourites: '{not json', compare: [car(5)] })).shown()).toEqual(['Compare Cars (1) -> /compare']);
  });

  it("follows this tab's changes", async () => {
    const { window, shown } = await page();
    window.localStorage.setItem('favourites', JSON.stringify([car(1)]));
    window.dispatchEvent(new window.Event(PERSISTED_CHANGE_EVENT));
    expect(shown()).toEqual(['Saved Cars (1) -> /saved-cars']);
    window.localStorage.setItem('favourites', '[]');
    window.dispatchEvent(new window.Event(PERSISTED_CHANGE_EVENT));
    expect(shown()).toEqual([]);
  });

  it('has no link to a page the site does not build, and no bar without either', async () => {
    expect((await page({ compare: false }, { favourites: [car(1)], compare: [car(1)] })).shown()).toEqual(['Saved Cars (1) -> /saved-cars']);
    const none = await page({ compare: false, favourites: false }, { favourites: [car(1)] });
    expect(none.bar).toBeNull();
  });
});
