/**
 * The pipeline's search step: for tenants on Meilisearch (site.json `search`),
 * the published cars are synced with the search module's incremental sync
 * (src/search/admin/meilisearch.ts syncTenant: only new, changed and removed cars are sent);
 * `npm run sync-search` syncs a tenant the same way from the stock the pipeline accepted, or
 * a tenant held by a rollback from its live release (syncAcceptedTenant; the rollback itself
 * syncs through syncReleaseSearch too).
 * Admin credentials come from the server-side environment only: MEILI_ADMIN_KEY and
 * MEILI_ADMIN_HOST (the operator's Meilisearch; site.json's search.host is never used here).
 */
import { basename, resolve } from 'node:path';
import { Meilisearch } from 'meilisearch';
import { environment, type Environment } from '../../config/env.ts';
import { searchSettings } from '../../config/search.ts';
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import type { ReleaseManifest } from '../state/records.ts';
import type { PipelineState } from '../state/store.ts';
import { acceptedTenant, type StockOrigin } from './inputs.ts';
import { toSearchDocuments } from '../../search/core/documents.ts';
import { syncTenant, type SyncReport } from '../../search/admin/meilisearch.ts';

/** Longest wait for one Meilisearch request of a sync. */
export const SYNC_REQUEST_TIMEOUT_MS = 10_000;

/** Sync a tenant's visible cars to its Meilisearch index; null for tenants on the embedded engine. */
export async function syncTenantSearch(site: Site, cars: readonly Car[], env: Environment = environment()): Promise<SyncReport | null> {
  if (!site.search) return null;
  const { adminKey: apiKey, adminHost: host } = searchSettings(env);
  if (!apiKey) throw new Error('MEILI_ADMIN_KEY is not set: the pipeline needs the Meilisearch admin key (server side) to sync the index');
  // Issue 13 M9: the admin key goes only to the operator's Meilisearch, never to the host a
  // tenant's site.json names (that file is tenant-editable and reaches browsers).
  if (!host) throw new Error(`MEILI_ADMIN_HOST is not set: the admin key is only sent to the operator's Meilisearch (server-side setting), never to site.json's search.host (${site.search.host})`);
  // A Meilisearch that does not answer fails the sync within SYNC_REQUEST_TIMEOUT_MS: the release is live already, the index catches up later.
  const client = new Meilisearch({ host, apiKey, timeout: SYNC_REQUEST_TIMEOUT_MS });
  return syncTenant(client, { index: site.search.index, site: site.slug, documents: toSearchDocuments(cars, site) });
}

/** Where sync-search took a tenant's cars from (its line prints it): a held tenant's live release, else acceptedTenant's stock. */
export type SearchStockOrigin = StockOrigin | `release ${string}, held by a rollback`;

/** Sync a tenant folder's index to a recorded release's cars: a rollback, and sync-search for a tenant held on that release. */
export function syncReleaseSearch(tenantDir: string, release: Pick<ReleaseManifest, 'cars'>, env?: Environment): Promise<SyncReport | null> {
  return syncTenantSearch(loadTenant(tenantDir).site, release.cars, env);
}

/** The live release of a tenant an operator rolled back and holds (its pages are what shoppers see); null when not held. */
async function heldLiveRelease(state: PipelineState, slug: string): Promise<ReleaseManifest | null> {
  if (!(await state.tenants.hold(slug))) return null;
  const live = await state.tenants.live(slug);
  const manifest = live ? await state.releases.get(slug, live) : null;
  if (!manifest) throw new Error(`${slug} is held by a rollback, but its live release ${live ?? '(none)'} is not recorded in the pipeline state`);
  return manifest;
}

/**
 * Sync one tenant folder's Meilisearch index as the live site stands (scripts/sync-search.ts):
 * a tenant held by a rollback gets its live release's cars, as the rollback synced them (the
 * accepted stock may be newer than its pages); any other the stock the pipeline accepted
 * (acceptedTenant chooses the state's snapshot or the folder). `stock` says which; `report` is
 * null for a tenant on the embedded engine.
 */
export async function syncAcceptedTenant(
  tenantDir: string,
  options: { now: number; state?: PipelineState; env: Environment },
): Promise<{ slug: string; stock: SearchStockOrigin; report: SyncReport | null }> {
  const slug = basename(resolve(tenantDir));
  const held = options.state ? await heldLiveRelease(options.state, slug) : null;
  if (held) return { slug, stock: `release ${held.id}, held by a rollback`, report: await syncReleaseSearch(tenantDir, held, options.env) };
  const { tenant, stock } = await acceptedTenant(tenantDir, options.now, options.state);
  return { slug: tenant.slug, stock, report: await syncTenantSearch(tenant.site, tenant.visible, options.env) };
}
