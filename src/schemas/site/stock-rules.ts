/** site.json `stock_rules`: which stock a site publishes (spec §4 "Per-site stock rules"). */
import * as v from 'valibot';
import { CAR_STATUSES, CAR_TYPES } from '../car.ts';

/** One condition: cars matching every given field are excluded. */
export const StockConditionSchema = v.strictObject({
  /** Match these statuses. */
  status: v.optional(v.array(v.picklist(CAR_STATUSES))),
  /** Match these car types. */
  car_type: v.optional(v.array(v.picklist(CAR_TYPES))),
  /** Match these makes (case-insensitive). */
  make: v.optional(v.array(v.string())),
  /** Match these dealership slugs. */
  dealership_slug: v.optional(v.array(v.string())),
});

/** An excluded stock number with the dealership whose car it is. */
export const ExcludedStockNumberSchema = v.strictObject({
  /** The stock number (case-insensitive). */
  stock_number: v.pipe(v.string(), v.minLength(1, 'expected a stock number')),
  /** The dealership (a slug of `dealerships`) whose car it is: another dealership's car with that stock number is still published. Absent: every dealership's. */
  dealership_slug: v.optional(v.pipe(v.string(), v.minLength(1, 'expected a dealership slug'))),
});

export const StockRulesSchema = v.strictObject({
  /**
   * Stock numbers never published: a stock number ('A1', every dealership's car with it), or { stock_number, dealership_slug } for one dealership's car (without dealership_slug: every dealership's, said on purpose). The build names a plain one in a site of several dealerships (docs/decisions.md "Excluded stock numbers"). Default none.
   */
  excluded_stock_numbers: v.optional(v.array(v.union([v.string(), ExcludedStockNumberSchema])), []),
  /** Hide cars whose price is 0 or missing. Default false. */
  hide_price_zero: v.optional(v.boolean(), false),
  /** Exclusion conditions (status / car_type / make / dealership). Default none. */
  exclude: v.optional(v.array(StockConditionSchema), []),
});

export type StockRules = v.InferOutput<typeof StockRulesSchema>;
export type ExcludedStockNumber = StockRules['excluded_stock_numbers'][number];

/** An entry of `excluded_stock_numbers` as its stock number and the dealership it is limited to (undefined: every dealership). */
export function excludedStockNumber(entry: ExcludedStockNumber): { stockNumber: string; dealership: string | undefined } {
  return typeof entry === 'string' ? { stockNumber: entry, dealership: undefined } : { stockNumber: entry.stock_number, dealership: entry.dealership_slug };
}

/**
 * An entry of `excluded_stock_numbers` that names a dealership the site does not have: it would
 * hide no car. Piped onto the site schema, which holds the dealerships.
 */
export function excludedStockDealershipsKnown<Site extends { dealerships: { slug: string }[]; stock_rules: StockRules }>() {
  return v.rawCheck<Site>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const site = dataset.value;
    const slugs = site.dealerships.map((dealership) => dealership.slug);
    const entries = site.stock_rules.excluded_stock_numbers;
    entries.forEach((entry, index) => {
      if (typeof entry === 'string' || entry.dealership_slug === undefined || slugs.includes(entry.dealership_slug)) return;
      const has = slugs.length > 0 ? `its dealerships: ${slugs.join(', ')}` : 'it lists no dealerships';
      addIssue({
        message: `${JSON.stringify(entry.dealership_slug)} is no dealership of this site (${has}); the stock number ${entry.stock_number} would be hidden at none`,
        input: entry.dealership_slug,
        path: [
          { type: 'object', origin: 'value', input: site, key: 'stock_rules', value: site.stock_rules },
          { type: 'object', origin: 'value', input: site.stock_rules, key: 'excluded_stock_numbers', value: entries },
          { type: 'array', origin: 'value', input: entries, key: index, value: entry },
          { type: 'object', origin: 'value', input: entry, key: 'dealership_slug', value: entry.dealership_slug },
        ],
      });
    });
  });
}
export type StockCondition = v.InferOutput<typeof StockConditionSchema>;
