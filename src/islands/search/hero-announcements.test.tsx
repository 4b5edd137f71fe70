// @vitest-environment happy-dom
/**
 * What the home hero says to a screen reader while the shopper searches (WCAG 4.1.3): the
 * 'Show Me N cars' button, the chips and the price readout are not live regions (each update
 * of them was read); the count is said once, in one status, after it has settled.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heroSearchProps, searchBuildData } from '../../search/build-time/page-data.ts';
import type { SearchRequest } from '../../search/browser/client.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { fill, settle } from '../../../tests/support/form-events.ts';
import { SETTLE_MS } from '../ui/SettledStatus.tsx';
import HeroSearch from './HeroSearch.tsx';

/** The engine the hero searches: the build's own, answering in the browser as the embedded client does. */
const built = vi.hoisted(() => ({ engine: null as null | { search: (index: string, params: unknown) => unknown } }));
vi.mock('../../search/browser/create-client.ts', () => ({
  createSearchClient: () => ({
    search: async (requests: readonly SearchRequest[]) => ({ results: requests.map((request) => built.engine!.search(request.indexName, request.params)) }),
  }),
}));

const mounted = mountRoot();
const LIVE = '[aria-live], [role="status"], [role="alert"], [role="log"], output';

async function showHero() {
  const site = makeSite({ slug: 'hero-yard' });
  const stock = { Toyota: 5, Ford: 2 };
  const cars = Object.entries(stock).flatMap(([make, count], at) =>
    Array.from({ length: count }, (_, index) =>
      makeCar({ id: at * 100 + index + 1, slug: `${make}-${index}`, make, model: 'Any', body: index % 2 ? 'Ute' : 'SUV', price: 20_000 + index * 1000 }),
    ),
  );
  const data = await searchBuildData({ slug: site.slug, site, cars, buildTime: Date.parse('2026-12-06T00:00:00Z') });
  built.engine = data.engine as typeof built.engine;
  mounted.render(<HeroSearch {...heroSearchProps(data)} />);
  await settle();
  const hero = mounted.host.querySelector<HTMLElement>('.hero-stock')!;
  expect(hero.dataset.heroPhase).toBe('live');
  return hero;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  // Less motion: the button's number jumps (the count is what the status says either way).
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the home hero speaks its count once', () => {
  it('has one live region, a visually hidden status: not the button, the chips or the price readout', async () => {
    const hero = await showHero();
    const regions = [...hero.querySelectorAll(LIVE)];
    expect(regions).toHaveLength(1);
    expect(regions[0]!.getAttribute('role')).toBe('status');
    expect(regions[0]!.className).toBe('visually-hidden');
    expect(hero.querySelector('.hero-stock__submit')!.closest(LIVE)).toBeNull();
    expect(hero.querySelector('.hero-stock__price-values')!.closest(LIVE)).toBeNull();
  });

  it('says the settled count once after two makes are chosen in turn', async () => {
    const hero = await showHero();
    const status = hero.querySelector<HTMLElement>('[role="status"]')!;
    const said: string[] = [];
    new MutationObserver(() => said.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    const make = hero.querySelector<HTMLSelectElement>('select[name="refinementList[make][]"]')!;
    fill(make, 'Toyota');
    await settle();
    fill(make, 'Ford');
    await settle();
    expect(hero.querySelector('.hero-stock__submit')!.textContent).toBe('Show Me 2 cars');
    expect(said).toEqual([]);
    await act(async () => void vi.advanceTimersByTime(SETTLE_MS));
    expect(status.textContent).toBe('2 cars found');
    await act(async () => void vi.advanceTimersByTime(SETTLE_MS * 3));
    expect(said).toEqual(['2 cars found']);
  });

  it('shows the chips of a typed sentence outside any live region', async () => {
    const hero = await showHero();
    fill(hero.querySelector<HTMLInputElement>('input[type="search"]')!, 'ford ute');
    await settle();
    await act(async () => void vi.advanceTimersByTime(SETTLE_MS));
    await settle();
    const chips = hero.querySelector('[aria-label="Understood"]');
    expect(chips?.textContent).toContain('Ford');
    expect(chips!.closest(LIVE)).toBeNull();
  });
});
