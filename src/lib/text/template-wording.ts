/**
 * Wording that follows what a dealer sells (DESIGN §3: templates change layout and wording,
 * not logic): the noun for the stock and the labels built from it, from
 * site.json `vehicle_kinds` (default by template). One kind keeps its own words ('Sell My
 * Bike', 'Motorcycles'); several are joined ('Sell My Bike or Truck', 'Bikes & Trucks').
 */
import type { Site, Template } from '../../schemas/site.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';
import type { CountNouns } from './format.ts';

export interface TemplateWording {
  /** Singular noun: 'car', 'caravan', 'motorcycle', 'bike or truck'. */
  vehicle: string;
  /** The short singular noun of a sentence about one vehicle: 'car', 'bike', 'truck', 'caravan' ('bike or truck'). */
  noun: string;
  /** Plural noun: 'cars', 'caravans', 'motorcycles', 'bikes and trucks'. */
  vehicles: string;
  /** The noun in titles: 'Car', 'Bike', 'Bike or Truck'. */
  titleNoun: string;
  /** Label of the All / New / Demo / Used choice: the spec's 'Car type' on a car dealer's site, 'Condition' on others. */
  conditionLabel: string;
  /** Header and footer label of /sell-my-car. */
  sellLabel: string;
  /** Footer heading of the stock links. */
  vehiclesHeading: string;
  /** The feature banner's sell tile: title and line. */
  sellTitle: string;
  sellText: string;
  /** Whether what the site sells has an odometer: false when it sells caravans only, so its trade-in text names no kilometres. */
  odometer: boolean;
}

/** The words of one kind: alone (`vehicle`, `heading`) and in a list of kinds (`short`, `plural`). */
const KIND_WORDS: Record<VehicleKind, { vehicle: string; vehicles: string; short: string; plural: string; heading: string }> = {
  car: { vehicle: 'car', vehicles: 'cars', short: 'car', plural: 'cars', heading: 'Vehicles' },
  motorcycle: { vehicle: 'motorcycle', vehicles: 'motorcycles', short: 'bike', plural: 'bikes', heading: 'Motorcycles' },
  truck: { vehicle: 'truck', vehicles: 'trucks', short: 'truck', plural: 'trucks', heading: 'Trucks' },
  caravan: { vehicle: 'caravan', vehicles: 'caravans', short: 'caravan', plural: 'caravans', heading: 'Caravans' },
};

/** The kinds without an odometer: a caravan is towed, so it is valued by age and condition, not kilometres. */
const NO_ODOMETER: ReadonlySet<VehicleKind> = new Set(['caravan']);

/** What a template sells when site.json does not say. */
const TEMPLATE_KINDS: Record<Template, VehicleKind[]> = {
  'used-group': ['car'],
  franchise: ['car'],
  caravan: ['caravan'],
  motorcycle: ['motorcycle'],
};

const title = (text: string) => text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/** The kinds of vehicle a site sells: site.json `vehicle_kinds`, else its template's. */
export function vehicleKindsOf(site: Pick<Site, 'template'> & { vehicle_kinds?: readonly VehicleKind[] }): VehicleKind[] {
  return site.vehicle_kinds && site.vehicle_kinds.length > 0 ? [...site.vehicle_kinds] : TEMPLATE_KINDS[site.template];
}

/** The wording for a list of kinds. */
export function kindsWording(kinds: readonly VehicleKind[]): TemplateWording {
  if (kinds.length === 1) {
    const words = KIND_WORDS[kinds[0]];
    const sellNoun = words.short === 'bike' ? 'Bike' : title(words.vehicle);
    return {
      vehicle: words.vehicle,
      noun: words.short,
      vehicles: words.vehicles,
      titleNoun: sellNoun,
      conditionLabel: kinds[0] === 'car' ? 'Car type' : 'Condition',
      sellLabel: `Sell My ${sellNoun}`,
      vehiclesHeading: words.heading,
      sellTitle: `Sell Your ${sellNoun}`,
      sellText: `Get an instant offer for your ${words.short} today.`,
      odometer: !NO_ODOMETER.has(kinds[0]),
    };
  }
  const shorts = kinds.map((kind) => KIND_WORDS[kind].short);
  const plurals = kinds.map((kind) => KIND_WORDS[kind].plural);
  const sellNoun = shorts.map(title).join(' or ');
  return {
    vehicle: shorts.join(' or '),
    noun: shorts.join(' or '),
    vehicles: plurals.join(' and '),
    titleNoun: sellNoun,
    conditionLabel: 'Condition',
    sellLabel: `Sell My ${sellNoun}`,
    vehiclesHeading: plurals.map(title).join(' & '),
    sellTitle: `Sell Your ${sellNoun}`,
    sellText: `Get an instant offer for your ${shorts.join(' or ')} today.`,
    odometer: kinds.some((kind) => !NO_ODOMETER.has(kind)),
  };
}

/**
 * The noun after a count of stock on a site selling several kinds ('12 Bikes', '1 Truck',
 * '36 Bikes & Trucks'), by the kinds the counted cars are of; one vehicle of several kinds is
 * one or the other ('1 Bike or Truck', as in 'Sell My Bike or Truck').
 */
export function countNoun(kinds: readonly VehicleKind[], count: number): string {
  if (kinds.length === 1) return title(count === 1 ? KIND_WORDS[kinds[0]].short : KIND_WORDS[kinds[0]].plural);
  return count === 1 ? oneOf(kinds, true) : kinds.map((kind) => title(KIND_WORDS[kind].plural)).join(' & ');
}

/** What a site sells in the plural: 'cars', 'motorcycles', 'Bikes & Trucks' and the caravan site's 'Caravans' (spec §2). */
function manyOf(kinds: readonly VehicleKind[]): string {
  if (kinds.length !== 1) return countNoun(kinds, 2);
  return kinds[0] === 'caravan' ? title(KIND_WORDS.caravan.vehicles) : KIND_WORDS[kinds[0]].vehicles;
}

/** One vehicle of what a site sells ('car', 'Caravan', 'Bike or Truck'), capitalised or not. */
function oneOf(kinds: readonly VehicleKind[], capital: boolean): string {
  const words = kinds.length === 1 ? [KIND_WORDS[kinds[0]].vehicle] : kinds.map((kind) => KIND_WORDS[kind].short);
  return words.map((word) => (capital ? title(word) : word)).join(' or ');
}

/**
 * The nouns of a site's stock in counts and headings ('Show Me 1 truck', 'Show Me 12 trucks',
 * 'Used Trucks'). The plural: site.json `texts.stock_noun`, else what the site sells ('cars',
 * 'motorcycles', 'Bikes & Trucks'; a caravan site's 'Caravans', as spec §2 writes it). The
 * singular: `texts.stock_noun_one`, else one of what the site sells, capitalised as the plural is
 * ('car', 'Caravan', 'Bike or Truck').
 */
export function stockNounsOf(site: Pick<Site, 'template' | 'texts'> & { vehicle_kinds?: readonly VehicleKind[] }): CountNouns {
  const kinds = vehicleKindsOf(site);
  const other = site.texts.stock_noun || manyOf(kinds);
  return { one: site.texts.stock_noun_one || oneOf(kinds, /^[A-Z]/.test(other)), other };
}

/** The wording of a site (its vehicle kinds). */
export function siteWording(site: Pick<Site, 'template'> & { vehicle_kinds?: readonly VehicleKind[] }): TemplateWording {
  return kindsWording(vehicleKindsOf(site));
}

/** The wording of a template on its own (its default kinds). */
export function templateWording(template: Template): TemplateWording {
  return kindsWording(TEMPLATE_KINDS[template]);
}
