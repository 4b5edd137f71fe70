// @vitest-environment happy-dom
/**
 * The parts and accessories listing by screen reader and keyboard (WCAG 4.1.3, 2.4.3): the
 * count a change leads to is said whole ('2 products', not '2'), once, from one status; a page
 * opened on a search does not say it unasked; Clear Filters, which goes away once pressed,
 * leaves focus on the search box, not on the page. A page past the last (an old link) opens the
 * last page, its address in place of the one opened, as the search pages do (docs/search.md).
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDocument } from '../../lib/marketing/products.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click } from '../../../tests/support/form-events.ts';
import { LIVE, listenLive } from '../../../tests/support/live-speech.ts';
import { SETTLE_MS } from '../ui/SettledStatus.tsx';
import { EMPTY_RESULTS_TEXT } from '../ui/EmptyListing.tsx';
import ProductsListing from './ProductsListing.tsx';

const mounted = mountRoot();
const wait = async (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const product = (id: number, category: string): ProductDocument => ({
  id: String(id),
  name: `${category} part ${id}`,
  categories: category,
  category: [category],
});
const documents = [product(1, 'Towing'), product(2, 'Towing'), product(3, 'Servicing'), product(4, 'Servicing'), product(5, 'Servicing')];
const link = (name: RegExp) => [...mounted.host.querySelectorAll('a')].find((each) => name.test(each.textContent ?? ''))!;

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('ProductsListing', () => {
  it('says the count a category leads to whole and once, from one status', async () => {
    window.history.replaceState(null, '', '/vehicle-parts-and-accessories');
    mounted.render(<ProductsListing documents={documents} basePath="/vehicle-parts-and-accessories" />);
    expect(mounted.host.querySelectorAll(LIVE)).toHaveLength(1);
    const { said } = listenLive(mounted.host);
    click(link(/^Towing/));
    await wait(SETTLE_MS);
    expect(said).toEqual(['2 products']);
  });

  it('a page opened on a search says nothing unasked', async () => {
    window.history.replaceState(null, '', '/vehicle-parts-and-accessories?category=Servicing');
    const { said } = listenLive(document.body);
    mounted.render(<ProductsListing documents={documents} basePath="/vehicle-parts-and-accessories" />);
    await wait(SETTLE_MS * 2);
    expect(mounted.host.textContent).toContain('3 products');
    expect(said).toEqual([]);
  });

  it('Clear Filters leaves focus on the search box', async () => {
    window.history.replaceState(null, '', '/parts/search?query=spaceship');
    mounted.render(<ProductsListing documents={documents} basePath="/parts/search" />);
    const clear = link(/^Clear Filters$/);
    clear.focus();
    click(clear);
    expect(mounted.host.querySelectorAll('[data-testid="product"]')).toHaveLength(5);
    expect(document.activeElement).toBe(mounted.host.querySelector('#products-query'));
  });

  it('a page past the last opens the last page, the address replaced in place: not the count over No Results and page links', () => {
    const many = Array.from({ length: 45 }, (_, index) => product(index + 1, index % 3 ? 'Towing' : 'Servicing'));
    window.history.replaceState(null, '', '/vehicle-parts-and-accessories?category=Towing&page=5');
    const entries = window.history.length;
    mounted.render(<ProductsListing documents={many} basePath="/vehicle-parts-and-accessories" />);
    // 30 Towing products: pages 1 and 2, the second of 9.
    expect(mounted.host.textContent).toContain('30 products');
    expect(mounted.host.querySelectorAll('[data-testid="product"]')).toHaveLength(9);
    expect(mounted.host.textContent).not.toContain('No Results Available');
    expect(mounted.host.querySelector('[aria-current="page"]')?.textContent).toBe('Page 2');
    expect(window.location.search).toBe('?category=Towing&page=2');
    expect(window.history.length).toBe(entries);
  });

  it('a search without products past page 1 keeps the empty state and the address', () => {
    window.history.replaceState(null, '', '/parts/search?query=spaceship&page=3');
    mounted.render(<ProductsListing documents={documents} basePath="/parts/search" />);
    expect(mounted.host.textContent).toContain('No Results Available');
    expect(mounted.host.textContent).toContain(EMPTY_RESULTS_TEXT);
    expect(window.location.search).toBe('?query=spaceship&page=3');
  });
});
