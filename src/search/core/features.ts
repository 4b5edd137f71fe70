/**
 * The `filtered_features` facet (spec §3 search facets): the features a shopper
 * filters by, picked out of a car's feed `standardEquipment` and named one way ('Apple CarPlay'
 * for 'Apple CarPlay - Wireless' and 'Wireless Apple CarPlay'). A car has several; equipment
 * every car has (ABS, airbags) is left out, as are lines that only sound alike ('Reversing
 * Camera Pre-wire' is not a camera). Pure; the order of FEATURE_FILTERS is the order a car
 * lists them in.
 */

/** Facet value -> the equipment lines that give it. */
export const FEATURE_FILTERS: readonly (readonly [string, RegExp])[] = [
  ['Apple CarPlay', /apple ?carplay/i],
  ['Android Auto', /android auto/i],
  ['Satellite Navigation', /sat(ellite)?[ -]?nav/i],
  ['Reversing Camera', /(reversing|reverse|rear[- ]view) camera(?!.*pre-?wire)|360.{0,10}camera/i],
  ['Parking Sensors', /parking sensors?/i],
  ['Adaptive Cruise Control', /adaptive cruise/i],
  ['Blind Spot Monitor', /blind[- ]spot/i],
  ['Lane Keep Assist', /lane (keep|keeping|departure)/i],
  ['Heated Seats', /heated (front |rear )?seats/i],
  ['Leather Seats', /leather/i],
  ['Sunroof', /sunroof|moonroof|panoramic roof/i],
  ['Keyless Entry', /keyless/i],
  ['Wireless Charging', /wireless (phone )?charg/i],
  ['Power Tailgate', /power tailgate/i],
  ['Tow Bar', /tow ?bar/i],
  ['Heated Grips', /heated grips/i],
  ['Quickshifter', /quick ?shifter/i],
  ['Cornering ABS', /cornering abs/i],
  ['Solar Panels', /solar/i],
  ['Reverse Cycle Air Conditioning', /reverse cycle/i],
  ['Shower', /shower/i],
  ['Toilet', /toilet/i],
  ['Washing Machine', /washing machine/i],
  ['Bunk Beds', /bunk/i],
  ['Off-Road Ready', /all terrain tyres|off[- ]road/i],
];

/** The facet values of a car's equipment list, each once, in FEATURE_FILTERS order; undefined for none. */
export function filteredFeatures(equipment: readonly string[] | null | undefined): string[] | undefined {
  if (!equipment || equipment.length === 0) return undefined;
  const found = FEATURE_FILTERS.filter(([, pattern]) => equipment.some((line) => pattern.test(line))).map(([name]) => name);
  return found.length > 0 ? found : undefined;
}
