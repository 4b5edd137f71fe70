import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { FinanceSettingsSchema } from '../../schemas/site/finance.ts';
import {
  comparisonDisclosure,
  comparisonRangeText,
  COMPARISON_WARNING,
  financeExampleText,
  feesText,
  FINANCE_QUOTE_LABEL,
  financeDisclaimers,
  financeFees,
  financeQuoteHref,
  periodicFees,
  providerDisclaimer,
  repaymentRounding,
  roundRepayment,
  SPEC_BRAND_FEES,
  upfrontFees,
} from './disclosures.ts';
import { repayment } from './repayment.ts';

const settings = (patch: Record<string, unknown> = {}) => v.parse(FinanceSettingsSchema, patch);

describe('finance disclosures (issue 14 item 5)', () => {
  it('2.60 / 9.19: a comparison rate prints with 2 decimals, its base and the warning', () => {
    expect(comparisonDisclosure(8.19)).toEqual({
      rate: 8.19,
      text: '8.19% p.a. comparison rate*',
      footnote: `*Comparison rate based on a 5 year secured loan of $30,000. ${COMPARISON_WARNING}`,
    });
    expect(comparisonDisclosure(8.2).text).toBe('8.20% p.a. comparison rate*');
  });

  it('9.25: brand fees of §9 apply to cars of the configured makes only, every fee named', () => {
    const finance = settings({ brand_fees: [{ makes: ['Kia'], fees: SPEC_BRAND_FEES }] });
    const fees = financeFees({ make: 'kia' }, null, finance);
    expect(fees.map((fee) => fee.name)).toEqual([
      'Establishment fee',
      'Vehicle security registration fee',
      'Monthly account administration fee',
      'Dealer agency fee',
    ]);
    expect(feesText(fees)).toBe(
      'Repayments include establishment fee $395, vehicle security registration fee $6, monthly account administration fee $8 per month and dealer agency fee $912.25.',
    );
    expect(financeFees({ make: 'Mazda' }, null, finance)).toEqual([]);
    // The site's manufacturer counts as the brand too.
    expect(financeFees({ make: null }, null, finance, 'Kia')).toHaveLength(4);
    expect(upfrontFees(fees)).toBeCloseTo(1313.25);
    expect(periodicFees(fees, 52)).toBeCloseTo((8 * 12) / 52);
    expect(periodicFees(fees, 12)).toBe(8);
  });

  it('9.25: establishment fee from the lender data first, else the site setting (1360.5 for one provider), named', () => {
    expect(financeFees({ make: 'Ford' }, { establishmentFees: 1360.5 }, settings())).toEqual([{ name: 'Establishment fee', amount: 1360.5, per: 'loan' }]);
    expect(financeFees({ make: 'Ford' }, null, settings({ establishment_fee: 1300 }))).toEqual([{ name: 'Establishment fee', amount: 1300, per: 'loan' }]);
    expect(financeFees({ make: 'Ford' }, null, settings())).toEqual([]);
    expect(feesText([{ name: 'Establishment fee', amount: 1360.5, per: 'loan' }])).toBe('Repayments include establishment fee $1,360.50.');
    expect(feesText([])).toBeNull();
  });

  it('9.26: provider-specific rounding: whole dollars up by default, cents up for Nissan Finance, site override wins', () => {
    expect(repaymentRounding('Taurus')).toBe('dollar-up');
    expect(repaymentRounding('Nissan Finance')).toBe('cent-up');
    expect(repaymentRounding('Nissan Finance', 'dollar-up')).toBe('dollar-up');
    expect(roundRepayment(123.001, 'dollar-up')).toBe(124);
    expect(roundRepayment(123.001, 'cent-up')).toBe(123.01);
    expect(roundRepayment(123.0000000001, 'cent-up')).toBe(123);
    expect(roundRepayment(0, 'cent-up')).toBe(0);
    const base = { amount: 30_000, ratePercent: 6.29, years: 5, frequency: 'monthly' as const, totalPayable: 'spec' as const };
    const dollars = repayment(base);
    const cents = repayment({ ...base, rounding: 'cent-up' });
    expect(Number.isInteger(dollars.payment)).toBe(true);
    expect(cents.payment).toBeLessThanOrEqual(dollars.payment);
    expect(cents.payment).toBeGreaterThan(dollars.payment - 1);
    expect(Math.round(cents.payment * 100)).toBe(cents.payment * 100);
  });

  it('9.25: monthly fees are in every repayment, one-off fees in the amount financed', () => {
    const base = { amount: 30_000, ratePercent: 10, years: 5, frequency: 'monthly' as const, totalPayable: 'spec' as const };
    const plain = repayment(base);
    const withMonthly = repayment({ ...base, periodicFee: 8, rounding: 'cent-up' });
    const plainCents = repayment({ ...base, rounding: 'cent-up' });
    expect(withMonthly.payment).toBeCloseTo(plainCents.payment + 8, 2);
    expect(plain.payment).toBeGreaterThan(0);
  });

  it("7.12 / 9.20: the provider disclaimer: the lender's own text, else the site's per provider, looked up by car id", () => {
    const finance = settings({ provider_disclaimers: { Taurus: 'Taurus Finance disclaimer.' } });
    expect(providerDisclaimer({ disclaimer: 'Lender text.' }, 'Taurus', finance)).toBe('Lender text.');
    expect(providerDisclaimer({ disclaimer: '  ' }, 'Taurus', finance)).toBe('Taurus Finance disclaimer.');
    expect(providerDisclaimer(null, 'Angle', finance)).toBeNull();
    const cars = [
      { id: 7, finance_lenders: { Taurus: { disclaimer: 'Car 7 terms.' } } },
      { id: 'a8', finance_lenders: { Taurus: {} } },
      { id: 9, finance_lenders: null },
    ];
    const byId = financeDisclaimers(cars, 'Taurus', finance);
    expect(byId.get('7')).toBe('Car 7 terms.');
    expect(byId.get('a8')).toBe('Taurus Finance disclaimer.');
    expect(byId.get('9')).toBe('Taurus Finance disclaimer.');
    expect(financeDisclaimers(cars, 'Angle', finance).get('9')).toBe(finance.disclaimer);
  });

  it('7.15: the gated Get Finance Quote route is used for the cars the quote provider prices', () => {
    expect(FINANCE_QUOTE_LABEL).toBe('Get Finance Quote');
    expect(financeQuoteHref({ id: 42, youxQuote: { weeklyRepaymentAmount: 99 } })).toBe('/personalised/finance?car_id=42&quote=1#finance-form');
    expect(financeQuoteHref({ id: 42, youxQuote: null })).toBeNull();
    expect(financeQuoteHref({ id: 42 })).toBeNull();
  });

  it('site.json finance: a brand fee without a name is refused with its place', () => {
    expect(() => settings({ brand_fees: [{ makes: ['Kia'], fees: [{ name: '', amount: 5 }] }] })).toThrow(/every fee needs a name/);
  });
});

describe("the spec's example disclosures (9.25, 9.27)", () => {
  it("writes each example in the spec's words", () => {
    expect(financeExampleText({ term_years: 5, rate: 6.29, comparison_rate: 8.19, deposit_percent: 0, final_payment_percent: 0 })).toBe(
      'Example: 5 year term at 6.29% p.a., comparison rate 8.19% p.a.*, no deposit, $0 final payment.',
    );
    expect(financeExampleText({ term_years: 5, deposit_percent: 10, final_payment_percent: 30 })).toBe(
      'Example: 5 year term, 10.0% deposit, 30.0% final payment.',
    );
    expect(comparisonRangeText({ lender: '360 Finance', from: 8.38, to: 19.42 })).toBe(
      '360 Finance comparison rates 8.38%-19.42% p.a.*, depending on the loan and your circumstances.',
    );
    expect(comparisonRangeText({ from: 8.38, to: 19.42 })).toBe('Comparison rates 8.38%-19.42% p.a.*, depending on the loan and your circumstances.');
  });

  it('a rate without a comparison rate gets one where the site discloses one beside every rate', () => {
    expect(financeExampleText({ term_years: 5, rate: 9.99, deposit_percent: 0, final_payment_percent: 0 })).toBe(
      'Example: 5 year term at 9.99% p.a., no deposit, $0 final payment.',
    );
    expect(financeExampleText({ term_years: 5, rate: 9.99, deposit_percent: 0, final_payment_percent: 0 }, () => 10.5)).toBe(
      'Example: 5 year term at 9.99% p.a., comparison rate 10.50% p.a.*, no deposit, $0 final payment.',
    );
  });

  it('site.json refuses an example comparison rate below its rate, or without one, and a range upside down', () => {
    expect(v.safeParse(FinanceSettingsSchema, { examples: [{ term_years: 5, rate: 8, comparison_rate: 7 }] }).success).toBe(false);
    expect(v.safeParse(FinanceSettingsSchema, { examples: [{ term_years: 5, comparison_rate: 7 }] }).success).toBe(false);
    expect(v.safeParse(FinanceSettingsSchema, { comparison_range: { from: 19.42, to: 8.38 } }).success).toBe(false);
    expect(v.parse(FinanceSettingsSchema, { examples: [{ term_years: 5 }] }).examples).toEqual([
      { term_years: 5, deposit_percent: 0, final_payment_percent: 0 },
    ]);
  });
});
