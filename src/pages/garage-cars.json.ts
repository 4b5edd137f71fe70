/**
 * The site's garage car list (src/islands/forms/MyGarage.tsx): every visible car with what a
 * watchlist entry shows (name, price, image, link), read by the garage page once the shopper
 * is signed in. One file per release, so the garage pages do not change with the stock.
 */
import type { APIRoute } from 'astro';
import { garageCars } from '../lib/forms/form-config.ts';
import { siteImageOptions } from '../lib/images.ts';
import { siteData } from '../site-data/site-data.ts';

export const GET: APIRoute = () => {
  const data = siteData();
  return new Response(JSON.stringify(garageCars(data.cars, siteImageOptions(data.site))), { headers: { 'Content-Type': 'application/json' } });
};
