/** robots.txt of the tenant, pointing at its sitemap. */
import type { APIRoute } from 'astro';
import { siteData } from '../site-data/site-data.ts';

export const GET: APIRoute = () => {
  const { site } = siteData();
  const sitemap = new URL('/sitemap.xml', site.url).href;
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /print', 'Disallow: /sign-in', 'Disallow: /my-garage', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain' } });
};
