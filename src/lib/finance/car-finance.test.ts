import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '../../schemas/car.ts';
import { SiteSchema, type Site } from '../../schemas/site.ts';
import { carFinance, financeFigures, rateText, type FinanceScenario } from './car-finance.ts';
import { benchmarkComparisonRate } from './comparison-rate.ts';
import { annuityPresentValue, amortisedPayment } from './repayment.ts';
import type { FinanceFee } from './disclosures.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const fee = (amount: number, per: 'loan' | 'month' = 'loan'): FinanceFee => ({ name: per === 'loan' ? 'Establishment fee' : 'Monthly fee', amount, per });

const site = (patch: Record<string, unknown> = {}): Site =>
  v.parse(SiteSchema, { slug: 'test-site', name: 'Test Motors', template: 'used-group', url: 'https://test.example.com', phone: '07 3000 0000', finance_provider: 'Taurus', ...patch });
const car = (patch: Record<string, unknown> = {}): Car =>
  v.parse(CarSchema, { id: 1, slug: 'a-car', name: '2024 Mazda CX-5', make: 'Mazda', model: 'CX-5', year: 2024, price: 40_000, status: 'in_stock', car_type: 'used', ...patch });
const taurus = { paymentWeek: 999, interestRate: 9.28, comparisonRate: 9.83, termYears: 5, establishmentFees: 495 };

describe('benchmarkComparisonRate (National Credit Code benchmark, spec §9)', () => {
  it('equals the nominal rate when there are no fees', () => {
    expect(benchmarkComparisonRate(6.29, [])).toBe(6.29);
    expect(benchmarkComparisonRate(10, [])).toBe(10);
  });

  it('is the rate at which the repayments (fees included) are worth the $30,000 lent', () => {
    const fees = [fee(395), fee(8, 'month')];
    const rate = benchmarkComparisonRate(8.49, fees);
    const payment = amortisedPayment(30_395, 0.0849 / 12, 60) + 8;
    // At the 2-decimal rate the present value is within a few dollars of $30,000.
    expect(Math.abs(annuityPresentValue(payment, rate / 100 / 12, 60) - 30_000)).toBeLessThan(5);
    expect(rate).toBeGreaterThan(8.49);
  });

  it('is never below the nominal rate and grows with the fees', () => {
    for (const nominal of [0.5, 4, 6.29, 9.28, 9.99, 14.5, 20]) {
      let previous = nominal;
      for (const amount of [0, 100, 495, 1313.25, 3000]) {
        const rate = benchmarkComparisonRate(nominal, [fee(amount), fee(amount / 100, 'month')]);
        expect(rate).toBeGreaterThanOrEqual(Number(nominal.toFixed(2)));
        expect(rate).toBeGreaterThanOrEqual(previous);
        previous = rate;
      }
    }
  });
});

describe('carFinance: one scenario per car (issue 35 item 1)', () => {
  it('a car with a finance box is quoted on its lender\'s terms, at the lender\'s rate (off-step kept)', () => {
    const scenario = carFinance(car({ finance_lenders: { Taurus: { ...taurus, deposit: 2000, balloon: 5000 } } }), site(), NOW);
    expect(scenario).toMatchObject({ source: 'lender', amount: 40_000, deposit: 2000, residual: 5000, ratePercent: 9.28, years: 5, frequency: 'weekly', advertisesComparison: true });
    expect(scenario.fees).toEqual([{ name: 'Establishment fee', amount: 495, per: 'loan' }]);
  });

  it('the lender term comes from termMonths when termYears is missing, kept within the site range', () => {
    const months = carFinance(car({ finance_lenders: { Taurus: { ...taurus, termYears: null, termMonths: 84 } } }), site({ finance: { max_term_years: 5 } }), NOW);
    expect(months.years).toBe(5);
  });

  it('a car with a quote and no box is quoted at the quote\'s rate over 5 years', () => {
    const scenario = carFinance(car({ youxQuote: { weeklyRepaymentAmount: 200, comparisonRate: 9.1, advertisedRate: 8.49 } }), site(), NOW);
    expect(scenario).toMatchObject({ source: 'quote', amount: 40_000, ratePercent: 8.49, years: 5, advertisesComparison: true });
  });

  it('otherwise the site defaults, with the configured interest as configured (9.99 stays 9.99) and no comparison rate', () => {
    const scenario = carFinance(car(), site({ finance: { default_interest: 9.99, default_term_years: 6, establishment_fee: 1300 } }), NOW);
    expect(scenario).toMatchObject({ source: 'site', amount: 40_000, ratePercent: 9.99, years: 6, advertisesComparison: false });
    expect(financeFigures(scenario).rateText).toBe('9.99% p.a.');
    expect(financeFigures(scenario).comparison).toBeNull();
    const fixed = carFinance(car(), site({ finance: { amount_from_car_price: false, default_amount: 30_000 } }), NOW);
    expect(fixed.amount).toBe(30_000);
  });

  it('a Suzuki never takes the lender\'s terms (no finance box), so the page shows the site defaults', () => {
    expect(carFinance(car({ make: 'Suzuki', finance_lenders: { Taurus: taurus } }), site(), NOW).source).toBe('site');
  });
});

describe('financeFigures', () => {
  const scenario: FinanceScenario = { source: 'lender', amount: 52_990, deposit: 0, residual: 0, ratePercent: 9.28, years: 5, frequency: 'weekly', fees: [fee(495)], rounding: 'dollar-up', advertisesComparison: true };

  it('prints the repayment, the rate and the comparison rate of the same scenario', () => {
    const figures = financeFigures(scenario);
    expect(figures.paymentText).toMatch(/^\$\d+$/);
    expect(figures.period).toBe('week');
    expect(figures.rateText).toBe('9.28% p.a.');
    expect(figures.comparison?.rate).toBe(benchmarkComparisonRate(9.28, [fee(495)]));
    expect(figures.comparison!.rate).toBeGreaterThanOrEqual(9.28);
  });

  it('a changed rate changes the comparison rate with it; a changed price or term does not (the benchmark is fixed)', () => {
    const base = financeFigures(scenario).comparison!.rate;
    expect(financeFigures({ ...scenario, ratePercent: 10 }).comparison!.rate).toBeGreaterThan(base);
    expect(financeFigures({ ...scenario, ratePercent: 10 }).comparison!.rate).toBeGreaterThanOrEqual(10);
    expect(financeFigures({ ...scenario, amount: 20_000, years: 3 }).comparison!.rate).toBe(base);
  });

  it('monthly scenarios print per month; cent rounding prints cents', () => {
    const figures = financeFigures({ ...scenario, frequency: 'monthly', rounding: 'cent-up' });
    expect(figures.period).toBe('month');
    expect(figures.paymentText).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(rateText(10)).toBe('10.00% p.a.');
  });
});
