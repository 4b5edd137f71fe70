/**
 * One finance truth per car. carFinance() picks the scenario a car's finance
 * is quoted for: its provider lender's terms when the finance box shows, else its quote
 * provider's rate, else the site's calculator defaults. financeFigures() turns any scenario into
 * what the page prints: repayment, total, rate and (when one is advertised) the comparison rate
 * worked out for that very scenario. The finance box, the quote line and the calculator's first
 * state all print carFinance(); the calculator runs financeFigures() again on every change. Pure.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { priceDisplay } from '../vehicle/price.ts';
import { formatMoney } from '../text/format.ts';
import { termBounds, snapToBounds } from './finance-bounds.ts';
import { financeBox, financeSiteOptions } from './finance-eligibility.ts';
import { comparisonDisclosure, financeFees, periodicFees, repaymentRounding, upfrontFees, type ComparisonRate, type FinanceFee, type RepaymentRounding } from './disclosures.ts';
import { benchmarkComparisonRate } from './comparison-rate.ts';
import { FREQUENCY_NOUN, PERIODS_PER_YEAR, repayment, type Frequency, type Repayment } from './repayment.ts';

/** The loan a car's figures are quoted for. */
export interface FinanceScenario {
  /** Where the terms come from: the provider lender's figures, the quote provider's rate, the site's defaults. */
  source: 'lender' | 'quote' | 'site';
  amount: number;
  deposit: number;
  residual: number;
  /** Nominal rate, % p.a., as configured or published (never snapped to the slider's step). */
  ratePercent: number;
  years: number;
  frequency: Frequency;
  fees: FinanceFee[];
  rounding: RepaymentRounding;
  /** A comparison rate is advertised for this car (its lender or quote publishes one). */
  advertisesComparison: boolean;
}

/** What a scenario prints. */
export interface FinanceFigures extends Repayment {
  /** '$258' (cents when the provider rounds to the cent). */
  paymentText: string;
  /** 'week', 'fortnight' or 'month'. */
  period: string;
  /** '9.28% p.a.' */
  rateText: string;
  /** The comparison rate of this scenario's rate and fees, or null when none is advertised. */
  comparison: ComparisonRate | null;
}

/** A rate as every finance figure prints it: '9.28% p.a.' */
export function rateText(ratePercent: number): string {
  return `${ratePercent.toFixed(2)}% p.a.`;
}

/** The figures of a scenario: the repayment (spec §9) and the comparison rate computed for it. */
export function financeFigures(scenario: FinanceScenario): FinanceFigures {
  const result = repayment({
    amount: scenario.amount,
    deposit: scenario.deposit,
    residual: scenario.residual,
    establishmentFee: upfrontFees(scenario.fees),
    periodicFee: periodicFees(scenario.fees, PERIODS_PER_YEAR[scenario.frequency]),
    ratePercent: scenario.ratePercent,
    years: scenario.years,
    frequency: scenario.frequency,
    rounding: scenario.rounding,
  });
  const money = (amount: number) => formatMoney(amount, { cents: scenario.rounding === 'cent-up' && amount % 1 !== 0 });
  return {
    ...result,
    paymentText: money(result.payment),
    period: FREQUENCY_NOUN[scenario.frequency],
    rateText: rateText(scenario.ratePercent),
    comparison: scenario.advertisesComparison ? comparisonDisclosure(benchmarkComparisonRate(scenario.ratePercent, scenario.fees)) : null,
  };
}

const present = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** The lender's term in years: termYears, else termMonths / 12, else termWeeks / 52. */
function lenderYears(lender: { termYears?: number | null; termMonths?: number | null; termWeeks?: number | null }): number | null {
  if (present(lender.termYears) && lender.termYears > 0) return lender.termYears;
  if (present(lender.termMonths) && lender.termMonths > 0) return lender.termMonths / 12;
  if (present(lender.termWeeks) && lender.termWeeks > 0) return lender.termWeeks / 52;
  return null;
}

/**
 * The finance scenario of a car on a site at `now`. Lender: the finance box's lender (its rate,
 * term, deposit, balloon, comparison-rate flag; weekly, or monthly where the box is monthly) on
 * the car's price. Quote: the car's quote (its advertised rate over the quote's 5 years, weekly).
 * Site: finance.default_interest and default_term_years on the default amount (the car's price on
 * sites that use it). Terms are kept within the site's term range; rates are kept as given.
 */
export function carFinance(car: Car, site: Site, now: number): FinanceScenario {
  const finance = site.finance;
  const price = priceDisplay(car, { offersSubscription: site.offers_subscription, noPriceText: site.texts.no_price });
  const carPrice = price.kind === 'price' && price.amount ? Math.round(price.amount) : null;
  const defaultAmount = finance.amount_from_car_price && carPrice ? carPrice : finance.default_amount;
  const provider = site.finance_provider?.trim() ?? '';
  const lender = provider ? (car.finance_lenders?.[provider] ?? null) : null;
  const terms = termBounds(finance.max_term_years);
  const common = { fees: financeFees(car, lender, finance, site.manufacturer), rounding: repaymentRounding(site.finance_provider, finance.rounding) };

  const box = financeBox(car, financeSiteOptions(site), now);
  if (box && present(box.lender.interestRate)) {
    return {
      source: 'lender',
      amount: carPrice ?? defaultAmount,
      deposit: Math.max(0, box.lender.deposit ?? 0),
      residual: Math.max(0, box.lender.balloon ?? 0),
      ratePercent: box.lender.interestRate,
      years: snapToBounds(lenderYears(box.lender) ?? finance.default_term_years, terms),
      frequency: box.repayment?.period === 'month' ? 'monthly' : 'weekly',
      advertisesComparison: present(box.lender.comparisonRate) && box.lender.comparisonRate > 0,
      ...common,
    };
  }
  const quote = car.youxQuote;
  if (quote && present(quote.advertisedRate) && quote.advertisedRate > 0 && carPrice) {
    return {
      source: 'quote',
      amount: carPrice,
      deposit: 0,
      residual: 0,
      ratePercent: quote.advertisedRate,
      // The quote is asked for over 5 years (spec §7 "loanTerm (5)").
      years: snapToBounds(5, terms),
      frequency: 'weekly',
      advertisesComparison: present(quote.comparisonRate) && quote.comparisonRate > 0,
      ...common,
    };
  }
  return {
    source: 'site',
    amount: defaultAmount,
    deposit: 0,
    residual: 0,
    ratePercent: finance.default_interest,
    years: snapToBounds(finance.default_term_years, terms),
    frequency: 'weekly',
    advertisesComparison: false,
    ...common,
  };
}
