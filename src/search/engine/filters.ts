/**
 * A search's query and filters parsed once (compileSearch), before any document is read:
 * facet filters ('make:Toyota', 'make:-Toyota') and numeric filters ('price>=1000',
 * 'price:1000 TO 5000') as InstantSearch sends them. Bad filter text throws an Error that
 * quotes the filter. Pure.
 */
import { normalizeText, parseQuery } from '../core/text.ts';
import type { EngineSearchParams, FilterList } from './types.ts';

/** A document's value of one attribute, as a filter reads it. */
export type FieldValue = string | number | boolean;

/** A numeric filter: its attribute and test. */
export interface Condition {
  attribute: string;
  test: (value: FieldValue | undefined) => boolean;
  /** The numbers that pass, low..high, each end included or not (every operator but '!='): checked without a call per document. */
  range?: { low: number; high: number; lowIn: boolean; highIn: boolean };
}

/** A facet filter: attribute, normalised value, negated or not. */
export interface FacetFilter {
  attribute: string;
  key: string;
  negate: boolean;
}

function toList(filters: FilterList | undefined): (string | readonly string[])[] {
  if (filters === undefined) return [];
  return typeof filters === 'string' ? [filters] : [...filters];
}

/** Parse 'make:Toyota' / 'make:-Toyota' (InstantSearch escapes a leading '-' of a value as '\\-'). */
function parseFacetFilter(filter: string): FacetFilter {
  const colon = filter.indexOf(':');
  if (colon <= 0) throw new Error(`invalid facet filter: ${filter}`);
  const attribute = filter.slice(0, colon).trim();
  let raw = filter.slice(colon + 1);
  let negate = false;
  if (raw.startsWith('-')) {
    negate = true;
    raw = raw.slice(1);
  } else if (raw.startsWith('\\-')) {
    raw = raw.slice(1);
  }
  return { attribute, key: normalizeText(raw), negate };
}

const NUMERIC_FILTER = /^\s*([^<>=!:\s]+)\s*(<=|>=|!=|=|<|>|:)\s*(.+?)\s*$/;

/** Parse 'price>=1000', 'price<=5000', 'price=5', 'price:1000 TO 5000'. */
function numericCondition(filter: string): Condition {
  const match = NUMERIC_FILTER.exec(filter);
  if (!match) throw new Error(`invalid numeric filter: ${filter}`);
  const [, attribute, operator, operand] = match;
  const numberOf = (value: FieldValue | undefined) => (typeof value === 'number' ? value : Number.NaN);
  if (operator === ':') {
    const range = /^(-?[\d.]+)\s+TO\s+(-?[\d.]+)$/i.exec(operand);
    if (!range) throw new Error(`invalid numeric range: ${filter}`);
    const low = Number(range[1]);
    const high = Number(range[2]);
    return { attribute, test: (value) => numberOf(value) >= low && numberOf(value) <= high, range: { low, high, lowIn: true, highIn: true } };
  }
  const target = Number(operand);
  if (Number.isNaN(target)) throw new Error(`invalid number in filter: ${filter}`);
  const compare: Record<string, (a: number) => boolean> = {
    '<': (a) => a < target,
    '<=': (a) => a <= target,
    '>': (a) => a > target,
    '>=': (a) => a >= target,
    '=': (a) => a === target,
    '!=': (a) => !(a === target),
  };
  const check = compare[operator];
  const ranges: Record<string, Condition['range']> = {
    '<': { low: -Infinity, high: target, lowIn: true, highIn: false },
    '<=': { low: -Infinity, high: target, lowIn: true, highIn: true },
    '>': { low: target, high: Infinity, lowIn: false, highIn: true },
    '>=': { low: target, high: Infinity, lowIn: true, highIn: true },
    '=': { low: target, high: target, lowIn: true, highIn: true },
  };
  return { attribute, test: (value) => check(numberOf(value)), ...(ranges[operator] ? { range: ranges[operator] } : {}) };
}

function compileFilters<T>(filters: FilterList | undefined, parse: (filter: string) => T): T[][] {
  return toList(filters).map((group) => (typeof group === 'string' ? [parse(group)] : group.map(parse)));
}

/** A search's query words and filter groups, parsed once per search. */
export interface CompiledSearch {
  query: ReturnType<typeof parseQuery>;
  facetGroups: FacetFilter[][];
  numericGroups: Condition[][];
}

/** Parse a search's query and filters. */
export function compileSearch(params: EngineSearchParams): CompiledSearch {
  return {
    query: parseQuery(params.query ?? ''),
    facetGroups: compileFilters(params.facetFilters, parseFacetFilter),
    numericGroups: compileFilters(params.numericFilters, numericCondition),
  };
}

/** No query words and no filter: every document matches. */
export function isWholeStock({ query, facetGroups, numericGroups }: CompiledSearch): boolean {
  return query.words.length === 0 && facetGroups.length === 0 && numericGroups.length === 0;
}
