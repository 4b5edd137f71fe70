import { describe, expect, it } from 'vitest';
import type { Car, CarRecord } from '../../schemas/car.ts';
import { engineSummary, featureList, hasSpecValue, keyInformation, usedCarChecks, vehicleDetails } from './spec-rows.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { formatDay } from '../text/format.ts';

const now = Date.UTC(2026, 5, 15);
const options = { now, showUnregistered: true, timeZone: 'Australia/Brisbane' };
const base: Partial<CarRecord> = { id: 1, slug: 'a', status: 'in_stock', car_type: 'used' };

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
    const car = makeCar({
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
    });
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
  it('words the ANCAP rating in stars, one star in the singular', () => {
    const ancap = (ancaprating: number) => vehicleDetails(makeCar({ ...base, variant: { ancaprating } }), options).find((row) => row.label === 'ANCAP Rating')?.value;
    expect(ancap(5)).toBe('5 stars');
    expect(ancap(1)).toBe('1 star');
  });
  it('says a past expiry has passed on sites without the Unregistered label', () => {
    const rows = vehicleDetails(makeCar({ ...base, rego_expiry: '2026-01-01' }), { now, showUnregistered: false, timeZone: 'Australia/Brisbane' });
    expect(rows).toContainEqual({ label: 'Rego Expiry', value: 'Expired 1 Jan 2026' });
    const current = vehicleDetails(makeCar({ ...base, rego_expiry: '2026-08-15' }), { now, showUnregistered: false, timeZone: 'Australia/Brisbane' });
    expect(current).toContainEqual({ label: 'Rego Expiry', value: '15 Aug 2026' });
  });
  it('writes dates the Australian way: rego expiry to the day, build and compliance to the month', () => {
    const car = makeCar({ ...base, rego_expiry: '2027-08-18', build_date: '2023-10', compliance_date: '2024-01' });
    const rows = vehicleDetails(car, options);
    expect(rows).toContainEqual({ label: 'Rego Expiry', value: '18 Aug 2027' });
    expect(rows).toContainEqual({ label: 'Build Date', value: 'Oct 2023' });
    expect(rows).toContainEqual({ label: 'Compliance Date', value: 'Jan 2024' });
    expect(vehicleDetails(makeCar({ ...base, rego_expiry: '18/08/2027', build_date: '2023-10-05' }), options)).toEqual(
      expect.arrayContaining([
        { label: 'Rego Expiry', value: '18 Aug 2027' },
        { label: 'Build Date', value: 'Oct 2023' },
      ]),
    );
    expect(vehicleDetails(makeCar({ ...base, build_date: 'late 2023' }), options)).toContainEqual({ label: 'Build Date', value: 'late 2023' });
  });
  it('includes caravan specifications', () => {
    const rows = vehicleDetails(makeCar({ ...base, item_type: 'caravan', specifications: { sleeps: 4, tare_weight: 2100, axle_type: 'Tandem', body_length: 18, body_width: 7.5 } }), options);
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
    const rows = keyInformation(makeCar({ ...base, km: 0, trans: 'Manual', simple_fuel: 'Diesel', bodyconfiguration: 'Ute', drive: '4x4' }));
    expect(rows.map((row) => row.label)).toEqual(['Odometer', 'Transmission', 'Fuel Type', 'Body Type', 'Drive Type']);
    expect(rows[0].value).toBe('0 km');
    expect(rows[1].value).toBe('Manual');
  });
});

describe('engineSummary', () => {
  it.each<[Partial<Car>, string | null]>([
    // Australian listings write litres to one decimal: '2.0L', not '2L'.
    [{ engine_size_litres: 2 }, '2.0L'],
    [{ variant: { enginesize_litres: 3, cylinders: 6 } }, '3.0L 6 cyl'],
    [{ engine_size_litres: 1.998 }, '2.0L'],
    [{ variant: { enginesize_litres: 1.8, cylinders: 4, induction: 'Turbo' } }, '1.8L 4 cyl Turbo'],
    [{ variant: { induction: 'null' } }, null],
    [{}, null],
  ])('%o -> %s', (patch, expected) => {
    expect(engineSummary(makeCar({ ...base, ...patch }))).toBe(expected);
  });
});

describe('usedCarChecks', () => {
  it('lists only checks backed by the data, and only for used cars', () => {
    const car = makeCar({ ...base, km: 1000, rego_expiry: '2027-01-01', vin: 'JT123', file: 'null' });
    expect(usedCarChecks(car, options)).toEqual([
      { label: 'Odometer reading', value: '1,000 km' },
      { label: 'Registration', value: 'Registered until 1 Jan 2027' },
      { label: 'VIN recorded', value: 'Yes' },
    ]);
    expect(usedCarChecks({ ...car, car_type: 'new' }, options)).toEqual([]);
  });

  // The demo audit: a used car whose rego ran out months before the build read 'Registered until' that past day.
  const registration = (rego_expiry: string, showUnregistered: boolean) =>
    usedCarChecks(makeCar({ ...base, rego_expiry }), { now, showUnregistered, timeZone: 'Australia/Brisbane' }).find((row) => row.label === 'Registration')?.value;

  it('never says "Registered until" a day that has passed', () => {
    expect(registration('2026-01-01', false)).toBe('Registration expired 1 Jan 2026');
    expect(registration('14/03/2026', false)).toBe('Registration expired 14 Mar 2026');
    expect(registration('2026-01-01', true)).toBe('Unregistered');
  });

  it('is registered until the expiry day itself, and vouches for nothing it cannot read', () => {
    const today = formatDay(Date.UTC(2026, 5, 15));
    expect(registration('2026-06-15', false)).toBe(`Registered until ${today}`);
    expect(registration('2026-06-15', true)).toBe(`Registered until ${today}`);
    expect(registration('soon', false)).toBeUndefined();
  });

  it('shows the expiry day a date-time writes, its offset aside, the day the rule reads', () => {
    const noon6DecBrisbane = { now: Date.UTC(2026, 11, 6, 2), showUnregistered: false, timeZone: 'Australia/Brisbane' };
    const shown = (rego_expiry: string) => vehicleDetails(makeCar({ ...base, rego_expiry }), noon6DecBrisbane).find((row) => row.label === 'Rego Expiry')?.value;
    for (const expiry of ['2026-12-06T00:00:00+10:00', '2026-12-06T00:00:00+08:00', '2026-12-06T00:00:00Z', '2026-12-06', '06/12/2026']) expect(shown(expiry)).toBe('6 Dec 2026');
    expect(shown('2026-12-05T23:00:00+10:00')).toBe('Expired 5 Dec 2026');
    const checks = usedCarChecks(makeCar({ ...base, rego_expiry: '2026-12-06T00:00:00+10:00' }), noon6DecBrisbane);
    expect(checks.find((row) => row.label === 'Registration')?.value).toBe('Registered until 6 Dec 2026');
  });
});

describe('featureList', () => {
  it('drops empty and duplicate entries', () => {
    expect(featureList({ standardEquipment: ['ABS', '', 'null', 'abs', ' Cruise Control '] })).toEqual(['ABS', 'Cruise Control']);
    expect(featureList({ standardEquipment: null })).toEqual([]);
  });
});

describe('item 8: spec rows that apply to motorcycles and trucks', () => {
  const bike = makeCar({ ...base, item_type: 'motorcycle', km: 2400, simple_body: 'Naked', drive: 'Chain', seats: 2, doors: null, engine_size: 690, engine_size_litres: 0.69, variant: { enginesize: 689, enginesize_litres: 0.7, cylinders: 2 }, simple_transmission: 'Manual' });
  const truck = makeCar({ ...base, item_type: 'truck', km: 82000, simple_body: 'Light Truck', seats: 3, doors: 2, variant: { grossvehiclemass: 4500, towingcapacitybraked: 3500, enginesize_litres: 3 } });

  it('item 8: a motorcycle shows its engine size in cc and final drive, not seats or doors', () => {
    expect(keyInformation(bike).map((row) => row.label).slice(0, 4)).toEqual(['Odometer', 'Engine Size', 'Body Type', 'Transmission']);
    expect(keyInformation(bike)).toContainEqual({ label: 'Engine Size', value: '689 cc' });
    expect(keyInformation(bike)).toContainEqual({ label: 'Final Drive', value: 'Chain' });
    const details = vehicleDetails(bike, options);
    expect(details).toContainEqual({ label: 'Engine Size', value: '689 cc' });
    expect(details.map((row) => row.label)).not.toContain('Seats');
    expect(details.map((row) => row.label)).not.toContain('Drive Type');
    expect(keyInformation({ ...bike, variant: null, engine_size: null })).toContainEqual({ label: 'Engine Size', value: '690 cc' });
  });

  it('a motorcycle gives its engine size once, in cc: its Engine row keeps cylinders and induction, not litres', () => {
    const twin = makeCar({ ...base, item_type: 'motorcycle', engine_size_litres: 0.7, variant: { enginesize: 685, cylinders: 2, induction: 'Aspirated' } });
    const details = vehicleDetails(twin, options);
    expect(details).toContainEqual({ label: 'Engine Size', value: '685 cc' });
    expect(details).toContainEqual({ label: 'Engine', value: '2 cyl Aspirated' });
    expect(details.filter((row) => /\d(\.\d)?L\b/.test(row.value))).toEqual([]);
    const litresOnly = vehicleDetails(makeCar({ ...base, item_type: 'motorcycle', engine_size_litres: 0.7 }), options);
    expect(litresOnly.filter((row) => row.label.startsWith('Engine'))).toEqual([{ label: 'Engine Size', value: '700 cc' }]);
  });

  it('item 8: a truck leads with gross vehicle mass and braked towing', () => {
    expect(keyInformation(truck).slice(0, 3)).toEqual([
      { label: 'Odometer', value: '82,000 km' },
      { label: 'Gross Vehicle Mass', value: '4,500 kg' },
      { label: 'Towing Capacity (Braked)', value: '3,500 kg' },
    ]);
    expect(vehicleDetails(truck, options).map((row) => row.label)).toEqual(expect.arrayContaining(['Gross Vehicle Mass', 'Towing Capacity (Braked)', 'Seats']));
  });

  it('item 8: a car keeps its rows (no engine size row, drive type label)', () => {
    const car = makeCar({ ...base, item_type: 'car', drive: 'AWD', seats: 5, engine_size: 2000 });
    expect(keyInformation(car).map((row) => row.label)).toEqual(['Drive Type', 'Seats']);
    expect(vehicleDetails(car, options).map((row) => row.label)).not.toContain('Engine Size');
  });
});

describe('issue35-3: a caravan leads with its specifications', () => {
  it('shows length, width, tare, ATM, axles and sleeps in key information, no odometer or gearbox', () => {
    const van = makeCar({ ...base, item_type: 'caravan', km: 0, simple_body: 'Pop Top', simple_transmission: 'Manual', specifications: { body_length: 20.1, body_width: 7.9, tare_weight: 2570, aggregate_trailer_mass: 3390, axle_type: 'Tandem', sleeps: 4 } });
    const rows = keyInformation(van);
    expect(rows.map((row) => row.label)).toEqual(['Body Length', 'Body Width', 'Tare Weight', 'Aggregate Trailer Mass', 'Axle Type', 'Sleeps', 'Body Type', 'Colour'].filter((label) => label !== 'Colour' || van.colour));
    expect(rows).toContainEqual({ label: 'Tare Weight', value: '2,570 kg' });
    expect(rows).toContainEqual({ label: 'Sleeps', value: '4' });
    expect(rows[0]!.value).toMatch(/^20\.1 ft \(6\.\d+ m\)$/);
  });
});
