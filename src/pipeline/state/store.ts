/**
 * The pipeline's shared state: what every worker must agree on lives here, a worker's disk
 * holds caches only. A record of small stores (the lead API's ServerStores pattern): the
 * accepted stock, the release history, the tenants' pointers (live release, hold, status, last
 * feed), held feeds, the reserved overlay, the pushes already taken in, the host claims and the
 * fleet's code versions (their compiles). Rows live in PostgreSQL (`DATABASE_URL`) or in SQLite
 * in the data directory (default `<sites>/.pipeline/`, never `tenants/`); files (stock
 * snapshots, release manifests) in a FileStore: a bucket, or the data directory's `files/`.
 */
import { join, resolve } from 'node:path';
import { defaultDataDir } from '../../config/pipeline.ts';
import { openDatabase, type SqlDatabase } from '../../platform/sql/db.ts';
import { CodeVersionStore } from './code-versions.ts';
import { localFileStore, type FileStore } from './files.ts';
import { HeldFeedStore } from './held-feeds.ts';
import { HostClaimStore } from './hosts.ts';
import { PIPELINE_SCHEMA } from './migrations.ts';
import { ReleaseStore } from './releases.ts';
import { ReservationStore } from './reservations.ts';
import { SeenPushStore } from './pushes.ts';
import { StockStore } from './stock.ts';
import { TenantStore } from './tenants.ts';

export type { AcceptedStock, StockSnapshot } from './stock.ts';
export type { ReleaseHold } from './records.ts';
export { reservationSignature } from './reservations.ts';

/** The state's stores over one database and file store. */
export interface PipelineState {
  readonly stock: StockStore;
  readonly releases: ReleaseStore;
  readonly tenants: TenantStore;
  readonly heldFeeds: HeldFeedStore;
  readonly reservations: ReservationStore;
  readonly codeVersions: CodeVersionStore;
  readonly pushes: SeenPushStore;
  readonly hosts: HostClaimStore;
  /** Where the SQLite file and the local files live (also without a database URL: caches of the state). */
  readonly dataDir: string;
  /** How long the state's database has left requests unanswered (ms; 0 while none waits): SqlDatabase.silentMs. */
  silentMs(): number;
  close(): Promise<void>;
}

/** Where a pipeline's state is kept. */
export interface StateOptions {
  /** Data directory: the SQLite file (without a database URL) and the files (without a file store). */
  dataDir: string;
  /** PostgreSQL URL (DATABASE_URL); without it, SQLite in the data directory. */
  databaseUrl?: string;
  /** Files of the state (a bucket); default the data directory's `files/`. */
  files?: FileStore;
  /** Mirror of the latest accepted stock per tenant for the lead API (default the data directory's `stock/`; false: none). */
  stockMirror?: string | false;
}

export { defaultDataDir } from '../../config/pipeline.ts';

/** The stores over an open database and file store. */
export function pipelineStores(db: SqlDatabase, files: FileStore, dataDir: string, stockMirror?: string): PipelineState {
  return {
    stock: new StockStore(db, files, stockMirror),
    releases: new ReleaseStore(db, files),
    tenants: new TenantStore(db),
    heldFeeds: new HeldFeedStore(db),
    reservations: new ReservationStore(db),
    codeVersions: new CodeVersionStore(db),
    pushes: new SeenPushStore(db),
    hosts: new HostClaimStore(db),
    dataDir,
    silentMs: () => db.silentMs(),
    close: () => db.close(),
  };
}

/** The state's SQLite file in its data directory (without a database URL). */
export const STATE_SQLITE = 'state.sqlite';

/** Open (and create or migrate) the pipeline state. */
export async function openPipelineState(options: StateOptions): Promise<PipelineState> {
  const dataDir = resolve(options.dataDir);
  const db = await openDatabase(
    options.databaseUrl ? { kind: 'postgres', url: options.databaseUrl, poolSize: 4 } : { kind: 'sqlite', file: join(dataDir, STATE_SQLITE) },
    PIPELINE_SCHEMA,
  );
  const mirror = options.stockMirror === false ? undefined : (options.stockMirror ?? join(dataDir, 'stock'));
  return pipelineStores(db, options.files ?? localFileStore(join(dataDir, 'files')), dataDir, mirror);
}

/** Run `work` with the given state, or with the default state of `sitesDir` opened for the call. */
export async function withState<T>(state: PipelineState | undefined, sitesDir: string, work: (state: PipelineState) => Promise<T>): Promise<T> {
  if (state) return work(state);
  const opened = await openPipelineState({ dataDir: defaultDataDir(sitesDir) });
  try {
    return await work(opened);
  } finally {
    await opened.close();
  }
}
