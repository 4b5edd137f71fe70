/**
 * What a release reads from the state before it loads the tenant (the load is synchronous):
 * the live release, the accepted stock (with its parse when the intake of this process kept
 * it) and the reserved overlay with the signature the release records once live (the same
 * for a command that only reads the state: acceptedTenant); and the live release's files in
 * the local cache, fetched from the publisher when this worker never built the tenant.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { loadTenant, type Tenant } from '../../lib/site/tenant.ts';
import type { ParsedStock } from '../../lib/vehicle/stock.ts';
import type { ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';
import type { Logger } from '../log.ts';
import type { Publisher } from '../publish/publisher.ts';
import { currentRelease, readManifest, tenantPaths, writeManifest, type ReleaseManifest } from '../state/release-dirs.ts';
import type { PipelineState, StockSnapshot } from '../state/store.ts';

/** The stock a release loads the tenant with: the snapshot, and its parse when this process kept it. */
export type ReleaseStock = StockSnapshot & { parsed?: ParsedStock };

/**
 * The live release of a tenant from the state. A sites directory published before the state
 * existed (a `current` symlink and manifests on disk only) is taken into the state once.
 */
export async function liveRelease(state: PipelineState, sitesDir: string, slug: string): Promise<string | null> {
  const live = await state.tenants.live(slug);
  if (live) return live;
  const local = currentRelease(sitesDir, slug);
  const manifest = local ? readManifest(sitesDir, slug, local) : null;
  if (!local || !manifest) return null;
  await state.releases.record(manifest);
  // Published before this state knew it: when, the status's publishedAt or the release's own time say.
  await state.tenants.setLive(slug, local, undefined, null);
  return local;
}

/**
 * What a build of a tenant reads from the state before the synchronous loadTenant: its
 * accepted stock and its reserved overlay (the state's rows over the folder's file), with the
 * rows' signature the release records once live (state/reservation-watch.ts compares it).
 * The folder's stock.json seeds the state first (AcceptedStock.get), unless `seed` is false (a
 * reader: the stock is null when the state has no snapshot).
 */
export async function tenantInputs(
  state: PipelineState,
  slug: string,
  tenantDir: string,
  { seed = true }: { seed?: boolean } = {},
): Promise<{ stock: ReleaseStock | null; overlay: ReservationOverlay; reservations: string }> {
  const snapshot = await state.stock.get(slug, seed ? tenantDir : undefined);
  const parsed = snapshot ? state.stock.parsed(slug, snapshot) : undefined;
  const stock = snapshot && parsed ? { ...snapshot, parsed } : snapshot;
  const { overlay, signature } = await state.reservations.forBuild(slug, tenantDir);
  return { stock, overlay, reservations: signature };
}

/** Where a read-only command took a tenant's stock from (it prints it). */
export type StockOrigin = 'pipeline state' | 'tenant folder, no snapshot in the pipeline state' | 'tenant folder, no pipeline state';

/**
 * A tenant as the pipeline builds it, for a command that only reads the state (sync-search): the
 * state's accepted stock and reserved overlay (tenantInputs) when the state has a snapshot of it,
 * else the folder's stock.json (a tenant never fed, or no state: `state` undefined). It takes no
 * seed in: the pipeline does, reporting the seed's problems like a feed's.
 */
export async function acceptedTenant(tenantDir: string, now: number, state: PipelineState | undefined): Promise<{ tenant: Tenant; stock: StockOrigin }> {
  if (!state) return { tenant: loadTenant(tenantDir, now), stock: 'tenant folder, no pipeline state' };
  const { stock, overlay } = await tenantInputs(state, basename(resolve(tenantDir)), tenantDir, { seed: false });
  return {
    tenant: loadTenant(tenantDir, now, stock ?? undefined, overlay),
    stock: stock ? 'pipeline state' : 'tenant folder, no snapshot in the pipeline state',
  };
}

/** Fetches in flight in this process (a prefetch during the debounce and the job meet here). */
const fetching = new Map<string, Promise<boolean>>();

/**
 * Make a recorded release's files available in the local cache (`<sites>/<slug>/releases/<id>`):
 * there already, or fetched from the publisher's store (logged: `fetch-release` with its
 * seconds). False when neither has them. Two calls for one release share one fetch.
 */
export function cacheRelease(sitesDir: string, manifest: ReleaseManifest, publisher: Publisher | undefined, log?: Logger): Promise<boolean> {
  const key = `${sitesDir}\0${manifest.slug}\0${manifest.id}`;
  let pending = fetching.get(key);
  if (!pending) {
    pending = fetchRelease(sitesDir, manifest, publisher, log).finally(() => fetching.delete(key));
    fetching.set(key, pending);
  }
  return pending;
}

/** Whether this machine's cache holds a release complete (its files and its manifest). */
export function isCached(sitesDir: string, manifest: Pick<ReleaseManifest, 'slug' | 'id'>): boolean {
  return existsSync(join(tenantPaths(sitesDir, manifest.slug).releases, manifest.id)) && readManifest(sitesDir, manifest.slug, manifest.id) !== null;
}

async function fetchRelease(sitesDir: string, manifest: ReleaseManifest, publisher: Publisher | undefined, log?: Logger): Promise<boolean> {
  const paths = tenantPaths(sitesDir, manifest.slug);
  const dir = join(paths.releases, manifest.id);
  if (isCached(sitesDir, manifest)) return true;
  if (!publisher?.fetchRelease) return false;
  const started = performance.now();
  const temporary = join(paths.base, `fetch-${manifest.id}`);
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(paths.releases, { recursive: true });
  try {
    if (!(await publisher.fetchRelease(manifest.slug, manifest.id, temporary))) return false;
    rmSync(dir, { recursive: true, force: true });
    renameSync(temporary, dir);
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
  // Complete in this cache once its manifest is there (state/release-dirs.ts); its kept renderer is not (the release builds without it).
  const { renderer: _renderer, ...cached } = manifest;
  writeManifest(sitesDir, cached);
  log?.({ event: 'fetch-release', tenant: manifest.slug, release: manifest.id, seconds: Math.round((performance.now() - started) / 10) / 100 });
  return true;
}

/**
 * Fetch a tenant's live release into this worker's cache while a change waits out its
 * debounce (the queue's `prepare` hint), so the job that follows starts building at once
 * instead of downloading the release first (a worker that never built the tenant, or
 * restarted on an empty disk). True when the cache has it.
 */
export async function prefetchLive(state: PipelineState, sitesDir: string, slug: string, publisher: Publisher | undefined, log?: Logger): Promise<boolean> {
  if (!publisher?.fetchRelease) return false;
  const live = await state.tenants.live(slug);
  const manifest = live ? await state.releases.get(slug, live) : null;
  return manifest ? cacheRelease(sitesDir, manifest, publisher, log) : false;
}
