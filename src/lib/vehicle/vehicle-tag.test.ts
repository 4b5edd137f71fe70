import { describe, expect, it } from 'vitest';
import type { Car, CarRecord } from '../../schemas/car.ts';
import { isElectric, isHybrid, isNewArrival, vehicleTag } from './vehicle-tag.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 5, 15, 12);
const base: Partial<CarRecord> = { id: 1, slug: 'a', status: 'in_stock', car_type: 'used', created_at: new Date(now - 30 * DAY).toISOString() };
const on = { electricTag: true };
const off = { electricTag: false };

describe('isNewArrival', () => {
  it.each([
    [now, true],
    [now - 8 * DAY, true],
    [now - 8 * DAY - 1, false],
    [now - 7 * DAY, true],
    [now + DAY, false],
  ])('created %s -> %s', (created, expected) => {
    expect(isNewArrival(new Date(created).toISOString(), now)).toBe(expected);
  });
  it('is false without a readable date', () => {
    expect(isNewArrival(null, now)).toBe(false);
    expect(isNewArrival('nope', now)).toBe(false);
  });
});

describe('isElectric / isHybrid', () => {
  it.each([
    [{ simple_fuel: 'Electric' }, true, false],
    [{ fuel: 'EV' }, true, false],
    [{ simple_fuel: 'Hybrid' }, false, true],
    [{ simple_fuel: 'Petrol - Electric Hybrid' }, false, true],
    [{ fuel: 'Plug-in PHEV' }, false, true],
    [{ simple_fuel: 'Petrol' }, false, false],
    [{}, false, false],
  ])('%o -> electric %s hybrid %s', (fuel, electric, hybrid) => {
    expect(isElectric(fuel)).toBe(electric);
    expect(isHybrid(fuel)).toBe(hybrid);
  });
});

describe('vehicleTag priority', () => {
  const newArrival = { created_at: new Date(now - DAY).toISOString() };
  it.each<[string, Partial<Car>, typeof on, string | null]>([
    ['sold beats everything', { status: 'sold', reserved: true, simple_fuel: 'Electric' }, on, 'JUST SOLD'],
    ['electric when enabled', { simple_fuel: 'Electric', reserved: true }, on, 'Electric'],
    ['hybrid when enabled', { simple_fuel: 'Hybrid', reserved: true }, on, 'Hybrid'],
    ['electric ignored when disabled', { simple_fuel: 'Electric', reserved: true }, off, 'Reserved'],
    ['reserved before certified', { reserved: true, certified: true }, off, 'Reserved'],
    ['certified used badge', { certified: true, tag: 'Runout Sale' }, off, 'Certified Pre-Owned'],
    ['certified new car gets no badge', { certified: true, car_type: 'new', tag: 'Runout Sale' }, off, 'Runout Sale'],
    ['custom tag before coming soon', { tag: 'Test Drive Only', status: 'coming_soon' }, off, 'Test Drive Only'],
    ['literal null tag is ignored', { tag: 'null', status: 'coming_soon' }, off, 'Coming Soon'],
    ['coming soon before new arrival', { status: 'coming_soon', ...newArrival }, off, 'Coming Soon'],
    ['new arrival', newArrival, off, 'New Arrival'],
    ['nothing', {}, off, null],
  ])('%s', (_name, patch, options, expected) => {
    expect(vehicleTag(makeCar({ ...base, ...patch }), now, options)?.text ?? null).toBe(expected);
  });
});
