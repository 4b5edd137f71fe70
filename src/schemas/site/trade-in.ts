/** site.json `trade_in`: online trade-in estimate limits (spec §9 trade-in FAQ). */
import * as v from 'valibot';

export const TradeInSettingsSchema = v.strictObject({
  /** No online estimate for cars older than this many years: 7 on some sites, 10 on another. Default 7. */
  max_age_years: v.optional(v.pipe(v.number(), v.integer('trade_in.max_age_years: a whole number of years'), v.minValue(1), v.maxValue(50)), 7),
  /** No online estimate above this odometer reading (km). Default 100,000. */
  max_km: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000)), 100_000),
});

export type TradeInSettings = v.InferOutput<typeof TradeInSettingsSchema>;
