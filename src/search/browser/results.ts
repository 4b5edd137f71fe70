/**
 * Rules of the results grid (spec §2, §4, §9): the count shown, sold-car collapse and the
 * promo card slots. Pure.
 */
import { COUNT_FROM_FACETS_ABOVE } from '../core/config.ts';

/**
 * The count to show: the hit count, except above 1999 hits where engines stop counting
 * exactly and the count comes from the stock facet totals (every car has one car_type).
 */
/**
 * The car_type counts a count is made of: those of the chosen types (the facet is disjunctive,
 * so its counts ignore its own refinement), or every type when none is chosen.
 */
export function chosenTypeCounts(typeCounts: Record<string, number>, chosen: readonly string[]): Record<string, number> {
  return chosen.length > 0 ? Object.fromEntries(Object.entries(typeCounts).filter(([type]) => chosen.includes(type))) : typeCounts;
}

export function displayCount(nbHits: number, facets: Record<string, Record<string, number>> | undefined): number {
  if (nbHits <= COUNT_FROM_FACETS_ABOVE) return nbHits;
  const types = facets?.car_type;
  if (!types) return nbHits;
  const total = Object.values(types).reduce((sum, count) => sum + count, 0);
  return Math.max(total, nbHits);
}

/** A grid entry: a car (with how many sold cars it stands for), the promo card or a timed promo (promo node). */
export type GridItem<T, N = never> = { kind: 'car'; car: T; collapsed: number } | { kind: 'promo'; slot: number } | { kind: 'node'; node: N; slot: number };

/**
 * Consecutive sold cars collapse to one card (spec §4); when every car is sold, all are
 * shown. `collapsed` is how many sold cars the card stands for (1 when not collapsed).
 */
export function collapseSold<T>(cars: readonly T[], isSold: (car: T) => boolean): { car: T; collapsed: number }[] {
  if (cars.length > 0 && cars.every(isSold)) return cars.map((car) => ({ car, collapsed: 1 }));
  const out: { car: T; collapsed: number }[] = [];
  for (const car of cars) {
    const previous = out[out.length - 1];
    if (previous && isSold(car) && isSold(previous.car)) previous.collapsed += 1;
    else out.push({ car, collapsed: 1 });
  }
  return out;
}

/**
 * Insert the promo card at the given 0-based slots (shifted by `offset`), slots beyond the
 * list end are dropped, and no promo is shown in an empty grid. Timed promos (`nodes`, in
 * slot order) go to their own slots; the promo card keeps its slots, so a node whose slot is
 * taken (by the card or an earlier node) takes the next free one.
 */
export function withPromoSlots<T, N = never>(cars: readonly { car: T; collapsed: number }[], slots: readonly number[], offset = 0, nodes: readonly { position: number; node: N }[] = []): GridItem<T, N>[] {
  const items: GridItem<T, N>[] = cars.map(({ car, collapsed }) => ({ kind: 'car', car, collapsed }));
  if (items.length === 0) return items;
  const wanted = [...new Set(slots.map((slot) => slot + offset))].sort((a, b) => a - b);
  const taken = new Set(wanted);
  const placed: GridItem<T, N>[] = wanted.map((slot) => ({ kind: 'promo', slot }));
  for (const { position, node } of nodes) {
    let slot = position;
    while (taken.has(slot)) slot += 1;
    taken.add(slot);
    placed.push({ kind: 'node', node, slot });
  }
  placed.sort((a, b) => (a as { slot: number }).slot - (b as { slot: number }).slot);
  for (const item of placed) {
    const { slot } = item as { slot: number };
    // A slot right after the last card is fine (the card closes the grid); further ones are not.
    if (slot <= items.length) items.splice(slot, 0, item);
  }
  return items;
}

/**
 * A grid with nodes added that it does not show yet (`hidden`: timed promos that start after the
 * build, drawn hidden): each where it stands in `withThem` (the grid placed with them), the grid's
 * own items kept in their order, so while they are hidden the grid reads as `grid` (the 'We Want
 * Your Car!' card at its slot). A node `withThem` has no place for is left out.
 */
export function withHiddenNodes<T, N>(grid: readonly GridItem<T, N>[], withThem: readonly GridItem<T, N>[], hidden: readonly N[]): GridItem<T, N>[] {
  const out = [...grid];
  withThem.forEach((item, index) => {
    if (item.kind === 'node' && hidden.includes(item.node)) out.splice(index, 0, item);
  });
  return out;
}

/** The random promo offset of spec §2 ("random 0-2 offset on one" site). */
export function promoOffset(randomOffset: boolean, random: () => number = Math.random): number {
  return randomOffset ? Math.floor(random() * 3) : 0;
}
