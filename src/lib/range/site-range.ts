/**
 * A site's model range and the menus built on it: the tenant's models.json when it has one,
 * else derived from stock. Every model link goes to a search page the site builds (the route
 * table handed in as SearchPages; modelSearchPath chooses). Pure: src/site-data memoises these
 * per bundle for the pages, and the pipeline (src/pipeline/release/plan.ts, run.ts) compares two
 * stocks with them.
 */
import type { Car } from '../../schemas/car.ts';
import type { ModelsFile } from '../../schemas/models.ts';
import type { Site } from '../../schemas/site.ts';
import { modelsFromCars, modelTile, normaliseModelsFile, rangeBrands, type ModelTileData, type SearchPages } from './models.ts';
import { footerGroups, headerButtons, headerMenu, modelsFromStock, type FooterGroup, type MenuModel, type NavItem } from './menu.ts';
import type { MenuLink } from '../../schemas/site/menus.ts';
import { PRODUCT_PAGE_PATHS } from '../marketing/products.ts';
import { BRANDS_PATH } from '../marketing/brands.ts';
import { garageLink } from '../forms/garage.ts';

/** A range derived from stock shows its most-stocked models as tiles; the directory lists them all. */
export const DERIVED_RANGE_TILES = 24;

export interface Range {
  tiles: ModelTileData[];
  featured: ModelTileData[];
  brands: { name: string; slug: string; logo?: string }[];
  fromFile: boolean;
  /** Models of the Range menu and the footer: the tiles of a models.json range (so menu and /models agree), else derived from stock. */
  menuModels: MenuModel[];
}

/** One /{brand}/overview page: the brand and its tiles. */
export interface BrandOverview {
  brand: Range['brands'][number];
  tiles: ModelTileData[];
}

/** The range of a site: its models.json when it has one, else derived from these cars; `pages`: the search pages built for these cars. */
export function computeRange(site: Site, cars: readonly Car[], file: ModelsFile | undefined, pages: SearchPages): Range {
  const { models, manufacturers } = file ? normaliseModelsFile(file, site.manufacturer) : { models: modelsFromCars(cars), manufacturers: [] };
  const tiles = models.map((model) => modelTile(model, pages, site.texts.new_tag));
  const menuModels = file ? tiles.map((tile) => ({ name: tile.name, href: tile.href, body: tile.bodies, fuel: tile.fuel })) : modelsFromStock(cars, pages);
  return { tiles, featured: file ? tiles : tiles.slice(0, DERIVED_RANGE_TILES), brands: rangeBrands(models, manufacturers), fromFile: Boolean(file), menuModels };
}

/** The /{brand}/overview pages of a range: brand slug -> the page's props (brand and its tiles); brands without tiles have no page. */
export function brandOverviews(range: Range): Map<string, BrandOverview> {
  const pages = new Map<string, BrandOverview>();
  for (const brand of range.brands) {
    const tiles = range.tiles.filter((tile) => tile.brandSlug === brand.slug);
    if (tiles.length > 0 && !pages.has(brand.slug)) pages.set(brand.slug, { brand, tiles });
  }
  return pages;
}

/** Header menu, header buttons, footer groups and Range menu models of a site. */
export interface SiteMenus {
  menu: NavItem[];
  /** The header's buttons (site.json `menus.header_buttons`, headerButtons). */
  buttons: MenuLink[];
  footer: FooterGroup[];
  models: MenuModel[];
  /** The header's link to the site's garage (garageLink); none on a site that keeps no watchlist. */
  garage: MenuLink | null;
}

/**
 * The menus of a site, their models the range's (Range['menuModels']). `builtPaths`: the paths
 * this build has a page at among those only some sites build (src/site-data/site-data.ts: the
 * products' pages, productPagePaths, the content pages and the brands page): a link to a page
 * products.json may build (PRODUCT_PAGE_PATHS) stays only where the build has a page there, so
 * the menus never link to a page the site does not have and do link a tenant's own
 * content/accessories.md; the footer links the brands page where it is built.
 */
export function siteMenus(site: Site, range: Range, builtPaths: ReadonlySet<string>): SiteMenus {
  const models = range.menuModels;
  const footer = footerGroups(site, models, builtPaths.has(BRANDS_PATH));
  const menus = { menu: headerMenu(site, models), buttons: headerButtons(site), footer, models, garage: garageLink(site) };
  const unbuilt = new Set(PRODUCT_PAGE_PATHS.filter((path) => !builtPaths.has(path)));
  return unbuilt.size > 0 ? withoutLinks(menus, unbuilt) : menus;
}

/** A link's page path: its href without a query, fragment or trailing slash ('/accessories/?q=x' is /accessories). */
function linkPath(href: string): string {
  const path = href.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function withoutLinks(menus: SiteMenus, paths: ReadonlySet<string>): SiteMenus {
  const keep = (link: { href: string }) => !paths.has(linkPath(link.href));
  return {
    ...menus,
    menu: menus.menu.map((item) => (item.children ? { ...item, children: item.children.map((column) => ({ ...column, links: column.links.filter(keep) })) } : item)),
    buttons: menus.buttons.filter(keep),
    footer: menus.footer.map((group) => ({ ...group, links: group.links.filter(keep) })),
  };
}

/** What the site layout (src/components/layout/SiteLayout.astro) needs of the tenant: the site, its menus and the build clock. */
export interface PageChrome {
  site: Site;
  menu: NavItem[];
  /** The header's buttons (SiteMenus['buttons']). */
  buttons: MenuLink[];
  footer: FooterGroup[];
  /** The header's link to the site's garage (SiteMenus['garage']). */
  garage: MenuLink | null;
  /** Build clock (ms): the footer's year, read on the dealer's clock (site.timezone, dealerYear). */
  buildTime: number;
}
