// @vitest-environment happy-dom
/**
 * 'Skip to results' (WCAG 2.4.1): the filters start with it, and it takes focus to the results,
 * past every filter, leaving the address as it is (the search router reads the address). The
 * search box comes before the filters in the tab order, so neither the filters nor the skip link
 * put it out of reach.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { carTypeOptions } from '../../../search/core/car-type-filter.ts';
import type { SearchHit } from '../../../search/engine/engine.ts';
import { SearchLayout } from './SearchLayout.tsx';
import { mountRoot } from '../../../../tests/support/mount-root.ts';
import { plainCardOptions } from '../../../../tests/support/car-tiles.tsx';
import { loadTenant } from '../../../lib/site/tenant.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const { site } = loadTenant('tests/fixtures/tenants/search-demo', NOW);
const car = {
  objectID: 's__1',
  uid: 's__1',
  site: 's',
  id: '1',
  slug: 'car-1',
  name: '2021 Toyota Corolla',
  car_type: 'used',
  status: 'in_stock',
  price: 25990,
} as SearchHit;
const mounted = mountRoot();

function renderLayout(): void {
  act(() =>
    mounted.render(
      <SearchLayout
        searchBox={{ value: '', onChange: () => {}, history: [] }}
        carType={{ options: carTypeOptions(true), selected: 'all', onSelect: () => {} }}
        facets={[{ title: 'Make', items: [{ value: 'Toyota', label: 'Toyota', count: 1, isRefined: false }], onToggle: () => {} }]}
        price={null}
        sort={{ options: [], value: '', onChange: () => {} }}
        count={1}
        nouns={{ one: 'car', other: 'cars' }}
        busy={false}
        grid={{ items: [{ kind: 'car', car, collapsed: 1 }], options: plainCardOptions(site, NOW), promoHref: '/sell-my-car', similarHref: () => '/' }}
        empty={null}
        pagination={{ current: 0, nbPages: 1, createHref: () => '/' }}
        phase="live"
      />,
    ),
  );
}

const FOCUSABLE = 'a[href], button, input, select, summary';

describe('Skip to results', () => {
  it('is the first stop of the filters, a skip link (shown when focused) to the results, which can take focus', () => {
    renderLayout();
    const skip = mounted.host.querySelector('aside')!.querySelector<HTMLAnchorElement>(FOCUSABLE)!;
    expect(skip.textContent).toBe('Skip to results');
    expect(skip.className).toContain('skip-link');
    const results = document.querySelector<HTMLElement>(skip.getAttribute('href')!)!;
    expect(results.getAttribute('tabindex')).toBe('-1');
    expect(results.getAttribute('aria-label')).toBe('Results');
    expect(mounted.host.querySelector('aside')!.contains(results)).toBe(false);
  });

  it('moves focus to the results, the first card next, and leaves the address alone', () => {
    renderLayout();
    const before = window.location.href;
    const skip = mounted.host.querySelector<HTMLAnchorElement>('aside a')!;
    act(() => skip.click());
    const results = document.activeElement as HTMLElement;
    expect(results.getAttribute('aria-label')).toBe('Results');
    expect(window.location.href).toBe(before);
    // The next Tab: the first card's name (its picture's link is out of the tab order).
    const stops = [...mounted.host.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex !== -1);
    const next = stops.find((element) => results.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(next?.textContent).toBe('2021 Toyota Corolla');
  });
});

describe('the search box in the tab order', () => {
  it('is the first stop of the layout, before Skip to results and every filter', () => {
    renderLayout();
    const stops = [...mounted.host.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex !== -1);
    expect(stops[0]).toBe(mounted.host.querySelector('input[type="search"]'));
    expect(stops[1]!.textContent).toBe('Skip to results');
  });
});
