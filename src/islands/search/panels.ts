/** The facet panels of the search page, in the order shown, with the spec's limits (§9). */
import { formatMoney } from '../../lib/text/format.ts';
import { FACET_LIMITS, HIERARCHY_SEPARATOR, MAKES_SHOWN, MODELS_FOR_MAKE } from '../../search/core/config.ts';

/** One refinement-list panel. */
export interface FacetPanel {
  attribute: string;
  title: string;
  limit: number;
  /** With a 'show more' toggle up to this many values. */
  showMoreLimit?: number;
  moreLabel?: string;
  lessLabel?: string;
  /**
   * The model level of the make > model hierarchy: shown nested under each chosen make (its
   * models found through the `make_model` facet), never as a panel of its own.
   */
  nestedIn?: string;
  /** How a value reads ('7' -> '7 seats'); the value itself otherwise. */
  label?: (value: string) => string;
  /** Values in the order of the number they start with ('$150 - $200' bands), not by count. */
  numericOrder?: boolean;
  /** Not shown when it has one value and that is not chosen (nothing to choose between). */
  hideSingle?: boolean;
}

/** What a panel's values need from the site (spec §5.4: certified-only sites). */
export interface PanelSiteOptions {
  certifiedOnly: boolean;
}

export const FACET_PANELS: readonly FacetPanel[] = [
  { attribute: 'make', title: 'Make', limit: MAKES_SHOWN, showMoreLimit: FACET_LIMITS.make, moreLabel: 'Show all makes', lessLabel: 'Show fewer makes' },
  { attribute: 'model', title: 'Model', limit: MODELS_FOR_MAKE, showMoreLimit: FACET_LIMITS.model, moreLabel: 'Show all models', lessLabel: 'Show fewer models', nestedIn: 'make' },
  // The vehicle type (feed item_type: motorcycle, truck) of sites that sell several kinds; the hero's 'Type' lands here.
  { attribute: 'item_type', title: 'Vehicle type', limit: FACET_LIMITS.item_type, hideSingle: true, label: (value) => value.charAt(0).toUpperCase() + value.slice(1) },
  { attribute: 'body', title: 'Body type', limit: FACET_LIMITS.body },
  { attribute: 'price_range', title: 'Price range', limit: FACET_LIMITS.price_range, numericOrder: true },
  { attribute: 'weekly_price_range', title: 'Weekly repayments', limit: FACET_LIMITS.weekly_price_range, numericOrder: true },
  { attribute: 'colour', title: 'Colour', limit: FACET_LIMITS.colour },
  { attribute: 'fuel', title: 'Fuel', limit: FACET_LIMITS.fuel },
  { attribute: 'transmission', title: 'Transmission', limit: FACET_LIMITS.transmission },
  { attribute: 'drive', title: 'Drive', limit: FACET_LIMITS.drive },
  // Motorcycles' Chain, Belt or Shaft, kept out of Drive; only cars with the value make a panel.
  { attribute: 'final_drive', title: 'Final drive', limit: FACET_LIMITS.final_drive },
  { attribute: 'seats', title: 'Seats', limit: FACET_LIMITS.seats, numericOrder: true, label: (value) => `${value} ${value === '1' ? 'seat' : 'seats'}` },
  // Caravans: how many a van sleeps; only cars with the value make a panel.
  { attribute: 'sleeps', title: 'Sleeps', limit: FACET_LIMITS.sleeps, numericOrder: true, label: (value) => `Sleeps ${value}` },
  // Spec §3 filtered_features: a car counts under each of its features.
  { attribute: 'filtered_features', title: 'Features', limit: 10, showMoreLimit: FACET_LIMITS.filtered_features, moreLabel: 'Show all features', lessLabel: 'Show fewer features' },
  { attribute: 'certified', title: 'Certified', limit: FACET_LIMITS.certified, label: (value) => (value === 'true' ? 'Certified' : 'Not certified') },
  { attribute: 'tag', title: 'Offers and tags', limit: FACET_LIMITS.tag },
  { attribute: 'badge', title: 'Badge', limit: 10, showMoreLimit: FACET_LIMITS.badge, moreLabel: 'Show all badges', lessLabel: 'Show fewer badges' },
  { attribute: 'state', title: 'State', limit: FACET_LIMITS.state },
  { attribute: 'city', title: 'City', limit: FACET_LIMITS.city },
  { attribute: 'location_name', title: 'Location', limit: FACET_LIMITS.location_name },
  { attribute: 'dealership_name', title: 'Dealership', limit: FACET_LIMITS.dealership_name },
];

/** A numeric range filter (slider and two boxes). */
export interface RangePanel {
  attribute: 'price' | 'subscription_price' | 'year' | 'km' | 'body_length';
  title: string;
  /** Values move in whole units: 1000 for price and km (spec §5), 1 for years and subscriptions. */
  unit: number;
  /** Only on sites that offer subscriptions (site.json offers_subscription). */
  subscriptionOnly?: boolean;
  format: 'money' | 'year' | 'km' | 'feet';
}

/** The range filters after the price slider, in the order shown. */
export const RANGE_PANELS: readonly RangePanel[] = [
  { attribute: 'subscription_price', title: 'Subscription price', unit: 1, subscriptionOnly: true, format: 'money' },
  { attribute: 'year', title: 'Year', unit: 1, format: 'year' },
  { attribute: 'km', title: 'Kilometres', unit: 1000, format: 'km' },
  // Caravans' body length in feet (spec §3 specifications), in whole feet; shown only where cars have one.
  { attribute: 'body_length', title: 'Length', unit: 1, format: 'feet' },
];

const RANGE_VIEWS = {
  money: { format: (value: number) => formatMoney(value), noun: 'price' },
  year: { format: (value: number) => String(value), noun: 'year' },
  km: { format: (value: number) => `${value.toLocaleString('en-AU')} km`, noun: 'kilometres' },
  feet: { format: (value: number) => `${value} ft (${(value * 0.3048).toFixed(1)} m)`, noun: 'length' },
} as const;

/** How a range panel reads: its value format and the accessible names of its controls. */
export function rangeView(panel: RangePanel): { format: (value: number) => string; labels: { min: string; max: string; minBox: string; maxBox: string } } {
  const view = RANGE_VIEWS[panel.format];
  const noun = panel.attribute === 'subscription_price' ? 'subscription price' : view.noun;
  return { format: view.format, labels: { min: `Minimum ${noun}`, max: `Maximum ${noun}`, minBox: `Min ${noun}`, maxBox: `Max ${noun}` } };
}

/** The range panels of a site. */
export function rangePanels(offersSubscription: boolean): RangePanel[] {
  return RANGE_PANELS.filter((panel) => !panel.subscriptionOnly || offersSubscription);
}

/** Values a site never offers: 'Not certified' on certified-only sites (spec §5.4). */
export function hiddenValue(attribute: string, value: string, site: PanelSiteOptions): boolean {
  return attribute === 'certified' && site.certifiedOnly && value.toLowerCase() === 'false';
}

const leadingNumber = (value: string) => {
  const match = /-?\d[\d,]*(\.\d+)?/.exec(value);
  return match ? Number(match[0].replace(/,/g, '')) : Number.POSITIVE_INFINITY;
};

/** A facet value as shown. */
export interface PanelItem {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
}

/** Order and label a panel's values: refined first (count panels), hidden values left out. */
export function panelItems(panel: FacetPanel, items: readonly PanelItem[], site: PanelSiteOptions): PanelItem[] {
  const shown = items.filter((item) => !hiddenValue(panel.attribute, item.value, site)).map((item) => ({ ...item, label: panel.label ? panel.label(item.value) : item.label }));
  if (panel.numericOrder) shown.sort((a, b) => leadingNumber(a.value) - leadingNumber(b.value) || a.value.localeCompare(b.value));
  return shown;
}

/** Facet values as InstantSearch's refinement list sorts them: refined first, then count, then name. */
export function sortFacetItems(distribution: Record<string, number>, refined: readonly string[]): { value: string; label: string; count: number; isRefined: boolean }[] {
  const lower = refined.map((value) => value.toLowerCase());
  return Object.entries(distribution)
    .map(([value, count]) => ({ value, label: value, count, isRefined: lower.includes(value.toLowerCase()) }))
    .sort((a, b) => Number(b.isRefined) - Number(a.isRefined) || b.count - a.count || a.label.localeCompare(b.label));
}

/**
 * The makes of each model, from `make_model` values ('Toyota > Corolla'), keys lower case.
 * Feeds give the build's full list (every make in stock); live facet values add models that
 * arrived since (Meilisearch sites).
 */
export function modelMakes(...sources: readonly (Iterable<string> | undefined)[]): Map<string, Set<string>> {
  const makes = new Map<string, Set<string>>();
  for (const source of sources) {
    for (const value of source ?? []) {
      const at = value.indexOf(HIERARCHY_SEPARATOR);
      if (at <= 0) continue;
      const make = value.slice(0, at).toLowerCase();
      const model = value.slice(at + HIERARCHY_SEPARATOR.length).toLowerCase();
      let set = makes.get(model);
      if (!set) makes.set(model, (set = new Set()));
      set.add(make);
    }
  }
  return makes;
}

/** A make with its models nested (the make > model hierarchy). */
export type HierarchyItem = PanelItem & { models?: PanelItem[] };

/**
 * Nest model values under their makes: a make shows its models when it is chosen or one of
 * its models is. A model whose make is unknown goes under the first chosen make.
 */
export function nestModels(makes: readonly PanelItem[], models: readonly PanelItem[], makesOf: Map<string, Set<string>>): HierarchyItem[] {
  const chosen = makes.filter((make) => make.isRefined).map((make) => make.value.toLowerCase());
  const byMake = new Map<string, PanelItem[]>();
  for (const model of models) {
    const known = [...(makesOf.get(model.value.toLowerCase()) ?? [])];
    const owners = known.length > 0 ? known : chosen.slice(0, 1);
    for (const owner of owners) {
      const list = byMake.get(owner) ?? [];
      list.push(model);
      byMake.set(owner, list);
    }
  }
  return makes.map((make) => {
    const list = byMake.get(make.value.toLowerCase()) ?? [];
    const open = make.isRefined || list.some((model) => model.isRefined);
    return open && list.length > 0 ? { ...make, models: list } : { ...make };
  });
}
