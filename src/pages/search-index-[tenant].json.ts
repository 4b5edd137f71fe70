/**
 * The tenant's embedded search index (/search-index-<slug>.json): the compact columnar
 * documents of its visible stock. Not written for tenants searched through Meilisearch.
 */
import type { APIRoute } from 'astro';
import { getBundle } from '../build/bundle.ts';
import { encodeIndex } from '../search/embedded-index.ts';
import { searchBuildData } from '../search/page-data.ts';

export async function getStaticPaths() {
  const bundle = getBundle();
  return bundle.site.search ? [] : [{ params: { tenant: bundle.slug } }];
}

export const GET: APIRoute = async () => {
  const bundle = getBundle();
  const { documents } = await searchBuildData(bundle);
  return new Response(JSON.stringify(encodeIndex(bundle.slug, documents)), { headers: { 'content-type': 'application/json' } });
};
