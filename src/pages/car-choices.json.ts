/**
 * The site's car choices for its forms (src/islands/forms/car-choices.ts): every available
 * car (in stock or coming soon) with what a form shows or needs to choose, including its
 * status and tag (the checkout journey offers in-stock cars only, the test-drive form the cars
 * the test-drive rule passes). One file per release.
 */
import type { APIRoute } from 'astro';
import { siteData } from '../site-data/site-data.ts';
import { encodeCarChoices } from '../lib/forms/form-config.ts';
import { isCarAvailable } from '../lib/vehicle/availability.ts';

export const GET: APIRoute = () => {
  const { site, cars } = siteData();
  return new Response(encodeCarChoices(cars.filter(isCarAvailable), site), { headers: { 'Content-Type': 'application/json' } });
};
