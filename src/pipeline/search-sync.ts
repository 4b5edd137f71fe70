/**
 * The pipeline's search step (issue 8 §3): for tenants on Meilisearch (site.json `search`),
 * the published cars are synced with the search module's incremental sync
 * (src/search/meilisearch.ts syncTenant: only new, changed and removed cars are sent).
 * Admin credentials come from the server-side environment: MEILI_ADMIN_KEY, and
 * MEILI_ADMIN_HOST when the pipeline reaches Meilisearch at another address than browsers do.
 */
import { Meilisearch } from 'meilisearch';
import type { Car } from '../schemas/car.ts';
import type { Site } from '../schemas/site.ts';
import { toSearchDocuments } from '../search/documents.ts';
import { syncTenant, tenantFilter, type SyncReport } from '../search/meilisearch.ts';

/** Sync a tenant's visible cars to its Meilisearch index; null for tenants on the embedded engine. */
export async function syncTenantSearch(site: Site, cars: readonly Car[], env: NodeJS.ProcessEnv = process.env): Promise<SyncReport | null> {
  if (!site.search) return null;
  const apiKey = env.MEILI_ADMIN_KEY;
  if (!apiKey) throw new Error('MEILI_ADMIN_KEY is not set: the pipeline needs the Meilisearch admin key (server side) to sync the index');
  const host = env.MEILI_ADMIN_HOST || site.search.host;
  const client = new Meilisearch({ host, apiKey });
  return syncTenant(client, { index: site.search.index, site: site.slug, filter: tenantFilter(site), documents: toSearchDocuments(cars, site) });
}
