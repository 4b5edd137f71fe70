import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { engineSummary, featureList, hasSpecValue, keyInformation, usedCarChecks, vehicleDetails } from './spec-rows.ts';

const now = Date.UTC(2026, 5, 15);
const options = { now, showUnregistered: true };
const base: Car = { id: 1, slug: 'a', status: 'in_stock', car_type: 'used' };

describe('hasSpecValue', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['  ', false],
    ['null', false],
    ['NULL', false],
    [Number.NaN, false],
    [0, true],
    ['Blue', true],
    [false, true],
  ])('%s -> %s', (value, expected) => {
    expect(hasSpecValue(value)).toBe(expected);
  });
});

describe('vehicleDetails', () => {
  it('leaves out empty, null and "null" rows and formats the rest', () => {
    const car: Car = {
      ...base,
      make: 'Toyota',
      model: 'null',
      badge: '',
      colour: null,
      km: 45210,
      year: 2019,
      engine_size_litres: 2.5,
      variant: { cylinders: 4, vehiclelength: 4885, fuelconsumptioncombined: 6.8 },
      stocknum: 'S123',
      rego_expiry: '2026-01-01',
    };
    expect(vehicleDetails(car, options)).toEqual([
      { label: 'Make', value: 'Toyota' },
      { label: 'Year', value: '2019' },
      { label: 'Condition', value: 'Used' },
      { label: 'Odometer', value: '45,210 km' },
      { label: 'Engine', value: '2.5L 4 cyl' },
      { label: 'Fuel Consumption (Combined)', value: '6.8 L/100km' },
      { label: 'Length', value: '4,885 mm' },
      { label: 'Rego Expiry', value: 'Unregistered' },
      { label: 'Stock Number', value: 'S123' },
    ]);
  });
  it('shows the expiry date itself on sites without the Unregistered label', () => {
    const rows = vehicleDetails({ ...base, rego_expiry: '2026-01-01' }, { now, showUnregistered: false });
    expect(rows).toContainEqual({ label: 'Rego Expiry', value: '2026-01-01' });
  });
  it('includes caravan specifications', () => {
    const rows = vehicleDetails({ ...base, item_type: 'caravan', specifications: { sleeps: 4, tare_weight: 2100, axle_type: 'Tandem', body_length: 18, body_width: 7.5 } }, options);
    expect(rows).toEqual(expect.arrayContaining([
      { label: 'Sleeps', value: '4' },
      { label: 'Body Length', value: '18 ft (5.49 m)' },
      { label: 'Body Width', value: '7.5 ft (2.29 m)' },
      { label: 'Tare Weight', value: '2,100 kg' },
      { label: 'Axle Type', value: 'Tandem' },
    ]));
  });
});

describe('keyInformation', () => {
  it('orders headline facts and falls back between transmission fields', () => {
    const rows = keyInformation({ ...base, km: 0, trans: 'Manual', simple_fuel: 'Diesel', bodyconfiguration: 'Ute', drive: '4x4' });
    expect(rows.map((row) => row.label)).toEqual(['Odometer', 'Transmission', 'Fuel Type', 'Body Type', 'Drive Type']);
    expect(rows[0].value).toBe('0 km');
    expect(rows[1].value).toBe('Manual');
  });
});

describe('engineSummary', () => {
  it.each<[Partial<Car>, string | null]>([
    [{ engine_size_litres: 2 }, '2L'],
    [{ variant: { enginesize_litres: 1.8, cylinders: 4, induction: 'Turbo' } }, '1.8L 4 cyl Turbo'],
    [{ variant: { induction: 'null' } }, null],
    [{}, null],
  ])('%o -> %s', (patch, expected) => {
    expect(engineSummary({ ...base, ...patch })).toBe(expected);
  });
});

describe('usedCarChecks', () => {
  it('lists only checks backed by the data, and only for used cars', () => {
    const car: Car = { ...base, km: 1000, rego_expiry: '2027-01-01', vin: 'JT123', file: 'null' };
    expect(usedCarChecks(car, options)).toEqual([
      { label: 'Odometer reading', value: '1,000 km' },
      { label: 'Registration', value: 'Registered until 2027-01-01' },
      { label: 'VIN recorded', value: 'Yes' },
    ]);
    expect(usedCarChecks({ ...car, car_type: 'new' }, options)).toEqual([]);
  });
});

describe('featureList', () => {
  it('drops empty and duplicate entries', () => {
    expect(featureList({ standardEquipment: ['ABS', '', 'null', 'abs', ' Cruise Control '] })).toEqual(['ABS', 'Cruise Control']);
    expect(featureList({ standardEquipment: null })).toEqual([]);
  });
});
