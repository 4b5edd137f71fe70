import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ModelSchema, type Model } from '../../schemas/models.ts';
import {
  bodyCategories,
  bodyCategoryRows,
  bodyIcon,
  filterModelsByBody,
  fromPriceText,
  modelDisplayName,
  modelHref,
  modelLayout,
  modelStatusLabel,
  modelTile,
  modelsFromCars,
  normaliseModelsFile,
  truncateText,
} from './models.ts';

const model = (input: Record<string, unknown>): Model => v.parse(ModelSchema, { slug: 'x', name: 'X', ...input });
/** A site with no stock: its search pages are the car-type routes. */
const NO_STOCK = { prefix: '/search', base: '/search/new-used-and-demo-cars', routes: [{ path: '/search/new-used-and-demo-cars' }] };

describe('model display', () => {
  it.each([
    ['3', 'Mazda', 'Mazda 3'],
    ['86', 'Toyota', 'Toyota 86'],
    ['CX-5', 'Mazda', 'CX-5'],
    ['3', undefined, '3'],
    ['2 Series', 'BMW', '2 Series'],
  ])('%s with brand %s -> %s', (name, brand, expected) => expect(modelDisplayName({ name }, brand)).toBe(expected));

  it.each([
    ['new', 'NEW'],
    ['coming_soon', 'COMING SOON'],
    ['', undefined],
    [undefined, undefined],
  ] as const)('status %s -> %s', (status, expected) => expect(modelStatusLabel(status)).toBe(expected));

  it("9.47: the new badge is the site's texts.new_tag in capitals (default New -> NEW)", () => {
    expect(modelStatusLabel('new', 'Just In')).toBe('JUST IN');
    expect(modelStatusLabel('new', '  ')).toBe('NEW');
    expect(modelStatusLabel('coming_soon', 'Just In')).toBe('COMING SOON');
  });

  it('truncates descriptions at exactly 200 characters (spec §9), mid-word too', () => {
    const long = 'The all-new hybrid family SUV, built for Australian roads. '.repeat(5);
    const result = truncateText(long, 200, 'exact');
    expect(result).toBe(`${long.slice(0, 200)}...`);
    expect(result).toHaveLength(203);
    expect(truncateText('Short text.', 200, 'exact')).toBe('Short text.');
    expect(truncateText('x'.repeat(200), 200, 'exact')).toBe('x'.repeat(200));
    expect(truncateText('x'.repeat(201), 200, 'exact')).toBe(`${'x'.repeat(200)}...`);
    expect(modelTile(model({ short_description: long }), NO_STOCK).description).toBe(`${long.slice(0, 200)}...`);
  });

  it("cuts a limit of the site's own (review quotes) on a nearby word boundary", () => {
    const long = `${'word '.repeat(70)}end`;
    expect(truncateText(long, 300, 'word')).toBe(`${'word '.repeat(59)}word...`);
    expect(truncateText('x'.repeat(301), 300, 'word')).toBe(`${'x'.repeat(300)}...`);
  });

  it('from price', () => {
    expect(fromPriceText(34990)).toBe('from $34,990');
    expect(fromPriceText(0)).toBeUndefined();
  });

  describe("a tile links a built search page: its model's, else its make's, else all stock (pages exist only for stock)", () => {
    const pages = (prefix: string, paths: string[]) => ({
      prefix,
      base: `${prefix}/new-used-and-demo-cars`,
      routes: paths.map((path) => ({ path: `${prefix}/${path}` })),
    });
    const mazda = pages('/search', ['new-cars', 'new-used-and-demo-cars', 'mazda', 'mazda/cx-5', 'mazda/cx5', 'mazda/3']);
    it.each([
      ['a model in stock', model({ slug: 'cx-5' }), 'Mazda', '/search/mazda/cx-5'],
      ['its new_slug first', model({ slug: 'cx-5', new_slug: 'cx5' }), 'Mazda', '/search/mazda/cx5'],
      ["the model's name when its slug has no page ('3', slug mazda3)", model({ name: '3', slug: 'mazda3' }), 'Mazda', '/search/mazda/3'],
      ['no stock of the model: the make', model({ name: 'CX-60', slug: 'cx-60', status: 'coming_soon' }), 'Mazda', '/search/mazda'],
      ['no stock of the make: all stock', model({ name: 'Corolla', slug: 'corolla' }), 'Toyota', '/search/new-used-and-demo-cars'],
      ['no brand: all stock', model({ slug: 'cx-5' }), undefined, '/search/new-used-and-demo-cars'],
      ['override_url wins', model({ slug: 'cx-60', override_url: '/cx-60-offer' }), 'Mazda', '/cx-60-offer'],
    ])('%s', (_name, input, brand, expected) => expect(modelHref(input, brand, mazda)).toBe(expected));
    it("under the site's own prefix", () => {
      expect(modelHref(model({ slug: 'cx-5' }), 'Mazda', pages('/used-car', ['new-used-and-demo-cars', 'mazda', 'mazda/cx-5']))).toBe('/used-car/mazda/cx-5');
      expect(modelHref(model({ slug: 'cx-3' }), 'Mazda', pages('/used-car', ['new-used-and-demo-cars', 'mazda', 'mazda/cx-5']))).toBe('/used-car/mazda');
    });
  });

  it('tile data uses the file brand for number-only names', () => {
    const { models } = normaliseModelsFile({
      manufacturer: { name: 'Mazda', slug: 'mazda' },
      manufacturers: [],
      models: [model({ name: '3', slug: 'mazda3', status: 'new', from_price: 29990 })],
    });
    const pages = { prefix: '/search', base: '/search/new-used-and-demo-cars', routes: [{ path: '/search/mazda' }, { path: '/search/mazda/mazda3' }] };
    expect(modelTile(models[0], pages)).toMatchObject({ name: 'Mazda 3', status: 'NEW', fromPrice: 'from $29,990', href: '/search/mazda/mazda3' });
  });
});

describe('body filter', () => {
  const range = [
    model({ name: 'CX-5', slug: 'cx-5', body: ['SUV'] }),
    model({ name: 'BT-50', slug: 'bt-50', manufacturer_body: 'Ute', manufacturer_body2: 'Cab Chassis' }),
    model({ name: '3', slug: 'mazda3', body: ['Hatch', 'Sedan'] }),
    model({ name: 'CX-90', slug: 'cx-90', body: ['SUV'], manufacturer_body: 'suv' }),
  ];
  it('lists categories in first-seen order with counts (duplicates merged)', () => {
    expect(bodyCategories(range)).toEqual([
      { body: 'SUV', slug: 'suv', count: 2 },
      { body: 'Ute', slug: 'ute', count: 1 },
      { body: 'Cab Chassis', slug: 'cab-chassis', count: 1 },
      { body: 'Hatch', slug: 'hatch', count: 1 },
      { body: 'Sedan', slug: 'sedan', count: 1 },
    ]);
  });
  it.each([
    ['suv', ['cx-5', 'cx-90']],
    ['cab-chassis', ['bt-50']],
    ['sedan', ['mazda3']],
    ['all', ['cx-5', 'bt-50', 'mazda3', 'cx-90']],
    ['', ['cx-5', 'bt-50', 'mazda3', 'cx-90']],
    ['boat', []],
  ])('?body=%s', (body, slugs) => expect(filterModelsByBody(range, body).map((m) => m.slug)).toEqual(slugs));

  it.each([
    [0, []],
    [3, [3]],
    [4, [4]],
    [5, [3, 2]],
    [9, [5, 4]],
    [10, [4, 4, 2]],
    [12, [4, 4, 4]],
  ])('%i categories split into rows %j', (count, sizes) => {
    expect(bodyCategoryRows(Array.from({ length: count }, (_, i) => i)).map((row) => row.length)).toEqual(sizes);
  });

  it('carousel when more than one model, else grid', () => {
    expect([0, 1, 2].map(modelLayout)).toEqual(['grid', 'grid', 'carousel']);
  });

  it.each([
    ['SUV', 'suv'],
    ['Cab Chassis', 'cabChassis'],
    ['People Mover', 'peopleMover'],
    ['Station Wagon', 'stationWagon'],
    ['Light Truck', 'lightTruck'],
    ['Hatchback', 'hatchback'],
    ['4x4', '4x4'],
    ['Dual Cab Ute', 'ute'],
    ['Something', 'sedan'],
    ['Medium Truck', 'lightTruck'],
    ['Prime Mover', 'lightTruck'],
    ['Naked', 'motorcycle'],
    ['Adventure', 'motorcycle'],
    ['Scooter', 'motorcycle'],
    ['Caravan', 'caravan'],
    ['Pop Top', 'caravan'],
    ['Camper Trailer', 'caravan'],
    ['Hybrid Camper', 'caravan'],
    ['Van', 'van'],
  ])('body icon of %s is %s', (body, icon) => expect(bodyIcon(body)).toBe(icon));
});

describe('modelsFromCars (no models.json)', () => {
  it('one model per make and model, from the lowest price, most-stocked first, sold cars ignored', () => {
    const models = modelsFromCars([
      { make: 'Mazda', model: 'CX-5', simple_body: 'SUV', price: 36990, status: 'in_stock' },
      { make: 'Mazda', model: 'CX-5', simple_body: 'SUV', price: 31990, status: 'in_stock' },
      { make: 'Mazda', model: 'CX-5', price: 9990, status: 'sold' },
      { make: 'Ford', model: 'Ranger', simple_body: 'Ute', price: 0, status: 'in_stock' },
      { make: 'Ford', model: null },
    ]);
    expect(models.map((m) => [m.manufacturer_name, m.name, m.from_price, m.body, m.stockCount])).toEqual([
      ['Mazda', 'CX-5', 31990, ['SUV'], 2],
      ['Ford', 'Ranger', undefined, ['Ute'], 1],
    ]);
  });

  it("pictures a model with the first of its cars that has a photo, else the first one's body placeholder", () => {
    const models = modelsFromCars([
      { make: 'Mazda', model: 'CX-5', simple_body: 'SUV', price: 36990, status: 'in_stock', primary_image_url: null },
      { make: 'Mazda', model: 'CX-5', simple_body: 'SUV', price: 31990, status: 'in_stock', primary_image_url: '/media/photos/cx5-a.jpg' },
      { make: 'Mazda', model: 'CX-5', simple_body: 'SUV', price: 33990, status: 'in_stock', primary_image_url: '/media/photos/cx5-b.jpg' },
      { make: 'Ford', model: 'Ranger', simple_body: 'Ute', price: 45990, status: 'in_stock' },
    ]);
    expect(models.map((m) => [m.name, m.image?.url])).toEqual([
      ['CX-5', '/media/photos/cx5-a.jpg'],
      ['Ranger', '/media/placeholders/ute.webp'],
    ]);
    expect(models.every((m) => !('photo' in m))).toBe(true);
  });

  it('a tile of a derived model says how many are in stock; a models.json model says nothing', () => {
    const [derived] = modelsFromCars([
      { make: 'Mazda', model: 'CX-5', price: 36990, status: 'in_stock' },
      { make: 'Mazda', model: 'CX-5', price: 31990, status: 'in_stock' },
    ]);
    expect(modelTile(derived!, NO_STOCK).stockCount).toBe(2);
    expect(modelTile(model({ name: 'CX-5' }), NO_STOCK).stockCount).toBeUndefined();
  });
});
