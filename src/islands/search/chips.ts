/**
 * Chips: the filters of a search named in words ('Diesel', 'Ute', 'Under $30,000'), each one
 * removable. The search page shows the chips of its state (what a sentence was read into, or
 * what the shopper ticked, or what a shared link carries); the hero shows the parts of the
 * sentence being typed. The car type is left out: its own filter shows it.
 */
import { formatMoney } from '../../lib/text/format.ts';
import { colourFamilies } from '../../search/core/colour-words.ts';
import { SORT_OPTIONS } from '../../search/core/config.ts';
import type { ReadPart } from '../../search/core/sentence.ts';
import type { SearchUrlState } from '../../search/browser/routing.ts';
import { FACET_PANELS, RANGE_PANELS, rangeView } from './panels.ts';

/** One chip: its name, and the filter it stands for. */
export interface Chip {
  key: string;
  label: string;
  attribute: string;
  /** Refinement values (a colour chip may stand for several: 'White' for 'White' and 'Glacier White'). */
  values?: string[];
  range?: boolean;
}

/** Facets whose chips lead, in this order; the rest follow in the order of the state. */
const CHIP_ORDER = ['make', 'model', 'badge', 'item_type', 'body', 'fuel', 'transmission', 'drive', 'final_drive', 'colour', 'seats', 'sleeps'];
const RANGE_ORDER = ['price', 'year', 'km', 'body_length', 'subscription_price'];

/** How a facet value reads on a chip (the filter panels' own labels: '7 seats', 'Sleeps 4'). */
export function valueLabel(attribute: string, value: string): string {
  const panel = FACET_PANELS.find((candidate) => candidate.attribute === attribute);
  return panel?.label ? panel.label(value) : value;
}

const format = (attribute: string): ((value: number) => string) => {
  const panel = RANGE_PANELS.find((candidate) => candidate.attribute === attribute);
  return panel ? rangeView(panel).format : (value: number) => formatMoney(value);
};

/** How a range reads: 'Under $30,000', 'Over $20,000', '$20,000 – $30,000', '2018 or newer', 'Under 50,000 km'. */
export function rangeLabel(attribute: string, min: number | undefined, max: number | undefined): string {
  const text = format(attribute);
  if (attribute === 'year') {
    if (min !== undefined && max !== undefined) return min === max ? String(min) : `${min} – ${max}`;
    return min !== undefined ? `${min} or newer` : `${max} or older`;
  }
  if (min !== undefined && max !== undefined) return `${text(min)} – ${text(max)}`;
  return min !== undefined ? `Over ${text(min)}` : `Under ${text(max!)}`;
}

function parseBounds(text: string): { min?: number; max?: number } {
  const [low = '', high = ''] = text.split(':');
  return { ...(low !== '' ? { min: Number(low) } : {}), ...(high !== '' ? { max: Number(high) } : {}) };
}

/** Colour values as chips: values sharing a colour word are one chip named by it. */
function colourChips(values: readonly string[]): Chip[] {
  const chips: Chip[] = [];
  let left = [...values];
  for (;;) {
    const byFamily = new Map<string, string[]>();
    for (const value of left) for (const family of colourFamilies(value)) byFamily.set(family, [...(byFamily.get(family) ?? []), value]);
    const best = [...byFamily.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    if (!best || best[1].length < 2) break;
    chips.push({ key: `colour:${best[1].join('|')}`, label: best[0].charAt(0).toUpperCase() + best[0].slice(1), attribute: 'colour', values: best[1] });
    left = left.filter((value) => !best[1].includes(value));
  }
  return [...chips, ...left.map((value) => ({ key: `colour:${value}`, label: value, attribute: 'colour', values: [value] }))];
}

/** The chips of a search state: facets (car type aside), then ranges. */
export function stateChips(state: SearchUrlState): Chip[] {
  const lists = Object.entries(state.refinementList ?? {}).filter(([attribute, values]) => attribute !== 'car_type' && values.length > 0);
  const rank = (attribute: string) => (CHIP_ORDER.includes(attribute) ? CHIP_ORDER.indexOf(attribute) : CHIP_ORDER.length);
  lists.sort((a, b) => rank(a[0]) - rank(b[0]));
  const chips: Chip[] = [];
  for (const [attribute, values] of lists) {
    if (attribute === 'colour') chips.push(...colourChips(values));
    else for (const value of values) chips.push({ key: `${attribute}:${value}`, label: valueLabel(attribute, value), attribute, values: [value] });
  }
  const ranges = Object.entries(state.range ?? {}).filter(([, text]) => text && text !== ':');
  ranges.sort((a, b) => (RANGE_ORDER.indexOf(a[0]) + 1 || 99) - (RANGE_ORDER.indexOf(b[0]) + 1 || 99));
  for (const [attribute, text] of ranges) {
    const { min, max } = parseBounds(text);
    if (min === undefined && max === undefined) continue;
    chips.push({ key: `range:${attribute}`, label: rangeLabel(attribute, min, max), attribute, range: true });
  }
  return chips;
}

/** The state without one chip's filter. */
export function withoutChip(state: SearchUrlState, chip: Chip): SearchUrlState {
  const next: SearchUrlState = { ...state, page: undefined };
  if (chip.range) {
    const range = { ...state.range };
    delete range[chip.attribute];
    next.range = range;
  } else {
    const lists = { ...state.refinementList };
    const left = (lists[chip.attribute] ?? []).filter((value) => !chip.values?.includes(value));
    if (left.length > 0) lists[chip.attribute] = left;
    else delete lists[chip.attribute];
    // A make's models go with it.
    if (chip.attribute === 'make' && !lists.make) delete lists.model;
    next.refinementList = lists;
  }
  return next;
}

/** The chip of one part of a sentence (the hero), or null for a part that filters nothing. */
export function partChip(part: ReadPart, index: number): Chip | null {
  const key = `part:${index}`;
  if (part.kind === 'range' && part.attribute) return { key, label: rangeLabel(part.attribute, part.min, part.max), attribute: part.attribute, range: true };
  if (part.kind === 'sort') {
    const option = SORT_OPTIONS.find((candidate) => candidate.key === part.sortBy);
    return option ? { key, label: option.label, attribute: 'sortBy' } : null;
  }
  if (part.kind !== 'refine' || !part.refine) return null;
  const entries = Object.entries(part.refine);
  if (part.label) return { key, label: part.label, attribute: entries[0]![0], values: entries[0]![1] };
  const label = entries.map(([attribute, values]) => values.map((value) => valueLabel(attribute, value)).join(' or ')).join(' ');
  return { key, label, attribute: entries[0]![0], values: entries[0]![1] };
}
