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

export const StockRulesSchema = v.strictObject({
  /** Stock numbers never published. Default none. */
  excluded_stock_numbers: v.optional(v.array(v.string()), []),
  /** Hide cars whose price is 0 or missing. Default false. */
  hide_price_zero: v.optional(v.boolean(), false),
  /** Exclusion conditions (status / car_type / make / dealership). Default none. */
  exclude: v.optional(v.array(StockConditionSchema), []),
});

export type StockRules = v.InferOutput<typeof StockRulesSchema>;
export type StockCondition = v.InferOutput<typeof StockConditionSchema>;
