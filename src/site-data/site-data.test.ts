/**
 * Site data (issue 12 item 1): the one reader of the tenant bundle. Pages get typed tenant
 * files and memoised views from one accessor; the same views can be made from a bundle object
 * without a file on disk (new SiteData(bundle)).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createBundle } from '../builder/bundle/create-bundle.ts';
import { setEnvironment } from '../config/env.ts';
import { loadTenant } from '../lib/site/tenant.ts';
import { computeRange } from '../lib/range/site-range.ts';
import { modelsFromStock } from '../lib/range/menu.ts';
import { SiteData, siteData } from './site-data.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const bundleOf = (name: string) => createBundle(loadTenant(`tests/fixtures/tenants/${name}`, NOW), NOW);

describe('SiteData views', () => {
  it('hands out the optional tenant files as their schemas parsed them, empty when a tenant has none', () => {
    const withBrands = new SiteData(bundleOf('site-dealerships'));
    expect(withBrands.brands().length).toBeGreaterThan(0);
    expect(withBrands.brands()[0]).toHaveProperty('type');
    const plain = new SiteData(bundleOf('search-demo'));
    expect(plain.brands()).toEqual([]);
    expect(plain.offers()).toEqual([]);
    expect(plain.slides()).toEqual([]);
    expect(plain.products()).toEqual([]);
    expect(plain.blog()).toEqual([]);
    expect(plain.reviews()).toBeUndefined();
    expect(plain.modelsFile()).toBeUndefined();
  });

  it('computes each derived view once per bundle (the same object on every call)', async () => {
    const data = new SiteData(bundleOf('search-demo'));
    expect(data.range()).toBe(data.range());
    expect(data.menus()).toBe(data.menus());
    expect(data.chrome()).toBe(data.chrome());
    expect(data.brandOverviews()).toBe(data.brandOverviews());
    expect(data.search()).toBe(data.search());
    expect(await data.heroSearch()).toBe(await data.heroSearch());
    // A second bundle gets its own views, not the first one's.
    const other = new SiteData(bundleOf('site-no-locations'));
    expect(other.range()).not.toBe(data.range());
    expect((await other.search()).documents.length).toBe(other.cars.length);
  });

  it('builds the Range menu from models.json when the tenant has one, else from stock', () => {
    const fromFile = new SiteData(bundleOf('site-no-locations'));
    expect(fromFile.range().fromFile).toBe(true);
    expect(fromFile.menus().models.map((model) => model.href)).toEqual(fromFile.range().tiles.map((tile) => tile.href));
    const fromStock = new SiteData(bundleOf('search-demo'));
    expect(fromStock.range()).toEqual(computeRange(fromStock.site, fromStock.cars, undefined, fromStock.routeTable()));
    expect(fromStock.menus().models).toEqual(modelsFromStock(fromStock.cars, fromStock.routeTable()));
    expect(fromStock.chrome()).toEqual({
      site: fromStock.site,
      menu: fromStock.menus().menu,
      buttons: fromStock.menus().buttons,
      footer: fromStock.menus().footer,
      garage: fromStock.menus().garage,
      buildTime: NOW,
    });
  });

  it('renders every car, search route and brand page unless an incremental build names the ones to render', () => {
    const bundle = bundleOf('search-demo');
    const all = new SiteData(bundle);
    expect(all.carsToRender()).toEqual(bundle.cars);
    expect(all.renders('search', 'toyota')).toBe(true);
    expect(all.renders('brand', 'toyota')).toBe(true);
    const slug = bundle.cars[1]!.slug;
    const partial = new SiteData({ ...bundle, render: { car: [slug], search: ['toyota'], brand: [] } });
    expect(partial.carsToRender().map((car) => car.slug)).toEqual([slug]);
    expect(partial.cars).toHaveLength(bundle.cars.length);
    expect(partial.renders('search', 'toyota')).toBe(true);
    expect(partial.renders('search', 'used-cars')).toBe(false);
    expect(partial.renders('brand', 'toyota')).toBe(false);
  });
});

describe('the menus link exactly the pages products.json and the content pages build (productPagePaths, one owner)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-data-menus-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Every href of the header menu's dropdowns, the header buttons and the footer. */
  const menuHrefs = (data: SiteData) => [
    ...data.menus().menu.flatMap((item) => (item.children ?? []).flatMap((column) => column.links.map((link) => link.href))),
    ...data.menus().buttons.map((link) => link.href),
    ...data.menus().footer.flatMap((group) => group.links.map((link) => link.href)),
  ];
  /** The dealer's More menu, dealer group and header buttons with an Accessories link (site.json `menus`). */
  const withAccessoriesLink = (site: SiteData['site']) => ({
    ...site,
    menus: {
      ...site.menus,
      more: [...site.menus.more, { label: 'Accessories', href: '/accessories' }],
      dealer_group: [...site.menus.dealer_group, { label: 'Accessories', href: '/accessories/' }],
      header_buttons: [...site.menus.header_buttons, { label: 'Shop Accessories', href: '/accessories?category=Towing' }],
    },
  });

  it('a tenant without products.json: its own content/accessories.md is linked, the parts pages are not', () => {
    const tenantDir = join(dir, 'search-demo');
    cpSync('tests/fixtures/tenants/search-demo', tenantDir, { recursive: true });
    mkdirSync(join(tenantDir, 'content'));
    writeFileSync(join(tenantDir, 'content', 'accessories.md'), '---\ntitle: Accessories\n---\nFit-outs we supply.\n');
    const bundle = createBundle(loadTenant(tenantDir, NOW), NOW);
    expect(bundle.content.map((page) => page.path)).toContain('/accessories');
    const data = new SiteData({ ...bundle, site: withAccessoriesLink(bundle.site) });
    const hrefs = menuHrefs(data);
    expect(hrefs).toContain('/accessories');
    expect(hrefs).toContain('/accessories/');
    expect(data.chrome().buttons.map((link) => link.href)).toContain('/accessories?category=Towing');
    expect(hrefs).not.toContain('/vehicle-parts-and-accessories');
    expect(hrefs).not.toContain('/parts/search');
    // Without the content page, no page is built there: no link.
    const bare = bundleOf('search-demo');
    expect(menuHrefs(new SiteData({ ...bare, site: withAccessoriesLink(bare.site) })).filter((href) => href.startsWith('/accessories'))).toEqual([]);
  });

  it('products with no Accessories: the parts listing is linked, /accessories (not built: a 404) is not', () => {
    const bundle = bundleOf('site-one-location');
    const parts = (bundle.extras.products ?? []).filter((product) => !product.categories.includes('Accessories'));
    expect(parts.length).toBeGreaterThan(0);
    const data = new SiteData({ ...bundle, site: withAccessoriesLink(bundle.site), extras: { ...bundle.extras, products: parts } });
    const hrefs = menuHrefs(data);
    expect(hrefs).toContain('/vehicle-parts-and-accessories');
    expect(hrefs.filter((href) => href.startsWith('/accessories'))).toEqual([]);
    // With an accessory among them, /accessories is built and linked.
    expect(menuHrefs(new SiteData({ ...bundle, site: withAccessoriesLink(bundle.site) }))).toContain('/accessories');
  });
});

describe('siteData() (the bundle file DEALER_BUNDLE names)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-data-'));
  const before = process.env.DEALER_BUNDLE;
  afterEach(() => setEnvironment('DEALER_BUNDLE', before));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a bundle file once, and the next file when DEALER_BUNDLE moves on (the warm renderer)', () => {
    const first = join(dir, 'first.json');
    const second = join(dir, 'second.json');
    writeFileSync(first, JSON.stringify(bundleOf('search-demo')));
    writeFileSync(second, JSON.stringify(bundleOf('site-dealerships')));
    setEnvironment('DEALER_BUNDLE', first);
    const data = siteData();
    expect(data.slug).toBe('search-demo');
    // Read once: a changed file under the same name is not read again within one render.
    rmSync(first);
    expect(siteData()).toBe(data);
    setEnvironment('DEALER_BUNDLE', second);
    expect(siteData().slug).toBe('site-dealerships');
    expect(siteData().brands().length).toBeGreaterThan(0);
  });

  it('says how to build when no bundle is named', () => {
    setEnvironment('DEALER_BUNDLE', undefined);
    expect(() => siteData()).toThrow(/DEALER_BUNDLE is not set: build tenants with `npm run build`/);
  });
});
