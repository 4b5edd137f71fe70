/** Issue 14 item 2 (audit 3.13, 4.15): timed promos in result grids. */
import { describe, expect, it } from 'vitest';
import { dealerInstant } from '../../lib/text/dealer-time.ts';
import { activePromoNodes, builtPromoNodes, gridPromoNodes, promoNodeShows, type GridPromoNode } from './promo-nodes.ts';
import { withPromoSlots } from '../browser/results.ts';

const node = (fields: Partial<GridPromoNode>): GridPromoNode => ({ id: 'n', position: 0, strictDisplay: false, title: 'Sale', description: '', ...fields });

describe('audit 3.13 / 4.15: promo nodes between start and expiry in the dealer time zone', () => {
  it('reads dates without an offset as the dealer wall clock, dates with one as given', () => {
    expect(dealerInstant('2026-12-01', 'Australia/Brisbane')).toBe(Date.parse('2026-12-01T00:00:00+10:00'));
    expect(dealerInstant('2026-12-01T09:30', 'Australia/Perth')).toBe(Date.parse('2026-12-01T09:30:00+08:00'));
    // Sydney is on daylight time in December, standard time in July.
    expect(dealerInstant('2026-12-01T00:00:00', 'Australia/Sydney')).toBe(Date.parse('2026-12-01T00:00:00+11:00'));
    expect(dealerInstant('2026-07-01T00:00:00', 'Australia/Sydney')).toBe(Date.parse('2026-07-01T00:00:00+10:00'));
    expect(dealerInstant('2026-12-01T00:00:00+10:00', 'Australia/Perth')).toBe(Date.parse('2026-12-01T00:00:00+10:00'));
  });

  it('shows a node from its start (inclusive) until its expiry (exclusive)', () => {
    const [sale] = gridPromoNodes(
      [{ id: 'sale', start: '2026-12-01', expiry: '2026-12-08', position: 3, strictDisplay: false, title: 'Sale', description: '' }],
      'Australia/Brisbane',
    );
    const start = Date.parse('2026-12-01T00:00:00+10:00');
    const expiry = Date.parse('2026-12-08T00:00:00+10:00');
    expect(promoNodeShows(sale, start - 1, [])).toBe(false);
    expect(promoNodeShows(sale, start, [])).toBe(true);
    expect(promoNodeShows(sale, expiry - 1, [])).toBe(true);
    expect(promoNodeShows(sale, expiry, [])).toBe(false);
    // Brisbane midnight is 14:00 UTC the day before: a UTC reading would start 10 hours late.
    expect(promoNodeShows(sale, Date.parse('2026-11-30T15:00:00Z'), [])).toBe(true);
  });

  it('honours display by car type, and strictDisplay only on pages filtered to exactly those types', () => {
    const loose = node({ display: ['new', 'demo'] });
    const strict = node({ display: ['new', 'demo'], strictDisplay: true });
    expect([[], ['new'], ['used'], ['used', 'demo']].map((types) => promoNodeShows(loose, 0, types))).toEqual([true, true, false, true]);
    expect([[], ['new'], ['demo', 'new'], ['new', 'demo', 'used']].map((types) => promoNodeShows(strict, 0, types))).toEqual([false, false, true, false]);
    expect(promoNodeShows(node({}), 0, ['used'])).toBe(true);
  });

  it('places nodes at their slots while the We Want Your Car! card keeps its slots', () => {
    const cars = Array.from({ length: 20 }, (_, index) => ({ car: index, collapsed: 1 }));
    const nodes = activePromoNodes(
      [node({ id: 'b', position: 8 }), node({ id: 'a', position: 2 }), node({ id: 'c', position: 2 }), node({ id: 'late', position: 99 })],
      0,
      [],
    );
    const grid = withPromoSlots(
      cars,
      [8, 17],
      0,
      nodes.map((item) => ({ position: item.position, node: item.id })),
    );
    const where = (predicate: (item: (typeof grid)[number]) => boolean) => grid.flatMap((item, index) => (predicate(item) ? [index] : []));
    expect(where((item) => item.kind === 'promo')).toEqual([8, 17]);
    expect(grid.flatMap((item, index) => (item.kind === 'node' ? [[item.node, index]] : []))).toEqual([
      ['a', 2],
      ['c', 3],
      ['b', 9],
    ]);
    expect(grid.filter((item) => item.kind === 'car')).toHaveLength(20);
    expect(withPromoSlots([], [8], 0, [{ position: 0, node: 'a' }])).toEqual([]);
  });

  it('a built grid also holds the nodes that start later and will then show for its car types, in slot order', () => {
    const nodes = [
      node({ id: 'later', start: 10, position: 3 }),
      node({ id: 'now', start: 0, position: 5 }),
      node({ id: 'expired', expiry: 5 }),
      node({ id: 'later-new-only', start: 10, display: ['new'] }),
      node({ id: 'never', start: 10, expiry: 10 }),
    ];
    expect(activePromoNodes(nodes, 5, ['used']).map((item) => item.id)).toEqual(['now']);
    expect(builtPromoNodes(nodes, 5, ['used']).map((item) => item.id)).toEqual(['later', 'now']);
    expect(builtPromoNodes(nodes, 5, ['new']).map((item) => item.id)).toEqual(['later-new-only', 'later', 'now']);
  });
});
