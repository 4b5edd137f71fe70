/**
 * The comparison rate (spec §9 "comparison rate 2 decimals, base 5-year secured $30,000"): one
 * formula for the vehicle page and the local quote endpoint, so a comparison rate always belongs
 * to the nominal rate and fees it is printed beside. Pure.
 */
import { COMPARISON_BASE, periodicFees, upfrontFees, type FinanceFee } from './disclosures.ts';
import { amortisedPayment, annuityPresentValue } from './repayment.ts';

/**
 * The comparison rate (% p.a., 2 decimals) of a nominal rate with these fees, on the National
 * Credit Code benchmark (spec §9 "base 5-year secured $30,000"): $30,000 repaid monthly over 5
 * years, one-off fees added to the loan and monthly fees to every repayment; the rate at which
 * those repayments are worth exactly the $30,000 lent. Fees only add cost, so it is never below
 * the nominal rate.
 */
export function benchmarkComparisonRate(nominalPercent: number, fees: readonly FinanceFee[]): number {
  const months = COMPARISON_BASE.years * 12;
  const lent = COMPARISON_BASE.amount;
  const payment = amortisedPayment(lent + upfrontFees(fees), nominalPercent / 100 / 12, months) + periodicFees(fees, 12);
  // Bisection on the annual rate: the repayments' present value falls as the rate rises.
  let low = 0;
  let high = Math.max(1, (nominalPercent / 100) * 4);
  for (let step = 0; step < 100; step += 1) {
    const mid = (low + high) / 2;
    if (annuityPresentValue(payment, mid / 12, months) > lent) low = mid;
    else high = mid;
  }
  const rounded = Math.round(((low + high) / 2) * 10_000) / 100;
  // Rounding to 2 decimals must not take it under the nominal rate printed beside it.
  return Math.max(rounded, Number(nominalPercent.toFixed(2)));
}
