import { describe, expect, it } from 'vitest';
import { latestModelYear } from '../vehicle/stock.ts';
import { dealerYear } from '../text/dealer-time.ts';
import { offerWithheld } from './trade-in-limits.ts';

const LIMITS = { max_age_years: 7, max_km: 100_000 };
// 2026-06-15 noon UTC.
const NOW = Date.UTC(2026, 5, 15, 12);

describe('2.99: no online estimate over the site\'s maximum age or kilometres', () => {
  it('within both limits: the estimate is given', () => {
    expect(offerWithheld({ year: 2022, km: 40_000 }, LIMITS, NOW, 'Australia/Brisbane')).toBeUndefined();
  });

  it('at the limits (exactly 7 years, exactly 100,000 km): the estimate is still given', () => {
    expect(offerWithheld({ year: 2019, km: 100_000 }, LIMITS, NOW, 'Australia/Brisbane')).toBeUndefined();
    expect(offerWithheld({ year: '2019', km: 100_000 }, LIMITS, NOW, 'Australia/Brisbane')).toBeUndefined();
  });

  it('over the age: withheld, and the message names the limit', () => {
    const result = offerWithheld({ year: 2018, km: 20_000 }, LIMITS, NOW, 'Australia/Brisbane');
    expect(result).toMatchObject({ reason: 'age', limit: 7 });
    expect(result!.message).toContain('over 7 years old');
    expect(result!.message).toContain('our buying team will contact you');
    expect(offerWithheld({ year: 2016, km: 20_000 }, { max_age_years: 10, max_km: 150_000 }, NOW)).toBeUndefined();
    expect(offerWithheld({ year: 2015, km: 20_000 }, { max_age_years: 10, max_km: 150_000 }, NOW)?.message).toContain('over 10 years old');
  });

  it('over the kilometres: withheld, and the message names the limit', () => {
    const result = offerWithheld({ year: 2024, km: 100_001 }, LIMITS, NOW, 'Australia/Brisbane');
    expect(result).toMatchObject({ reason: 'km', limit: 100_000 });
    expect(result!.message).toContain('more than 100,000 km');
    expect(offerWithheld({ year: 2024, km: 150_000 }, { max_age_years: 10, max_km: 150_000 }, NOW)).toBeUndefined();
  });

  it('the age counts in the dealer\'s time zone: New Year in Brisbane comes before UTC\'s', () => {
    // 2025-12-31 15:00 UTC is 2026-01-01 01:00 in Brisbane.
    const newYearInBrisbane = Date.UTC(2025, 11, 31, 15);
    expect(dealerYear(newYearInBrisbane, 'Australia/Brisbane')).toBe(2026);
    expect(dealerYear(newYearInBrisbane, 'UTC')).toBe(2025);
    expect(offerWithheld({ year: 2018, km: 1000 }, LIMITS, newYearInBrisbane, 'Australia/Brisbane')?.reason).toBe('age');
    expect(offerWithheld({ year: 2018, km: 1000 }, LIMITS, newYearInBrisbane, 'UTC')).toBeUndefined();
  });

  it("without a zone the age counts in the year the stock's model-year rule reads (NO_SITE_ZONE), not in UTC's", () => {
    // 2026-12-31 14:00 UTC: 2027 in Sydney and at UTC+14, still 2026 in UTC.
    const newYearInSydney = Date.parse('2026-12-31T14:00:00Z');
    expect(latestModelYear(newYearInSydney) - 1).toBe(2027);
    expect(offerWithheld({ year: 2019, km: 1000 }, LIMITS, newYearInSydney)?.reason).toBe('age');
    expect(offerWithheld({ year: 2019, km: 1000 }, LIMITS, newYearInSydney, 'Australia/Sydney')?.reason).toBe('age');
    expect(offerWithheld({ year: 2020, km: 1000 }, LIMITS, newYearInSydney)).toBeUndefined();
  });

  it('an unknown year is not held against the car; the km limit still applies', () => {
    expect(offerWithheld({ year: null, km: 50_000 }, LIMITS, NOW)).toBeUndefined();
    expect(offerWithheld({ year: undefined, km: 120_000 }, LIMITS, NOW)?.reason).toBe('km');
  });
});
