import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '../../schemas/car.ts';
import { finalDriveOf } from '../../schemas/car-record.ts';
import { priceBand } from '../../schemas/price-band.ts';
import { keyInformation } from './spec-rows.ts';

const parse = (fields: Record<string, unknown>) => v.parse(CarSchema, { id: 1, slug: 'a', status: 'in_stock', car_type: 'used', ...fields });

describe('a motorcycle’s final drive is not a drive type (cleaned where the feed is parsed)', () => {
  it('Chain, Belt and Shaft sent as drive move to final_drive; drive types stay', () => {
    expect(['Chain', 'belt', 'Shaft drive', 'Belt-driven', 'FWD', '4x2', 'AWD', null].map(finalDriveOf)).toEqual([
      'Chain',
      'Belt',
      'Shaft',
      'Belt',
      null,
      null,
      null,
      null,
    ]);
    const bike = parse({ make: 'Harley-Davidson', item_type: 'motorcycle', drive: 'Belt' });
    expect(bike.drive).toBeNull();
    expect(bike.final_drive).toBe('Belt');
    expect(keyInformation(bike).find((row) => row.label === 'Final Drive')?.value).toBe('Belt');
    expect(parse({ make: 'Toyota', drive: '4WD' })).toMatchObject({ drive: '4WD' });
    expect(parse({ make: 'Toyota', drive: '4WD' }).final_drive).toBeUndefined();
    // A feed that sends final_drive itself keeps it.
    expect(parse({ item_type: 'motorcycle', drive: 'Chain', final_drive: 'Chain (O-ring)' }).final_drive).toBe('Chain (O-ring)');
  });
});

describe('price bands: one scheme, no overlap, the band of the car’s own price', () => {
  it('bands from $0 in $10,000 steps, then $50,000 steps, then one open band', () => {
    expect([undefined, null, 0, 10, 11, 9_999, 10_000, 55_000, 99_999, 100_000, 149_999, 499_999, 500_000, 1_500_000].map(priceBand)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      '$0 - $10,000',
      '$0 - $10,000',
      '$10,000 - $20,000',
      '$50,000 - $60,000',
      '$90,000 - $100,000',
      '$100,000 - $150,000',
      '$100,000 - $150,000',
      '$450,000 - $500,000',
      '$500,000 and over',
      '$500,000 and over',
    ]);
  });

  it('no two bands overlap: each band’s lower limit is the previous band’s upper limit', () => {
    const labels = [...new Set(Array.from({ length: 700 }, (_, index) => priceBand(11 + index * 1000)))].filter(
      (label): label is string => label !== undefined,
    );
    const limits = labels.map((label) => label.match(/\$([\d,]+)/g)!.map((amount) => Number(amount.replace(/[$,]/g, ''))));
    for (let index = 1; index < limits.length; index += 1) expect(limits[index]![0], labels[index]).toBe(limits[index - 1]![1]);
  });

  it('the parsed Car’s price_range is the band of its price, not the feed’s text', () => {
    expect(parse({ price: 55_000, price_range: '$50,000 - $75,000' }).price_range).toBe('$50,000 - $60,000');
    expect(parse({ price: 8_000, price_range: 'Under $10,000' }).price_range).toBe('$0 - $10,000');
    expect(parse({ price: null, price_range: '$10,000 - $20,000' }).price_range).toBeNull();
  });
});
