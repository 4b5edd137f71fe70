/**
 * What a release reads from the state before it loads the tenant (the load is synchronous):
 * the live release, the accepted stock (with its parse when the intake of this process kept
 * it) and the reserved overlay with the signature the release records once live; and the
 * live release's files in the local cache, fetched from the publisher when this worker never
 * built the tenant.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedStock } from '../../lib/vehicle/stock.ts';
import type { ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';
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
  await state.tenants.setLive(slug, local);
  return local;
}

/**
 * What a build of a tenant reads from the state before the synchronous loadTenant: its
 * accepted stock and its reserved overlay (the state's rows over the folder's file), with the
 * rows' signature the release records once live (state/reservation-watch.ts compares it).
 */
export async function tenantInputs(
  state: PipelineState,
  slug: string,
  tenantDir: string,
): Promise<{ stock: ReleaseStock | null; overlay: ReservationOverlay; reservations: string }> {
  const snapshot = await state.stock.get(slug, tenantDir);
  const parsed = snapshot ? state.stock.parsed(slug, snapshot) : undefined;
  const stock = snapshot && parsed ? { ...snapshot, parsed } : snapshot;
  const { overlay, signature } = await state.reservations.forBuild(slug, tenantDir);
  return { stock, overlay, reservations: signature };
}

/**
 * Make a recorded release's files available in the local cache (`<sites>/<slug>/releases/<id>`):
 * there already, or fetched from the publisher's store. False when neither has them.
 */
export async function cacheRelease(sitesDir: string, manifest: ReleaseManifest, publisher: Publisher | undefined): Promise<boolean> {
  const paths = tenantPaths(sitesDir, manifest.slug);
  const dir = join(paths.releases, manifest.id);
  if (existsSync(dir) && readManifest(sitesDir, manifest.slug, manifest.id)) return true;
  if (!publisher?.fetchRelease) return false;
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
  return true;
}
