import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../../schemas/site.ts';
import { siteCalculator } from './site-calculator.ts';
import { DEFAULT_MONEY_PRESETS } from '../forms/money-input.ts';
import { DEFAULT_SITE_SCENARIO } from '../../../tests/fixtures/site-scenario.ts';

const site = (extra: Record<string, unknown> = {}) =>
  v.parse(SiteSchema, {
    slug: 'calc-motors',
    template: 'used-group',
    name: 'Calc Motors',
    url: 'https://calc.example.com.au',
    phone: '+61 7 3555 0100',
    ...extra,
  });

describe('the /finance calculator: the site defaults, no car', () => {
  it("starts from the site's default amount, rate and term with the spec's presets", () => {
    const calculator = siteCalculator(site());
    expect(calculator.start).toEqual(DEFAULT_SITE_SCENARIO);
    expect(calculator).toMatchObject({
      maxTermYears: 7,
      minPrice: 1000,
      interestRange: null,
      hideFrequency: false,
    });
    expect(calculator.presets).toEqual([...DEFAULT_MONEY_PRESETS]);
    expect(calculator.disclaimer).toMatch(/^The repayment shown is an estimate only/);
  });

  it("follows the site's finance settings", () => {
    const calculator = siteCalculator(
      site({
        finance: {
          default_amount: 45000,
          default_interest: 7.49,
          default_term_years: 7,
          max_term_years: 5,
          establishment_fee: 395,
          presets: [10000, 20000],
          interest_range: [4, 12],
          hide_frequency: true,
          total_payable: 'repayments-and-balloon',
        },
      }),
    );
    expect(calculator).toMatchObject({
      start: { amount: 45000, ratePercent: 7.49, years: 5, totalPayable: 'repayments-and-balloon' },
      maxTermYears: 5,
      presets: [10000, 20000],
      interestRange: [4, 12],
      hideFrequency: true,
    });
    expect(calculator.start.fees).toEqual([{ name: 'Establishment fee', amount: 395, per: 'loan' }]);
  });

  it('finance.total_payable is validated: the spec (default) or repayments-and-balloon, nothing else', () => {
    expect(site().finance.total_payable).toBe('spec');
    expect(() => site({ finance: { total_payable: 'repayments_and_balloon' } })).toThrow();
  });

  it("offers the spec's presets when the site's list is empty, as the forms do", () => {
    expect(siteCalculator(site({ finance: { presets: [] } })).presets).toEqual([...DEFAULT_MONEY_PRESETS]);
  });

  it("carries the brand fees of the site's manufacturer", () => {
    const calculator = siteCalculator(
      site({
        manufacturer: 'Nissan',
        finance_provider: 'Nissan Finance',
        finance: {
          brand_fees: [
            {
              makes: ['Nissan'],
              fees: [
                { name: 'Establishment fee', amount: 450 },
                { name: 'Account fee', amount: 8, per: 'month' },
              ],
            },
          ],
        },
      }),
    );
    expect(calculator.start.fees).toEqual([
      { name: 'Establishment fee', amount: 450, per: 'loan' },
      { name: 'Account fee', amount: 8, per: 'month' },
    ]);
    expect(calculator.start.rounding).toBe('cent-up');
  });
});
