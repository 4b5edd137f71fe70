/**
 * Facet counting: how many matched documents hold each value of each wanted facet, the
 * values a facet shows (count desc, then label in code unit order, at most
 * MAX_VALUES_PER_FACET, as Meilisearch answers) and a number facet's stats. Reads the
 * columns (columns.ts); a facet asked for again keeps its label order between searches.
 */
import { MAX_VALUES_PER_FACET } from '../core/config.ts';
import type { Column } from './columns.ts';
import { collectMasked, countListed, countValues, numericStats } from './kernels.ts';
import type { FacetStats } from './types.ts';

/**
 * The value ids a facet shows: count desc, then label (code unit order), at most
 * MAX_VALUES_PER_FACET. A column with thousands of values (km, price) is cut to the limit
 * before anything is sorted.
 */
function topValues(column: Column, counts: Int32Array): number[] {
  const labels = column.labels;
  const labelOrder = (a: number, b: number) => (labels[a] < labels[b] ? -1 : labels[a] > labels[b] ? 1 : 0);
  // The first search with this facet compares labels; a facet asked for again keeps their order.
  column.uses = (column.uses ?? 0) + 1;
  if (column.uses === 2 && labels.length > MAX_VALUES_PER_FACET) {
    column.byLabel = Int32Array.from(labels, (_, id) => id).sort(labelOrder);
    column.labelRank = new Int32Array(labels.length);
    column.byLabel.forEach((id, place) => (column.labelRank![id] = place));
  }
  const rank = column.labelRank;
  const byCountThenLabel = rank ? (a: number, b: number) => counts[b] - counts[a] || rank[a] - rank[b] : (a: number, b: number) => counts[b] - counts[a] || labelOrder(a, b);
  let shown = 0;
  let highest = 0;
  for (let id = 0; id < counts.length; id += 1) {
    if (counts[id] === 0) continue;
    shown += 1;
    if (counts[id] > highest) highest = counts[id];
  }
  if (shown <= MAX_VALUES_PER_FACET) {
    const present: number[] = [];
    for (let id = 0; id < counts.length; id += 1) if (counts[id] > 0) present.push(id);
    return present.sort(byCountThenLabel);
  }
  // More values than shown (km, price): the count of the last value shown, and how many
  // values with that count fit; only the shown values are collected (no list of thousands).
  const frequency = new Int32Array(highest + 1);
  for (let id = 0; id < counts.length; id += 1) frequency[counts[id]] += 1;
  let room = MAX_VALUES_PER_FACET;
  let threshold = highest;
  for (; threshold > 0; threshold -= 1) {
    if (frequency[threshold] >= room) break;
    room -= frequency[threshold];
  }
  const kept: number[] = [];
  for (let id = 0; id < counts.length; id += 1) if (counts[id] > threshold) kept.push(id);
  if (column.byLabel) {
    // Values at the threshold count: the `room` first in label order.
    for (const id of column.byLabel) {
      if (room === 0) break;
      if (counts[id] === threshold) {
        kept.push(id);
        room -= 1;
      }
    }
    return kept.sort(byCountThenLabel);
  }
  // Values at the threshold count: the `room` first in label order, kept sorted while
  // scanning (a label after the last kept one costs one comparison).
  const ties: number[] = [];
  for (let id = 0; id < counts.length && room > 0; id += 1) {
    if (counts[id] !== threshold) continue;
    const label = labels[id];
    if (ties.length === room && !(label < labels[ties[room - 1]])) continue;
    let low = 0;
    let high = ties.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (labels[ties[middle]] < label) low = middle + 1;
      else high = middle;
    }
    ties.splice(low, 0, id);
    if (ties.length > room) ties.pop();
  }
  return kept.concat(ties).sort(byCountThenLabel);
}

/** Count the wanted facets over the documents of the mask, into `facets` and `stats` (`positionBuffer`: room for every document). */
export function countFacets(wanted: readonly string[], mask: Uint8Array, columnFor: (attribute: string) => Column, positionBuffer: Int32Array, facets: Record<string, Record<string, number>>, stats: Record<string, FacetStats>): void {
  // Facets are counted over the matches in document order: the columns are read front to back.
  const inPlace = wanted.length > 0 ? collectMasked(mask, positionBuffer) : 0;
  for (const attribute of wanted) {
    const column = columnFor(attribute);
    const into = (column.counts ??= new Int32Array(column.labels.length));
    const counts = column.lists ? countListed(column.lists, into, positionBuffer, inPlace) : countValues(column.ids, into, positionBuffer, inPlace);
    if (column.numbers) {
      const summary = numericStats(column.numbers, positionBuffer, inPlace);
      if (summary) stats[attribute] = summary;
    }
    const distribution: Record<string, number> = {};
    for (const id of topValues(column, counts)) distribution[column.labels[id]] = counts[id];
    facets[attribute] = distribution;
  }
}
