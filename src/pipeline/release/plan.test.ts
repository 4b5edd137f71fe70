import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVE_ROUTES } from '../../lib/vehicle/vehicle-actions.ts';
import type { Site } from '../../schemas/site.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { stockRouteTable } from '../../search/build-time/page-data.ts';
import { diffStock, carFingerprint } from './changes.ts';
import { brandPagePlan, carSlugsToRender, CLOCK_SEEDED_ROUTES, GLOBAL_ROUTES, PAGE_FAMILIES, planRelease, renderPlanOf, reusableRoutes, reusedFamilyFiles, STOCK_FREE_ROUTES } from './plan.ts';

const pages = join(import.meta.dirname, '..', '..', 'pages');
const routeFile = (route: string) => [`${route}.astro`, `${route}.ts`, `${route}/index.astro`].map((file) => join(pages, file)).find((file) => existsSync(file));

/** Every route of src/pages as an Astro route pattern ('/cars/[slug]', '/car-choices.json', '/'). */
function allRoutes(dir = pages, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return allRoutes(join(dir, entry.name), `${prefix}/${entry.name}`);
    if (!/\.(astro|ts)$/.test(entry.name) || entry.name.endsWith('.test.ts')) return [];
    const route = `${prefix}/${entry.name.replace(/\.(astro|ts)$/, '')}`.replace(/\/index$/, '');
    return [route === '' ? '/' : route];
  });
}

describe('page plan: every route in exactly one class (issue 12 item 2)', () => {
  const families = Object.values(PAGE_FAMILIES).flatMap((family) => family.routes);
  const classes = [...families, ...GLOBAL_ROUTES, ...STOCK_FREE_ROUTES, ...CLOCK_SEEDED_ROUTES];

  it('classifies every route of src/pages once, and names no route that does not exist', () => {
    const routes = allRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(new Set(classes).size).toBe(classes.length);
    expect([...classes].sort()).toEqual([...routes].sort());
  });

  it("gives each family's pages the output files its routes write (the key put into the route pattern)", () => {
    const keys = { car: 'kia-rio-2021-42', search: 'toyota/corolla', brand: 'toyota' } as const;
    for (const [name, family] of Object.entries(PAGE_FAMILIES)) {
      const key = keys[name as keyof typeof keys];
      const written = family.routes
        .map((route) => `${route.replace(/\[(\.\.\.)?[a-zA-Z]+\]/, key).slice(1)}/index.html`)
        .flatMap((file) => (file.includes('[reserve]') ? RESERVE_ROUTES.map((reserve) => file.replace('[reserve]', reserve)) : [file]));
      expect(family.files(key).sort(), name).toEqual(written.sort());
    }
  });

  it('reads the render filter of a family only in that family\'s routes', () => {
    for (const route of allRoutes()) {
      const source = readFileSync(routeFile(route) ?? join(pages, `${route}.json.ts`), 'utf8');
      const family = Object.entries(PAGE_FAMILIES).find(([, f]) => f.routes.includes(route))?.[0];
      for (const name of Object.keys(PAGE_FAMILIES)) if (name !== family) expect(source, route).not.toContain(`renders('${name}'`);
      if (family === 'car') expect(source, route).toContain('carsToRender()');
      else if (family) expect(source, route).toContain(`renders('${family}'`);
    }
  });
});

describe('planRelease: one plan from the families', () => {
  const site = { slug: 'plan', used_car_routes: false, dealerships: [], texts: { new_tag: 'New' } } as unknown as Site;
  const car = (id: number, make: string, model: string, price: number) => makeCar({ id, slug: `car-${id}`, make, model, price, status: 'in_stock', car_type: 'used' });
  const previous = [car(1, 'Toyota', 'Corolla', 20000), car(2, 'Toyota', 'Corolla', 25000), car(3, 'Mazda', 'CX-5', 30000)];
  const fingerprints = new Map(previous.map((c) => [String(c.id), carFingerprint(c)]));

  it('renders the changed car, the pages that show it and takes the rest over', () => {
    const next = previous.map((c) => (c.id === 3 ? { ...c, price: 29000 } : c));
    const change = { site, models: undefined, previous, next, diff: diffStock(fingerprints, next) };
    const full = Date.parse('2026-11-21T10:00:00+10:00');
    const plan = planRelease(change, full + 60_000, full);
    // car-3 and the cars whose similar vehicles show it (affectedCarSlugs, src/pipeline/release/changes.test.ts).
    expect(plan.families.car).toEqual({ all: false, render: ['car-1', 'car-2', 'car-3'], reuse: [] });
    expect(plan.families.brand).toEqual({ all: false, render: ['mazda'], reuse: ['toyota'] });
    expect(plan.families.search.all).toBe(false);
    const search = plan.families.search as { render: string[]; reuse: string[] };
    expect(search.render).toContain('mazda');
    expect(search.reuse).toContain('toyota');
    expect(plan.reuseRoutes).toEqual(reusableRoutes(full + 60_000, full, 'Australia/Brisbane'));
    expect(renderPlanOf(plan)).toEqual({ car: ['car-1', 'car-2', 'car-3'], search: search.render, brand: ['mazda'] });
    const kept = reusedFamilyFiles(plan);
    expect(kept.has('toyota/overview/index.html')).toBe(true);
    expect(kept.has('search/toyota/index.html')).toBe(true);
    expect(kept.has('mazda/overview/index.html')).toBe(false);
  });

  it('renders a whole family when the change reaches all its pages', () => {
    const next = [...previous, car(4, 'Kia', 'Rio', 15000)];
    const plan = planRelease({ site, models: undefined, previous, next, diff: diffStock(fingerprints, next) }, 0, 0);
    expect(plan.families.brand.all).toBe(true);
    expect(plan.families.search.all).toBe(true);
    expect(renderPlanOf(plan)).toEqual({ car: (plan.families.car as { render: string[] }).render });
    expect([...reusedFamilyFiles(plan)]).toEqual([]);
  });

  it.each([false, true])("names exactly the search pages of the build's own route table (stockRouteTable), used_car_routes %s", (usedCar) => {
    const routed = { ...site, used_car_routes: usedCar } as Site;
    const next = previous.map((c) => (c.id === 3 ? { ...c, price: 29000 } : c));
    const search = planRelease({ site: routed, models: undefined, previous, next, diff: diffStock(fingerprints, next) }, 0, 0).families.search as { render: string[]; reuse: string[] };
    const table = stockRouteTable(next, routed);
    expect(table.prefix).toBe(usedCar ? '/used-car' : '/search');
    const built = table.routes.map((route) => route.path.slice(table.prefix.length + 1));
    expect([...search.render, ...search.reuse].sort()).toEqual([...built].sort());
    expect(search.render).toEqual(['used-cars', 'new-used-and-demo-cars', 'mazda', 'mazda/cx-5']);
  });
});

describe('page plan: stock-free routes (issue 17 item 6)', () => {
  const listed = [...STOCK_FREE_ROUTES, ...CLOCK_SEEDED_ROUTES];

  it('names only routes that exist, each once', () => {
    expect(new Set(listed).size).toBe(listed.length);
    for (const route of listed) expect(routeFile(route), route).toBeDefined();
  });

  it('clock-seeded pages read no stock either', () => {
    for (const route of CLOCK_SEEDED_ROUTES) expect(readFileSync(routeFile(route)!, 'utf8'), route).not.toMatch(/\.cars\b|carChoices\b|carList|searchBuildData|\.range\(|carsToRender/);
  });

  it('lists no page that reads the stock or the build time (the words that do, in the page file itself)', () => {
    for (const route of STOCK_FREE_ROUTES) {
      const source = readFileSync(routeFile(route)!, 'utf8');
      expect(source, route).not.toMatch(/\.cars\b|carChoices\b|carList|buildTime|searchBuildData|getRange|\.range\(|carsToRender|renderCars/);
    }
  });

  it('takes pages over only within the year of the last full build (the footer shows the year)', () => {
    const full = Date.parse('2026-11-21T10:00:00+10:00');
    expect(reusableRoutes(full + 3_600_000, full, 'Australia/Brisbane')).toEqual(listed);
    expect(reusableRoutes(Date.parse('2027-06-01T12:00:00Z'), Date.parse('2026-06-01T12:00:00Z'), 'Australia/Brisbane')).toEqual([]);
  });

  it("reads the year on the dealer's clock, not the machine's: New Year in Sydney changes the footer's year before UTC's", () => {
    const plan = (timezone: string) => planRelease({ site: makeSite({ timezone }), models: undefined, previous: [], next: [], diff: diffStock(new Map(), []) }, now, full);
    // 23:00 and 01:00 in Sydney, 31 December 2026 and 1 January 2027; 20:00 and 22:00 on 31 December in Perth.
    const full = Date.parse('2026-12-31T12:00:00Z');
    const now = Date.parse('2026-12-31T14:00:00Z');
    expect(plan('Australia/Sydney').reuseRoutes).toEqual([]);
    expect(plan('Australia/Perth').reuseRoutes).toEqual(listed);
  });
});

describe('brandPagePlan', () => {
  const site = { used_car_routes: false, texts: { new_tag: 'New' } } as unknown as Site;
  const car = (id: number, make: string, model: string, price: number) => makeCar({ id, slug: `car-${id}`, make, model, price, status: 'in_stock', car_type: 'used' });
  const stock = [car(1, 'Toyota', 'Corolla', 20000), car(2, 'Toyota', 'Corolla', 25000), car(3, 'Mazda', 'CX-5', 30000)];

  it('renders only the brands whose tiles changed (the lowest price is the tile "from" price)', () => {
    expect(brandPagePlan(site, undefined, stock, stock.map((c) => (c.id === 2 ? { ...c, price: 24000 } : c)))).toEqual({ render: [], reuse: ['toyota', 'mazda'] });
    expect(brandPagePlan(site, undefined, stock, stock.map((c) => (c.id === 1 ? { ...c, price: 19000 } : c)))).toEqual({ render: ['toyota'], reuse: ['mazda'] });
  });

  it('renders every brand page when a brand appears or goes', () => {
    expect(brandPagePlan(site, undefined, stock, [...stock, car(4, 'Kia', 'Rio', 15000)])).toBeUndefined();
    expect(brandPagePlan(site, undefined, stock, stock.slice(0, 2))).toBeUndefined();
  });
});

describe('page plan: the car pages a release renders', () => {
  const visible = [{ slug: 'a' }, { slug: 'b' }, { slug: 'c' }];
  const plan = (car: ReturnType<typeof planRelease>['families']['car']) => ({ families: { car, search: { all: true as const, reason: 'x' }, brand: { all: true as const, reason: 'x' } }, reuseRoutes: [] });

  it('renders the affected slugs, or every visible car when the family is affected whole', () => {
    expect(carSlugsToRender(plan({ all: false, render: ['b'], reuse: [] }), visible)).toEqual(['b']);
    expect(carSlugsToRender(plan({ all: true, reason: 'a brand appeared' }), visible)).toEqual(['a', 'b', 'c']);
  });
});
