/**
 * The lead API's view of the pipeline state: a lead API on a machine without
 * the pipeline's disk reads each tenant's latest stock snapshot and reserved overlay from the
 * state (PostgreSQL and the bucket in production, SQLite and a data directory locally) and
 * keeps them in memory, because tenant reloads are synchronous (src/server/kernel/tenants.ts
 * StockSource). It polls the snapshots' sequence numbers and the overlays' signatures and
 * reads only what moved; payments write the overlay through it (reserveCar / unreserveCar),
 * and the pipeline polls the same signatures. It never seeds the state from a tenant folder.
 */
import { join } from 'node:path';
import type { Environment } from '../../config/env.ts';
import { localFileStore, sharedStateFiles } from './files.ts';
import type { ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';
import { openPipelineState, type PipelineState } from './store.ts';

export class StateStockSource {
  private readonly cache = new Map<string, { seq: number; data: unknown }>();
  private readonly overlays = new Map<string, { signature: string; overlay: ReservationOverlay }>();
  readonly state: PipelineState;

  constructor(state: PipelineState) {
    this.state = state;
  }

  /** The tenant's accepted records as last read, or undefined (the tenant folder decides). */
  stockOf(slug: string): { data: unknown } | undefined {
    const entry = this.cache.get(slug);
    return entry ? { data: entry.data } : undefined;
  }

  /** The tenant's reserved overlay as last read, or undefined when the state has none for it. */
  reservationsOf(slug: string): ReservationOverlay | undefined {
    return this.overlays.get(slug)?.overlay;
  }

  /** Mark a car reserved in the state; the next refresh reloads the tenant (as the pipeline's poll rebuilds it). */
  reserveCar(slug: string, carId: string, reference: string, reservedAt: string): Promise<boolean> {
    return this.state.reservations.reserveCar(slug, carId, reference, reservedAt);
  }

  /** Remove a car's entry from the state (the one of `reference`, or any when null). */
  unreserveCar(slug: string, carId: string, reference: string | null): Promise<boolean> {
    return this.state.reservations.unreserveCar(slug, carId, reference);
  }

  /** Read the snapshots and overlays that changed since the last call; returns their tenants. */
  async refresh(): Promise<string[]> {
    const changed: string[] = [];
    const signatures = await this.state.reservations.signatures();
    for (const slug of new Set([...signatures.keys(), ...this.overlays.keys()])) {
      const signature = signatures.get(slug);
      if (signature === this.overlays.get(slug)?.signature) continue;
      if (signature === undefined) this.overlays.delete(slug);
      else this.overlays.set(slug, { signature, overlay: await this.state.reservations.of(slug) });
      changed.push(slug);
    }
    for (const { tenant, seq } of await this.state.stock.sequences()) {
      if (this.cache.get(tenant)?.seq === seq) continue;
      const snapshot = await this.state.stock.get(tenant);
      if (!snapshot) continue;
      this.cache.set(tenant, snapshot);
      changed.push(tenant);
    }
    return changed;
  }

  /** Poll every `ms`; `changed` gets the tenants whose stock moved. Returns the stop function. */
  watch(ms: number, changed: (slugs: string[]) => void, failed: (error: Error) => void): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.refresh()
        .then((slugs) => slugs.length && changed(slugs), failed)
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/**
 * Open the pipeline state for reading stock, as the lead API's settings say: PostgreSQL at
 * `databaseUrl`, else SQLite in `dataDir`; files in the bucket with a database URL and
 * S3_BUCKET (files.ts sharedStateFiles, as the pipeline writes them), else `<dataDir>/files`.
 */
export async function openStockSource(options: { databaseUrl?: string; dataDir?: string; env?: Environment }): Promise<StateStockSource> {
  const bucket = sharedStateFiles(options.databaseUrl, options.env);
  if (!options.dataDir && !bucket) {
    throw new Error("STOCK_FROM_STATE: set PIPELINE_DATA_DIR (the pipeline's data directory), or DATABASE_URL and S3_BUCKET (the shared state)");
  }
  const dataDir = options.dataDir ?? '.';
  const state = await openPipelineState({
    dataDir,
    databaseUrl: options.databaseUrl,
    files: bucket ?? localFileStore(join(dataDir, 'files')),
    stockMirror: false,
  });
  const source = new StateStockSource(state);
  await source.refresh();
  return source;
}

/**
 * The state a lead API process shares with the pipeline, as its configuration says
 * (src/config/server.ts ApiConfig: STOCK_FROM_STATE, PIPELINE_DATA_DIR, DATABASE_URL), or
 * undefined without STOCK_FROM_STATE. The lead API and the dealer's refund command both take
 * it, so a reservation and its refund go to the same overlay.
 */
export function configuredStockSource(config: {
  stockFromState: { dataDir: string | undefined } | null;
  database: { kind: string; url?: string };
}): Promise<StateStockSource | undefined> {
  if (!config.stockFromState) return Promise.resolve(undefined);
  return openStockSource({ databaseUrl: config.database.kind === 'postgres' ? config.database.url : undefined, dataDir: config.stockFromState.dataDir });
}
