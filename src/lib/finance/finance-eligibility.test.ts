import { describe, expect, it } from 'vitest';
import type { Car, FinanceLender } from '../../schemas/car.ts';
import { financeBox, financeCalculatorVisible, financeSiteOptions, type FinanceSiteOptions } from './finance-eligibility.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';

const now = Date.UTC(2026, 5, 15);
const lender: FinanceLender = { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 120, paymentMonth: 520 };
const site = (provider: string | null, patch: Partial<FinanceSiteOptions> = {}): FinanceSiteOptions => ({
  provider,
  manufacturer: null,
  excludedDealerships: ['no-finance-motors'],
  disabled: false,
  calculatorWhenUnavailable: false,
  timeZone: 'Australia/Brisbane',
  ...patch,
});
const car = (provider: string, patch: Partial<Car> = {}, lenderPatch: Partial<FinanceLender> = {}): Car =>
  makeCar({
  id: 1,
  slug: 'a',
  status: 'in_stock',
  car_type: 'used',
  year: 2020,
  make: 'Toyota',
  price: 25000,
  dealership_slug: 'main-motors',
  finance_lenders: { [provider]: { ...lender, ...lenderPatch } },
  ...patch,
  });

describe('financeBox: common conditions', () => {
  it.each<[string, Car, FinanceSiteOptions]>([
    ['no provider on the site', car('Taurus'), site(null)],
    ['unknown provider', car('Acme'), site('Acme')],
    ['no lender data for the provider', car('Angle'), site('Taurus')],
    ['interest rate null', car('AusLoans', {}, { interestRate: null }), site('AusLoans')],
    ['Suzuki car', car('AusLoans', { make: 'Suzuki' }), site('AusLoans')],
    ['Suzuki site', car('AusLoans'), site('AusLoans', { manufacturer: 'Suzuki' })],
    ['excluded dealership', car('AusLoans', { dealership_slug: 'no-finance-motors' }), site('AusLoans')],
    ['flagged site', car('AusLoans'), site('AusLoans', { disabled: true })],
    ['sold car', car('AusLoans', { status: 'sold' }), site('AusLoans')],
  ])('hidden: %s', (_name, theCar, options) => {
    expect(financeBox(theCar, options, now)).toBeNull();
  });
});

describe('financeBox: per provider', () => {
  it.each<[string, string, Partial<Car>, Partial<FinanceLender>, string | null]>([
    ['Taurus eligible', 'Taurus', {}, {}, '120/week'],
    ['Taurus car exactly 12 years old', 'Taurus', { year: 2014 }, {}, '120/week'],
    ['Taurus car 13 years old', 'Taurus', { year: 2013 }, {}, null],
    ['Taurus without a year', 'Taurus', { year: null }, {}, null],
    ['Taurus price exactly 500', 'Taurus', { price: 500 }, {}, null],
    ['Taurus price 501', 'Taurus', { price: 501 }, {}, '120/week'],
    ['Taurus without comparison rate', 'Taurus', {}, { comparisonRate: null }, null],
    ['Taurus coming soon', 'Taurus', { status: 'coming_soon' }, {}, '120/week'],
    ['360 Finance needs only availability', '360 Finance', { price: 0, year: 1990 }, { paymentWeek: null }, '520/month'],
    ['AusLoans needs only availability', 'AusLoans', { price: 100 }, { comparisonRate: null }, '120/week'],
    ['Manual eligible', 'Manual', {}, {}, '120/week'],
    ['Manual price 500', 'Manual', { price: 500 }, {}, null],
    ['Manual without weekly payment', 'Manual', {}, { paymentWeek: null }, null],
    ['Angle eligible', 'Angle', {}, {}, '120/week'],
    ['Angle without weekly payment', 'Angle', {}, { paymentWeek: undefined }, null],
    ['Powertorque eligible', 'Powertorque', { year: 1990 }, {}, '120/week'],
    ['Powertorque no price', 'Powertorque', { price: null }, {}, null],
    ['Nissan Finance eligible', 'Nissan Finance', {}, {}, '520/month'],
    ['Nissan Finance without monthly payment', 'Nissan Finance', {}, { paymentMonth: null }, null],
    ['Nissan Finance price 500', 'Nissan Finance', { price: 500 }, {}, null],
  ])('%s', (_name, provider, carPatch, lenderPatch, expected) => {
    const box = financeBox(car(provider, carPatch, lenderPatch), site(provider), now);
    expect(box ? `${box.repayment?.amount}/${box.repayment?.period}` : null).toBe(expected);
  });
});

describe('financeCalculatorVisible', () => {
  it.each<[string, Partial<Car>, Partial<FinanceSiteOptions>, string | null, number, boolean]>([
    ['available car with a provider', {}, {}, 'Taurus', 30000, true],
    ['no provider', {}, {}, null, 30000, false],
    ['amount 0', {}, {}, 'Taurus', 0, false],
    ['sold car', { status: 'sold' }, {}, 'Taurus', 30000, false],
    ['sold car where the site allows', { status: 'sold' }, { calculatorWhenUnavailable: true }, 'Taurus', 30000, true],
  ])('%s', (_name, carPatch, sitePatch, provider, amount, expected) => {
    expect(financeCalculatorVisible(car('Taurus', carPatch), site(provider, sitePatch), amount)).toBe(expected);
  });
});

describe("financeBox: Taurus's age counts in the dealer's year", () => {
  // 2026-12-31 14:00 UTC is already 2027-01-01 01:00 in Sydney: a 2014 car is 13 years old there.
  const newYearInSydney = Date.parse('2026-12-31T14:00:00Z');

  it('a car 12 years old in UTC but 13 on the dealer\'s clock gets no Taurus box', () => {
    const sydney = site('Taurus', { timeZone: 'Australia/Sydney' });
    expect(financeBox(car('Taurus', { year: 2014 }), sydney, newYearInSydney)).toBeNull();
    expect(financeBox(car('Taurus', { year: 2015 }), sydney, newYearInSydney)).not.toBeNull();
    // In Perth (UTC+8) it is still 31 December 2026.
    expect(financeBox(car('Taurus', { year: 2014 }), site('Taurus', { timeZone: 'Australia/Perth' }), newYearInSydney)).not.toBeNull();
  });

  it("reads the zone from site.json's timezone", () => {
    expect(financeSiteOptions(makeSite({ timezone: 'Australia/Sydney' })).timeZone).toBe('Australia/Sydney');
  });
});
