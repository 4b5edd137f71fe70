/**
 * Home hero stock search rules (spec §2 "Hero stock search", §9): the selections become
 * search filters and a results URL; counts come from the engine. Pure.
 */
import { FACET_LIMITS, HOME_PRICE_SLIDER, MODELS_FOR_MAKE, POPULAR_MAKES } from '../core/config.ts';
import type { EngineSearchParams } from '../engine/engine.ts';
import { createSearchUrl, type SearchUrlState } from './routing.ts';
import type { RouteTable } from '../core/routes.ts';
import type { SentenceReading } from '../core/sentence.ts';
import { withReading } from './sentence.ts';
import { carTypeOptions, selectedCarType } from '../core/car-type-filter.ts';

/** One select of the hero search: the facet it refines, its label, its 'any' option and how many values it lists. */
export interface HeroSelect {
  attribute: string;
  label: string;
  any: string;
  limit: number;
}

const SELECT = {
  make: { attribute: 'make', label: 'Make', any: 'All Makes', limit: POPULAR_MAKES },
  model: { attribute: 'model', label: 'Model', any: 'All Models', limit: MODELS_FOR_MAKE },
  body: { attribute: 'body', label: 'Body', any: 'Any body', limit: FACET_LIMITS.body },
  city: { attribute: 'city', label: 'City', any: 'Any city', limit: FACET_LIMITS.city },
  colour: { attribute: 'colour', label: 'Colour', any: 'Any colour', limit: FACET_LIMITS.colour },
  fuel: { attribute: 'fuel', label: 'Fuel', any: 'Any fuel', limit: FACET_LIMITS.fuel },
  /** The vehicle type (feed item_type: motorcycle, truck): sites that sell more than one kind. */
  type: { attribute: 'item_type', label: 'Type', any: 'Any type', limit: FACET_LIMITS.item_type },
  /** A caravan's type is its body (Caravan, Pop Top, Camper Trailer). */
  caravanType: { attribute: 'body', label: 'Type', any: 'Any type', limit: FACET_LIMITS.body },
} as const satisfies Record<string, HeroSelect>;

/** Every select the hero may show (all six car selects: tests and callers without a site). */
export const HERO_SELECTS: readonly HeroSelect[] = [SELECT.make, SELECT.model, SELECT.body, SELECT.city, SELECT.colour, SELECT.fuel];

/**
 * The hero's selects for a site (spec §2: make, model, then 'body/city/car type', then
 * 'colour/fuel/type'; docs/search.md): used-group body and colour,
 * franchise city and fuel, caravan city and type (its body), motorcycle body and fuel. A site
 * that sells more than one kind of vehicle (`vehicle_kinds`) has the vehicle type fourth.
 */
export function heroSelects(template: string, kindCount = 1): HeroSelect[] {
  const [third, fourth] =
    template === 'franchise'
      ? [SELECT.city, SELECT.fuel]
      : template === 'caravan'
        ? [SELECT.city, SELECT.caravanType]
        : template === 'motorcycle'
          ? [SELECT.body, SELECT.fuel]
          : [SELECT.body, SELECT.colour];
  return [SELECT.make, SELECT.model, third, kindCount > 1 && template !== 'caravan' ? SELECT.type : fourth];
}

/** How a select's value reads: feed vehicle types are lower case ('truck' -> 'Truck'). */
export function heroOptionLabel(attribute: string, value: string): string {
  return attribute === 'item_type' ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/** Car-type slider of the hero (spec §2: All / New / Demo / Used). */
export const HERO_CAR_TYPES = [
  { key: 'all', label: 'All', types: [] as string[] },
  { key: 'new', label: 'New', types: ['new'] },
  { key: 'demo', label: 'Demo', types: ['demo'] },
  { key: 'used', label: 'Used', types: ['used'] },
] as const;

/** The hero's car-type choices: without 'All' on a site that turns it off (features.car_type_all), as its search page offers them. */
export function heroCarTypes(allowAll: boolean): readonly (typeof HERO_CAR_TYPES)[number][] {
  return allowAll ? HERO_CAR_TYPES : HERO_CAR_TYPES.filter((option) => option.key !== 'all');
}

/**
 * The car type the hero starts on: 'all', or on a site without it the type its search page
 * selects when none is chosen (car-type-filter.ts: the first with stock), so that 'Show Me N'
 * counts what the page it opens finds.
 */
export function heroFirstCarType(allowAll: boolean, counts: Record<string, number> = {}): string {
  if (allowAll) return 'all';
  const first = selectedCarType([], carTypeOptions(false, counts));
  return heroCarTypes(false).some((option) => option.key === first?.key) ? first!.key : 'new';
}

/** The count of the hero's first render (before the engine answers): the stock of its car type. */
export function heroFirstCount(carType: string, initial: { total: number; facets: Record<string, Record<string, number>> }): number {
  const type = HERO_CAR_TYPES.find((option) => option.key === carType);
  return type && type.types.length > 0 ? type.types.reduce((sum, value) => sum + (initial.facets.car_type?.[value] ?? 0), 0) : initial.total;
}

/** What the visitor chose in the hero. */
export interface HeroSelection {
  carType: string;
  /** attribute -> chosen value ('' = any). */
  values: Record<string, string>;
}

/** Refinements of a selection; a model only counts with its make. */
export function heroRefinements(selection: HeroSelection, selects: readonly HeroSelect[] = HERO_SELECTS): Record<string, string[]> {
  const refinements: Record<string, string[]> = {};
  const type = HERO_CAR_TYPES.find((option) => option.key === selection.carType);
  if (type && type.types.length > 0) refinements.car_type = [...type.types];
  for (const { attribute } of selects) {
    const value = selection.values[attribute];
    if (!value) continue;
    if (attribute === 'model' && !selection.values.make) continue;
    refinements[attribute] = [value];
  }
  return refinements;
}

/**
 * The search a hero stands for: its selects and car type, with the sentence typed into it
 * folded in (the sentence wins an attribute both name: src/search/browser/sentence.ts withReading).
 */
export function heroSearchState(
  selection: HeroSelection,
  selects: readonly HeroSelect[] = HERO_SELECTS,
  reading?: Pick<SentenceReading, 'refinementList' | 'range' | 'sortBy' | 'query'> | null,
): SearchUrlState {
  const state: SearchUrlState = { refinementList: heroRefinements(selection, selects) };
  return reading ? withReading(state, reading) : state;
}

/** Engine queries for a hero: the count query, then one per select whose options ignore its own choice. */
export function heroQueries(
  selection: HeroSelection,
  selects: readonly HeroSelect[] = HERO_SELECTS,
  reading?: Pick<SentenceReading, 'refinementList' | 'range' | 'sortBy' | 'query'> | null,
): { attribute: string | null; params: EngineSearchParams }[] {
  const state = heroSearchState(selection, selects, reading);
  const refinements = state.refinementList ?? {};
  const filters = (except?: string) =>
    Object.entries(refinements)
      .filter(([attribute]) => attribute !== except)
      .map(([attribute, values]) => values.map((value) => `${attribute}:${value}`));
  const numericFilters = Object.entries(state.range ?? {}).flatMap(([attribute, text]) => {
    const [low = '', high = ''] = text.split(':');
    return [...(low !== '' ? [`${attribute}>=${low}`] : []), ...(high !== '' ? [`${attribute}<=${high}`] : [])];
  });
  const extra = { ...(state.query ? { query: state.query } : {}), ...(numericFilters.length > 0 ? { numericFilters } : {}) };
  return [
    { attribute: null, params: { hitsPerPage: 0, facets: ['car_type'], facetFilters: filters(), ...extra } },
    ...selects.map(({ attribute }) => ({
      attribute,
      params: { hitsPerPage: 0, facets: [attribute], facetFilters: filters(attribute), ...extra } as EngineSearchParams,
    })),
  ];
}

/** The results URL of a hero ('Show Me N cars'). */
export function heroResultsUrl(
  selection: HeroSelection,
  routes: RouteTable,
  selects: readonly HeroSelect[] = HERO_SELECTS,
  reading?: Pick<SentenceReading, 'refinementList' | 'range' | 'sortBy' | 'query'> | null,
): string {
  return createSearchUrl(heroSearchState(selection, selects, reading), routes);
}

/** The example sentence in the hero's box, in the site's kind of stock. */
export function sentenceExample(kinds: readonly string[]): string {
  if (kinds.includes('caravan')) return 'e.g. pop top sleeps 4 under 60k';
  if (kinds.includes('motorcycle')) return 'e.g. LAMS naked bike under 10k';
  if (kinds.includes('truck')) return 'e.g. diesel tipper under 80k';
  return 'e.g. diesel ute under 30k auto';
}

/** The price-slider search: results in the price range, highest price first (spec §2). */
export function priceSearchUrl(range: readonly [number, number], routes: RouteTable): string {
  const [low, high] = range;
  const state: SearchUrlState = { sortBy: 'price-desc' };
  const text = `${low > HOME_PRICE_SLIDER.min ? low : ''}:${high < HOME_PRICE_SLIDER.max ? high : ''}`;
  if (text !== ':') state.range = { price: text };
  return createSearchUrl(state, routes);
}

/** Snap a home price slider value to its step and bounds (5,000-250,000 step 500). */
export function snapHomePrice(value: number): number {
  const { min, max, step } = HOME_PRICE_SLIDER;
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round((value - min) / step) * step + min));
}

/** The home price range after one thumb moves to `value`: snapped, and kept a step away from the other thumb. */
export function moveHomePriceThumb([low, high]: readonly [number, number], thumb: 0 | 1, value: number): [number, number] {
  const { step } = HOME_PRICE_SLIDER;
  return thumb === 0 ? [Math.min(snapHomePrice(value), high - step), high] : [low, Math.max(snapHomePrice(value), low + step)];
}

/**
 * The make select: up to 20 popular makes first (spec §9), then the makes in stock A-Z under
 * 'All Makes' when there are more, up to the make facet's limit (100, the most stock first).
 */
export function makeOptionGroups(distribution: Record<string, number> | undefined): { label: string | null; options: { value: string; count: number }[] }[] {
  const popular = facetOptions(distribution, POPULAR_MAKES);
  const all = facetOptions(distribution, FACET_LIMITS.make);
  if (all.length <= popular.length) return [{ label: null, options: popular }];
  return [
    { label: 'Popular Makes', options: popular },
    { label: 'All Makes', options: [...all].sort((a, b) => a.value.localeCompare(b.value)) },
  ];
}

/** Options of a select from a facet distribution: most stock first, then name; at most `limit`. */
export function facetOptions(distribution: Record<string, number> | undefined, limit: number): { value: string; count: number }[] {
  return Object.entries(distribution ?? {})
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, limit);
}
