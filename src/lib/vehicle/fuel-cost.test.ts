import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { describe, expect, it } from 'vitest';
import { fuelCalculatorVisible, fuelCost, fuelDefaults } from './fuel-cost.ts';

describe('fuelCost', () => {
  it.each([
    [250, 10, 1.7, 42.5],
    [100, 10, 1.7, 17],
    [333, 7.3, 1.899, 46.16],
    [0, 10, 1.7, 0],
    [-50, 10, 1.7, 0],
    [250, Number.NaN, 1.7, 0],
    [1, 1, 1.005, 0.01],
  ])('%s km at %s L/100km and $%s/L -> $%s', (distanceKm, litresPer100Km, pricePerLitre, expected) => {
    expect(fuelCost({ distanceKm, litresPer100Km, pricePerLitre })).toBe(expected);
  });
});

describe('fuelDefaults and visibility', () => {
  it('uses the spec defaults, or the car consumption when known', () => {
    expect(fuelDefaults({})).toEqual({ distanceKm: 250, litresPer100Km: 10, pricePerLitre: 1.7 });
    expect(fuelDefaults({ variant: { fuelconsumptioncombined: 6.1 } }).litresPer100Km).toBe(6.1);
    expect(fuelDefaults({ variant: { fuelconsumptioncombined: 0 } }).litresPer100Km).toBe(10);
  });
  it.each([
    [{ simple_fuel: 'Electric' }, false],
    [{ simple_fuel: 'Hybrid' }, true],
    [{ simple_fuel: 'Petrol' }, true],
    [{}, true],
    [{ item_type: 'caravan', simple_fuel: null }, false],
    [{ item_type: 'Camper Trailer' }, false],
  ])('%o -> %s', (car, expected) => {
    expect(fuelCalculatorVisible(makeCar(car))).toBe(expected);
  });
});
