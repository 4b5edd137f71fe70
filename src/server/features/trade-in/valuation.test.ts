/** The local valuation: the retail estimate (src/lib/vehicle/retail-estimate.ts), the trade-in offer and the demo rego lookup. */
import { describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/car.ts';
import { estimateRetailPrice } from '../../../lib/vehicle/retail-estimate.ts';
import { DEMO_MAX_AGE, DEMO_OLD_AGE, demoRegoLookup, tradeInOffer } from './valuation.ts';
import { makeCar } from '../../../../tests/fixtures/make-car.ts';

const car = (id: number, year: number, km: number, price: number, extra: Partial<Car> = {}): Car =>
  makeCar({ id, slug: `car-${id}`, status: 'in_stock', car_type: 'used', make: 'Toyota', model: 'Corolla', year, km, price, ...extra });

describe('valuation', () => {
  const stock = [car(1, 2020, 40_000, 25_000), car(2, 2019, 60_000, 22_000), car(3, 2021, 20_000, 28_000)];
  it('values from comparables, older and higher-km cars lower', () => {
    const newer = estimateRetailPrice({ make: 'toyota', model: 'corolla', year: 2021, km: 20_000 }, stock, 2025);
    const older = estimateRetailPrice({ make: 'Toyota', model: 'Corolla', year: 2016, km: 150_000 }, stock, 2025);
    expect(newer.basis).toBe('comparables');
    expect(newer.comparables).toBe(3);
    expect(older.price).toBeLessThan(newer.price);
    expect(newer.price).toBeGreaterThan(24_000);
    expect(newer.price).toBeLessThan(32_000);
  });
  it('falls back to the market curve and offers less than retail', () => {
    const estimate = estimateRetailPrice({ make: 'Saab', model: '9-3', year: 2010, km: 200_000 }, stock, 2025);
    expect(estimate.basis).toBe('market-curve');
    expect(tradeInOffer(estimate.price)).toBeLessThan(estimate.price);
    expect(tradeInOffer(100)).toBe(500);
  });
  it('demo rego lookup: none, one or three, deterministic', () => {
    expect(demoRegoLookup('NOMATCH1', 'qld', stock, 2025)).toEqual([]);
    expect(demoRegoLookup('ABC123', 'qld', stock, 2025)).toHaveLength(1);
    const many = demoRegoLookup('ABC12X', 'nsw', stock, 2025);
    expect(many).toHaveLength(3);
    expect(many[0]!.Make).toBe('Toyota');
    expect(demoRegoLookup('ABC12X', 'nsw', stock, 2025)).toEqual(many);
  });
  it('2.99: demo cars stay within the online-estimate age whatever the year; an OLD plate finds one over it', () => {
    for (const year of [2026, 2031, 2040]) {
      for (const plate of ['ABC123', 'XYZ121', 'ABC987', 'TRD77Q']) {
        for (const found of [...demoRegoLookup(plate, 'qld', stock, year), ...demoRegoLookup(plate, 'qld', [], year)]) expect(year - found.Year).toBeLessThanOrEqual(DEMO_MAX_AGE);
      }
      const [old] = demoRegoLookup('OLD123', 'vic', stock, year);
      expect(old!.Year).toBe(year - DEMO_OLD_AGE);
      expect(old!.Description).toContain(String(year - DEMO_OLD_AGE));
    }
  });
});
