/**
 * Local finance quote (the default behind POST /api/youx/quote with no provider account):
 * an advertised rate by credit rating and vehicle age, weekly repayments by standard
 * amortisation, and a true comparison rate (the rate that equates the amount financed
 * with the repayments plus fees, on the regulated basis of a $30,000 secured loan over
 * 5 years). Pure functions; the amortisation and the comparison rate are src/lib/finance's.
 */
import { amortisedPayment } from '../../../lib/finance/repayment.ts';
import { benchmarkComparisonRate } from '../../../lib/finance/comparison-rate.ts';

/** Advertised annual rate (%) by self-assessed credit rating. */
export const RATE_BY_CREDIT: Record<string, number> = { EXCELLENT: 7.49, GREAT: 8.49, GOOD: 9.99, FAIR: 12.99, POOR: 16.99 };
/** Extra rate (%) for vehicles older than 7 years at the start of the loan. */
export const OLDER_VEHICLE_LOADING = 1.0;
/** Fees used in the comparison rate. */
export const QUOTE_FEES = { establishment: 395, monthly: 8 } as const;

/** Monthly repayment of `principal` over `months` at `annualRatePercent`. */
export function monthlyRepayment(principal: number, annualRatePercent: number, months: number): number {
  return amortisedPayment(principal, annualRatePercent / 100 / 12, months);
}

/** Comparison rate (%, 2 decimals) of a rate with the quote fees, on the regulated $30,000 / 5-year basis. */
export function comparisonRate(annualRatePercent: number): number {
  return benchmarkComparisonRate(annualRatePercent, [
    { name: 'Establishment fee', amount: QUOTE_FEES.establishment, per: 'loan' },
    { name: 'Monthly account fee', amount: QUOTE_FEES.monthly, per: 'month' },
  ]);
}

/** A finance quote as the spec's youxQuote (weeklyRepaymentAmount, comparisonRate, advertisedRate). */
export interface FinanceQuote {
  weeklyRepaymentAmount: number;
  comparisonRate: number;
  advertisedRate: number;
}

/** Quote a loan for a car: price, term in years, credit rating, vehicle year. */
export function quoteFinance(input: { purchasePrice: number; loanTerm: number; selfAssessedCreditScore: string; year?: number; currentYear: number }): FinanceQuote {
  const base = RATE_BY_CREDIT[input.selfAssessedCreditScore] ?? RATE_BY_CREDIT.GOOD!;
  const older = input.year !== undefined && input.currentYear - input.year > 7;
  const advertisedRate = Math.round((base + (older ? OLDER_VEHICLE_LOADING : 0)) * 100) / 100;
  const months = Math.round(input.loanTerm * 12);
  const monthly = monthlyRepayment(input.purchasePrice + QUOTE_FEES.establishment, advertisedRate, months) + QUOTE_FEES.monthly;
  return {
    weeklyRepaymentAmount: Math.ceil((monthly * 12) / 52),
    comparisonRate: comparisonRate(advertisedRate),
    advertisedRate,
  };
}
