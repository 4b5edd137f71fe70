import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '../../schemas/car.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { toSearchDocuments } from '../../search/core/documents.ts';
import { buildRouteTable } from '../../search/core/routes.ts';
import { footerGroups, groupModels, headerButtons, headerMenu, headerVariant, isCurrentSection, modelsFromStock, rangeGroupOf, slugify } from './menu.ts';

const site = (fields: Record<string, unknown> = {}) =>
  v.parse(SiteSchema, { slug: 's', template: 'used-group', name: 'Sunny Cars', url: 'https://s.com.au', phone: '+61 7 3000 0000', ...fields });
const car = (fields: Record<string, unknown>) => v.parse(CarSchema, { id: 1, slug: 'c', status: 'in_stock', car_type: 'used', ...fields });
/** The menu derived from these cars, linking the search pages built for them. */
const menuOf = (cars: ReturnType<typeof car>[]) => modelsFromStock(cars, buildRouteTable(toSearchDocuments(cars, site())));

describe('headerMenu', () => {
  it('has the spec items in order', () => {
    expect(headerMenu(site(), []).map((item) => item.label)).toEqual(['Home', 'Range', 'Stock', 'Sell My Car', 'Finance', 'Service & Parts', 'More']);
  });
  it('ends Range with Models Overview and groups models by body', () => {
    const range = headerMenu(site(), [
      { name: 'Toyota RAV4', href: '/m/rav4', body: ['SUV'] },
      { name: 'Toyota HiLux', href: '/m/hilux', body: ['Ute'] },
      { name: 'Toyota Corolla Hybrid', href: '/m/ch', body: ['Hatch'], fuel: 'Hybrid' },
    ])[1];
    expect(range.children?.map((column) => column.heading)).toEqual(['SUVs', 'Utes', 'Hybrids', undefined]);
    expect(range.children?.at(-1)?.links).toEqual([{ label: 'Models Overview', href: '/models' }]);
  });
  it('uses the template wording and the /used-car base where the site asks', () => {
    const menu = headerMenu(site({ template: 'caravan', used_car_routes: true }), []);
    expect(menu[3]).toEqual({ label: 'Sell My Caravan', href: '/sell-my-car' });
    expect(menu[2].href).toBe('/used-car/new-used-and-demo-cars');
    expect(headerMenu(site(), [])[2].href).toBe('/search/new-used-and-demo-cars');
  });
  it("leaves 'Our Locations' out of More, the dealer group and the header buttons where the site has no locations pages (features.locations)", () => {
    const more = (fields: Record<string, unknown>) => headerMenu(site(fields), []).at(-1)?.children?.[0].links.map((link) => link.href);
    expect(more({})).toContain('/dealer-locator');
    expect(more({ features: { locations: false } })).toEqual(['/about-us', '/special-offers', '/warranty', '/contact-us']);
    const group = footerGroups(site({ features: { locations: false }, menus: { dealer_group: [{ label: 'Yard', href: '/locations/yard' }, { label: 'Jobs', href: '/careers' }] } }), []).at(-1);
    expect(group?.links).toEqual([{ label: 'Jobs', href: '/careers' }]);
    // Header buttons too (a dealer's own 'Find Us' to a location page that is not built).
    const buttons = headerButtons(site({ features: { locations: false }, menus: { header_buttons: [{ label: 'Find Us', href: '/locations/yard' }, { label: 'Book a Service', href: '/book-a-service' }] } }));
    expect(buttons).toEqual([{ label: 'Book a Service', href: '/book-a-service' }]);
  });
  it('links no trade-in page (/sell-my-car, /trade-in, /cars/trade-in) from the menu, footer or header buttons where the site offers no valuation (features.trade_in false)', () => {
    const off = site({ features: { trade_in: false }, menus: { more: [{ label: 'Value your trade', href: '/trade-in/' }, { label: 'Jobs', href: '/careers' }] } });
    expect(headerMenu(off, []).map((item) => item.label)).toEqual(['Home', 'Range', 'Stock', 'Finance', 'Service & Parts', 'More']);
    expect(headerMenu(off, []).at(-1)?.children?.[0].links).toEqual([{ label: 'Jobs', href: '/careers' }]);
    expect(footerGroups(off, [])[2].links.map((link) => link.label)).toEqual(['Finance', 'Book a Test Drive']);
    expect(headerButtons(off)).toEqual([{ label: 'Book a Service', href: '/book-a-service' }]);
    const hrefs = [
      ...headerMenu(off, []).flatMap((item) => [item.href, ...(item.children ?? []).flatMap((column) => column.links.map((link) => link.href))]),
      ...footerGroups(off, []).flatMap((group) => group.links.map((link) => link.href)),
      ...headerButtons(off).map((button) => button.href),
    ];
    expect(hrefs.filter((href) => /trade-in|sell-my-car/.test(href))).toEqual([]);
    expect(headerButtons(site())).toEqual([
      { label: 'Book a Service', href: '/book-a-service' },
      { label: 'Value My Car', href: '/sell-my-car' },
    ]);
  });
  it('takes More links from site.json menus', () => {
    const menu = headerMenu(site({ menus: { more: [{ label: 'Careers', href: '/careers' }] } }), []);
    expect(menu.at(-1)?.children?.[0].links).toEqual([{ label: 'Careers', href: '/careers' }]);
  });
});

describe('footerGroups', () => {
  it('has Vehicles, Models, Buyer Tools, Service & Parts and the dealer group', () => {
    expect(footerGroups(site(), []).map((group) => group.heading)).toEqual(['Vehicles', 'Models', 'Buyer Tools', 'Service & Parts', 'Sunny Cars']);
  });
});

describe('range groups', () => {
  it.each([
    [['SUV'], null, 'suvs'],
    [['Ute'], 'Diesel', 'utes'],
    [['Cab Chassis'], null, 'utes'],
    [['Coupe'], null, 'sports'],
    [['Convertible'], null, 'sports'],
    [['Sedan'], 'Petrol', 'cars'],
    [['SUV'], 'Hybrid', 'hybrids'],
    [['Hatch'], 'Electric', 'hybrids'],
  ])('%j %s -> %s', (body, fuel, group) => expect(rangeGroupOf(body, fuel)).toBe(group));

  it('derives models from stock, most stocked first, one per make and model', () => {
    const models = menuOf([
      car({ id: 1, slug: 'a', make: 'Mazda', model: 'CX-5', simple_body: 'SUV' }),
      car({ id: 2, slug: 'b', make: 'Ford', model: 'Ranger', simple_body: 'Ute' }),
      car({ id: 3, slug: 'c', make: 'Ford', model: 'Ranger', simple_body: 'Ute' }),
      car({ id: 4, slug: 'd', make: 'Kia' }),
    ]);
    expect(models.map((model) => model.name)).toEqual(['Ford Ranger', 'Mazda CX-5']);
    expect(models[0].href).toBe('/search/ford/ranger');
    expect(groupModels(models).map((group) => group.group)).toEqual(['suvs', 'utes']);
  });

  it('counts and lists only cars for sale: sold cars still shown in their sold window are not', () => {
    const models = menuOf([
      car({ id: 1, slug: 'a', make: 'Mazda', model: 'CX-5', simple_body: 'SUV' }),
      car({ id: 2, slug: 'b', make: 'Ford', model: 'Ranger', simple_body: 'Ute', status: 'sold' }),
      car({ id: 3, slug: 'c', make: 'Ford', model: 'Ranger', simple_body: 'Ute', status: 'sold' }),
      car({ id: 4, slug: 'd', make: 'Ford', model: 'Ranger', simple_body: 'Ute' }),
      car({ id: 5, slug: 'e', make: 'Kia', model: 'Sportage', simple_body: 'SUV', status: 'coming_soon' }),
      car({ id: 6, slug: 'f', make: 'Kia', model: 'Sportage', simple_body: 'SUV' }),
      car({ id: 7, slug: 'g', make: 'Holden', model: 'Commodore', simple_body: 'Sedan', status: 'sold' }),
    ]);
    expect(models.map((model) => model.name)).toEqual(['Kia Sportage', 'Ford Ranger', 'Mazda CX-5']);
  });

  it('slugifies names', () => expect(slugify('Mercedes-Benz C 300 É')).toBe('mercedes-benz-c-300-e'));
});

describe('headerVariant', () => {
  const menu = [
    { label: 'Home', href: '/' },
    { label: 'Stock', href: '/search', children: [{ links: [{ label: 'New', href: '/search/new' }, { label: 'Used', href: '/search/used' }] }] },
    { label: 'Finance', href: '/finance' },
  ];
  it('is the same for pages with the same aria-current marks and differs otherwise', () => {
    expect(headerVariant(menu, '/')).toBe('0');
    expect(headerVariant(menu, '/search/used')).toBe('1,3');
    expect(headerVariant(menu, '/search/used/toyota')).toBe('1');
    // A built page's path ends in a slash: its link is marked all the same.
    expect(headerVariant(menu, '/search/new/')).toBe('1,2');
    expect(headerVariant(menu, '/search/x')).toBe('1');
    expect(headerVariant(menu, '/finance')).toBe('4');
    expect(headerVariant(menu, '/cars/a/')).toBe(headerVariant(menu, '/cars/b/'));
    expect(headerVariant(menu, '/cars/a/')).toBe('');
  });
  it("keys the garage link's mark too: the garage page's header is not another page's", () => {
    const garage = { label: 'My Garage', href: '/my-garage' };
    expect(headerVariant(menu, '/my-garage/', garage)).not.toBe(headerVariant(menu, '/cars/a/', garage));
    expect(headerVariant(menu, '/cars/a/', garage)).toBe(headerVariant(menu, '/cars/b/', garage));
    expect(headerVariant(menu, '/finance', garage)).toBe(headerVariant(menu, '/finance', null));
  });
  it('marks a section on its own page and below it, and Home only on the home page', () => {
    expect(isCurrentSection('/search', '/search')).toBe(true);
    expect(isCurrentSection('/search', '/search/used')).toBe(true);
    expect(isCurrentSection('/search', '/searching')).toBe(false);
    expect(isCurrentSection('/', '/cars/a/')).toBe(false);
  });
});

describe('issue35-3: a truck or motorcycle dealer gets its own words', () => {
  it('words menus and footers by the kinds the site sells', () => {
    const label = (fields: Record<string, unknown>) => headerMenu(site(fields), [])[3].label;
    expect(label({ template: 'motorcycle' })).toBe('Sell My Bike');
    expect(label({ template: 'used-group', vehicle_kinds: ['truck'] })).toBe('Sell My Truck');
    expect(label({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] })).toBe('Sell My Bike or Truck');
    const footer = footerGroups(site({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] }), []);
    expect(footer[0].heading).toBe('Bikes & Trucks');
    expect(footer[2].links).toContainEqual({ label: 'Sell My Bike or Truck', href: '/sell-my-car' });
    expect(footerGroups(site({ vehicle_kinds: ['truck'] }), [])[0].heading).toBe('Trucks');
    expect(footerGroups(site(), [])[0].heading).toBe('Vehicles');
  });
  it('1.9: the footer offers a test drive and a trade-in valuation only where the dealer takes them', () => {
    const tools = (features: Record<string, unknown>) => footerGroups(site({ template: 'caravan', features }), [])[2].links.map((link) => link.label);
    expect(tools({})).toEqual(['Finance', 'Sell My Caravan', 'Trade-In Valuation', 'Book a Test Drive']);
    expect(tools({ test_drive: false })).toEqual(['Finance', 'Sell My Caravan', 'Trade-In Valuation']);
    expect(tools({ test_drive: false, trade_in: false })).toEqual(['Finance']);
  });
  it('refuses an unknown or repeated kind with a message that names it', () => {
    expect(() => site({ vehicle_kinds: ['boat'] })).toThrow(/vehicle_kinds: each must be one of car, motorcycle, truck, caravan/);
    expect(() => site({ vehicle_kinds: ['truck', 'truck'] })).toThrow(/vehicle_kinds lists a kind twice/);
  });
  it('groups bikes and trucks in the Range menu under their own headings, not Cars', () => {
    const models = menuOf([
      car({ id: 1, make: 'Yamaha', model: 'MT-07', simple_body: 'Naked', item_type: 'motorcycle' }),
      car({ id: 2, make: 'Hino', model: '300 Series', simple_body: 'Light Truck', item_type: 'truck' }),
      car({ id: 3, make: 'Fuso', model: 'eCanter', simple_body: 'Light Truck', simple_fuel: 'Electric', item_type: 'truck' }),
    ]);
    expect(groupModels(models).map((group) => [group.label, group.models.map((model) => model.name)])).toEqual([
      ['Motorcycles', ['Yamaha MT-07']],
      ['Trucks', ['Fuso eCanter', 'Hino 300 Series']],
    ]);
    expect(rangeGroupOf(['Prime Mover'], 'Diesel')).toBe('trucks');
  });
});

describe('issue35-3: a model whose stock has no item_type on a site that sells no cars', () => {
  it('goes with the site first kind, or to trucks by its body, never under Cars', () => {
    const range = headerMenu(site({ template: 'motorcycle', vehicle_kinds: ['motorcycle', 'truck'] }), [
      { name: 'Yamaha XSR', href: '/m/xsr', body: ['Naked'] },
      { name: 'Isuzu NPR', href: '/m/npr', body: ['Light Truck'] },
    ])[1];
    expect(range.children?.map((column) => column.heading)).toEqual(['Motorcycles', 'Trucks', undefined]);
  });
});
