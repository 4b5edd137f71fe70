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
  /** Minimum purchase price of the calculator. Default 1000, whatever the provider or brand; set 5000 where the provider or brand asks for it (spec §5). A car priced below it keeps its price in the calculator. */
  min_price: v.optional(v.pipe(v.number(), v.minValue(0)), 1000),
  /** Hide the repayment frequency selector. Default false. */
  hide_frequency: v.optional(v.boolean(), false),
  /** Interest range of the calculator's rate field [min, max] (spec §5: one provider 7.5-14.5, one brand 4-20). Default 0.5-15, whatever the provider or brand. A start rate outside it (a lender's, default_interest) is kept. */
  interest_range: v.optional(v.tuple([v.number(), v.number()])),
  /** Money input presets; default the spec's $5,000-$70,000 list. */
  presets: v.optional(v.array(v.number())),
  /** Finance disclaimer text shown under the calculator (truncated at 197 with Show More). */
  disclaimer: v.optional(
    v.string(),
    "The repayment shown is an estimate only, based on the loan amount, term and interest rate entered, and does not include fees and charges other than those shown. It is not a quote or an offer of finance. Approval is subject to the lender's credit assessment criteria. Terms, conditions, fees and charges apply.",
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
        fees: v.array(
          v.strictObject({
            name: v.pipe(v.string(), v.minLength(1, 'finance.brand_fees[].fees[].name: every fee needs a name')),
            amount: v.pipe(v.number(), v.minValue(0)),
            per: v.optional(v.picklist(['loan', 'month']), 'loan'),
          }),
        ),
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
  /**
   * Where comparison rates are shown. 'spec' (default): beside a rate whose lender or quote
   * provider publishes one (spec §9), in the disclosure line under the repayment.
   * 'national-credit-code': beside every advertised rate (the site's default rate too, worked out
   * on the benchmark loan) and as prominent as the repayment, as the National Credit Code asks of
   * a credit advertisement that states a rate (docs/decisions.md "Comparison rates").
   */
  comparison_rate_disclosure: v.optional(v.picklist(['spec', 'national-credit-code']), 'spec'),
  /**
   * How total payable is worked out. 'spec' (default): spec §9 "total = periods x term x payment
   * + fees", the repayments (periods a year x term in years x the repayment) plus the one-off fees
   * the loan finances (the establishment fee; a brand's one-off fees). 'repayments-and-balloon':
   * every repayment plus the final (balloon) payment, the fees counted once inside the
   * repayments, so the total is never below the amount financed (docs/decisions.md "Total payable").
   */
  total_payable: v.optional(v.picklist(['spec', 'repayments-and-balloon']), 'spec'),
  /**
   * Representative finance examples shown on the finance pages (spec §9 "Example: 5-year term
   * 6.29% p.a., comparison 8.19%, no deposit; another: 5 year, 10.0% deposit, 30.0% final
   * payment"). Deposit and final payment are % of the price; 0 reads "no deposit" / "$0 final
   * payment". Default none.
   */
  examples: v.optional(
    v.array(
      v.pipe(
        v.strictObject({
          /** Loan term, years. */
          term_years: v.pipe(v.number(), v.minValue(1), v.maxValue(7)),
          /** Nominal rate, % p.a.; optional. */
          rate: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
          /** The lender's comparison rate for that rate, % p.a. (not below the rate). */
          comparison_rate: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
          /** Deposit, % of the price. Default 0 ("no deposit"). */
          deposit_percent: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 0),
          /** Final (balloon) payment, % of the price. Default 0 ("$0 final payment"). */
          final_payment_percent: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 0),
        }),
        v.check(
          (example) => example.comparison_rate === undefined || (example.rate !== undefined && example.comparison_rate >= example.rate),
          'finance.examples[].comparison_rate: give the rate too, and a comparison rate not below it',
        ),
      ),
    ),
    [],
  ),
  /** One lender's range of comparison rates shown on the finance pages (spec §9 "Comparison range 8.38%-19.42% for one lender"). Default none. */
  comparison_range: v.optional(
    v.pipe(
      v.strictObject({
        /** The lender named before the range; optional. */
        lender: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(80))),
        /** Lowest comparison rate, % p.a. */
        from: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
        /** Highest comparison rate, % p.a. */
        to: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
      }),
      v.check((range) => range.from <= range.to, 'finance.comparison_range: from must not be above to'),
    ),
  ),
  /** Dealership slugs for which the finance box never shows. Default none. */
  excluded_dealerships: v.optional(v.array(v.string()), []),
});

export type FinanceSettings = v.InferOutput<typeof FinanceSettingsSchema>;
