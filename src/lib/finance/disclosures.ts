/**
 * Finance disclosures: what
 * the calculator must say beside a repayment — the comparison rate where the provider publishes
 * one (with the National Credit Code warning), the provider's disclaimer, every fee that the
 * figure includes (by name), the provider's repayment rounding, the 'Get Finance Quote' route
 * and the finance disclaimer of a car looked up by its id. Pure.
 */
import type { Car, FinanceLender } from '../../schemas/car.ts';
import type { FinanceSettings } from '../../schemas/site/finance.ts';
import { formatMoney } from '../text/format.ts';

/** A fee included in the advertised repayment. `per: 'month'` fees are charged with every month. */
export interface FinanceFee {
  name: string;
  amount: number;
  per: 'loan' | 'month';
}

/**
 * The brand fees of spec §9 ("One brand fees: establishment $395, vehicle security registration
 * $6, monthly account administration $8, dealer agency fee $912.25"). A site applies them with
 * `finance.brand_fees` (docs/vehicle-page.md); they are never applied silently.
 */
export const SPEC_BRAND_FEES: readonly FinanceFee[] = [
  { name: 'Establishment fee', amount: 395, per: 'loan' },
  { name: 'Vehicle security registration fee', amount: 6, per: 'loan' },
  { name: 'Monthly account administration fee', amount: 8, per: 'month' },
  { name: 'Dealer agency fee', amount: 912.25, per: 'loan' },
];

/** How a provider rounds a repayment: up to whole dollars (spec default) or up to the cent. */
export type RepaymentRounding = 'dollar-up' | 'cent-up';

/**
 * Provider rounding (spec §9 "repayments rounded up (one provider special rule)"). The spec does
 * not name the provider; Nissan Finance advertises monthly figures to the cent, so it rounds up
 * to the cent; everyone else rounds up to whole dollars. `finance.rounding` overrides. A weekly
 * figure is still printed in whole dollars (spec §9; car-finance.ts financeFigures shownPayment).
 */
export const PROVIDER_ROUNDING: Readonly<Record<string, RepaymentRounding>> = { 'Nissan Finance': 'cent-up' };

/** The rounding for a site's provider, the site's override first. */
export function repaymentRounding(provider: string | null | undefined, override?: RepaymentRounding | null): RepaymentRounding {
  return override ?? PROVIDER_ROUNDING[provider?.trim() ?? ''] ?? 'dollar-up';
}

/** Round a repayment per the rule; never down (an advertised figure must not understate the payment). */
export function roundRepayment(exact: number, rounding: RepaymentRounding): number {
  if (!(exact > 0)) return 0;
  // The epsilon keeps float noise (100.00000000001) from adding a dollar or a cent.
  return rounding === 'cent-up' ? Math.ceil(exact * 100 - 1e-6) / 100 : Math.ceil(exact - 1e-9);
}

/** The base every comparison rate is quoted on (spec §9: "base 5-year secured $30,000"). */
export const COMPARISON_BASE = { years: 5, amount: 30_000 } as const;

/** The comparison-rate warning the National Credit Code requires beside an advertised comparison rate. */
export const COMPARISON_WARNING =
  'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';

/** A comparison rate as shown beside a repayment. */
export interface ComparisonRate {
  rate: number;
  /** '8.19% p.a. comparison rate*' (2 decimals, spec §9). */
  text: string;
  /** '*Comparison rate based on a 5 year secured loan of $30,000. WARNING: ...' */
  footnote: string;
}

/** The footnote under a comparison rate: its base and the National Credit Code warning. */
export const COMPARISON_FOOTNOTE = `*Comparison rate based on a ${COMPARISON_BASE.years} year secured loan of ${formatMoney(COMPARISON_BASE.amount)}. ${COMPARISON_WARNING}`;

/** A comparison rate's line and footnote (spec §9 wording). */
export function comparisonDisclosure(rate: number): ComparisonRate {
  return { rate, text: `${rate.toFixed(2)}% p.a. comparison rate*`, footnote: COMPARISON_FOOTNOTE };
}

/** The brand-fee settings of site.json `finance.brand_fees`. */
export type BrandFeeSettings = FinanceSettings['brand_fees'];

const same = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/**
 * Fees that apply to a car: the lender's establishment fee from the feed (when it has one),
 * else the site's establishment fee, plus the brand fees whose makes include the car's make
 * (or the site's manufacturer). Every fee carries its name.
 */
export function financeFees(car: Pick<Car, 'make'>, lender: Pick<FinanceLender, 'establishmentFees'> | null | undefined, finance: Pick<FinanceSettings, 'establishment_fee' | 'brand_fees'>, manufacturer?: string | null): FinanceFee[] {
  const fees: FinanceFee[] = [];
  const brand = finance.brand_fees.find((entry) => entry.makes.some((make) => same(make, car.make) || same(make, manufacturer)));
  const lenderFee = lender?.establishmentFees;
  const brandHasEstablishment = brand?.fees.some((fee) => /establishment/i.test(fee.name)) ?? false;
  if (!brandHasEstablishment) {
    const establishment = typeof lenderFee === 'number' && lenderFee > 0 ? lenderFee : finance.establishment_fee;
    if (establishment > 0) fees.push({ name: 'Establishment fee', amount: establishment, per: 'loan' });
  }
  if (brand) fees.push(...brand.fees);
  return fees;
}

/** One-off fees added to the amount financed. */
export function upfrontFees(fees: readonly FinanceFee[]): number {
  return fees.filter((fee) => fee.per === 'loan').reduce((sum, fee) => sum + fee.amount, 0);
}

/** Monthly fees spread over one repayment period (52, 26 or 12 a year). */
export function periodicFees(fees: readonly FinanceFee[], periodsPerYear: number): number {
  const monthly = fees.filter((fee) => fee.per === 'month').reduce((sum, fee) => sum + fee.amount, 0);
  return (monthly * 12) / periodsPerYear;
}

/** 'Includes establishment fee $395, ... and monthly account administration fee $8 per month.' */
export function feesText(fees: readonly FinanceFee[]): string | null {
  if (fees.length === 0) return null;
  const parts = fees.map((fee) => `${fee.name.charAt(0).toLowerCase()}${fee.name.slice(1)} ${formatMoney(fee.amount, { cents: fee.amount % 1 !== 0 })}${fee.per === 'month' ? ' per month' : ''}`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `Repayments include ${list}.`;
}

/**
 * The provider's disclaimer for a car: the lender's own text from the feed, else the site's
 * `finance.provider_disclaimers[provider]`; null when neither exists.
 */
export function providerDisclaimer(lender: Pick<FinanceLender, 'disclaimer'> | null | undefined, provider: string | null | undefined, finance: Pick<FinanceSettings, 'provider_disclaimers'>): string | null {
  const own = lender?.disclaimer?.trim();
  if (own) return own;
  const configured = provider ? finance.provider_disclaimers[provider.trim()]?.trim() : undefined;
  return configured || null;
}

/**
 * The finance disclaimer of every car, keyed by car id (spec §7 "a finance-disclaimer call by
 * car id"): the provider's disclaimer for that car, else the site's. Built once per build; the
 * vehicle page looks its car up by id.
 */
export function financeDisclaimers(cars: readonly Pick<Car, 'id' | 'finance_lenders'>[], provider: string | null | undefined, finance: Pick<FinanceSettings, 'provider_disclaimers' | 'disclaimer'>): Map<string, string> {
  const map = new Map<string, string>();
  for (const car of cars) {
    const lender = provider ? car.finance_lenders?.[provider.trim()] : undefined;
    map.set(String(car.id), providerDisclaimer(lender, provider, finance) ?? finance.disclaimer);
  }
  return map;
}

/** Label of the gated personalised quote route (spec §2). */
export const FINANCE_QUOTE_LABEL = 'Get Finance Quote';

/** Path of the gated personalised quote route (spec §2 "/personalised/finance?car_id={id}"). */
export const FINANCE_QUOTE_PATH = '/personalised/finance';

/**
 * Query parameter that marks the quote route as gated. /personalised/finance stays public for
 * the plain finance links (and for sites without the quote provider); opened as a quote it
 * sends a signed-out shopper to sign in first (GateGuard `requireParam`).
 */
export const FINANCE_QUOTE_PARAM = 'quote';

/**
 * The 'Get Finance Quote' link for a car, or null. The spec says "a gated route labelled 'Get
 * Finance Quote' is used for some cars" without naming them; the cars are those the quote
 * provider prices (a `youxQuote` in the feed), since that route is where their quote is made.
 */
export function financeQuoteHref(car: Pick<Car, 'id' | 'youxQuote'>): string | null {
  if (!car.youxQuote) return null;
  return `${FINANCE_QUOTE_PATH}?${new URLSearchParams({ car_id: String(car.id), [FINANCE_QUOTE_PARAM]: '1' }).toString()}#finance-form`;
}

/** A representative example of site.json `finance.examples` (deposit and final payment in % of the price). */
export interface FinanceExample {
  term_years: number;
  rate?: number;
  comparison_rate?: number;
  deposit_percent: number;
  final_payment_percent: number;
}

/**
 * A representative example in the spec's words (§9 "Example: 5-year term 6.29% p.a., comparison
 * 8.19%, no deposit; another: 5 year, 10.0% deposit, 30.0% final payment"): 'Example: 5 year
 * term at 6.29% p.a., comparison rate 8.19% p.a.*, no deposit, $0 final payment.' A rate without
 * a comparison rate gets `comparisonFor(rate)` when the site discloses one beside every rate.
 */
export function financeExampleText(example: FinanceExample, comparisonFor?: (rate: number) => number): string {
  const term = `${Math.round(example.term_years * 10) / 10} year term`;
  const comparison = example.rate === undefined ? undefined : (example.comparison_rate ?? comparisonFor?.(example.rate));
  const rates =
    example.rate === undefined
      ? ''
      : ` at ${example.rate.toFixed(2)}% p.a.${comparison === undefined ? '' : `, comparison rate ${comparison.toFixed(2)}% p.a.*`}`;
  const deposit = example.deposit_percent > 0 ? `${example.deposit_percent.toFixed(1)}% deposit` : 'no deposit';
  const final = example.final_payment_percent > 0 ? `${example.final_payment_percent.toFixed(1)}% final payment` : '$0 final payment';
  return `Example: ${term}${rates}, ${deposit}, ${final}.`;
}

/** One lender's comparison-rate range (spec §9 "Comparison range 8.38%-19.42% for one lender"): 'Taurus comparison rates 8.38%-19.42% p.a.*, depending on the loan and your circumstances.' */
export function comparisonRangeText(range: { lender?: string; from: number; to: number }): string {
  return `${range.lender ? `${range.lender} comparison rates` : 'Comparison rates'} ${range.from.toFixed(2)}%-${range.to.toFixed(2)}% p.a.*, depending on the loan and your circumstances.`;
}
