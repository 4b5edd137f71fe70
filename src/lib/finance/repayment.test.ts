import { describe, expect, it } from 'vitest';
// Expected payments were computed independently (Python) from the annuity formula, then rounded up.
import { amortisedPayment, repayment } from './repayment.ts';

describe('amortisedPayment', () => {
  it('matches the textbook annuity formula', () => {
    // $10,000 over 12 months at 12% p.a. (1% a month): 888.49 a month.
    expect(amortisedPayment(10000, 0.01, 12)).toBeCloseTo(888.4879, 3);
  });
  it('spreads the principal evenly at 0%', () => {
    expect(amortisedPayment(5200, 0, 52)).toBe(100);
    expect(amortisedPayment(5200, 0, 52, 2600)).toBe(50);
  });
  it('a residual lowers the payment by its present value', () => {
    const withResidual = amortisedPayment(30000, 0.1 / 12, 60, 9000);
    const without = amortisedPayment(30000, 0.1 / 12, 60);
    expect(withResidual).toBeLessThan(without);
    expect(withResidual).toBeCloseTo(521.2, 0);
  });
});

describe('repayment', () => {
  it.each([
    // amount, deposit, fee, rate, years, frequency, residual -> payment, total (every repayment and the final payment; a financed fee is inside the repayments)
    [30000, 0, 0, 10, 5, 'weekly', 0, 147, 147 * 260],
    [30000, 0, 0, 10, 5, 'fortnightly', 0, 294, 294 * 130],
    [30000, 0, 0, 10, 5, 'monthly', 0, 638, 638 * 60],
    [30000, 3000, 0, 10, 5, 'monthly', 0, 574, 574 * 60],
    [30000, 0, 1300, 10, 5, 'monthly', 0, 666, 666 * 60],
    [30000, 0, 0, 10, 5, 'monthly', 9000, 522, 522 * 60 + 9000],
    [30000, 0, 0, 6.29, 5, 'weekly', 0, 135, 135 * 260],
    [10000, 0, 0, 0, 1, 'monthly', 0, 834, 834 * 12],
    [12000, 0, 0, 0, 1, 'monthly', 0, 1000, 12000],
    [30000, 0, 0, 10, 6.5, 'weekly', 0, 121, 121 * 52 * 6.5],
  ] as const)('%s - %s + %s at %s%% over %s years, %s, residual %s -> %s', (amount, deposit, fee, rate, years, frequency, residual, payment, total) => {
    const result = repayment({ amount, deposit, establishmentFee: fee, ratePercent: rate, years, frequency, residual });
    expect(result.payment).toBe(payment);
    expect(result.total).toBeCloseTo(total, 6);
    expect(result.showFigures).toBe(true);
  });

  it('shows figures only above $25 a period', () => {
    // 1300 over 1 year at 0% weekly: exactly $25 a week.
    expect(repayment({ amount: 1300, ratePercent: 0, years: 1 })).toMatchObject({ payment: 25, showFigures: false });
    expect(repayment({ amount: 1352, ratePercent: 0, years: 1 })).toMatchObject({ payment: 26, showFigures: true });
    expect(repayment({ amount: 1301, ratePercent: 0, years: 1 })).toMatchObject({ payment: 26, showFigures: true });
  });

  it("total payable: the audit's $45,000 car with a $10,000 residual and a financed $495 fee pays more than it borrows", () => {
    // The audit saw $42,507 for this loan (the fee counted twice, the balloon left out): less than the price.
    const result = repayment({ amount: 45000, establishmentFee: 495, ratePercent: 9.28, years: 5, residual: 10000 });
    expect(result.total).toBe(260 * result.payment + 10000);
    expect(result.total).toBeGreaterThan(45495);
  });

  it('total payable is never below the amount financed (rates, terms, deposits, fees, residuals, frequencies)', () => {
    const frequencies = ['weekly', 'fortnightly', 'monthly'] as const;
    let checked = 0;
    for (const amount of [1000, 12345, 45000, 249999])
      for (const deposit of [0, 500, 20000])
        for (const fee of [0, 495, 1360.5])
          for (const rate of [0, 0.5, 6.29, 9.28, 20])
            for (const years of [1, 2.5, 5, 7])
              for (const residual of [0, 3000, 40000])
                for (const frequency of frequencies) {
                  const result = repayment({ amount, deposit, establishmentFee: fee, ratePercent: rate, years, residual, frequency });
                  const financed = Math.max(0, amount - deposit) + fee;
                  expect(result.total, `${amount} ${deposit} ${fee} ${rate} ${years} ${residual} ${frequency}`).toBeGreaterThanOrEqual(financed);
                  checked += 1;
                }
    expect(checked).toBe(6480);
  });

  it('borrows nothing when the deposit covers the amount', () => {
    expect(repayment({ amount: 10000, deposit: 12000, ratePercent: 10, years: 5 })).toMatchObject({ payment: 0, total: 0, showFigures: false });
  });
});
