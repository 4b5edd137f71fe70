/** buildRoutes: two routes of one path keep one page, and the route table says which page was not built. */
import { describe, expect, it } from 'vitest';
import type { SearchDocument } from './documents.ts';
import { buildRouteTable, buildRoutes, routeCollisionMessage } from './routes.ts';

const doc = (fields: Partial<SearchDocument>): SearchDocument =>
  ({
    uid: 'x',
    site: 's',
    id: '1',
    slug: 'x',
    name: 'x',
    car_type: 'used',
    status: 'in_stock',
    created_at: 0,
    custom_rank: 0,
    tiebreak: 1,
    ...fields,
  }) as SearchDocument;

const pathsOf = (documents: SearchDocument[]) => buildRouteTable(documents).routes.map((route) => route.path);

describe('buildRoutes collisions', () => {
  // A make is what a shopper reads in /search/{slug}, and what the menus, model tiles and hero search link to.
  it("keeps a make's page over a location and a dealership of its slug, and names the pages not built", () => {
    const { table, collisions } = buildRoutes([
      doc({ make: 'Mazda', model: 'CX-5', location_slug: 'mazda', location_name: 'Mazda Springwood' }),
      doc({ make: 'Kia', dealership_slug: 'kia', dealership_name: 'Coast Kia' }),
    ]);
    expect(table.routes.find((route) => route.path === '/search/mazda')?.preset).toEqual({ make: ['Mazda'] });
    expect(table.routes.find((route) => route.path === '/search/kia')?.preset).toEqual({ make: ['Kia'] });
    expect(collisions).toEqual([
      { path: '/search/mazda', kept: { kind: 'make', title: 'Mazda' }, lost: { kind: 'location', title: 'Mazda Springwood' } },
      { path: '/search/kia', kept: { kind: 'make', title: 'Kia' }, lost: { kind: 'dealership', title: 'Coast Kia' } },
    ]);
  });

  it('keeps a car-type page over a make, a location or a dealership of its slug, under the table prefix', () => {
    const { collisions } = buildRoutes(
      [doc({ make: 'Demo Cars', location_slug: 'used-cars', location_name: 'Used Cars Yard', dealership_slug: 'new-cars', dealership_name: 'New Cars Co' })],
      '/used-car',
    );
    expect(collisions).toEqual([
      { path: '/used-car/demo-cars', kept: { kind: 'car-type', title: 'Demo Cars' }, lost: { kind: 'make', title: 'Demo Cars' } },
      { path: '/used-car/used-cars', kept: { kind: 'car-type', title: 'Used Cars' }, lost: { kind: 'location', title: 'Used Cars Yard' } },
      { path: '/used-car/new-cars', kept: { kind: 'car-type', title: 'New Cars' }, lost: { kind: 'dealership', title: 'New Cars Co' } },
    ]);
  });

  it('reports nothing when every route has a path of its own, or two spellings share a page', () => {
    const documents = [
      doc({ make: 'Toyota', model: 'Corolla', location_slug: 'springwood', location_name: 'Springwood', dealership_slug: 'acme', dealership_name: 'Acme' }),
      doc({ make: 'TOYOTA', model: 'COROLLA', location_slug: 'Springwood', location_name: 'Springwood' }),
    ];
    expect(buildRoutes(documents).collisions).toEqual([]);
    expect(pathsOf(documents)).toEqual(expect.arrayContaining(['/search/toyota', '/search/toyota/corolla', '/search/springwood', '/search/acme']));
  });

  it('says which page a path shows and which is not built, and what a dealer can rename', () => {
    const [location, make] = [
      ...buildRoutes([doc({ make: 'Mazda', location_slug: 'mazda', location_name: 'Mazda Springwood' })]).collisions,
      ...buildRoutes([doc({ make: 'Used Cars' })]).collisions,
    ].map(routeCollisionMessage);
    expect(location).toBe(
      'search page /search/mazda is the make page "Mazda"; the location page "Mazda Springwood" has the same path and is not built (its cars are still found from the all-stock page): give the location another slug',
    );
    expect(make).toBe(
      'search page /search/used-cars is the car-type page "Used Cars"; the make page "Used Cars" has the same path and is not built (its cars are still found from the all-stock page)',
    );
  });
});
