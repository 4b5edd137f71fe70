/**
 * The tenant's embedded search index (/search-index-<slug>.json): the compact columnar
 * documents of its visible stock. A tenant searched through Meilisearch gets it too: its
 * pages search it while Meilisearch does not answer (src/search/browser/create-client.ts).
 */
import type { APIRoute } from 'astro';
import { siteData } from '../site-data/site-data.ts';
import { encodeIndex } from '../search/engine/embedded-index.ts';

export async function getStaticPaths() {
  const data = siteData();
  return [{ params: { tenant: data.slug } }];
}

export const GET: APIRoute = async () => {
  const data = siteData();
  const { documents } = await data.search();
  return new Response(JSON.stringify(encodeIndex(data.slug, documents)), { headers: { 'content-type': 'application/json' } });
};
