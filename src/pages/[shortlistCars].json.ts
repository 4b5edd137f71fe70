/**
 * The site's shortlist file (/shortlist-cars.json): every visible car with what the saved cars
 * and comparison pages show of it (src/lib/vehicle/shortlist.ts), read by their islands. One
 * file per release, so those pages do not change with the stock; built only for a site with
 * favourites or compare.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { priceOptions } from '../lib/vehicle/price.ts';
import { SHORTLIST_CARS_PATH, shortlistCars, shortlistPages } from '../lib/vehicle/shortlist.ts';
import { siteData } from '../site-data/site-data.ts';

export const getStaticPaths = (() => {
  const pages = shortlistPages(siteData().site.features);
  return pages.saved || pages.compare ? [{ params: { shortlistCars: SHORTLIST_CARS_PATH.slice(1).replace(/\.json$/, '') } }] : [];
}) satisfies GetStaticPaths;

export const GET: APIRoute = () => {
  const data = siteData();
  return new Response(JSON.stringify(shortlistCars(data.cars, priceOptions(data.site))), {
    headers: { 'Content-Type': 'application/json' },
  });
};
