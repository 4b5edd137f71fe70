/**
 * One finance truth per car. carFinance() picks the loan a car's finance is quoted for, on the
 * car's own price whatever price is displayed (a subscription car is financed on its price):
 * its quote provider's last answer (the feed's youxQuote, refreshed on the page by the live quote
 * call), else its provider lender's figures when the finance box shows, else the site's calculator
 * defaults. Where a lender publishes figures for exactly that loan (the feed's are for the car's
 * price, publishedPrice; atAmount moves them to a drive-away total) they are printed as published
 * (its repayment, its comparison rate); financeFigures() computes only what no lender gives.
 * The finance box, the sticky header, the quote line and the calculator's first state all print
 * financeFigures(carFinance()); a live quote answer becomes the car's scenario through
 * quoteScenario(); the calculator runs calculatorScenario() on every change. Pure.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { reducedPrice, saleHeadline } from '../vehicle/price.ts';
import { MIN_DISPLAY_PRICE } from '../../schemas/price-floor.ts';
import { formatMoney } from '../text/format.ts';
import { termBounds, snapToBounds } from './finance-bounds.ts';
import { financeBox, financeCalculatorVisible, financeSiteOptions, type FinanceBox } from './finance-eligibility.ts';
import {
  comparisonDisclosure,
  financeFees,
  periodicFees,
  repaymentRounding,
  roundRepayment,
  upfrontFees,
  type ComparisonRate,
  type FinanceFee,
  type RepaymentRounding,
} from './disclosures.ts';
import { benchmarkComparisonRate } from './comparison-rate.ts';
import {
  FREQUENCY_NOUN,
  MIN_SHOWN_REPAYMENT,
  PERIODS_PER_YEAR,
  repayment,
  totalPayable,
  type Frequency,
  type Repayment,
  type TotalPayableRule,
} from './repayment.ts';

/** The quote provider's loan term in years (spec §7 "loanTerm (5)"). */
export const QUOTE_TERM_YEARS = 5;

/**
 * What a lender publishes for one loan, printed as it is. Either may be missing: the repayment
 * is the lender's only for exactly its loan, the comparison rate for its nominal rate (a
 * comparison rate is worked out on a fixed benchmark loan, so a different amount, deposit or
 * term does not change it).
 */
export interface PublishedFigures {
  /** Repayment per period (the scenario's frequency), in dollars; null = work it out. */
  payment: number | null;
  /** Comparison rate, % p.a.; null = work it out where one is shown. */
  comparisonRate: number | null;
}

/** The loan a car's figures are quoted for. */
export interface FinanceScenario {
  /** Where the terms come from: the quote provider, the provider lender's figures, the site's defaults. */
  source: 'quote' | 'lender' | 'site';
  amount: number;
  deposit: number;
  residual: number;
  /** Nominal rate, % p.a., as configured or published (never snapped to the slider's step). */
  ratePercent: number;
  years: number;
  frequency: Frequency;
  fees: FinanceFee[];
  rounding: RepaymentRounding;
  /** The site's total payable rule (site.json finance.total_payable). */
  totalPayable: TotalPayableRule;
  /** A comparison rate is shown beside this scenario's rate. */
  advertisesComparison: boolean;
  /** The lender's own figures for this loan; null when every figure is worked out. */
  published?: PublishedFigures | null;
}

/** What a scenario prints. */
export interface FinanceFigures extends Repayment {
  /**
   * The repayment as printed: a weekly one in whole dollars, rounded up (spec §9 "per-week shown
   * in whole dollars"), else the payment (cents when the provider rounds to the cent). The total
   * is worked out on this (docs/decisions.md "Weekly repayments in whole dollars").
   */
  shownPayment: number;
  /** shownPayment as money: '$258', '$1,117.55' a month from a provider that rounds to the cent. */
  paymentText: string;
  /** 'week', 'fortnight' or 'month'. */
  period: string;
  /** '9.28% p.a.' */
  rateText: string;
  /** The comparison rate beside this rate (the lender's, else worked out), or null when none is shown. */
  comparison: ComparisonRate | null;
  /** 'no deposit, $0 final payment' or '10.0% deposit, 30.0% final payment' (spec §9 wording). */
  termsText: string;
  /** Total payable as money text (by the scenario's totalPayable rule). */
  totalText: string;
  /** The repayment is the lender's own figure (not worked out). */
  publishedPayment: boolean;
}

/** A rate as every finance figure prints it: '9.28% p.a.' */
export function rateText(ratePercent: number): string {
  return `${ratePercent.toFixed(2)}% p.a.`;
}

const present = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The price a car is financed on: the amount it sells for (saleHeadline: the drive-away total
 * where the feed breaks the price down, else the price, either less a trade-in offer), the
 * amount its Get Finance link budgets, whatever price kind is displayed, so a car shown with a
 * subscription price is financed on what it costs; null when the car has no real price (over $10).
 */
export function financePrice(car: Car): number | null {
  const amount = saleHeadline(car)?.amount ?? null;
  return amount !== null && amount > MIN_DISPLAY_PRICE ? Math.round(amount) : null;
}

/**
 * The price a lender's published figures are for: the car's price less a trade-in offer
 * (reducedPrice), which the feed's finance_lenders and youxQuote are worked out on, not a
 * drive-away total; null when the car has no real price (over $10).
 */
export function publishedPrice(car: Pick<Car, 'price' | 'offer_price'>): number | null {
  const amount = reducedPrice(car);
  return amount > MIN_DISPLAY_PRICE ? Math.round(amount) : null;
}

/** The amount financed: price less deposit, plus the one-off fees financed with it. */
export function amountFinanced(scenario: Pick<FinanceScenario, 'amount' | 'deposit' | 'fees'>): number {
  return Math.max(0, scenario.amount - Math.max(0, scenario.deposit)) + upfrontFees(scenario.fees);
}

/** The number of repayments of a scenario. */
function periodsOf(scenario: Pick<FinanceScenario, 'frequency' | 'years'>): number {
  return Math.round(PERIODS_PER_YEAR[scenario.frequency] * scenario.years);
}

/**
 * A published repayment is printed only when it is credible for the loan: above 0 and, with the
 * final payment, at least the amount financed (a lender's figure that does not repay the loan
 * is a feed error, and the figures are worked out instead).
 */
function credibleRepayment(scenario: FinanceScenario): number | null {
  const payment = scenario.published?.payment;
  if (!present(payment) || payment <= 0) return null;
  const rounded = roundRepayment(payment, scenario.rounding);
  return periodsOf(scenario) * rounded + scenario.residual >= amountFinanced(scenario) ? rounded : null;
}

/** A published comparison rate is printed when it is not below the nominal rate beside it (one that is would be a feed error). */
function credibleComparison(scenario: FinanceScenario): number | null {
  const rate = scenario.published?.comparisonRate;
  if (!present(rate)) return null;
  const rounded = Math.round(rate * 100) / 100;
  return rounded >= Number(scenario.ratePercent.toFixed(2)) ? rounded : null;
}

/** Percent of the price, 1 decimal, as the spec writes it ('10.0% deposit'). */
function share(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/**
 * The deposit and final payment of a loan in the spec's words (§9: "no deposit", "10.0% deposit,
 * 30.0% final payment"; "Provider finance uses $0 final payment"): 'no deposit, $0 final payment'.
 */
export function loanTermsText(scenario: Pick<FinanceScenario, 'amount' | 'deposit' | 'residual'>): string {
  const deposit = scenario.deposit > 0 && scenario.amount > 0 ? `${share(scenario.deposit, scenario.amount)} deposit` : 'no deposit';
  const final = scenario.residual > 0 && scenario.amount > 0 ? `${share(scenario.residual, scenario.amount)} final payment` : '$0 final payment';
  return `${deposit}, ${final}`;
}

/** The figures of a scenario: the lender's where it publishes them for this loan, the rest worked out (spec §9). */
export function financeFigures(scenario: FinanceScenario): FinanceFigures {
  const worked = repayment({
    amount: scenario.amount,
    deposit: scenario.deposit,
    residual: scenario.residual,
    establishmentFee: upfrontFees(scenario.fees),
    periodicFee: periodicFees(scenario.fees, PERIODS_PER_YEAR[scenario.frequency]),
    ratePercent: scenario.ratePercent,
    years: scenario.years,
    frequency: scenario.frequency,
    rounding: scenario.rounding,
    totalPayable: scenario.totalPayable,
  });
  const published = credibleRepayment(scenario);
  const loan = { periods: worked.periods, residual: scenario.residual, fees: upfrontFees(scenario.fees), principal: amountFinanced(scenario) };
  const result: Repayment =
    published === null
      ? worked
      : {
          payment: published,
          periods: worked.periods,
          total: totalPayable(scenario.totalPayable, { ...loan, payment: published }),
          showFigures: published > MIN_SHOWN_REPAYMENT,
        };
  const money = (amount: number) => formatMoney(amount, { cents: scenario.rounding === 'cent-up' && amount % 1 !== 0 });
  const shownPayment = scenario.frequency === 'weekly' ? roundRepayment(result.payment, 'dollar-up') : result.payment;
  // The total is worked out on the printed repayment, so it checks against the figure beside it.
  const total = totalPayable(scenario.totalPayable, { ...loan, payment: shownPayment });
  const comparison = scenario.advertisesComparison
    ? comparisonDisclosure(credibleComparison(scenario) ?? benchmarkComparisonRate(scenario.ratePercent, scenario.fees))
    : null;
  return {
    ...result,
    total,
    shownPayment,
    paymentText: money(shownPayment),
    period: FREQUENCY_NOUN[scenario.frequency],
    rateText: rateText(scenario.ratePercent),
    comparison,
    termsText: loanTermsText(scenario),
    totalText: money(total),
    publishedPayment: published !== null,
  };
}

/** The loan a shopper sets in the calculator. */
export type LoanInputs = Pick<FinanceScenario, 'amount' | 'deposit' | 'residual' | 'ratePercent' | 'years' | 'frequency'>;

const sameNumber = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * The calculator's scenario for the shopper's inputs, starting from the car's: the lender's
 * repayment stays only while the loan is exactly the car's (so the calculator's first state
 * prints the car's figures, and returning to it prints them again), the lender's comparison
 * rate while the rate is the car's; every other figure is worked out for the inputs.
 */
export function calculatorScenario(start: FinanceScenario, inputs: LoanInputs): FinanceScenario {
  const sameRate = sameNumber(inputs.ratePercent, start.ratePercent);
  const sameLoan =
    sameRate &&
    sameNumber(inputs.amount, start.amount) &&
    sameNumber(inputs.deposit, start.deposit) &&
    sameNumber(inputs.residual, start.residual) &&
    sameNumber(inputs.years, start.years) &&
    inputs.frequency === start.frequency;
  const published = start.published ?? null;
  return {
    ...start,
    ...inputs,
    published: published ? { payment: sameLoan ? published.payment : null, comparisonRate: sameRate ? published.comparisonRate : null } : null,
  };
}

/**
 * A lender's scenario, published for its amount, on another amount (a drive-away total): the
 * lender's rate, term, frequency and fees, its deposit and final payment as the same shares of
 * the price (the terms it offers; '10.0% deposit, 30.0% final payment' stays), and the repayment
 * worked out as the calculator works out any other loan (calculatorScenario): never the lender's
 * figure beside an amount it was not published for. The comparison rate stays (benchmark loan).
 */
export function atAmount(scenario: FinanceScenario, amount: number): FinanceScenario {
  if (sameNumber(amount, scenario.amount) || scenario.amount <= 0) return scenario;
  const scaled = (part: number) => Math.round((part * amount) / scenario.amount);
  const { ratePercent, years, frequency } = scenario;
  return calculatorScenario(scenario, { amount, deposit: scaled(scenario.deposit), residual: scaled(scenario.residual), ratePercent, years, frequency });
}

/** The site setting that decides where a comparison rate is shown (docs/decisions.md "Comparison rates"). */
function comparisonEverywhere(site: Site): boolean {
  return site.finance.comparison_rate_disclosure === 'national-credit-code';
}

/** What the quote provider answers (spec §7: weeklyRepaymentAmount, comparisonRate, advertisedRate). */
export interface QuoteAnswer {
  weeklyRepaymentAmount: number;
  advertisedRate: number;
  comparisonRate: number | null;
}

/**
 * The terms a quote is asked for and printed with: the car's price, the quote provider's 5-year
 * term kept within the site's range, weekly, no deposit, no final payment. No fees: the quote
 * provider's are inside its own figures and not told (a provider lender's or a brand's fees
 * are that lender's), so none is named beside its repayment.
 */
export interface QuoteTerms {
  amount: number;
  years: number;
  fees: FinanceFee[];
  rounding: RepaymentRounding;
  /** The site's total payable rule (site.json finance.total_payable). */
  totalPayable: TotalPayableRule;
  /** The site shows a worked-out comparison rate where the quote gives none. */
  comparisonEverywhere: boolean;
}

/** The quote terms of a car on a site, or null when the car has no price to quote on. */
export function quoteTerms(car: Car, site: Site): QuoteTerms | null {
  const amount = financePrice(car);
  if (amount === null) return null;
  return {
    amount,
    years: snapToBounds(QUOTE_TERM_YEARS, termBounds(site.finance.max_term_years)),
    fees: [],
    rounding: repaymentRounding(site.finance_provider, site.finance.rounding),
    totalPayable: site.finance.total_payable,
    comparisonEverywhere: comparisonEverywhere(site),
  };
}

/** A quote answer as the car's scenario: the quote provider's rate, repayment and comparison rate, printed as answered. */
export function quoteScenario(answer: QuoteAnswer, terms: QuoteTerms): FinanceScenario {
  return {
    source: 'quote',
    amount: terms.amount,
    deposit: 0,
    residual: 0,
    ratePercent: answer.advertisedRate,
    years: terms.years,
    frequency: 'weekly',
    fees: terms.fees,
    rounding: terms.rounding,
    totalPayable: terms.totalPayable,
    advertisesComparison: answer.comparisonRate !== null || terms.comparisonEverywhere,
    published: { payment: answer.weeklyRepaymentAmount, comparisonRate: answer.comparisonRate },
  };
}

/** The feed's youxQuote as an answer, or null when it lacks a rate or a repayment. */
export function feedQuote(car: Pick<Car, 'youxQuote'>): QuoteAnswer | null {
  const quote = car.youxQuote;
  if (!quote || !present(quote.advertisedRate) || quote.advertisedRate <= 0 || !present(quote.weeklyRepaymentAmount) || quote.weeklyRepaymentAmount <= 0)
    return null;
  return {
    weeklyRepaymentAmount: quote.weeklyRepaymentAmount,
    advertisedRate: quote.advertisedRate,
    comparisonRate: present(quote.comparisonRate) && quote.comparisonRate > 0 ? quote.comparisonRate : null,
  };
}

/** The lender's term in years: termYears, else termMonths / 12, else termWeeks / 52. */
function lenderYears(lender: { termYears?: number | null; termMonths?: number | null; termWeeks?: number | null }): number | null {
  if (present(lender.termYears) && lender.termYears > 0) return lender.termYears;
  if (present(lender.termMonths) && lender.termMonths > 0) return lender.termMonths / 12;
  if (present(lender.termWeeks) && lender.termWeeks > 0) return lender.termWeeks / 52;
  return null;
}

/**
 * The finance scenario of a car on a site at `now`, always on the car's own price (financePrice):
 * Quote: the car's youxQuote (the quote provider's last answer: its rate, weekly repayment and
 * comparison rate over its 5 years), which the page's live quote call refreshes.
 * Lender: the finance box's lender (its rate, term, deposit, balloon, repayment and comparison
 * rate; weekly, or monthly where the box is monthly). Its repayment is printed as published only
 * when its term fits the site's range (a term brought into range is a different loan).
 * Both publish for the car's price (publishedPrice); on another amount (a drive-away total) the
 * repayment is worked out (atAmount).
 * Site: finance.default_interest and default_term_years on the default amount (the car's price
 * on sites that use it), all worked out. Rates are kept as given.
 */
export function carFinance(car: Car, site: Site, now: number): FinanceScenario {
  const finance = site.finance;
  const carPrice = financePrice(car);
  const quotedOn = publishedPrice(car);
  const defaultAmount = finance.amount_from_car_price && carPrice ? carPrice : finance.default_amount;
  const provider = site.finance_provider?.trim() ?? '';
  const lender = provider ? (car.finance_lenders?.[provider] ?? null) : null;
  const terms = termBounds(finance.max_term_years);
  const everywhere = comparisonEverywhere(site);

  const quote = feedQuote(car);
  const asked = quoteTerms(car, site);
  if (quote && asked && quotedOn !== null) return atAmount(quoteScenario(quote, { ...asked, amount: quotedOn }), asked.amount);

  const common = {
    fees: financeFees(car, lender, finance, site.manufacturer),
    rounding: repaymentRounding(site.finance_provider, finance.rounding),
    totalPayable: finance.total_payable,
  };
  const box = financeBox(car, financeSiteOptions(site), now);
  if (box && present(box.lender.interestRate)) {
    const lenderTerm = lenderYears(box.lender);
    const years = snapToBounds(lenderTerm ?? finance.default_term_years, terms);
    const published = box.repayment && quotedOn !== null && lenderTerm !== null && sameNumber(years, lenderTerm) ? box.repayment.amount : null;
    const comparisonRate = present(box.lender.comparisonRate) && box.lender.comparisonRate > 0 ? box.lender.comparisonRate : null;
    const scenario: FinanceScenario = {
      source: 'lender',
      amount: quotedOn ?? defaultAmount,
      deposit: Math.max(0, box.lender.deposit ?? 0),
      residual: Math.max(0, box.lender.balloon ?? 0),
      ratePercent: box.lender.interestRate,
      years,
      frequency: box.repayment?.period === 'month' ? 'monthly' : 'weekly',
      advertisesComparison: comparisonRate !== null || everywhere,
      published: { payment: published, comparisonRate },
      ...common,
    };
    return carPrice === null ? scenario : atAmount(scenario, carPrice);
  }
  return {
    source: 'site',
    amount: defaultAmount,
    deposit: 0,
    residual: 0,
    ratePercent: finance.default_interest,
    years: snapToBounds(finance.default_term_years, terms),
    frequency: 'weekly',
    advertisesComparison: everywhere,
    published: null,
    ...common,
  };
}

/** What a car's page shows of its finance: the box, the loan and its figures, the calculator. */
export interface PageFinance {
  /** The finance box, or null when it does not show. */
  box: FinanceBox | null;
  scenario: FinanceScenario;
  figures: FinanceFigures;
  /** The finance calculator shows (its first state prints the figures). */
  calculator: boolean;
  /** The page prints the car's repayment (in the box or the calculator): figures worth showing, and somewhere to show them. */
  printed: boolean;
}

/** The finance a car's page shows on a site at `now`: one decision for the vehicle page (view.ts) and the search's repayment band (repayment-band.ts). */
export function pageFinance(car: Car, site: Site, now: number): PageFinance {
  const options = financeSiteOptions(site);
  const box = financeBox(car, options, now);
  const scenario = carFinance(car, site, now);
  const figures = financeFigures(scenario);
  const calculator = financeCalculatorVisible(car, options, scenario.amount);
  return { box, scenario, figures, calculator, printed: figures.showFigures && (box !== null || calculator) };
}

/** The texts the static finance parts print (finance box, sticky header, quote line), by their `data-finance-text` key. */
export interface FinanceTexts {
  /** '$258' */
  payment: string;
  /** 'week' */
  period: string;
  /** '9.28% p.a.' */
  rate: string;
  /** '9.83%', or '' when no comparison rate is shown. */
  comparison: string;
  /** '5 year term' */
  term: string;
  /** 'No deposit, $0 final payment' */
  terms: string;
  /** The sticky header's 'Finance $258 per week*' (with the rates where the site discloses them everywhere). */
  estimate: string;
}

/** Years as the box prints them: '5', '5.5'. */
const yearsText = (years: number) => String(Math.round(years * 10) / 10);

/**
 * The texts of a scenario's figures. Built once at build time for the page's first paint and
 * again in the browser when the quote provider answers, so both print the same words.
 * `everywhere`: the site shows a comparison rate beside every rate (site.json
 * finance.comparison_rate_disclosure 'national-credit-code'), so the sticky header's repayment
 * carries its rates too.
 */
export function financeTexts(scenario: FinanceScenario, everywhere = false): FinanceTexts {
  const figures = financeFigures(scenario);
  const comparison = figures.comparison ? `${figures.comparison.rate.toFixed(2)}%` : '';
  const terms = figures.termsText.charAt(0).toUpperCase() + figures.termsText.slice(1);
  const estimate = `Finance ${figures.paymentText} per ${figures.period}*`;
  return {
    payment: figures.paymentText,
    period: figures.period,
    rate: figures.rateText,
    comparison,
    term: `${yearsText(scenario.years)} year term`,
    terms,
    estimate: everywhere ? `${estimate} at ${figures.rateText}${comparison ? ` (${comparison} comparison rate*)` : ''}` : estimate,
  };
}
