/**
 * The lead API's view of the accepted stock in the pipeline state (issue 33 item 1): a lead
 * API on a machine without the pipeline's disk reads each tenant's latest snapshot from the
 * state (PostgreSQL and the bucket in production, SQLite and a data directory locally) and
 * keeps it in memory, because tenant reloads are synchronous (src/server/kernel/tenants.ts
 * StockSource). It polls the snapshots' sequence numbers and reads only the ones that moved.
 * It never seeds the state from a tenant folder: that is the pipeline's job.
 */
import { join } from 'node:path';
import type { Environment } from '../../config/env.ts';
import { localFileStore, sharedStateFiles } from './files.ts';
import { openPipelineState, type PipelineState } from './store.ts';

export class StateStockSource {
  private readonly cache = new Map<string, { seq: number; data: unknown }>();
  readonly state: PipelineState;

  constructor(state: PipelineState) {
    this.state = state;
  }

  /** The tenant's accepted records as last read, or undefined (the tenant folder decides). */
  stockOf(slug: string): { data: unknown } | undefined {
    const entry = this.cache.get(slug);
    return entry ? { data: entry.data } : undefined;
  }

  /** Read the snapshots that changed since the last call; returns their tenants. */
  async refresh(): Promise<string[]> {
    const changed: string[] = [];
    for (const { tenant, seq } of await this.state.stockSequences()) {
      if (this.cache.get(tenant)?.seq === seq) continue;
      const snapshot = await this.state.stock(tenant);
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
    throw new Error('STOCK_FROM_STATE: set PIPELINE_DATA_DIR (the pipeline\'s data directory), or DATABASE_URL and S3_BUCKET (the shared state)');
  }
  const dataDir = options.dataDir ?? '.';
  const state = await openPipelineState({ dataDir, databaseUrl: options.databaseUrl, files: bucket ?? localFileStore(join(dataDir, 'files')), stockMirror: false });
  const source = new StateStockSource(state);
  await source.refresh();
  return source;
}
