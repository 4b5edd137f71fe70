/**
 * Finance repayment (spec §9 "Finance calculator"): standard amortisation of the amount minus
 * deposit plus establishment fee, at interest / 100 / periods, with an optional residual
 * (balloon) left at the end; repayments rounded up to whole dollars. Total payable by the site's
 * rule (finance.total_payable, docs/decisions.md "Total payable"): the spec's repayments plus
 * fees, or every repayment plus the final (balloon) payment.
 */

import type { FinanceSettings } from '../../schemas/site/finance.ts';
import { roundRepayment, type RepaymentRounding } from './disclosures.ts';

/** How total payable is worked out: site.json finance.total_payable, resolved with the site and passed down. */
export type TotalPayableRule = FinanceSettings['total_payable'];

/** Repayment frequency and periods per year (spec §9). */
export const PERIODS_PER_YEAR = { weekly: 52, fortnightly: 26, monthly: 12 } as const;
export type Frequency = keyof typeof PERIODS_PER_YEAR;

/** Label of each frequency, as the selector shows it. */
export const FREQUENCY_LABELS: Record<Frequency, string> = { weekly: 'Weekly', fortnightly: 'Fortnightly', monthly: 'Monthly' };

/** Short period noun ('week') for '$123 per week'. */
export const FREQUENCY_NOUN: Record<Frequency, string> = { weekly: 'week', fortnightly: 'fortnight', monthly: 'month' };

/** At or below this repayment the calculator shows 'Enquire for Finance' instead of figures. */
export const MIN_SHOWN_REPAYMENT = 25;

/** Inputs of the repayment calculation, in dollars, % p.a. and years. */
export interface RepaymentInput {
  amount: number;
  deposit?: number;
  establishmentFee?: number;
  /** Interest rate, % per year (e.g. 10 for 10%). */
  ratePercent: number;
  /** Loan term in years (1-7, step 0.5). */
  years: number;
  frequency?: Frequency;
  /** Residual (balloon) owed after the last repayment, in dollars. */
  residual?: number;
  /** Provider rounding (disclosures.ts); whole dollars up by default. */
  rounding?: RepaymentRounding;
  /** Fees charged with every repayment (monthly fees spread per period), in dollars. */
  periodicFee?: number;
  /** The site's total payable rule. */
  totalPayable: TotalPayableRule;
}

/** Result of the calculation. */
export interface Repayment {
  /** Repayment per period, rounded up (whole dollars, or cents for some providers); 0 when nothing is borrowed. */
  payment: number;
  /** Number of repayments. */
  periods: number;
  /** Total payable by the site's rule: totalPayable(). */
  total: number;
  /** False when the payment is $25 or less: show 'Enquire for Finance' instead. */
  showFigures: boolean;
}

/** Exact (unrounded) repayment per period of a standard amortising loan with a residual. */
export function amortisedPayment(principal: number, ratePerPeriod: number, periods: number, residual = 0): number {
  if (periods <= 0) return 0;
  if (ratePerPeriod === 0) return (principal - residual) / periods;
  const growth = (1 + ratePerPeriod) ** periods;
  // Present value of the residual is repaid at the end, so only the rest amortises.
  return ((principal - residual / growth) * ratePerPeriod) / (1 - 1 / growth);
}

/** Present value of `periods` equal payments at `ratePerPeriod` (the inverse of amortisedPayment). */
export function annuityPresentValue(payment: number, ratePerPeriod: number, periods: number): number {
  if (ratePerPeriod === 0) return payment * periods;
  return (payment * (1 - (1 + ratePerPeriod) ** -periods)) / ratePerPeriod;
}

/** The loan a total payable is worked out for. */
export interface TotalPayableLoan {
  /** The repayment per period. */
  payment: number;
  /** The number of repayments: periods a year x term in years. */
  periods: number;
  /** The final (balloon) payment. */
  residual: number;
  /** The one-off fees financed with the loan (establishment fee, a brand's one-off fees). */
  fees: number;
  /** The amount financed (price less deposit, plus those fees). */
  principal: number;
}

/**
 * Total payable of a loan, to the cent; nothing when nothing is borrowed.
 * 'spec' (spec §9 "total = periods x term x payment + fees"): the repayments (periods a year x
 * term in years x the repayment) plus the one-off fees; no final payment.
 * 'repayments-and-balloon': every repayment (fees financed or charged per repayment are inside
 * it) plus the final (balloon) payment. Never below the amount financed: the repayments are
 * worth the amount financed at the loan's rate (rounded up), and at any rate of 0% or more their
 * sum is worth at least that.
 */
export function totalPayable(rule: TotalPayableRule, loan: TotalPayableLoan): number {
  if (!(loan.principal > 0)) return 0;
  const repayments = loan.periods * loan.payment;
  const total = rule === 'spec' ? repayments + Math.max(0, loan.fees) : repayments + Math.max(0, loan.residual);
  return Math.round(total * 100) / 100;
}

/** The repayment for the calculator's inputs (spec §9). */
export function repayment(input: RepaymentInput): Repayment {
  const frequency = input.frequency ?? 'weekly';
  const perYear = PERIODS_PER_YEAR[frequency];
  const fee = Math.max(0, input.establishmentFee ?? 0);
  const principal = Math.max(0, input.amount - Math.max(0, input.deposit ?? 0)) + fee;
  const periods = Math.round(perYear * input.years);
  const ratePerPeriod = input.ratePercent / 100 / perYear;
  const exact = amortisedPayment(principal, ratePerPeriod, periods, Math.max(0, input.residual ?? 0));
  // Round up, never down: an advertised repayment must not understate what the buyer pays.
  const perPeriodFee = exact > 0 ? Math.max(0, input.periodicFee ?? 0) : 0;
  const payment = roundRepayment(exact + perPeriodFee, input.rounding ?? 'dollar-up');
  const total = totalPayable(input.totalPayable, { payment, periods, residual: input.residual ?? 0, fees: fee, principal });
  return { payment, periods, total, showFigures: payment > MIN_SHOWN_REPAYMENT };
}
