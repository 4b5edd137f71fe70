/**
 * Header and footer navigation (spec §2 "Header menu"): Home, Range (models grouped by
 * body, with Models Overview), Stock, Sell My Car, Finance, Service & Parts, More; footer
 * groups Vehicles, Models, Buyer Tools, Service & Parts and the dealer group.
 *
 * The default menu's fixed link lists live in src/schemas/site/menu-links.json: the Finance
 * menu, the service pages, and the defaults of site.json `menus` (`header_buttons`, `more`,
 * `dealer_group`), which src/schemas/site/menus.ts reads from there.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import type { MenuLink } from '../../schemas/site/menus.ts';
import { siteWording, vehicleKindsOf } from '../text/template-wording.ts';
import { withoutLocationLinks } from '../locations/locations.ts';
import { offersTradeIn, withoutTradeInLinks } from '../forms/trade-in-offer.ts';
import { modelHref, modelsFromCars, type SearchPages } from './models.ts';
import { allStockPath, searchPrefix } from '../site/search-urls.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';
import { BRANDS_LINK, BRANDS_PATH } from '../marketing/brands.ts';
import MENU_LINKS from '../../schemas/site/menu-links.json' with { type: 'json' };

/** Range groups of the header, in menu order (motorcycles, trucks and caravans included). */
export const RANGE_GROUPS = ['suvs', 'utes', 'cars', 'hybrids', 'sports', 'motorcycles', 'trucks', 'caravans'] as const;
export type RangeGroup = (typeof RANGE_GROUPS)[number];

/** Headings shown for each range group. */
export const RANGE_GROUP_LABELS: Record<RangeGroup, string> = {
  suvs: 'SUVs',
  utes: 'Utes',
  cars: 'Cars',
  hybrids: 'Hybrids',
  sports: 'Sports',
  motorcycles: 'Motorcycles',
  trucks: 'Trucks',
  caravans: 'Caravans',
};

/** A model as the menu needs it (from models.json or derived from stock). */
export interface MenuModel {
  name: string;
  href: string;
  /** Body names, e.g. ['SUV'] or ['Hatch', 'Sedan']. */
  body: string[];
  fuel?: string;
  /** What the model is when not a car (from its stock's item_type): a bike, truck or caravan has its own range group. */
  kind?: Exclude<VehicleKind, 'car'>;
}

export interface NavItem {
  label: string;
  href: string;
  children?: { heading?: string; links: MenuLink[] }[];
}

export interface FooterGroup {
  heading: string;
  links: MenuLink[];
}

/** A top-level menu entry is the current section on its own page and every page under it (the header's aria-current="true"). */
export function isCurrentSection(href: string, currentPath: string): boolean {
  return href === '/' ? currentPath === '/' : currentPath === href || currentPath.startsWith(`${href}/`);
}

/**
 * A link is to the page shown (the header's aria-current="page": a menu link's, the garage link's),
 * a trailing slash aside: a built page's path has one ('/my-garage/'), the links have none.
 */
export function isCurrentPage(href: string, currentPath: string): boolean {
  const bare = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return bare(currentPath) === bare(href);
}

/**
 * The header's aria-current marks on a page, as a short key: pages with the same marks have the
 * same header (src/components/chrome/Header.astro; the layout renders it once per key). The
 * garage link (`garage`, garageLink) is marked last.
 */
export function headerVariant(menu: readonly NavItem[], currentPath: string, garage?: MenuLink | null): string {
  const marks: number[] = [];
  let position = 0;
  for (const item of menu) {
    if (item.children) {
      if (isCurrentSection(item.href, currentPath)) marks.push(position);
      position += 1;
      for (const column of item.children) {
        for (const link of column.links) {
          if (isCurrentPage(link.href, currentPath)) marks.push(position);
          position += 1;
        }
      }
    } else {
      if (isCurrentPage(item.href, currentPath)) marks.push(position);
      position += 1;
    }
  }
  if (garage && isCurrentPage(garage.href, currentPath)) marks.push(position);
  return marks.join(',');
}

/**
 * Which range group a body (and fuel) belongs to; hybrids and electrics go to 'hybrids'. A
 * motorcycle, truck or caravan goes to its own group whatever its body or fuel (an electric
 * truck is a truck).
 */
export function rangeGroupOf(body: readonly string[], fuel?: string | null, kind?: VehicleKind): RangeGroup {
  if (kind === 'motorcycle') return 'motorcycles';
  if (kind === 'truck' || /\btruck\b|prime mover/i.test(body.join(' '))) return 'trucks';
  if (kind === 'caravan') return 'caravans';
  if (fuel && /hybrid|electric|ev\b/i.test(fuel)) return 'hybrids';
  const text = body.join(' ').toLowerCase();
  if (/suv|4x4|wagon 4wd/.test(text)) return 'suvs';
  if (/ute|cab chassis|pick/.test(text)) return 'utes';
  if (/coupe|convertible|roadster|sports|cabriolet/.test(text)) return 'sports';
  return 'cars';
}

/** The one slug rule (src/lib/text/slug.ts), re-exported for the menu's callers. */
import { slugify } from '../text/slug.ts';
export { slugify };

/**
 * Models for the Range menu derived from stock when a tenant has no models.json: the tiles'
 * models (modelsFromCars owns the grouping: one per make and model by slug, with a car for sale,
 * every body of its cars, most-stocked first), named with their make, linking the tile's page.
 */
export function modelsFromStock(cars: readonly Car[], pages: SearchPages, limit = 40): MenuModel[] {
  return modelsFromCars(cars)
    .slice(0, limit)
    .map((model) => ({
      name: `${model.manufacturer_name} ${model.name}`,
      href: modelHref(model, model.manufacturer_name, pages),
      body: model.body,
      ...(model.fuel ? { fuel: model.fuel } : {}),
      ...(model.kind ? { kind: model.kind } : {}),
    }));
}

/**
 * Group models by range group, keeping only non-empty groups, in menu order. `fallback`: the
 * kind of a model whose stock does not say (a site that sells no cars: its first kind; a truck
 * body is a truck all the same).
 */
export function groupModels(models: readonly MenuModel[], fallback?: Exclude<VehicleKind, 'car'>): { group: RangeGroup; label: string; models: MenuModel[] }[] {
  const kindOf = (model: MenuModel) => model.kind ?? (fallback && rangeGroupOf(model.body, model.fuel) !== 'trucks' ? fallback : undefined);
  return RANGE_GROUPS.map((group) => ({
    group,
    label: RANGE_GROUP_LABELS[group],
    models: models.filter((model) => rangeGroupOf(model.body, model.fuel, kindOf(model)) === group),
  })).filter((entry) => entry.models.length > 0);
}

/** A header item whose dropdown is one column of links. */
function dropdown(label: string, href: string, links: MenuLink[]): NavItem {
  return { label, href, children: [{ links }] };
}

/** Stock by condition and the special offers: the header's Stock menu and the footer's vehicles column. */
function stockLinks(site: Site): MenuLink[] {
  const stock = searchPrefix(site);
  return [
    { label: 'All Stock', href: allStockPath(site) },
    { label: 'New Vehicles', href: `${stock}/new-cars` },
    { label: 'Used Vehicles', href: `${stock}/used-cars` },
    { label: 'Demo Vehicles', href: `${stock}/demo-cars` },
    { label: 'Special Offers', href: '/special-offers' },
  ];
}

/** The kind a model of unknown kind is taken for: none on a site that sells cars, else the site's first kind. */
function siteFallbackKind(site: Site): Exclude<VehicleKind, 'car'> | undefined {
  const kinds = vehicleKindsOf(site);
  return kinds.includes('car') ? undefined : (kinds[0] as Exclude<VehicleKind, 'car'>);
}

/** A site's own menu links (site.json `menus`) without those to pages that only say the site does not offer them (locations, trade-in valuation). */
function offeredLinks<T extends { href: string }>(site: Site, links: readonly T[]): T[] {
  return withoutTradeInLinks(site, withoutLocationLinks(site, links));
}

/** The header's buttons (site.json `menus.header_buttons`), without those to pages the site does not offer (the default Value My Car only where it values cars). */
export function headerButtons(site: Site): MenuLink[] {
  return offeredLinks(site, site.menus.header_buttons);
}

/** The header menu of a site; Sell My Car only where the site values cars, More links no page the site does not offer. */
export function headerMenu(site: Site, models: readonly MenuModel[]): NavItem[] {
  const wording = siteWording(site);
  const more = offeredLinks(site, site.menus.more);
  const range: NavItem = {
    label: 'Range',
    href: '/models',
    children: [
      ...groupModels(models, siteFallbackKind(site)).map((entry) => ({
        heading: entry.label,
        links: entry.models.slice(0, 8).map((model) => ({ label: model.name, href: model.href })),
      })),
      { links: [{ label: 'Models Overview', href: '/models' }] },
    ],
  };
  return [
    { label: 'Home', href: '/' },
    range,
    dropdown('Stock', allStockPath(site), stockLinks(site)),
    ...(offersTradeIn(site) ? [{ label: wording.sellLabel, href: '/sell-my-car' }] : []),
    dropdown('Finance', '/finance', MENU_LINKS.finance),
    dropdown('Service & Parts', '/service', [{ label: 'Service', href: '/service' }, ...MENU_LINKS.service]),
    dropdown('More', more[0]?.href ?? '/about-us', more),
  ];
}

/** The dealer group's links with the brands page's first, unless the site's own links already go there. */
function withBrandsLink(links: MenuLink[], brandsPage: boolean): MenuLink[] {
  if (!brandsPage || links.some((link) => link.href.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1') === BRANDS_PATH)) return links;
  return [BRANDS_LINK, ...links];
}

/**
 * The footer's link groups; Buyer Tools offers selling, a trade-in valuation and a test drive only
 * where the site takes them (features), the dealer group no page the site does not offer and, when
 * the site builds the group's brands page (`brandsPage`, a tenant with brands.json), a link to it.
 */
export function footerGroups(site: Site, models: readonly MenuModel[], brandsPage = false): FooterGroup[] {
  const wording = siteWording(site);
  return [
    { heading: wording.vehiclesHeading, links: stockLinks(site) },
    {
      heading: 'Models',
      links: [...models.slice(0, 6).map((model) => ({ label: model.name, href: model.href })), { label: 'Models Overview', href: '/models' }],
    },
    {
      heading: 'Buyer Tools',
      links: [
        { label: 'Finance', href: '/finance' },
        ...(offersTradeIn(site)
          ? [
              { label: wording.sellLabel, href: '/sell-my-car' },
              { label: 'Trade-In Valuation', href: '/trade-in' },
            ]
          : []),
        ...(site.features.test_drive ? [{ label: 'Book a Test Drive', href: '/book-test-drive/' }] : []),
      ],
    },
    { heading: 'Service & Parts', links: MENU_LINKS.service },
    { heading: site.name, links: withBrandsLink(offeredLinks(site, site.menus.dealer_group), brandsPage) },
  ];
}
