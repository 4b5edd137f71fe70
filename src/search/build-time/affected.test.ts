import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { affectedSearchPages } from './affected.ts';
import { toSearchDocuments } from '../core/documents.ts';
import { createSearchEngine } from '../engine/engine.ts';
import { buildRouteTable } from '../core/routes.ts';
import { snapshotResults } from './snapshot.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const site = { slug: 'demo', dealerships: [{ id: 1, slug: 'north', name: 'North Motors' }, { id: 2, slug: 'south', name: 'South Motors' }] } as never;
const MODELS: [string, string][] = [
  ['Toyota', 'Corolla'],
  ['Toyota', 'Hilux'],
  ['Mazda', 'CX-5'],
  ['Kia', 'Rio'],
];
const TYPES = ['new', 'used', 'demo'] as const;

/** A small random stock: a few makes, models, types, locations and dealerships. */
function stock(seed: number, count: number): Car[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, (_, index) => {
    const [make, model] = MODELS[Math.floor(next() * MODELS.length)];
    const yard = next() < 0.5 ? 'north-yard' : 'south-yard';
    return makeCar({
      id: index + 1,
      slug: `car-${index + 1}`,
      name: `${make} ${model}`,
      make,
      model,
      car_type: TYPES[Math.floor(next() * TYPES.length)],
      status: 'in_stock',
      price: 10_000 + Math.floor(next() * 60) * 1000,
      colour: next() < 0.5 ? 'White' : 'Blue',
      dealership_slug: next() < 0.5 ? 'north' : 'south',
      location: { name: yard === 'north-yard' ? 'North Yard' : 'South Yard', slug: yard },
      created_at: new Date(Date.UTC(2026, 9, 1 + index)).toISOString(),
    });
  });
}

/** What a search page renders of its snapshot (SearchRoutePage's `initial`). */
function rendered(result: ReturnType<typeof snapshotResults>): string {
  const { hits, nbHits, nbPages, facets, facets_stats } = result;
  return JSON.stringify({ hits, nbHits, nbPages, facets, facets_stats });
}

/** Ground truth: the route paths whose build-time snapshot really differs between two stocks. */
function reallyChanged(before: Car[], after: Car[]): string[] {
  const table = buildRouteTable(toSearchDocuments(after, site));
  const engineBefore = createSearchEngine(toSearchDocuments(before, site));
  const engineAfter = createSearchEngine(toSearchDocuments(after, site));
  return table.routes
    .filter((route) => rendered(snapshotResults(engineBefore, route.preset, 24)) !== rendered(snapshotResults(engineAfter, route.preset, 24)))
    .map((route) => route.path.slice('/search/'.length));
}

function affected(before: Car[], after: Car[], ids: number[]) {
  return affectedSearchPages(site, before, after, new Set(ids.map(String)));
}

describe('affectedSearchPages', () => {
  const before = stock(7, 60);

  it('a price change touches only the pages whose results hold the car', () => {
    const target = before.find((car) => car.make === 'Toyota' && car.model === 'Corolla' && car.car_type === 'used')!;
    const after = before.map((car) => (car === target ? { ...car, price: (car.price as number) - 500 } : car));
    const result = affected(before, after, [target.id as number]);
    expect(result.all).toBe(false);
    const paths = result.all ? [] : result.paths;
    expect(paths).toEqual(expect.arrayContaining(['used-cars', 'new-used-and-demo-cars', 'toyota', 'toyota/corolla', target.location!.slug!]));
    expect(paths).not.toContain('mazda');
    expect(paths).not.toContain('toyota/hilux');
    expect(paths).not.toContain('new-cars');
    expect(paths).toEqual(expect.arrayContaining(reallyChanged(before, after)));
  });

  it('a changed car type also touches the counts of the other car-type pages', () => {
    const target = before.find((car) => car.car_type === 'used')!;
    const after = before.map((car) => (car === target ? { ...car, car_type: 'demo' } : car)) as Car[];
    const result = affected(before, after, [target.id as number]);
    const paths = result.all ? [] : result.paths;
    expect(paths).toEqual(expect.arrayContaining(['new-cars', 'used-cars', 'demo-cars']));
    expect(paths).toEqual(expect.arrayContaining(reallyChanged(before, after)));
  });

  it('a new make or model changes the route table: every page', () => {
    const after = [...before, { ...before[0], id: 999, slug: 'car-999', make: 'Subaru', model: 'Forester' } as Car];
    expect(affected(before, after, [999])).toMatchObject({ all: true });
  });

  it('a location selling out keeps its View Our Stock page in the table, and renders it (no results now)', () => {
    const linked = { ...(site as object), locations: [{ slug: 'north-yard', name: 'North Yard', stock_url: '/search/north-yard' }] } as never;
    const gone = before.filter((car) => car.location?.slug === 'north-yard');
    expect(gone.length).toBeGreaterThan(0);
    const after = before.filter((car) => !gone.includes(car));
    const result = affectedSearchPages(linked, before, after, new Set(gone.map((car) => String(car.id))));
    expect(result).toMatchObject({ all: false });
    expect(result.all ? [] : result.paths).toContain('north-yard');
    // Without the link the page went with the location's last car: the table changed.
    const ids = gone.map((car) => car.id as number);
    expect(affected(before, after, ids)).toMatchObject({ all: true });
  });

  it('never misses a page whose results really changed (random changes)', () => {
    let compared = 0;
    for (let seed = 1; seed <= 25; seed += 1) {
      let state = seed * 7919;
      const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
      const after = before
        .filter(() => next() > 0.03)
        .map((car) => {
          const roll = next();
          if (roll < 0.05) return { ...car, price: (car.price as number) + 1000 };
          if (roll < 0.08) return { ...car, car_type: TYPES[Math.floor(next() * 3)] };
          if (roll < 0.1) return { ...car, colour: 'Red' };
          if (roll < 0.12) return { ...car, dealership_slug: car.dealership_slug === 'north' ? 'south' : 'north' };
          if (roll < 0.13) return { ...car, status: 'sold' };
          return car;
        }) as Car[];
      const touched = new Set([...before, ...after].map((car) => String(car.id)).filter((id) => JSON.stringify(before.find((car) => String(car.id) === id)) !== JSON.stringify(after.find((car) => String(car.id) === id))));
      const result = affectedSearchPages(site, before, after, touched);
      if (result.all) continue;
      expect(result.paths, `seed ${seed}`).toEqual(expect.arrayContaining(reallyChanged(before, after)));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(15);
  });
});
