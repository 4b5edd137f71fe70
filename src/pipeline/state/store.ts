/**
 * The pipeline's shared state (issue 33 items 1 and 4): what every worker must agree on lives
 * here, a worker's disk holds caches only. Records (the stock snapshot's sequence, release
 * history, the live pointer, the rollback hold, job and feed status, held feeds, reservations) are rows in PostgreSQL
 * (`DATABASE_URL`) or in SQLite in the data directory; files (stock snapshots, release
 * manifests with their cars and fingerprints) go to a FileStore: a bucket, or the data
 * directory's `files/`. The data directory defaults to `<sites>/.pipeline/`, never `tenants/`.
 * A tenant folder's stock.json is the seed: taken in when the state has no snapshot, or when
 * the file itself was replaced. Stock writes are compare-and-set on the sequence number.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../../platform/fs/atomic-file.ts';
import { openDatabase, type SqlDatabase } from '../../platform/sql/db.ts';
import type { Migration } from '../../server/kernel/migrations.ts';
import type { ReleaseManifest } from './release-dirs.ts';
import type { FeedStatus, HeldFeed, TenantStatus } from './records.ts';
import { localFileStore, type FileStore } from './files.ts';
import { readReservationOverlay, settleReservationOverlay, type ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'pipeline state',
    statements: () => [
      'CREATE TABLE pipeline_stock (tenant TEXT PRIMARY KEY, seq BIGINT NOT NULL, file_key TEXT NOT NULL, previous_key TEXT, seed_hash TEXT, updated_at BIGINT NOT NULL)',
      'CREATE TABLE pipeline_releases (tenant TEXT NOT NULL, id TEXT NOT NULL, mode TEXT NOT NULL, created_at TEXT NOT NULL, file_key TEXT NOT NULL, PRIMARY KEY (tenant, id))',
      'CREATE TABLE pipeline_tenants (tenant TEXT PRIMARY KEY, live TEXT, hold TEXT, status TEXT, feed_status TEXT)',
    ],
  },
  {
    version: 2,
    name: 'held feeds',
    // The feed's bytes as base64 text (one column type on SQLite and PostgreSQL); decided rows stay as history.
    statements: () => [
      'CREATE TABLE pipeline_held_feeds (tenant TEXT NOT NULL, id TEXT NOT NULL, description TEXT NOT NULL, feed TEXT NOT NULL, report TEXT NOT NULL, outcome TEXT, decided_at TEXT, PRIMARY KEY (tenant, id))',
    ],
  },
  {
    version: 3,
    name: 'reservations overlay',
    // One row per car a paid deposit marks reserved (docs/payments.md); removed when the feed catches up or on refund.
    // With the signature of the rows each tenant's live site was last built from: a poller that starts later still sees what changed meanwhile.
    statements: () => [
      'CREATE TABLE pipeline_reservations (tenant TEXT NOT NULL, car_id TEXT NOT NULL, reference TEXT NOT NULL, reserved_at TEXT NOT NULL, PRIMARY KEY (tenant, car_id))',
      'CREATE TABLE pipeline_reservations_built (tenant TEXT PRIMARY KEY, signature TEXT NOT NULL)',
    ],
  },
];

/** A tenant's reserved rows as one comparable string (car id and reference of each, in car id order); '' for none. */
export function reservationSignature(overlay: ReservationOverlay): string {
  return Object.keys(overlay)
    .sort()
    .map((carId) => JSON.stringify([carId, overlay[carId]!.reference]))
    .join('');
}

/** The accepted stock of a tenant: the records as taken in, and their sequence number. */
export interface StockSnapshot {
  data: unknown;
  seq: number;
}

/** A rollback hold: the tenant stays on `release` until an operator releases it. */
export interface ReleaseHold {
  release: string;
  from: string | null;
  at: string;
}

interface StockRow {
  seq: number;
  file_key: string;
  previous_key: string | null;
  seed_hash: string | null;
}

/** The seed of a tenant folder: its stock.json's hash and parsed content (undefined when not valid JSON). */
function readSeed(tenantDir: string): { hash: string; data: unknown } | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(tenantDir, 'stock.json'));
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  try {
    return { hash, data: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch {
    return { hash, data: undefined };
  }
}

/** Columns of pipeline_tenants (names put into SQL text: never from input). */
type TenantColumn = 'live' | 'hold' | 'status' | 'feed_status';

/** The state store; open it with openPipelineState. */
export class PipelineState {
  readonly db: SqlDatabase;
  readonly files: FileStore;
  /** Where the SQLite file and the local files live (also without a database URL: caches of the state). */
  readonly dataDir: string;
  /** Where the latest accepted stock of each tenant is also written as `<slug>.json`, for a lead API on this machine (`npm start`). */
  readonly stockMirror: string | undefined;

  constructor(db: SqlDatabase, files: FileStore, dataDir: string, stockMirror?: string) {
    this.db = db;
    this.files = files;
    this.dataDir = dataDir;
    this.stockMirror = stockMirror;
  }

  private async stockRow(slug: string): Promise<StockRow | null> {
    const rows = await this.db.query<StockRow>('SELECT seq, file_key, previous_key, seed_hash FROM pipeline_stock WHERE tenant = $1', [slug]);
    return rows[0] ?? null;
  }

  /**
   * Write a snapshot when the tenant's sequence is still `current` (compare-and-set); returns
   * the new sequence, or null when another writer got there first (nothing changed).
   */
  private async putStock(slug: string, data: unknown, current: StockRow | null, seedHash?: string): Promise<number | null> {
    const seq = (current?.seq ?? 0) + 1;
    // A random part: two writers racing for one sequence never write the same file.
    const key = `stock/${slug}/${String(seq).padStart(12, '0')}-${randomBytes(4).toString('hex')}.json`;
    await this.files.put(key, JSON.stringify(data));
    const now = Date.now();
    const changed = current
      ? await this.db.run('UPDATE pipeline_stock SET seq = $1, previous_key = file_key, file_key = $2, seed_hash = COALESCE($3, seed_hash), updated_at = $4 WHERE tenant = $5 AND seq = $6', [seq, key, seedHash ?? null, now, slug, current.seq])
      : await this.db.run('INSERT INTO pipeline_stock (tenant, seq, file_key, seed_hash, updated_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant) DO NOTHING', [slug, seq, key, seedHash ?? null, now]);
    if (changed === 0) {
      await this.files.delete(key);
      return null;
    }
    // Readers may still be reading the snapshot this one replaced; the one before it is garbage.
    if (current?.previous_key) await this.files.delete(current.previous_key);
    if (this.stockMirror) {
      mkdirSync(this.stockMirror, { recursive: true });
      writeFileAtomic(join(this.stockMirror, `${slug}.json`), JSON.stringify(data));
    }
    return seq;
  }

  /**
   * The tenant's accepted stock, or null when the state has none and the tenant folder has no
   * usable stock.json. A tenant folder's stock.json seeds the state the first time, and again
   * whenever the file itself is replaced (its hash differs from the one last taken in).
   */
  async stock(slug: string, tenantDir?: string): Promise<StockSnapshot | null> {
    const seed = tenantDir ? readSeed(resolve(tenantDir)) : null;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const row = await this.stockRow(slug);
      if (seed && seed.data !== undefined && (!row || row.seed_hash !== seed.hash)) {
        const seq = await this.putStock(slug, seed.data, row, seed.hash);
        if (seq !== null) return { data: seed.data, seq };
        continue;
      }
      if (!row) return null;
      const bytes = await this.files.get(row.file_key);
      // Replaced and collected between the two reads: read the row again.
      if (!bytes) continue;
      return { data: JSON.parse(bytes.toString('utf8')) as unknown, seq: row.seq };
    }
    throw new Error(`the stock of ${slug} could not be read from the pipeline state (${this.files.name}): it keeps changing or its snapshot file is missing`);
  }

  /** The sequence number of every tenant's accepted stock (what a reader polls to see which changed). */
  async stockSequences(): Promise<{ tenant: string; seq: number }[]> {
    const rows = await this.db.query<{ tenant: string; seq: number | string }>('SELECT tenant, seq FROM pipeline_stock ORDER BY tenant');
    return rows.map((row) => ({ tenant: row.tenant, seq: Number(row.seq) }));
  }

  /**
   * Read-modify-write of a tenant's stock: `apply` gets the current records (the seed's, or
   * none) and returns the next ones, or null to leave the stock alone. When another writer
   * changed the stock meanwhile, `apply` runs again on its result, so no accepted feed is lost.
   * Returns the new sequence, or null when `apply` declined.
   */
  async updateStock(slug: string, tenantDir: string | undefined, apply: (records: unknown[]) => unknown[] | null): Promise<number | null> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const current = await this.stock(slug, tenantDir);
      const records = Array.isArray(current?.data) ? (current.data as unknown[]) : [];
      const next = apply(records);
      if (next === null) return null;
      const row = await this.stockRow(slug);
      if ((row?.seq ?? 0) !== (current?.seq ?? 0)) continue;
      const seq = await this.putStock(slug, next, row);
      if (seq !== null) return seq;
    }
    throw new Error(`the stock of ${slug} kept changing while a feed was being taken in; try again`);
  }

  /** Record a complete release (its manifest goes to the file store). */
  async recordRelease(manifest: ReleaseManifest): Promise<void> {
    const key = `releases/${manifest.slug}/${manifest.id}.json`;
    await this.files.put(key, JSON.stringify(manifest));
    await this.db.run(
      'INSERT INTO pipeline_releases (tenant, id, mode, created_at, file_key) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant, id) DO UPDATE SET mode = excluded.mode, created_at = excluded.created_at, file_key = excluded.file_key',
      [manifest.slug, manifest.id, manifest.mode, manifest.createdAt, key],
    );
  }

  /** A recorded release's manifest, or null. */
  async release(slug: string, id: string): Promise<ReleaseManifest | null> {
    const rows = await this.db.query<{ file_key: string }>('SELECT file_key FROM pipeline_releases WHERE tenant = $1 AND id = $2', [slug, id]);
    if (!rows[0]) return null;
    const bytes = await this.files.get(rows[0].file_key);
    return bytes ? (JSON.parse(bytes.toString('utf8')) as ReleaseManifest) : null;
  }

  /** Recorded releases of a tenant, oldest first. */
  async releases(slug: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>('SELECT id FROM pipeline_releases WHERE tenant = $1 ORDER BY id', [slug]);
    return rows.map((row) => row.id);
  }

  /** Forget releases beyond the newest `keep` (never the live one); returns their ids. */
  async pruneReleases(slug: string, keep: number): Promise<string[]> {
    const ids = await this.releases(slug);
    const live = await this.live(slug);
    const kept = new Set(ids.slice(-Math.max(1, keep)));
    const removed = ids.filter((id) => !kept.has(id) && id !== live);
    for (const id of removed) {
      await this.db.run('DELETE FROM pipeline_releases WHERE tenant = $1 AND id = $2', [slug, id]);
      await this.files.delete(`releases/${slug}/${id}.json`);
    }
    return removed;
  }

  private async tenantValue(slug: string, column: TenantColumn): Promise<string | null> {
    const rows = await this.db.query<Record<TenantColumn, string | null>>(`SELECT ${column} FROM pipeline_tenants WHERE tenant = $1`, [slug]);
    return rows[0]?.[column] ?? null;
  }

  private async setTenantValue(slug: string, column: TenantColumn, value: string | null): Promise<void> {
    await this.db.run(`INSERT INTO pipeline_tenants (tenant, ${column}) VALUES ($1, $2) ON CONFLICT (tenant) DO UPDATE SET ${column} = excluded.${column}`, [slug, value]);
  }

  private async json<T>(slug: string, column: TenantColumn): Promise<T | null> {
    const text = await this.tenantValue(slug, column);
    return text === null ? null : (JSON.parse(text) as T);
  }

  /** The live release of a tenant (the pointer every worker builds on), or null. */
  live(slug: string): Promise<string | null> {
    return this.tenantValue(slug, 'live');
  }

  setLive(slug: string, id: string): Promise<void> {
    return this.setTenantValue(slug, 'live', id);
  }

  /** The rollback hold of a tenant, or null. */
  hold(slug: string): Promise<ReleaseHold | null> {
    return this.json<ReleaseHold>(slug, 'hold');
  }

  setHold(slug: string, hold: ReleaseHold | null): Promise<void> {
    return this.setTenantValue(slug, 'hold', hold ? JSON.stringify(hold) : null);
  }

  /** The last job's status of a tenant (src/pipeline/state/status.ts), or null. */
  status(slug: string): Promise<TenantStatus | null> {
    return this.json<TenantStatus>(slug, 'status');
  }

  setStatus(slug: string, status: TenantStatus): Promise<void> {
    return this.setTenantValue(slug, 'status', JSON.stringify(status));
  }

  /** The last feed of a tenant, or null. */
  feedStatus(slug: string): Promise<FeedStatus | null> {
    return this.json<FeedStatus>(slug, 'feed_status');
  }

  setFeedStatus(slug: string, feed: FeedStatus): Promise<void> {
    return this.setTenantValue(slug, 'feed_status', JSON.stringify(feed));
  }

  /** Keep a held feed (its description, bytes and dry-run report) for an operator's decision. */
  async addHeldFeed(feed: HeldFeed, bytes: Uint8Array, report: string): Promise<void> {
    await this.db.run('INSERT INTO pipeline_held_feeds (tenant, id, description, feed, report) VALUES ($1, $2, $3, $4, $5)', [
      feed.tenant,
      feed.id,
      JSON.stringify(feed),
      Buffer.from(bytes).toString('base64'),
      report,
    ]);
  }

  /** Held feeds of a tenant awaiting a decision, oldest first. */
  async heldFeeds(slug: string): Promise<HeldFeed[]> {
    const rows = await this.db.query<{ description: string }>('SELECT description FROM pipeline_held_feeds WHERE tenant = $1 AND outcome IS NULL ORDER BY id', [slug]);
    return rows.map((row) => JSON.parse(row.description) as HeldFeed);
  }

  /** One held feed (awaiting a decision or decided) with its bytes and report, or null. */
  async heldFeed(slug: string, id: string): Promise<{ feed: HeldFeed; bytes: Buffer; report: string } | null> {
    const rows = await this.db.query<{ description: string; feed: string; report: string }>('SELECT description, feed, report FROM pipeline_held_feeds WHERE tenant = $1 AND id = $2', [slug, id]);
    const row = rows[0];
    return row ? { feed: JSON.parse(row.description) as HeldFeed, bytes: Buffer.from(row.feed, 'base64'), report: row.report } : null;
  }

  /**
   * Decide a held feed: record the outcome and return it with its bytes, or null when it is
   * unknown or already decided. The update is the claim (only a row without an outcome
   * changes), so two operators or two processes deciding at once decide it only once.
   */
  async closeHeldFeed(slug: string, id: string, outcome: NonNullable<HeldFeed['outcome']>, note?: string): Promise<{ feed: HeldFeed; bytes: Buffer } | null> {
    const decidedAt = new Date().toISOString();
    const changed = await this.db.run('UPDATE pipeline_held_feeds SET outcome = $1, decided_at = $2 WHERE tenant = $3 AND id = $4 AND outcome IS NULL', [outcome, decidedAt, slug, id]);
    if (changed !== 1) return null;
    const held = await this.heldFeed(slug, id);
    if (!held) return null;
    const feed: HeldFeed = { ...held.feed, outcome, decidedAt, ...(note ? { note } : {}) };
    await this.db.run('UPDATE pipeline_held_feeds SET description = $1 WHERE tenant = $2 AND id = $3', [JSON.stringify(feed), slug, id]);
    return { feed, bytes: held.bytes };
  }

  /** The reserved overlay of a tenant (src/lib/vehicle/reservation-overlay.ts). */
  async reservations(slug: string): Promise<ReservationOverlay> {
    const rows = await this.db.query<{ car_id: string; reference: string; reserved_at: string }>('SELECT car_id, reference, reserved_at FROM pipeline_reservations WHERE tenant = $1 ORDER BY car_id', [slug]);
    return Object.fromEntries(rows.map((row) => [row.car_id, { reference: row.reference, reserved_at: row.reserved_at }]));
  }

  /**
   * The overlay a build uses: the state's rows over the tenant folder's reservations.json
   * (which a lead API without the state writes, as under `npm start`), and the signature of
   * the state's rows (reservationSignature), which the build records once it is live.
   */
  async overlay(slug: string, tenantDir?: string): Promise<{ overlay: ReservationOverlay; signature: string }> {
    const rows = await this.reservations(slug);
    return { overlay: { ...(tenantDir ? readReservationOverlay(resolve(tenantDir)) : {}), ...rows }, signature: reservationSignature(rows) };
  }

  /**
   * Every tenant's overlay as one comparable string (reservationSignature): what a reader
   * polls to see whose overlay changed. A tenant without rows is absent.
   */
  async reservationSignatures(): Promise<Map<string, string>> {
    const rows = await this.db.query<{ tenant: string; car_id: string; reference: string }>('SELECT tenant, car_id, reference FROM pipeline_reservations');
    const byTenant = new Map<string, ReservationOverlay>();
    for (const row of rows) {
      const overlay = byTenant.get(row.tenant) ?? {};
      overlay[row.car_id] = { reference: row.reference, reserved_at: '' };
      byTenant.set(row.tenant, overlay);
    }
    return new Map([...byTenant].map(([tenant, overlay]) => [tenant, reservationSignature(overlay)]));
  }

  /** The signature of each tenant's rows its live site was last built from (recordReservationsBuilt); absent: built from none. */
  async builtReservationSignatures(): Promise<Map<string, string>> {
    const rows = await this.db.query<{ tenant: string; signature: string }>('SELECT tenant, signature FROM pipeline_reservations_built');
    return new Map(rows.filter((row) => row.signature !== '').map((row) => [row.tenant, row.signature]));
  }

  /** A release of the tenant built from (or found unchanged against) the rows of this signature. */
  async recordReservationsBuilt(slug: string, signature: string): Promise<void> {
    await this.db.run('INSERT INTO pipeline_reservations_built (tenant, signature) VALUES ($1, $2) ON CONFLICT (tenant) DO UPDATE SET signature = excluded.signature', [slug, signature]);
  }

  /** Mark a car reserved; an existing entry (an earlier payment) stands. Returns whether a row was added. */
  async reserveCar(slug: string, carId: string, reference: string, reservedAt: string): Promise<boolean> {
    const added = await this.db.run('INSERT INTO pipeline_reservations (tenant, car_id, reference, reserved_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant, car_id) DO NOTHING', [slug, carId, reference, reservedAt]);
    return added > 0;
  }

  /** Remove a car's entry: only the one of `reference` when given (a refund), any when null. Returns whether a row went. */
  async unreserveCar(slug: string, carId: string, reference: string | null): Promise<boolean> {
    const removed = reference === null
      ? await this.db.run('DELETE FROM pipeline_reservations WHERE tenant = $1 AND car_id = $2', [slug, carId])
      : await this.db.run('DELETE FROM pipeline_reservations WHERE tenant = $1 AND car_id = $2 AND reference = $3', [slug, carId, reference]);
    return removed > 0;
  }

  /**
   * Remove the entries an accepted feed now reflects (settleReservationOverlay). Each delete
   * names the reference it read, so a payment recorded meanwhile for that car is kept.
   */
  async settleReservations(slug: string, feedRecords: readonly unknown[]): Promise<string[]> {
    const overlay = await this.reservations(slug);
    const kept = settleReservationOverlay(overlay, feedRecords);
    const settled: string[] = [];
    for (const [carId, entry] of Object.entries(overlay)) {
      if (!kept[carId] && (await this.unreserveCar(slug, carId, entry.reference))) settled.push(carId);
    }
    return settled;
  }

  close(): Promise<void> {
    return this.db.close();
  }
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

/** The data directory of a sites directory: `<sites>/.pipeline` (never inside `tenants/`). */
export function defaultDataDir(sitesDir: string): string {
  return join(resolve(sitesDir), '.pipeline');
}

/** Open (and create or migrate) the pipeline state. */
export async function openPipelineState(options: StateOptions): Promise<PipelineState> {
  const dataDir = resolve(options.dataDir);
  const db = await openDatabase(options.databaseUrl ? { kind: 'postgres', url: options.databaseUrl, poolSize: 4 } : { kind: 'sqlite', file: join(dataDir, 'state.sqlite') }, {
    migrations: MIGRATIONS,
    table: 'pipeline_migrations',
    lockKey: 7355609,
  });
  const mirror = options.stockMirror === false ? undefined : (options.stockMirror ?? join(dataDir, 'stock'));
  return new PipelineState(db, options.files ?? localFileStore(join(dataDir, 'files')), dataDir, mirror);
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
