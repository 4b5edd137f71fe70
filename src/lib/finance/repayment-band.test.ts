import { describe, expect, it } from 'vitest';
import type { Site } from '../../schemas/site.ts';
import { FACET_LIMITS } from '../../search/core/config.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { parsedCar } from '../../../tests/fixtures/make-car.ts';
import { pageFinance } from './car-finance.ts';
import { printedWeeklyRepayment, weeklyBand, withRepaymentBands, WEEKLY_BAND_STEP, WEEKLY_BAND_TOP } from './repayment-band.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const site = (patch: Record<string, unknown> = {}): Site => makeSite({ finance_provider: 'Angle', ...patch });
const car = parsedCar;

describe('weeklyBand', () => {
  it('files a repayment under the $50 band that holds it, the lower limit included', () => {
    expect(weeklyBand(0)).toBe('$0 - $50');
    expect(weeklyBand(150)).toBe('$150 - $200');
    expect(weeklyBand(198)).toBe('$150 - $200');
    expect(weeklyBand(199.99)).toBe('$150 - $200');
    expect(weeklyBand(200)).toBe('$200 - $250');
    expect(weeklyBand(975)).toBe('$950 - $1,000');
    expect(weeklyBand(1_000)).toBe('$1,000 and over');
    expect(weeklyBand(4_200)).toBe('$1,000 and over');
  });

  it('has no more bands than the facet shows', () => {
    const bands = new Set(Array.from({ length: 2_000 }, (_, dollars) => weeklyBand(dollars)));
    expect(bands.size).toBe(WEEKLY_BAND_TOP / WEEKLY_BAND_STEP + 1);
    expect(bands.size).toBeLessThanOrEqual(FACET_LIMITS.weekly_price_range);
  });
});

describe('withRepaymentBands', () => {
  it("replaces the feed's band with the band of the repayment the page prints", () => {
    const feedSays = car({ weekly_price_range: '$200 - $250' });
    const [banded] = withRepaymentBands([feedSays], site(), NOW);
    const weekly = printedWeeklyRepayment(feedSays, site(), NOW)!;
    expect(pageFinance(feedSays, site(), NOW).printed).toBe(true);
    expect(banded!.weekly_price_range).toBe(weeklyBand(weekly));
    expect(banded!.weekly_price_range).not.toBe('$200 - $250');
    expect(feedSays.weekly_price_range).toBe('$200 - $250');
  });

  it("a page that quotes a month is filed under a week's worth of it", () => {
    const nissan = site({ finance_provider: 'Nissan Finance' });
    const monthly = car({ finance_lenders: { 'Nissan Finance': { interestRate: 6.99, paymentMonth: 650, termMonths: 60 } } });
    const { scenario, figures } = pageFinance(monthly, nissan, NOW);
    expect(scenario.frequency).toBe('monthly');
    expect(printedWeeklyRepayment(monthly, nissan, NOW)).toBeCloseTo((figures.payment * 12) / 52, 6);
    expect(withRepaymentBands([monthly], nissan, NOW)[0]!.weekly_price_range).toBe(weeklyBand((figures.payment * 12) / 52));
  });

  it('a weekly repayment with cents (a provider that rounds to the cent) is filed under the whole dollars the page prints', () => {
    const nissan = site({ finance_provider: 'Nissan Finance' });
    const quoted = car({ youxQuote: { weeklyRepaymentAmount: 199.3, advertisedRate: 8.49, comparisonRate: 9.1 } });
    const { scenario, figures } = pageFinance(quoted, nissan, NOW);
    expect([scenario.frequency, figures.payment, figures.paymentText]).toEqual(['weekly', 199.3, '$200']);
    expect(printedWeeklyRepayment(quoted, nissan, NOW)).toBe(200);
    expect(withRepaymentBands([quoted], nissan, NOW)[0]!.weekly_price_range).toBe('$200 - $250');
  });

  it("keeps the feed's band where the page prints no repayment (no finance on the site, a sold car)", () => {
    const feedSays = car({ weekly_price_range: '$200 - $250' });
    expect(withRepaymentBands([feedSays], site({ finance_provider: undefined }), NOW)[0]).toBe(feedSays);
    const sold = car({ status: 'sold', weekly_price_range: '$100 - $150' });
    expect(printedWeeklyRepayment(sold, site(), NOW)).toBeNull();
    expect(withRepaymentBands([sold], site(), NOW)[0]).toBe(sold);
  });
});
