/** The 'Why Buy From Us?' list (whyBuyLines): each line states a setting; the dealer's promises are its own words, none by default. */
import { describe, expect, it } from 'vitest';
import { depositTerms } from '../forms/deposit-terms.ts';
import { whyBuyLines, type WhyBuyOptions } from './why-buy.ts';

const payments = { deposit_hold_hours: 48, deposit_refundable: true };
const base: WhyBuyOptions = { warranty: '3 Year Warranty Standard', reserve: null, carName: '2021 Toyota Corolla', payments, moneyBackGuarantee: false };

describe('whyBuyLines', () => {
  it('the warranty alone when the dealer words nothing, the car cannot be reserved and there is no money-back guarantee', () => {
    expect(whyBuyLines(base)).toEqual(['3 Year Warranty Standard']);
  });

  it("the dealer's lines ({noun}: the vehicle's; blank ones left out), the reserve deposit where the car can be reserved, the guarantees of features.money_back_guarantee", () => {
    const lines = whyBuyLines({
      ...base,
      lines: ['Finance from a panel of lenders, arranged on site', ' ', 'Trade-ins welcome: get a valuation for your current {noun}'],
      inspection: 'Every {noun} inspected before sale',
      kind: 'caravan',
      reserve: { deposit: 200 },
      moneyBackGuarantee: true,
    });
    expect(lines).toEqual([
      '3 Year Warranty Standard',
      'Finance from a panel of lenders, arranged on site',
      'Trade-ins welcome: get a valuation for your current caravan',
      'Every caravan inspected before sale',
      `Reserve online: ${depositTerms(200, '2021 Toyota Corolla', payments)}`,
      '48-hour money-back guarantee',
      'Lifetime engine guarantee',
    ]);
    expect(whyBuyLines({ ...base, reserve: { deposit: 0 } })).toEqual(['3 Year Warranty Standard']);
  });
});
