import { describe, expect, it } from 'vitest';
import { parseStock } from './stock.ts';

// Issue 12: feed quirks are normalised once, where a feed is parsed, not in each template.
describe("parseStock normalises the feed's text 'null' (spec §5)", () => {
  it("turns the text 'null' (any case, padded) into null on every optional text field", () => {
    const { cars, problems } = parseStock('t', [
      { id: 'A1', slug: 'a1', status: 'in_stock', car_type: 'used', make: 'Kia', model: 'null', badge: ' NULL ', dealercomments: 'null', file: 'Null', tag: 'null', rego_expiry: 'null', colour: 'Red' },
    ]);
    expect(problems).toEqual([]);
    const [car] = cars;
    expect(car).toMatchObject({ make: 'Kia', model: null, badge: null, dealercomments: null, file: null, tag: null, rego_expiry: null, colour: 'Red' });
  });

  it("turns the text 'null' into null on optional numbers, yes/no values and dates too: the car is kept (docs/architecture.md)", () => {
    const { cars, problems } = parseStock('t', [
      { id: 'A1', slug: 'a1', status: 'in_stock', car_type: 'used', km: 'null', price: 'NULL', year: ' null ', reserved: 'null', created_at: 'null', stocknum: 'null', variant: { cylinders: 'null' } },
    ]);
    expect(problems).toEqual([]);
    expect(cars).toHaveLength(1);
    expect(cars[0]).toMatchObject({ km: null, price: null, year: null, reserved: null, created_at: null, stocknum: null, variant: { cylinders: null } });
  });

  it('still refuses a number field holding other text, naming the field', () => {
    const { cars, problems } = parseStock('t', [{ id: 'A1', slug: 'a1', status: 'in_stock', car_type: 'used', km: 'lots' }]);
    expect(cars).toHaveLength(0);
    expect(problems).toMatchObject([{ field: 'km' }]);
  });

  it('reads created_at and updated_at with a time but no zone as UTC (as feed mappings do), whatever the server zone', () => {
    const { cars, problems } = parseStock('t', [
      { id: 'A1', slug: 'a1', status: 'in_stock', car_type: 'used', created_at: '2026-11-03T10:00:00', updated_at: '2026-11-03 10:00' },
      { id: 'A2', slug: 'a2', status: 'in_stock', car_type: 'used', created_at: '2026-11-03T10:00:00+10:00', updated_at: '2026-11-03' },
    ]);
    expect(problems).toEqual([]);
    expect(cars.find((car) => car.id === 'A1')).toMatchObject({ created_at: '2026-11-03T10:00:00Z', updated_at: '2026-11-03T10:00Z' });
    expect(cars.find((car) => car.id === 'A2')).toMatchObject({ created_at: '2026-11-03T10:00:00+10:00', updated_at: '2026-11-03' });
  });

  it('keeps text that merely contains null', () => {
    const { cars } = parseStock('t', [{ id: 'A1', slug: 'a1', status: 'in_stock', car_type: 'used', model: 'Nullarbor', location: { name: 'null' } }]);
    expect(cars[0]).toMatchObject({ model: 'Nullarbor', location: { name: null } });
  });
});

describe('parseStock sets the display name and the primary image of every car (issue 12 item 3)', () => {
  const base = { slug: 'a', status: 'in_stock', car_type: 'used' };
  it.each<[string, Record<string, unknown>, string, string | null]>([
    ['feed name and images', { name: ' 2020 Kia Rio ', images: [{ image: '/a.webp' }], primary_image_url: '/p.webp' }, '2020 Kia Rio', '/a.webp'],
    ["the text 'null' as name and primary image", { name: 'null', year: 2019, make: 'Kia', model: 'Rio', primary_image_url: 'NULL' }, '2019 Kia Rio', null],
    ['no name, no photo', { stocknum: 'B7' }, 'Stock B7', null],
    ['only a primary image url', { make: 'Kia', images: [], primary_image_url: '/p.webp' }, 'Kia', '/p.webp'],
  ])('%s', (_name, fields, name, image) => {
    const { cars, problems } = parseStock('t', [{ id: 1, ...base, ...fields }]);
    expect(problems).toEqual([]);
    expect(cars[0]).toMatchObject({ name, primary_image_url: image });
  });
});
