import { describe, expect, it } from 'vitest';
import { modelsFromStock } from '../../lib/range/menu.ts';
import { modelHref } from '../../lib/range/models.ts';
import type { SearchDocument } from './documents.ts';
import { buildRouteTable } from './routes.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

// Finding (issue 12): the menu and model links for 'Citroën' and 'Škoda' 404'd because the
// menu slugged accents differently from the search route table. One slugify: they now agree.
describe('menu and model links land on a search route (accented makes)', () => {
  const stock = [
    { make: 'Citroën', model: 'C5 Aircross' },
    { make: 'Škoda', model: 'Octavia RS' },
    { make: 'Toyota', model: 'C-HR' },
  ];
  const table = buildRouteTable(stock.map((car) => car as unknown as SearchDocument));
  const paths = new Set(table.routes.map((route) => route.path));

  it('the Range menu built from stock links only to existing routes', () => {
    const menu = modelsFromStock(
      stock.map((car, index) => makeCar({ id: String(index), slug: `c${index}`, status: 'in_stock', car_type: 'used', ...car })),
      table,
    );
    expect(menu.map(({ href }) => href).sort()).toEqual(['/search/citroen/c5-aircross', '/search/skoda/octavia-rs', '/search/toyota/c-hr']);
    for (const { href } of menu) expect(paths.has(href)).toBe(true);
  });

  it("a models.json tile's brand link lands on the make's route", () => {
    const href = modelHref({ slug: 'octavia-rs', name: 'Octavia RS' } as Parameters<typeof modelHref>[0], 'Škoda', table);
    expect(href).toBe('/search/skoda/octavia-rs');
    expect(paths.has(href)).toBe(true);
  });
});
