import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { affectedCarSlugs, carFingerprint, diffStock, isEmptyDiff, stableJson } from './changes.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const car = (id: number, make: string, model: string, price: number, extra: Partial<Car> = {}) =>
  makeCar({ id, slug: `${make}-${model}-${id}`.toLowerCase(), make, model, price, status: 'in_stock', car_type: 'used', ...extra });

describe('change detection', () => {
  it('fingerprints ignore key order', () => {
    expect(stableJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe(stableJson({ a: [{ c: 2, d: 1 }], b: 1 }));
    expect(carFingerprint(car(1, 'Kia', 'Rio', 1))).not.toBe(carFingerprint(car(1, 'Kia', 'Rio', 2)));
  });

  it('classifies cars as added, changed, removed and unchanged', () => {
    const before = [car(1, 'Kia', 'Rio', 10000), car(2, 'Kia', 'Rio', 11000), car(3, 'Kia', 'Rio', 12000)];
    const previous = new Map(before.map((c) => [String(c.id), carFingerprint(c)]));
    const diff = diffStock(previous, [before[0], { ...before[1], price: 9000 }, car(4, 'Kia', 'Rio', 13000)]);
    expect(diff).toEqual({ added: ['4'], changed: ['2'], removed: ['3'], unchanged: 1 });
    expect(isEmptyDiff(diffStock(previous, before))).toBe(true);
  });

  it('re-renders changed cars and the cars whose similar vehicles show them, not unrelated cars', () => {
    const before = [car(1, 'Kia', 'Rio', 10000), car(2, 'Kia', 'Rio', 11000), car(3, 'Ford', 'Ranger', 90000), car(4, 'Ford', 'Ranger', 95000), car(5, 'Audi', 'R8', 400000)];
    const after = before.map((c) => (c.id === 1 ? { ...c, price: 9500 } : c));
    const previous = new Map(before.map((c) => [String(c.id), carFingerprint(c)]));
    const diff = diffStock(previous, after);
    expect(affectedCarSlugs(before, after, diff)).toEqual(['kia-rio-1', 'kia-rio-2']);
  });

  it('re-renders the cars that listed a removed car', () => {
    const before = [car(1, 'Kia', 'Rio', 10000), car(2, 'Kia', 'Rio', 11000), car(5, 'Audi', 'R8', 400000)];
    const after = [before[1], before[2]];
    const diff = diffStock(new Map(before.map((c) => [String(c.id), carFingerprint(c)])), after);
    expect(affectedCarSlugs(before, after, diff)).toEqual(['kia-rio-2']);
  });

  it('renders nothing when nothing changed', () => {
    const cars = [car(1, 'Kia', 'Rio', 10000)];
    expect(affectedCarSlugs(cars, cars, diffStock(new Map([['1', carFingerprint(cars[0])]]), cars))).toEqual([]);
  });
});
