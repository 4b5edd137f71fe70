/**
 * Where a tenant's stock listing (search) pages live (spec §2 "Search URLs"): under '/search',
 * or under '/used-car' for a site with site.json `used_car_routes`. The one owner of that
 * choice: the search route table, the menus, every "all stock" link and the release checks ask
 * here, so a link never names a form of the pages the build does not make.
 */
import { ALL_STOCK_SLUG } from '../../schemas/car-types.ts';

/** Where every tenant has its search pages: a '/used-car' tenant keeps its '/search/...' pages too, for old links (src/pages/search). */
export const SEARCH_PREFIX = '/search';

/** The prefix of the tenants that use the '/used-car/...' form (src/pages/used-car). */
export const USED_CAR_PREFIX = '/used-car';

/** Path prefix of a tenant's search pages: '/used-car' for tenants that use that form, else '/search'. */
export function searchPrefix(site: { used_car_routes?: boolean }): string {
  return site.used_car_routes ? USED_CAR_PREFIX : SEARCH_PREFIX;
}

/** The tenant's all-stock search page: '/search/new-used-and-demo-cars' or its '/used-car' form. */
export function allStockPath(site: { used_car_routes?: boolean }): string {
  return `${searchPrefix(site)}/${ALL_STOCK_SLUG}`;
}
