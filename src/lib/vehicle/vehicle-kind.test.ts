import { describe, expect, it } from 'vitest';
import { decideVehicleKind, kindOfItemType } from '../../schemas/vehicle-kind.ts';
import { parseStock } from './stock.ts';
import { loadTenant } from '../site/tenant.ts';

describe('a record’s kind is decided once, from item_type, else the dealer’s kinds, body and make', () => {
  it('item_type names the kind whatever the dealer sells', () => {
    expect(
      ['Motorcycle', 'motorbike', 'Scooter', 'Truck', 'Prime Mover', 'caravan', 'Camper Trailer', 'Pop Top', 'car', 'Passenger'].map(kindOfItemType),
    ).toEqual(['motorcycle', 'motorcycle', 'motorcycle', 'truck', 'truck', 'caravan', 'caravan', 'caravan', 'car', 'car']);
    expect(kindOfItemType('')).toBeNull();
    expect(kindOfItemType('Boat')).toBeNull();
    expect(decideVehicleKind({ item_type: 'motorcycle', make: 'Toyota' }, ['car'])).toBe('motorcycle');
  });

  it('a dealer of one kind sells only that kind (the records without item_type on the caravan site)', () => {
    expect(decideVehicleKind({ make: 'Jayco', model: 'Crosstrak' } as never, ['caravan'])).toBe('caravan');
    expect(decideVehicleKind({ make: 'Toyota' }, ['caravan'])).toBe('caravan');
    expect(decideVehicleKind({ make: 'Yamaha' }, ['car'])).toBe('car');
  });

  it('on a bike and truck dealer: the make decides (Yamaha, Honda, KTM bikes; Isuzu, Fuso, Hino trucks)', () => {
    const kinds = ['motorcycle', 'truck'] as const;
    expect(['Yamaha', 'Honda', 'KTM', 'Isuzu', 'Fuso', 'Hino'].map((make) => decideVehicleKind({ make }, kinds))).toEqual([
      'motorcycle',
      'motorcycle',
      'motorcycle',
      'truck',
      'truck',
      'truck',
    ]);
    // An unknown make: the dealer's first kind.
    expect(decideVehicleKind({ make: 'Zhongtong' }, kinds)).toBe('motorcycle');
  });

  it('body words and a gross vehicle mass over 4,500 kg narrow the dealer’s kinds before the make', () => {
    expect(decideVehicleKind({ make: 'Isuzu', simple_body: 'Tipper' }, ['car', 'truck'])).toBe('truck');
    expect(decideVehicleKind({ make: 'Isuzu', simple_body: 'Ute' }, ['car', 'truck'])).toBe('car');
    expect(decideVehicleKind({ make: 'Isuzu', simple_body: 'Cab Chassis', variant: { grossvehiclemass: 7500 } }, ['car', 'truck'])).toBe('truck');
    expect(decideVehicleKind({ make: 'Isuzu', simple_body: 'Cab Chassis', variant: { grossvehiclemass: 3100 } }, ['car', 'truck'])).toBe('car');
    expect(decideVehicleKind({ make: 'Honda', simple_body: 'Scooter' }, ['car', 'motorcycle'])).toBe('motorcycle');
    expect(decideVehicleKind({ make: 'Honda', simple_body: 'Hatchback' }, ['car', 'motorcycle'])).toBe('car');
    // A body word for a kind the dealer does not sell does not empty the list.
    expect(decideVehicleKind({ make: 'Yamaha', simple_body: 'Sedan' }, ['motorcycle', 'truck'])).toBe('motorcycle');
  });

  it('without the dealer’s kinds every kind is possible, cars first', () => {
    expect(decideVehicleKind({ make: 'Toyota' })).toBe('car');
    expect(decideVehicleKind({ make: 'Ducati' })).toBe('motorcycle');
    expect(decideVehicleKind({ make: 'Crusader' })).toBe('caravan');
    expect(decideVehicleKind({})).toBe('car');
  });

  it('parseStock decides each record’s kind with the dealer’s kinds', () => {
    const records = [
      { id: 1, slug: 'a', status: 'in_stock', car_type: 'new', make: 'Yamaha', model: 'NMAX' },
      { id: 2, slug: 'b', status: 'in_stock', car_type: 'new', make: 'Hino', model: '300 Series' },
      { id: 3, slug: 'c', status: 'in_stock', car_type: 'new', make: 'Hino', item_type: 'motorcycle' },
    ];
    expect(parseStock('t', records, ['motorcycle', 'truck']).cars.map((car) => car.vehicle_kind)).toEqual(['motorcycle', 'truck', 'motorcycle']);
    expect(parseStock('t', records, ['car']).cars.map((car) => car.vehicle_kind)).toEqual(['car', 'car', 'motorcycle']);
  });

  it.each([
    [
      'ironbark-moto-trucks',
      {
        740018: 'truck',
        740040: 'motorcycle',
        740068: 'motorcycle',
        740077: 'truck',
        740086: 'motorcycle',
        740091: 'motorcycle',
        740107: 'truck',
        740140: 'motorcycle',
      },
    ],
    ['bayside-caravans', { 630023: 'caravan', 630127: 'caravan', 630155: 'caravan' }],
    ['ridgeline-toyota', { 520016: 'car', 520195: 'car' }],
  ])('the demo records without item_type on %s get the kind their make says', (slug, want) => {
    const tenant = loadTenant(`tenants/${slug}`);
    const kinds = Object.fromEntries(tenant.cars.filter((car) => String(car.id) in want).map((car) => [car.id, car.vehicle_kind]));
    expect(kinds).toEqual(want);
    expect(tenant.cars.filter((car) => !car.item_type)).toHaveLength(8);
  });
});
