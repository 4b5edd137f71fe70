// @vitest-environment happy-dom
/**
 * The parts and accessories listing by screen reader and keyboard (WCAG 4.1.3, 2.4.3): the
 * count a change leads to is said whole ('2 products', not '2'), once, from one status; a page
 * opened on a search does not say it unasked; Clear Filters, which goes away once pressed,
 * leaves focus on the search box, not on the page.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDocument } from '../../lib/marketing/products.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click } from '../../../tests/support/form-events.ts';
import { LIVE, listenLive } from '../../../tests/support/live-speech.ts';
import { SETTLE_MS } from '../ui/SettledStatus.tsx';
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
});
