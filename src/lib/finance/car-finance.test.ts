import { describe, expect, it } from 'vitest';
import type { Site } from '../../schemas/site.ts';
import {
  calculatorScenario,
  carFinance,
  feedQuote,
  financeFigures,
  financePrice,
  financeTexts,
  loanTermsText,
  quoteScenario,
  quoteTerms,
  rateText,
  type FinanceScenario,
} from './car-finance.ts';
import { benchmarkComparisonRate } from './comparison-rate.ts';
import { annuityPresentValue, amortisedPayment } from './repayment.ts';
import type { FinanceFee } from './disclosures.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { parsedCar } from '../../../tests/fixtures/make-car.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const fee = (amount: number, per: 'loan' | 'month' = 'loan'): FinanceFee => ({ name: per === 'loan' ? 'Establishment fee' : 'Monthly fee', amount, per });

const site = (patch: Record<string, unknown> = {}): Site => makeSite({ finance_provider: 'Taurus', ...patch });
const car = parsedCar;
const taurus = { paymentWeek: 999, interestRate: 9.28, comparisonRate: 9.83, termYears: 5, establishmentFees: 495 };
/** A lender's weekly loan of $52,990 at 9.28% over 5 years with a $495 establishment fee, every figure worked out. */
const lenderLoan: FinanceScenario = {
  source: 'lender',
  amount: 52_990,
  deposit: 0,
  residual: 0,
  ratePercent: 9.28,
  years: 5,
  frequency: 'weekly',
  fees: [fee(495)],
  rounding: 'dollar-up',
  totalPayable: 'spec',
  advertisesComparison: true,
};

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
  it("a car with a finance box is quoted on its lender's terms, at the lender's rate (off-step kept)", () => {
    const scenario = carFinance(car({ finance_lenders: { Taurus: { ...taurus, deposit: 2000, balloon: 5000 } } }), site(), NOW);
    expect(scenario).toMatchObject({
      source: 'lender',
      amount: 40_000,
      deposit: 2000,
      residual: 5000,
      ratePercent: 9.28,
      years: 5,
      frequency: 'weekly',
      advertisesComparison: true,
    });
    expect(scenario.fees).toEqual([{ name: 'Establishment fee', amount: 495, per: 'loan' }]);
  });

  it('the lender term comes from termMonths when termYears is missing, kept within the site range', () => {
    const months = carFinance(
      car({ finance_lenders: { Taurus: { ...taurus, termYears: null, termMonths: 84 } } }),
      site({ finance: { max_term_years: 5 } }),
      NOW,
    );
    expect(months.years).toBe(5);
  });

  it("a car with a quote and no box is quoted at the quote's rate over 5 years", () => {
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

  it("a Suzuki never takes the lender's terms (no finance box), so the page shows the site defaults", () => {
    expect(carFinance(car({ make: 'Suzuki', finance_lenders: { Taurus: taurus } }), site(), NOW).source).toBe('site');
  });
});

describe('financeFigures', () => {
  const scenario = lenderLoan;

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

  it('monthly and fortnightly scenarios print per month and per fortnight; cent rounding prints cents', () => {
    const figures = financeFigures({ ...scenario, frequency: 'monthly', rounding: 'cent-up' });
    expect(figures.period).toBe('month');
    expect(figures.paymentText).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(financeFigures({ ...scenario, frequency: 'fortnightly', rounding: 'cent-up' }).paymentText).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(rateText(10)).toBe('10.00% p.a.');
  });

  // Spec §9: "repayments rounded up (one provider special rule); per-week shown in whole dollars".
  // The total is worked out on the printed figure, so the shopper can check it against the
  // repayment beside it: 260 x $258 (+ the $495 fee by the spec's rule), not 260 x $257.30 (docs/decisions.md).
  it('a provider that rounds to the cent prints its weekly repayment in whole dollars, rounded up; its total is worked out on the printed figure', () => {
    const figures = financeFigures({ ...scenario, rounding: 'cent-up' });
    expect(figures.payment).toBe(257.3);
    expect(figures.paymentText).toBe('$258');
    expect(figures.shownPayment).toBe(258);
    expect(figures.total).toBe(260 * 258 + 495);
    expect(figures.totalText).toBe('$67,575');
    const balloon = financeFigures({ ...scenario, rounding: 'cent-up', totalPayable: 'repayments-and-balloon' });
    expect(balloon.total).toBe(260 * 258);
    expect(balloon.totalText).toBe('$67,080');
    // A whole-dollar weekly figure is printed as it is.
    expect(financeFigures({ ...scenario, rounding: 'cent-up', published: { payment: 240, comparisonRate: null } }).paymentText).toBe('$240');
  });
});

describe("financePrice and the scenario: the car's own price whatever price is displayed (spec 2.38)", () => {
  it('a subscription-priced car is financed on its price, not the $30,000 default', () => {
    const subscription = car({ price: 64_990, subscription_price: 499, finance_lenders: { Taurus: { ...taurus, paymentWeek: 324 } } });
    const onSubscriptionSite = site({ offers_subscription: true });
    expect(financePrice(subscription)).toBe(64_990);
    const scenario = carFinance(subscription, onSubscriptionSite, NOW);
    expect(scenario.amount).toBe(64_990);
    expect(financeFigures(scenario).paymentText).toBe('$324');
    // Without a lender, the site's defaults on the car's price too.
    expect(carFinance(car({ price: 64_990, subscription_price: 499 }), onSubscriptionSite, NOW).amount).toBe(64_990);
  });

  it('the amount the car sells for (saleHeadline): the drive-away total where the feed breaks the price down, less a trade-in offer', () => {
    const egc = { price: 40_000, price_type: 'Excl. Govt. Charges', drive_away_price: 44_500 };
    expect(financePrice(car(egc))).toBe(44_500);
    expect(financePrice(car({ ...egc, offer_price: 2_000 }))).toBe(42_500);
    expect(financePrice(car({ price: 40_000, offer_price: 2_000 }))).toBe(38_000);
    expect(carFinance(car(egc), site({ finance: { amount_from_car_price: true } }), NOW).amount).toBe(44_500);
    expect(quoteTerms(car({ ...egc, youxQuote: { weeklyRepaymentAmount: 140, advertisedRate: 8.49, comparisonRate: null } }), site())?.amount).toBe(44_500);
  });

  it('no real price ($10 or less, none): no finance price, the site default amount', () => {
    expect(financePrice(car({ price: 10 }))).toBeNull();
    expect(financePrice(car({ price: null }))).toBeNull();
    expect(carFinance(car({ price: null }), site(), NOW).amount).toBe(30_000);
  });
});

describe("the lender's own figures are the car's figures (7.12, 8.11)", () => {
  it("the finance box prints the lender's repayment and comparison rate, and totals them by the site's rule", () => {
    const scenario = carFinance(car({ price: 52_990, finance_lenders: { Taurus: { ...taurus, paymentWeek: 257.2 } } }), site(), NOW);
    expect(scenario.published).toEqual({ payment: 257.2, comparisonRate: 9.83 });
    const figures = financeFigures(scenario);
    // Rounded up the provider's way (never understated), printed as the lender's; spec total: 260 x $258 + the $495 fee.
    expect(figures).toMatchObject({ paymentText: '$258', publishedPayment: true, rateText: '9.28% p.a.', total: 67_575, totalText: '$67,575' });
    expect(figures.comparison?.rate).toBe(9.83);
  });

  it("finance.total_payable: 'spec' (default) adds the fees to the repayments and leaves out the final payment; 'repayments-and-balloon' adds the final payment", () => {
    const balloonCar = car({ price: 45_000, finance_lenders: { Taurus: { ...taurus, paymentWeek: null, balloon: 10_000 } } });
    const spec = carFinance(balloonCar, site(), NOW);
    expect(spec).toMatchObject({ totalPayable: 'spec', residual: 10_000, fees: [fee(495)] });
    const specFigures = financeFigures(spec);
    expect(specFigures).toMatchObject({ periods: 260, shownPayment: 189, total: 49_635, totalText: '$49,635' });
    const chosen = carFinance(balloonCar, site({ finance: { total_payable: 'repayments-and-balloon' } }), NOW);
    expect(chosen.totalPayable).toBe('repayments-and-balloon');
    expect(financeFigures(chosen)).toMatchObject({ periods: 260, shownPayment: 189, total: 59_140, totalText: '$59,140' });
    // The quote terms and the calculator's scenario carry the rule the site resolved.
    const quoted = car({ youxQuote: { weeklyRepaymentAmount: 246, comparisonRate: 9.41, advertisedRate: 8.49 } });
    expect(quoteTerms(quoted, site({ finance: { total_payable: 'repayments-and-balloon' } }))?.totalPayable).toBe('repayments-and-balloon');
    expect(calculatorScenario(chosen, { amount: 30_000, deposit: 0, residual: 5000, ratePercent: 9.28, years: 5, frequency: 'weekly' }).totalPayable).toBe(
      'repayments-and-balloon',
    );
  });

  it("a term brought into the site's range is another loan: the repayment is worked out, the comparison rate stays the lender's", () => {
    const scenario = carFinance(car({ finance_lenders: { Taurus: { ...taurus, termYears: 7 } } }), site({ finance: { max_term_years: 5 } }), NOW);
    expect(scenario.published).toEqual({ payment: null, comparisonRate: 9.83 });
    expect(financeFigures(scenario).publishedPayment).toBe(false);
  });

  it('a lender figure that does not repay the loan, or a comparison rate below its rate, is worked out instead', () => {
    const scenario = carFinance(car({ finance_lenders: { Taurus: { ...taurus, paymentWeek: 12, comparisonRate: 8.5 } } }), site(), NOW);
    const figures = financeFigures(scenario);
    expect(figures.publishedPayment).toBe(false);
    expect(figures.total).toBe(260 * figures.shownPayment + 495);
    expect(figures.comparison!.rate).toBe(benchmarkComparisonRate(9.28, [fee(495)]));
  });

  it("the feed's quote (the quote provider's last answer) comes first, over its 5 years, naming no fee (the quote provider's are inside its figures)", () => {
    const both = car({ finance_lenders: { Taurus: taurus }, youxQuote: { weeklyRepaymentAmount: 246, comparisonRate: 9.41, advertisedRate: 8.49 } });
    const scenario = carFinance(both, site({ finance: { establishment_fee: 300 } }), NOW);
    expect(scenario).toMatchObject({
      source: 'quote',
      amount: 40_000,
      ratePercent: 8.49,
      years: 5,
      frequency: 'weekly',
      deposit: 0,
      residual: 0,
      fees: [],
      published: { payment: 246, comparisonRate: 9.41 },
    });
    expect(financeFigures(scenario)).toMatchObject({ paymentText: '$246', rateText: '8.49% p.a.', comparison: { rate: 9.41 } });
    // A quote without a rate or a repayment is no answer.
    expect(feedQuote({ youxQuote: { weeklyRepaymentAmount: 120 } })).toBeNull();
    expect(carFinance(car({ finance_lenders: { Taurus: taurus }, youxQuote: { weeklyRepaymentAmount: 120 } }), site(), NOW).source).toBe('lender');
  });

  it("a live answer becomes the car's scenario on the quote terms of the car", () => {
    const terms = quoteTerms(car({ price: 52_990 }), site({ finance: { max_term_years: 4 } }))!;
    expect(terms).toMatchObject({ amount: 52_990, years: 4, fees: [], rounding: 'dollar-up', comparisonEverywhere: false });
    const scenario = quoteScenario({ weeklyRepaymentAmount: 300.4, advertisedRate: 8.49, comparisonRate: null }, terms);
    expect(scenario).toMatchObject({ source: 'quote', amount: 52_990, years: 4, advertisesComparison: false });
    expect(financeFigures(scenario).paymentText).toBe('$301');
    expect(quoteTerms(car({ price: null }), site())).toBeNull();
  });
});

describe("a lender's published figures on a drive-away total (docs/decisions.md 'A published repayment is the lender's only for exactly its loan')", () => {
  // The lender published its figures for the car's price, $40,000 Excl. Govt. Charges (10% deposit, 30% final payment).
  const angle = {
    Angle: { paymentWeek: 150, deposit: 4000, balloon: 12_000, interestRate: 6.49, comparisonRate: 7.2, termMonths: 60, financeProvider: 'Angle' },
  };
  const angleCar = (patch: Record<string, unknown> = {}) =>
    car({ car_type: 'new', year: 2026, price: 40_000, price_type: 'Excl. Govt. Charges', finance_lenders: angle, ...patch });
  const angleSite = site({ finance_provider: 'Angle' });

  it("without a drive-away figure: the lender's figures as published, on the price they were published for", () => {
    const scenario = carFinance(angleCar(), angleSite, NOW);
    expect(scenario).toMatchObject({ source: 'lender', amount: 40_000, deposit: 4000, residual: 12_000, ratePercent: 6.49, years: 5 });
    expect(financeFigures(scenario)).toMatchObject({
      paymentText: '$150',
      publishedPayment: true,
      termsText: '10.0% deposit, 30.0% final payment',
      comparison: { rate: 7.2 },
    });
  });

  it("on a $44,500 drive-away total: the lender's rate, term and shares of the price, the repayment worked out (never its $150)", () => {
    const scenario = carFinance(angleCar({ drive_away_price: 44_500 }), angleSite, NOW);
    expect(scenario).toMatchObject({ source: 'lender', amount: 44_500, deposit: 4450, residual: 13_350, ratePercent: 6.49, years: 5, frequency: 'weekly' });
    const figures = financeFigures(scenario);
    expect(figures.publishedPayment).toBe(false);
    expect(figures.paymentText).not.toBe('$150');
    expect(figures.payment).toBe(financeFigures({ ...scenario, published: null }).payment);
    expect(figures.termsText).toBe('10.0% deposit, 30.0% final payment');
    // A comparison rate is worked out on a fixed benchmark loan: the lender's stays beside its rate.
    expect(figures.comparison?.rate).toBe(7.2);
    expect(financeTexts(scenario).estimate).not.toBe('Finance $150 per week*');
  });

  it("the feed's quote was answered for the car's price: on a drive-away total its repayment is worked out; a live answer (asked for the total) is printed", () => {
    const quote = { weeklyRepaymentAmount: 190, advertisedRate: 8.49, comparisonRate: 9.41 };
    const published = carFinance(angleCar({ youxQuote: quote }), angleSite, NOW);
    expect(financeFigures(published)).toMatchObject({ paymentText: '$190', publishedPayment: true });
    const onTotal = carFinance(angleCar({ youxQuote: quote, drive_away_price: 44_500 }), angleSite, NOW);
    expect(onTotal).toMatchObject({ source: 'quote', amount: 44_500, ratePercent: 8.49, years: 5, deposit: 0, residual: 0 });
    expect(financeFigures(onTotal)).toMatchObject({ publishedPayment: false, comparison: { rate: 9.41 } });
    expect(financeFigures(onTotal).paymentText).not.toBe('$190');
    const live = quoteScenario(quote, quoteTerms(angleCar({ youxQuote: quote, drive_away_price: 44_500 }), angleSite)!);
    expect(financeFigures(live)).toMatchObject({ paymentText: '$190', publishedPayment: true });
    expect(live.amount).toBe(44_500);
  });
});

describe("calculatorScenario: the first state is the car's; other loans are worked out", () => {
  const start: FinanceScenario = { ...lenderLoan, published: { payment: 257, comparisonRate: 9.83 } };
  const inputs = { amount: 52_990, deposit: 0, residual: 0, ratePercent: 9.28, years: 5, frequency: 'weekly' as const };

  it("the car's own loan keeps the lender's figures", () => {
    expect(financeFigures(calculatorScenario(start, inputs))).toEqual(financeFigures(start));
  });

  it("another amount, deposit, residual, term or frequency: worked out repayment, the lender's comparison rate", () => {
    for (const change of [{ amount: 50_000 }, { deposit: 1 }, { residual: 5000 }, { years: 4 }, { frequency: 'monthly' as const }]) {
      const figures = financeFigures(calculatorScenario(start, { ...inputs, ...change }));
      expect(figures.publishedPayment, JSON.stringify(change)).toBe(false);
      expect(figures.comparison?.rate).toBe(9.83);
    }
  });

  it('another rate: both worked out', () => {
    const figures = financeFigures(calculatorScenario(start, { ...inputs, ratePercent: 12 }));
    expect(figures.comparison?.rate).toBe(benchmarkComparisonRate(12, [fee(495)]));
  });
});

describe('disclosure words (spec 9.25, 9.27)', () => {
  it.each([
    [{ amount: 50_000, deposit: 0, residual: 0 }, 'no deposit, $0 final payment'],
    [{ amount: 50_000, deposit: 5000, residual: 15_000 }, '10.0% deposit, 30.0% final payment'],
    [{ amount: 45_000, deposit: 0, residual: 10_000 }, 'no deposit, 22.2% final payment'],
  ])('%o -> %s', (loan, text) => {
    expect(loanTermsText(loan)).toBe(text);
  });

  it('financeTexts: the words the box, the sticky header and the quote line print', () => {
    const scenario = carFinance(car({ price: 52_990, finance_lenders: { Taurus: { ...taurus, paymentWeek: 257 } } }), site(), NOW);
    expect(financeTexts(scenario)).toEqual({
      payment: '$257',
      period: 'week',
      rate: '9.28% p.a.',
      comparison: '9.83%',
      term: '5 year term',
      terms: 'No deposit, $0 final payment',
      estimate: 'Finance $257 per week*',
    });
    expect(financeTexts(scenario, true).estimate).toBe('Finance $257 per week* at 9.28% p.a. (9.83% comparison rate*)');
    expect(financeTexts({ ...scenario, years: 5.5 }).term).toBe('5.5 year term');
  });
});

describe("comparison rates: the spec's default and the National Credit Code setting", () => {
  it("spec (default): the site's own rate carries no comparison rate; national-credit-code: every rate does", () => {
    expect(financeFigures(carFinance(car(), site(), NOW)).comparison).toBeNull();
    const ncc = site({ finance: { comparison_rate_disclosure: 'national-credit-code', default_interest: 9.99, establishment_fee: 495 } });
    const figures = financeFigures(carFinance(car(), ncc, NOW));
    expect(figures.comparison?.rate).toBe(benchmarkComparisonRate(9.99, [fee(495)]));
    // A lender that publishes no comparison rate: none under the spec's rule, a worked-out one under the Code's.
    const manual = { finance_provider: 'Manual' };
    const lenderCar = car({ finance_lenders: { Manual: { paymentWeek: 200, interestRate: 8, termYears: 5 } } });
    expect(financeFigures(carFinance(lenderCar, site(manual), NOW)).comparison).toBeNull();
    expect(
      financeFigures(carFinance(lenderCar, site({ ...manual, finance: { comparison_rate_disclosure: 'national-credit-code' } }), NOW)).comparison?.rate,
    ).toBe(8);
  });
});
