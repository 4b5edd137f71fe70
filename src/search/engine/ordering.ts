/**
 * The engine's sort orders: document positions in the default order (custom_rank desc, then
 * tiebreak asc, then input position) and in each sort rule's order (`price:desc`: the
 * field first, documents without it last, then the default order). Each is computed on first
 * use and kept; documents an index file wrote in the default order are not sorted again.
 */
import { numberKeys, type ColumnSource } from './columns.ts';
import { distinctValues, orderByRanks } from './kernels.ts';

/** The order of a sort rule (null: the default order), made on first use. */
export function createOrderings(source: ColumnSource, ordered: boolean | undefined): (sort: string | null) => Int32Array {
  const { size } = source;
  const keysOf = (attribute: string) => numberKeys(source, attribute);
  const orders = new Map<string, Int32Array>();
  let baseRanks: Int32Array | null = null;
  function defaultRanks(): Int32Array {
    if (baseRanks) return baseRanks;
    const identity = new Int32Array(size);
    for (let position = 0; position < size; position += 1) identity[position] = position;
    if (ordered || inDefaultOrder()) {
      // The index file is written in this order: nothing to sort.
      orders.set('', identity);
      return (baseRanks = identity);
    }
    const byTiebreak = orderByRanks(distinctValues(keysOf('tiebreak'), false).ranks, identity);
    const tiebreakRank = new Int32Array(size);
    byTiebreak.forEach((position, rank) => (tiebreakRank[position] = rank));
    const order = orderByRanks(distinctValues(keysOf('custom_rank'), true).ranks, tiebreakRank);
    orders.set('', order);
    baseRanks = new Int32Array(size);
    order.forEach((position, rank) => (baseRanks![position] = rank));
    return baseRanks;
  }
  /** Whether the documents already stand in the default order. */
  function inDefaultOrder(): boolean {
    const rank = keysOf('custom_rank');
    const tiebreak = keysOf('tiebreak');
    for (let position = 1; position < size; position += 1) {
      if (rank[position - 1] < rank[position]) return false;
      if (rank[position - 1] === rank[position] && tiebreak[position - 1] > tiebreak[position]) return false;
    }
    return true;
  }

  return function orderFor(sort: string | null): Int32Array {
    const key = sort ?? '';
    let order = orders.get(key);
    if (order) return order;
    const base = defaultRanks();
    if (!sort) return orders.get('')!;
    // The sort rule first (documents without the field last), then the default order.
    const [attribute, direction] = sort.split(':');
    order = orderByRanks(distinctValues(keysOf(attribute), direction === 'desc').ranks, base);
    orders.set(key, order);
    return order;
  };
}
