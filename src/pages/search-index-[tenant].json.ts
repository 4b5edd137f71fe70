/**
 * The tenant's embedded search index (/search-index-<slug>.json): the compact columnar
 * documents of its visible stock. Not written for tenants searched through Meilisearch.
 */
import type { APIRoute } from 'astro';
import { siteData } from '../site-data/site-data.ts';
import { encodeIndex } from '../search/engine/embedded-index.ts';

export async function getStaticPaths() {
  const data = siteData();
  return data.site.search ? [] : [{ params: { tenant: data.slug } }];
}

export const GET: APIRoute = async () => {
  const data = siteData();
  const { documents } = await data.search();
  return new Response(JSON.stringify(encodeIndex(data.slug, documents)), { headers: { 'content-type': 'application/json' } });
};
