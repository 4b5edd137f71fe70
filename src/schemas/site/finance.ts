/** site.json `finance`: finance calculator settings (spec §5 "Finance calculator bounds", §9). */
import * as v from 'valibot';

export const FinanceSettingsSchema = v.strictObject({
  /** Default interest rate % p.a., the calculator's first rate for cars without lender or quote figures; kept as configured (9.99 stays 9.99: the 0.5 step is the arrow keys'). Default 10. */
  default_interest: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 10),
  /** Default term in years. Default 5. */
  default_term_years: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(7)), 5),
  /** Longest term in years (5 on some sites). Default 7. */
  max_term_years: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(7)), 7),
  /** Default amount when the car price is not used. Default 30000. */
  default_amount: v.optional(v.pipe(v.number(), v.minValue(0)), 30000),
  /** Use the car's price as the calculator's default amount. Default true. */
  amount_from_car_price: v.optional(v.boolean(), true),
  /** Establishment fee added to the loan. Default 0. */
  establishment_fee: v.optional(v.pipe(v.number(), v.minValue(0)), 0),
  /** Minimum purchase price. Default 1000 (5000 for some providers/brands). */
  min_price: v.optional(v.pipe(v.number(), v.minValue(0)), 1000),
  /** Hide the repayment frequency selector. Default false. */
  hide_frequency: v.optional(v.boolean(), false),
  /** Interest slider range override [min, max]; default by provider/brand. */
  interest_range: v.optional(v.tuple([v.number(), v.number()])),
  /** Money input presets; default the spec's $5,000-$70,000 list. */
  presets: v.optional(v.array(v.number())),
  /** Finance disclaimer text shown under the calculator (truncated at 197 with Show More). */
  disclaimer: v.optional(
    v.string(),
    'The repayment shown is an estimate only, based on the loan amount, term and interest rate entered, and does not include fees and charges other than those shown. It is not a quote or an offer of finance. Approval is subject to the lender\'s credit assessment criteria. Terms, conditions, fees and charges apply.',
  ),
  /**
   * Brand fees (spec §9): fees a lender charges on cars of the listed makes,
   * each named in the calculator's disclosure and included in its repayment. `per: 'month'`
   * fees are added to every repayment. Default none.
   */
  brand_fees: v.optional(
    v.array(
      v.strictObject({
        makes: v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1, 'finance.brand_fees[].makes: name at least one make')),
        fees: v.array(v.strictObject({ name: v.pipe(v.string(), v.minLength(1, 'finance.brand_fees[].fees[].name: every fee needs a name')), amount: v.pipe(v.number(), v.minValue(0)), per: v.optional(v.picklist(['loan', 'month']), 'loan') })),
      }),
    ),
    [],
  ),
  /** Disclaimer per finance provider, shown when the car's lender data carries none. Default none. */
  provider_disclaimers: v.optional(v.record(v.string(), v.string()), {}),
  /** Repayment rounding override ('dollar-up' whole dollars, 'cent-up' cents); default by provider. */
  rounding: v.optional(v.picklist(['dollar-up', 'cent-up'])),
  /** Sent as `whoIsHelping` with the quote call (spec §7); default the site's name. */
  who_is_helping: v.optional(v.pipe(v.string(), v.maxLength(80))),
  /** Dealership slugs for which the finance box never shows. Default none. */
  excluded_dealerships: v.optional(v.array(v.string()), []),
});

export type FinanceSettings = v.InferOutput<typeof FinanceSettingsSchema>;
