/** The facet panels of the search page, in the order shown, with the spec's limits (§9). */
import { FACET_LIMITS, MAKES_SHOWN, MODELS_FOR_MAKE } from '../../search/config.ts';

/** One refinement-list panel. */
export interface FacetPanel {
  attribute: string;
  title: string;
  limit: number;
  /** With a 'show more' toggle up to this many values. */
  showMoreLimit?: number;
  moreLabel?: string;
  lessLabel?: string;
  /** Shown only once this attribute is refined (models of the chosen make). */
  requires?: string;
}

export const FACET_PANELS: readonly FacetPanel[] = [
  { attribute: 'make', title: 'Make', limit: MAKES_SHOWN, showMoreLimit: FACET_LIMITS.make, moreLabel: 'Show all makes', lessLabel: 'Show fewer makes' },
  { attribute: 'model', title: 'Model', limit: MODELS_FOR_MAKE, showMoreLimit: FACET_LIMITS.model, moreLabel: 'Show all models', lessLabel: 'Show fewer models', requires: 'make' },
  { attribute: 'body', title: 'Body type', limit: FACET_LIMITS.body },
  { attribute: 'price_range', title: 'Price range', limit: FACET_LIMITS.price_range },
  { attribute: 'colour', title: 'Colour', limit: FACET_LIMITS.colour },
  { attribute: 'fuel', title: 'Fuel', limit: FACET_LIMITS.fuel },
  { attribute: 'transmission', title: 'Transmission', limit: FACET_LIMITS.transmission },
  { attribute: 'state', title: 'State', limit: FACET_LIMITS.state },
  { attribute: 'city', title: 'City', limit: FACET_LIMITS.city },
  { attribute: 'location_name', title: 'Location', limit: FACET_LIMITS.location_name },
  { attribute: 'dealership_name', title: 'Dealership', limit: FACET_LIMITS.dealership_name },
];

/** Facet values as InstantSearch's refinement list sorts them: refined first, then count, then name. */
export function sortFacetItems(distribution: Record<string, number>, refined: readonly string[]): { value: string; label: string; count: number; isRefined: boolean }[] {
  const lower = refined.map((value) => value.toLowerCase());
  return Object.entries(distribution)
    .map(([value, count]) => ({ value, label: value, count, isRefined: lower.includes(value.toLowerCase()) }))
    .sort((a, b) => Number(b.isRefined) - Number(a.isRefined) || b.count - a.count || a.label.localeCompare(b.label));
}
