/** The trade-in adapter's local valuation reads "this year" on the dealer's clock (site.json `timezone`). */
import { describe, expect, it } from 'vitest';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { estimateRetailPrice } from '../../../lib/vehicle/retail-estimate.ts';
import { createTradeInAdapters } from './adapters.ts';
import { DEMO_OLD_AGE, tradeInOffer } from './valuation.ts';

// 2026-12-31 14:00 UTC is already 2027-01-01 01:00 in Sydney.
const newYearInSydney = Date.parse('2026-12-31T14:00:00Z');
const tenant = { slug: 'harbour', cars: [], site: { timezone: 'Australia/Sydney' } } as unknown as ApiTenant;
const { valuation } = createTradeInAdapters({}, () => newYearInSydney);

describe("local valuation at the dealer's New Year", () => {
  it("the demo lookup's ages count from the dealer's year", async () => {
    const [vehicle] = await valuation.lookup(tenant, 'OLD123', 'nsw');
    expect(vehicle!.Year).toBe(2027 - DEMO_OLD_AGE);
    expect(vehicle!.RegExpiry.slice(0, 4)).toBe('2028');
  });

  it("the estimate ages the car by the dealer's year", async () => {
    const vehicle = { Make: 'Saab', Model: '9-3', Year: 2020 } as Parameters<typeof valuation.value>[1];
    const retail = estimateRetailPrice({ make: 'Saab', model: '9-3', year: 2020, km: 80_000 }, [], 2027);
    expect(await valuation.value(tenant, vehicle, 80_000)).toEqual({
      offerPrice: tradeInOffer(retail.price),
      retailPrice: retail.price,
      basis: 'market-curve',
    });
    expect(retail.price).not.toBe(estimateRetailPrice({ make: 'Saab', model: '9-3', year: 2020, km: 80_000 }, [], 2026).price);
  });
});
