import { describe, expect, it } from 'vitest';
import { collapseSold, displayCount, promoOffset, withHiddenNodes, withPromoSlots, type GridItem } from './results.ts';

describe('displayCount', () => {
  it.each([
    [0, undefined, 0],
    [1999, { car_type: { used: 5000 } }, 1999],
    [2000, { car_type: { used: 9000, new: 3000, demo: 231 } }, 12231],
    [2000, undefined, 2000],
  ])('%i hits with %j facets shows %i', (hits, facets, shown) => {
    expect(displayCount(hits, facets)).toBe(shown);
  });
});

describe('collapseSold', () => {
  const sold = (name: string) => ({ name, sold: true });
  const live = (name: string) => ({ name, sold: false });
  const isSold = (car: { sold: boolean }) => car.sold;
  it('collapses consecutive sold cars into the first', () => {
    const result = collapseSold([live('a'), sold('b'), sold('c'), sold('d'), live('e'), sold('f')], isSold);
    expect(result.map((item) => [item.car.name, item.collapsed])).toEqual([['a', 1], ['b', 3], ['e', 1], ['f', 1]]);
  });
  it('shows every car when all are sold', () => {
    expect(collapseSold([sold('a'), sold('b')], isSold)).toHaveLength(2);
  });
  it('keeps an empty list empty', () => {
    expect(collapseSold([], isSold)).toEqual([]);
  });
});

describe('withPromoSlots', () => {
  const cars = Array.from({ length: 21 }, (_, index) => ({ car: index, collapsed: 1 }));
  it('puts the promo card at slots 8 and 17 (0-based) of the grid', () => {
    const items = withPromoSlots(cars, [8, 17]);
    expect(items).toHaveLength(23);
    expect(items[8]).toEqual({ kind: 'promo', slot: 8 });
    expect(items[17]).toEqual({ kind: 'promo', slot: 17 });
    expect(items[7]).toEqual({ kind: 'car', car: 7, collapsed: 1 });
    expect(items[9]).toEqual({ kind: 'car', car: 8, collapsed: 1 });
  });
  it('shifts by the offset and drops slots past the end', () => {
    const items = withPromoSlots(cars.slice(0, 10), [8, 17], 2);
    expect(items.map((item) => item.kind).indexOf('promo')).toBe(10);
    expect(items.filter((item) => item.kind === 'promo')).toHaveLength(1);
  });
  it('shows no promo in an empty grid', () => {
    expect(withPromoSlots([], [0, 8])).toEqual([]);
  });
});

describe('withHiddenNodes', () => {
  const cars = Array.from({ length: 6 }, (_, index) => ({ car: `c${index}`, collapsed: 1 }));
  const names = (grid: GridItem<string, string>[]) => grid.map((item) => (item.kind === 'car' ? item.car : item.kind === 'node' ? item.node : 'card'));

  it('adds the nodes not shown yet where they stand once shown, the others placed as without them: hidden, the grid reads as without them', () => {
    const shown = withPromoSlots(cars, [2], 0, [{ position: 0, node: 'now' }]);
    const withThem = withPromoSlots(cars, [2], 0, [{ position: 0, node: 'now' }, { position: 1, node: 'later' }]);
    expect(names(shown)).toEqual(['now', 'c0', 'card', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(names(withThem)).toEqual(['now', 'later', 'card', 'c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    const built = withHiddenNodes(shown, withThem, ['later']);
    expect(names(built)).toEqual(['now', 'later', 'c0', 'card', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(names(built.filter((item) => !(item.kind === 'node' && item.node === 'later')))).toEqual(names(shown));
  });

  it('leaves out a node the grid with them has no place for, and changes nothing without nodes to add', () => {
    const shown = withPromoSlots(cars, [2], 0);
    expect(withHiddenNodes(shown, withPromoSlots(cars, [2], 0, [{ position: 99, node: 'later' }]), ['later'])).toEqual(shown);
    expect(withHiddenNodes(shown, shown, [])).toEqual(shown);
  });
});

describe('promoOffset', () => {
  it('is 0 unless the site asks for a random offset, then 0, 1 or 2', () => {
    expect(promoOffset(false, () => 0.99)).toBe(0);
    expect([0, 0.34, 0.67, 0.999].map((value) => promoOffset(true, () => value))).toEqual([0, 1, 2, 2]);
  });
});

describe('audit 9.36: loader messages cycle every 5 s', () => {
  it('changes the message every 5 seconds and starts over after the last', async () => {
    const { LOADER_CYCLE_MS, LOADER_MESSAGES, loaderMessageAt } = await import('../core/config.ts');
    expect(LOADER_CYCLE_MS).toBe(5000);
    expect(loaderMessageAt(0)).toBe(LOADER_MESSAGES[0]);
    expect(loaderMessageAt(4999)).toBe(LOADER_MESSAGES[0]);
    expect(loaderMessageAt(5000)).toBe(LOADER_MESSAGES[1]);
    expect(loaderMessageAt(5000 * LOADER_MESSAGES.length)).toBe(LOADER_MESSAGES[0]);
    expect(new Set(LOADER_MESSAGES).size).toBe(LOADER_MESSAGES.length);
  });
});
