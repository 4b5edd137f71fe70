/**
 * The loops a search runs over every document, each a small function of typed arrays: the
 * JIT optimises each on its own and keeps it (inside one larger function they were compiled
 * on the stack, "OSR", and thrown away at each exit). Filters narrow a mask (one byte per
 * document), counts and stats read the matched positions, and the rank helpers give sort
 * orders without a comparator. Pure: every function takes its buffers and returns values.
 */
import type { FacetStats } from './types.ts';

/** How many matched documents hold each value id (small and monomorphic, so the JIT optimises it early). */
export function countValues(ids: Int32Array, counts: Int32Array, matched: Int32Array, matchedCount: number): Int32Array {
  counts.fill(0);
  for (let index = 0; index < matchedCount; index += 1) {
    const id = ids[matched[index]];
    if (id >= 0) counts[id] += 1;
  }
  return counts;
}

/** mask &= hits. */
export function andMask(mask: Uint8Array, hits: Uint8Array): void {
  for (let position = 0; position < mask.length; position += 1) mask[position] &= hits[position];
}

/** Keep the documents whose value id is `id` (or is not, with `negate`). */
export function keepValue(mask: Uint8Array, ids: Int32Array, id: number, negate: boolean): void {
  for (let position = 0; position < mask.length; position += 1) if (mask[position] && (ids[position] === id) === negate) mask[position] = 0;
}

/** Keep the documents that pass any of the tests (one facet group: OR inside it). */
export function keepAnyValue(mask: Uint8Array, tests: readonly { ids: Int32Array; id: number; negate: boolean }[]): void {
  for (let position = 0; position < mask.length; position += 1) {
    if (!mask[position]) continue;
    let ok = false;
    for (const test of tests) {
      if ((test.ids[position] === test.id) !== test.negate) {
        ok = true;
        break;
      }
    }
    if (!ok) mask[position] = 0;
  }
}

/** The value ids of a list attribute per document: document p holds values[start[p] .. start[p + 1]). */
export interface ValueLists {
  start: Int32Array;
  values: Int32Array;
}

function listHas(lists: ValueLists, position: number, id: number): boolean {
  for (let index = lists.start[position]; index < lists.start[position + 1]; index += 1) if (lists.values[index] === id) return true;
  return false;
}

/** keepAnyValue for a group with a list attribute: a document passes a test when its list holds the value. */
export function keepAnyListed(mask: Uint8Array, tests: readonly { ids: Int32Array; id: number; negate: boolean; lists?: ValueLists }[]): void {
  for (let position = 0; position < mask.length; position += 1) {
    if (!mask[position]) continue;
    if (!tests.some((test) => (test.lists ? listHas(test.lists, position, test.id) : test.ids[position] === test.id) !== test.negate)) mask[position] = 0;
  }
}

/** countValues for a list attribute: a document counts once under each of its values. */
export function countListed(lists: ValueLists, counts: Int32Array, matched: Int32Array, matchedCount: number): Int32Array {
  counts.fill(0);
  for (let index = 0; index < matchedCount; index += 1) {
    const position = matched[index];
    for (let at = lists.start[position]; at < lists.start[position + 1]; at += 1) counts[lists.values[at]] += 1;
  }
  return counts;
}

/** Keep the documents whose number lies in the range; a missing value (NaN) fails every range, as the test does. */
export function keepRange(mask: Uint8Array, numbers: Float64Array, low: number, high: number, lowIn: boolean, highIn: boolean): void {
  for (let position = 0; position < mask.length; position += 1) {
    if (!mask[position]) continue;
    const value = numbers[position];
    if (!(lowIn ? value >= low : value > low) || !(highIn ? value <= high : value < high)) mask[position] = 0;
  }
}

/** The masked positions in `order`'s order, into `into`; returns how many. */
export function collectInOrder(order: Int32Array, mask: Uint8Array, into: Int32Array): number {
  let count = 0;
  for (let index = 0; index < order.length; index += 1) {
    const position = order[index];
    if (mask[position]) into[count++] = position;
  }
  return count;
}

/** The masked positions in document order, into `into`; returns how many. */
export function collectMasked(mask: Uint8Array, into: Int32Array): number {
  let count = 0;
  for (let position = 0; position < mask.length; position += 1) if (mask[position]) into[count++] = position;
  return count;
}

/** Min, max, sum and average of a number column over the matched documents (null when none has one). */
export function numericStats(numbers: Float64Array, matched: Int32Array, matchedCount: number): FacetStats | null {
  const total = sumUp(numbers, matched, matchedCount, statsBuffer);
  // The object is made here, outside the loop's function: made inside it, its changing field
  // kinds (whole numbers, fractions) threw the loop's optimised code away at every search.
  return total > 0 ? { min: statsBuffer[0], max: statsBuffer[1], sum: statsBuffer[2], avg: statsBuffer[2] / total } : null;
}

const statsBuffer = new Float64Array(3);

/** Min, max and sum of the present values into `into`; returns how many are present. */
function sumUp(numbers: Float64Array, matched: Int32Array, matchedCount: number, into: Float64Array): number {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let total = 0;
  for (let index = 0; index < matchedCount; index += 1) {
    const value = numbers[matched[index]];
    if (value !== value) continue; // NaN: no value
    if (value < min) min = value;
    if (value > max) max = value;
    sum += value;
    total += 1;
  }
  into[0] = min;
  into[1] = max;
  into[2] = sum;
  return total;
}

/** Lower bound of `prefix` in a sorted string array. */
export function lowerBound(sorted: readonly string[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The distinct present keys in ascending order, and each position's dense rank among them:
 * equal keys share a rank, smaller keys get smaller ranks (larger with `descending`), missing
 * keys (NaN) rank after every present one. Native typed-array sorts (no comparator).
 */
export function distinctValues(keys: Float64Array, descending: boolean): { ranks: Int32Array; distinct: Float64Array } {
  const size = keys.length;
  // The present keys copied by a plain loop (a filter callback per key is slow before the JIT warms up).
  const present = new Float64Array(size);
  let count = 0;
  for (let position = 0; position < size; position += 1) {
    const key = keys[position];
    if (key === key) present[count++] = key;
  }
  const sorted = present.subarray(0, count).sort();
  let unique = 0;
  for (let index = 0; index < sorted.length; index += 1) if (index === 0 || sorted[index] !== sorted[unique - 1]) sorted[unique++] = sorted[index];
  const distinct = sorted.subarray(0, unique);
  const ranks = new Int32Array(size);
  for (let position = 0; position < size; position += 1) {
    const key = keys[position];
    if (Number.isNaN(key)) {
      ranks[position] = unique;
      continue;
    }
    let low = 0;
    let high = unique - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (distinct[middle] < key) low = middle + 1;
      else high = middle;
    }
    ranks[position] = descending ? unique - 1 - low : low;
  }
  return { ranks, distinct };
}

/** Positions ordered by `primary` rank, ties by `secondary` rank (both dense, < 2^26 here; the secondary ranks unique). */
export function orderByRanks(primary: Int32Array, secondary: Int32Array): Int32Array {
  const size = primary.length;
  // One number per document, primary * size + secondary: unique when the secondary ranks
  // are unique, so a plain numeric sort gives the order and the position is read back.
  const packed = new Float64Array(size);
  for (let position = 0; position < size; position += 1) packed[position] = primary[position] * size + secondary[position];
  packed.sort();
  const bySecondary = new Int32Array(size);
  for (let position = 0; position < size; position += 1) bySecondary[secondary[position]] = position;
  return Int32Array.from(packed, (value) => bySecondary[value % size]);
}
