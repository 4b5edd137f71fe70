import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '../../schemas/car.ts';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import { loadTenant } from '../site/tenant.ts';
import { toSearchDocuments } from '../../search/core/documents.ts';
import { buildRouteTable } from '../../search/core/routes.ts';
import { stockRouteTable } from '../../search/build-time/page-data.ts';
import { allStockPath, searchPrefix } from '../site/search-urls.ts';
import { computeRange, siteMenus } from './site-range.ts';
import { groupModels } from './menu.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const tenantOf = (name: string) => loadTenant(`tests/fixtures/tenants/${name}`, NOW);
/** A build with none of the pages only some sites have (products.json's, content pages). */
const NO_OPTIONAL_PAGES: ReadonlySet<string> = new Set();

/** The hrefs of the Range menu's models and the footer's Models column (Models Overview aside). */
function modelLinks(menus: ReturnType<typeof siteMenus>): string[] {
  const range = menus.menu.find((item) => item.label === 'Range')?.children ?? [];
  const footer = menus.footer.find((group) => group.heading === 'Models')?.links ?? [];
  return [...range.flatMap((column) => column.links), ...footer].map((link) => link.href).filter((href) => href !== '/models');
}

describe('menu model links of a used_car_routes site', () => {
  it("link the site's own /used-car search pages (a /search page's filter was lost once the shopper used it)", () => {
    const { site, visible } = tenantOf('search-options');
    const table = buildRouteTable(toSearchDocuments(visible, site), searchPrefix(site));
    const links = modelLinks(siteMenus(site, computeRange(site, visible, undefined, table), NO_OPTIONAL_PAGES));
    const paths = new Set(table.routes.map((route) => route.path));
    expect(links).toContain('/used-car/jayco/journey');
    for (const href of links) expect(paths.has(href), href).toBe(true);
  });
});

describe('model tiles and menu links of models without stock (site-one-location: 8 Mazda models in models.json, stock of BT-50 and CX-5 only)', () => {
  const tenant = tenantOf('site-one-location');
  const { site, visible } = tenant;
  const file = createBundle(tenant, NOW).extras.models;
  const table = buildRouteTable(toSearchDocuments(visible, site), searchPrefix(site));
  const paths = new Set(table.routes.map((route) => route.path));
  const range = computeRange(site, visible, file, table);

  it('every tile without override_url links a search page the build renders (CX-60 and the others went to a 404)', () => {
    expect(file && !Array.isArray(file) && file.models.every((model) => !model.override_url)).toBe(true);
    expect(range.tiles).toHaveLength(8);
    for (const tile of range.tiles) expect(paths.has(tile.href), `${tile.name} -> ${tile.href}`).toBe(true);
    expect(Object.fromEntries(range.tiles.map((tile) => [tile.name, tile.href]))).toEqual({
      'Mazda 2': '/search/mazda',
      'Mazda 3': '/search/mazda',
      'CX-3': '/search/mazda',
      'CX-5': '/search/mazda/cx-5',
      'CX-60': '/search/mazda',
      'CX-90': '/search/mazda',
      'BT-50': '/search/mazda/bt-50',
      'MX-5': '/search/mazda',
    });
  });

  it('the Range menu and footer Models link the same pages', () => {
    const links = modelLinks(siteMenus(site, range, NO_OPTIONAL_PAGES));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(paths.has(href), href).toBe(true);
  });
});

describe('a range derived from stock (basic-motors: its only Ford Ranger sold, still shown in its sold window)', () => {
  const { site, visible } = tenantOf('basic-motors');
  const range = computeRange(site, visible, undefined, stockRouteTable(visible, site));

  it('the menu lists the models the tiles show: those with a car for sale', () => {
    expect(visible.some((car) => car.make === 'Ford' && car.model === 'Ranger' && car.status === 'sold')).toBe(true);
    expect(range.menuModels.map((model) => model.href).sort()).toEqual(range.tiles.map((tile) => tile.href).sort());
    expect(range.menuModels.map((model) => model.name)).not.toContain('Ford Ranger');
  });
});

describe('a range derived from stock: the Range menu groups the cars as the tiles do', () => {
  // 'CX 5' and 'CX-5' are one model (one search page, one tile with both bodies); the menu grouped
  // on lowercased names and took the first car's body, so it listed the model twice, once under Cars.
  const { site } = tenantOf('basic-motors');
  const cars = [
    v.parse(CarSchema, { id: 1, slug: 'mazda-1', status: 'in_stock', car_type: 'used', make: 'Mazda', model: 'CX 5', simple_body: 'Hatch' }),
    v.parse(CarSchema, { id: 2, slug: 'mazda-2', status: 'in_stock', car_type: 'used', make: 'MAZDA', model: 'CX-5', simple_body: 'SUV' }),
  ];
  const range = computeRange(site, cars, undefined, stockRouteTable(cars, site));

  it('one menu entry for the one tile, with its link and every body of its cars', () => {
    expect(range.tiles.map((tile) => [tile.href, tile.bodies])).toEqual([['/search/mazda/cx-5', ['Hatch', 'SUV']]]);
    expect(range.menuModels).toEqual([{ name: 'Mazda CX 5', href: '/search/mazda/cx-5', body: ['Hatch', 'SUV'] }]);
    expect(groupModels(range.menuModels).map((group) => group.group)).toEqual(['suvs']);
  });
});

describe('stock links of the menu, footer and pages (the search prefix has one owner: src/lib/site/search-urls.ts)', () => {
  /** The header's Stock dropdown and the footer's vehicles column, without the special offers. */
  function stockLinks(menus: ReturnType<typeof siteMenus>): string[] {
    const stock = menus.menu.find((item) => item.label === 'Stock');
    const links = [
      stock?.href,
      ...(stock?.children ?? []).flatMap((column) => column.links.map((link) => link.href)),
      ...(menus.footer[0]?.links ?? []).map((link) => link.href),
    ];
    return links.filter((href): href is string => href !== undefined && href !== '/special-offers');
  }

  it.each([
    ['search-options', '/used-car'],
    ['site-one-location', '/search'],
  ])('%s: every stock link is a search page its build renders, under %s', (name, prefix) => {
    const { site, visible } = tenantOf(name);
    const table = stockRouteTable(visible, site);
    const paths = new Set(table.routes.map((route) => route.path));
    const links = [...stockLinks(siteMenus(site, computeRange(site, visible, undefined, table), NO_OPTIONAL_PAGES)), allStockPath(site)];
    expect(links).toHaveLength(10);
    for (const href of links) expect(href.startsWith(`${prefix}/`) && paths.has(href), href).toBe(true);
    expect(allStockPath(site)).toBe(table.base);
  });
});

describe('siteMenus links a page products.json may build only where the build has a page there', () => {
  const { site, visible } = tenantOf('basic-motors');
  const range = computeRange(site, visible, undefined, stockRouteTable(visible, site));
  const menuSite = { ...site, menus: { ...site.menus, more: [...site.menus.more, { label: 'Accessories', href: '/accessories' }] } };
  const hrefs = (built: string[]) => {
    const menus = siteMenus(menuSite, range, new Set(built));
    return [...menus.menu.flatMap((item) => (item.children ?? []).flatMap((column) => column.links)), ...menus.footer.flatMap((group) => group.links)].map(
      (link) => link.href,
    );
  };

  it.each<[string, string[], string[], string[]]>([
    ['nothing built', [], [], ['/vehicle-parts-and-accessories', '/accessories']],
    ['the parts listing alone', ['/vehicle-parts-and-accessories', '/parts/search'], ['/vehicle-parts-and-accessories'], ['/accessories']],
    ['a content page at /accessories', ['/accessories'], ['/accessories'], ['/vehicle-parts-and-accessories']],
    ['both listings', ['/vehicle-parts-and-accessories', '/accessories', '/parts/search'], ['/vehicle-parts-and-accessories', '/accessories'], []],
  ])('%s', (_name, built, linked, unlinked) => {
    const links = hrefs(built);
    for (const href of linked) expect(links, href).toContain(href);
    for (const href of unlinked) expect(links, href).not.toContain(href);
    // Every other link stays.
    expect(links).toContain('/book-a-service');
  });
});

describe("siteMenus: the header's garage link and the footer's brands link", () => {
  const { site, visible } = tenantOf('basic-motors');
  const range = computeRange(site, visible, undefined, stockRouteTable(visible, site));
  const noGarage = { ...site, garage_enabled: false, features: { ...site.features, garage: false } };
  const dealerGroup = (menus: ReturnType<typeof siteMenus>) => menus.footer[menus.footer.length - 1]!;

  it('a site that keeps a watchlist links My Garage at its garage path: its first garage route, else /my-garage', () => {
    expect(siteMenus({ ...noGarage, garage_enabled: true }, range, NO_OPTIONAL_PAGES).garage).toEqual({ label: 'My Garage', href: '/my-garage' });
    expect(
      siteMenus({ ...noGarage, features: { ...noGarage.features, garage: true }, garage_routes: ['/mysunstate', '/myother'] }, range, NO_OPTIONAL_PAGES).garage,
    ).toEqual({
      label: 'My Garage',
      href: '/mysunstate',
    });
  });

  it('a site without the garage has no garage link', () => {
    expect(siteMenus(noGarage, range, NO_OPTIONAL_PAGES).garage).toBeNull();
  });

  it("the dealer group's column links the brands page first where the build has it, and nowhere else", () => {
    expect(dealerGroup(siteMenus(site, range, NO_OPTIONAL_PAGES)).links.map((link) => link.href)).not.toContain('/brands');
    const links = dealerGroup(siteMenus(site, range, new Set(['/brands']))).links;
    expect(links[0]).toEqual({ label: 'Our Brands', href: '/brands' });
    expect(links.slice(1)).toEqual(dealerGroup(siteMenus(site, range, NO_OPTIONAL_PAGES)).links);
  });

  it('a site whose own dealer-group links go to the brands page gets no second link', () => {
    const own = { ...site, menus: { ...site.menus, dealer_group: [{ label: 'Brands', href: '/brands/' }] } };
    expect(dealerGroup(siteMenus(own, range, new Set(['/brands']))).links).toEqual([{ label: 'Brands', href: '/brands/' }]);
  });
});
