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
    // amount, deposit, fee, rate, years, frequency, residual -> payment, spec total (periods a year x years x payment + fees), repayments-and-balloon total
    [30000, 0, 0, 10, 5, 'weekly', 0, 147, 38_220, 38_220],
    [30000, 0, 0, 10, 5, 'fortnightly', 0, 294, 38_220, 38_220],
    [30000, 0, 0, 10, 5, 'monthly', 0, 638, 38_280, 38_280],
    [30000, 3000, 0, 10, 5, 'monthly', 0, 574, 34_440, 34_440],
    [30000, 0, 1300, 10, 5, 'monthly', 0, 666, 41_260, 39_960],
    [30000, 0, 0, 10, 5, 'monthly', 9000, 522, 31_320, 40_320],
    [30000, 0, 0, 6.29, 5, 'weekly', 0, 135, 35_100, 35_100],
    [10000, 0, 0, 0, 1, 'monthly', 0, 834, 10_008, 10_008],
    [12000, 0, 0, 0, 1, 'monthly', 0, 1000, 12_000, 12_000],
    [30000, 0, 0, 10, 6.5, 'weekly', 0, 121, 40_898, 40_898],
  ] as const)(
    '%s - %s + %s at %s%% over %s years, %s, residual %s -> %s, total %s (spec) / %s (repayments and balloon)',
    (amount, deposit, fee, rate, years, frequency, residual, payment, specTotal, balloonTotal) => {
      const loan = { amount, deposit, establishmentFee: fee, ratePercent: rate, years, frequency, residual };
      const spec = repayment({ ...loan, totalPayable: 'spec' });
      expect(spec.payment).toBe(payment);
      expect(spec.total).toBe(specTotal);
      expect(spec.showFigures).toBe(true);
      const balloon = repayment({ ...loan, totalPayable: 'repayments-and-balloon' });
      expect(balloon.payment).toBe(payment);
      expect(balloon.total).toBe(balloonTotal);
    },
  );

  it('shows figures only above $25 a period', () => {
    // 1300 over 1 year at 0% weekly: exactly $25 a week.
    expect(repayment({ amount: 1300, ratePercent: 0, years: 1, totalPayable: 'spec' })).toMatchObject({ payment: 25, showFigures: false });
    expect(repayment({ amount: 1352, ratePercent: 0, years: 1, totalPayable: 'spec' })).toMatchObject({ payment: 26, showFigures: true });
    expect(repayment({ amount: 1301, ratePercent: 0, years: 1, totalPayable: 'spec' })).toMatchObject({ payment: 26, showFigures: true });
  });

  it('total payable, spec (default): $45,000 with a $10,000 residual and a financed $495 fee is 52 x 5 x $189 + $495, no final payment', () => {
    const result = repayment({ amount: 45000, establishmentFee: 495, ratePercent: 9.28, years: 5, residual: 10000, totalPayable: 'spec' });
    expect(result).toMatchObject({ payment: 189, periods: 260, total: 49_635 });
  });

  it('total payable, repayments and balloon: the same loan is 260 x $189 + the $10,000 final payment, the fee inside the repayments', () => {
    const result = repayment({ amount: 45000, establishmentFee: 495, ratePercent: 9.28, years: 5, residual: 10000, totalPayable: 'repayments-and-balloon' });
    expect(result).toMatchObject({ payment: 189, periods: 260, total: 59_140 });
    expect(result.total).toBeGreaterThan(45495);
  });

  it('spec total: a monthly fee is inside the payment, a weekly 5.5-year term counts 52 x 5.5 repayments', () => {
    const result = repayment({ amount: 20000, establishmentFee: 395, periodicFee: 8, ratePercent: 7, years: 5.5, frequency: 'monthly', totalPayable: 'spec' });
    expect(result.periods).toBe(66);
    expect(result.total).toBe(66 * result.payment + 395);
    const weekly = repayment({ amount: 20000, ratePercent: 7, years: 5.5, totalPayable: 'spec' });
    expect(weekly.total).toBe(286 * weekly.payment);
  });

  it('total payable (repayments and balloon) is never below the amount financed (rates, terms, deposits, fees, residuals, frequencies)', () => {
    const frequencies = ['weekly', 'fortnightly', 'monthly'] as const;
    let checked = 0;
    for (const amount of [1000, 12345, 45000, 249999])
      for (const deposit of [0, 500, 20000])
        for (const fee of [0, 495, 1360.5])
          for (const rate of [0, 0.5, 6.29, 9.28, 20])
            for (const years of [1, 2.5, 5, 7])
              for (const residual of [0, 3000, 40000])
                for (const frequency of frequencies) {
                  const result = repayment({
                    amount,
                    deposit,
                    establishmentFee: fee,
                    ratePercent: rate,
                    years,
                    residual,
                    frequency,
                    totalPayable: 'repayments-and-balloon',
                  });
                  const financed = Math.max(0, amount - deposit) + fee;
                  expect(result.total, `${amount} ${deposit} ${fee} ${rate} ${years} ${residual} ${frequency}`).toBeGreaterThanOrEqual(financed);
                  checked += 1;
                }
    expect(checked).toBe(6480);
  });

  it('borrows nothing when the deposit covers the amount: no total by either rule', () => {
    for (const totalPayable of ['spec', 'repayments-and-balloon'] as const)
      expect(repayment({ amount: 10000, deposit: 12000, ratePercent: 10, years: 5, totalPayable })).toMatchObject({ payment: 0, total: 0, showFigures: false });
  });
});
