/**
 * The accepted stock (one port, `AcceptedStock`): each tenant's latest snapshot of records as
 * the intake took them in, a row (sequence number, file key) over a file in the state's file
 * store. Writes are compare-and-set on the sequence, so two processes taking feeds in at once
 * never lose one. The tenant folder's stock.json is only a seed (seedFromFolder): taken in
 * when the state has none, or when the file itself was replaced. Records parsed by the intake
 * are kept for the release of the same snapshot (parsed), so a feed is parsed once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseStock, stockFileRecords, type ParsedStock } from '../../lib/vehicle/stock.ts';
import type { SqlDatabase } from '../../platform/sql/db.ts';
import { writeFileAtomic } from '../../platform/fs/atomic-file.ts';
import type { FileStore } from './files.ts';

/** The stock table (migration 1 of the state). */
export const STOCK_TABLES = [
  'CREATE TABLE pipeline_stock (tenant TEXT PRIMARY KEY, seq BIGINT NOT NULL, file_key TEXT NOT NULL, previous_key TEXT, seed_hash TEXT, updated_at BIGINT NOT NULL)',
];

/** The accepted stock of a tenant: the records as taken in, and their sequence number. */
export interface StockSnapshot {
  data: unknown;
  seq: number;
  /** Set when this read took the tenant folder's stock.json in (its problems are then reported like a feed's). */
  seeded?: boolean;
}

/** Turns the current records into the next ones, or null to leave the stock alone. */
export type StockUpdate = (records: unknown[], current: StockSnapshot | null) => unknown[] | null;

/** The one way to the accepted stock. */
export interface AcceptedStock {
  /** The tenant's snapshot, or null; with `tenantDir`, its stock.json seeds the state first (seedFromFolder). */
  get(slug: string, tenantDir?: string): Promise<StockSnapshot | null>;
  /** The records `get(slug, tenantDir)` would answer, without taking a seed in (the feed dry run); null when none. */
  peek(slug: string, tenantDir: string): Promise<unknown>;
  /**
   * Read-modify-write: `apply` gets the current records and returns the next ones, or null.
   * When another writer changed the stock meanwhile, `apply` runs again on its result.
   * `parsed` may give the parse of the records written (kept for the release). Returns the
   * new sequence, or null when `apply` declined.
   */
  update(slug: string, tenantDir: string | undefined, apply: StockUpdate, parsed?: (records: unknown[]) => ParsedStock | undefined): Promise<number | null>;
  /** The parse of a snapshot: kept from the intake or an earlier call, else parsed now (held to the latest model year of `now` when given, parseStock). */
  parse(slug: string, snapshot: StockSnapshot, now?: number): ParsedStock;
  /** The parse of a snapshot when this process kept it (the release then does not parse again), else undefined. */
  parsed(slug: string, snapshot: StockSnapshot): ParsedStock | undefined;
  /** The sequence number of every tenant's snapshot (what a reader polls to see which changed). */
  sequences(): Promise<{ tenant: string; seq: number }[]>;
}

interface StockRow {
  seq: number;
  file_key: string;
  previous_key: string | null;
  seed_hash: string | null;
}

/**
 * The seed of a tenant folder: its stock.json's hash and records (stockFileRecords: the array, or
 * the `vehicles` of `{ "vehicles": [...] }`; undefined when not valid JSON or of another shape), or null without one.
 */
export function readFolderStock(tenantDir: string): { hash: string; data: unknown[] | undefined } | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(tenantDir, 'stock.json'));
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  try {
    return { hash, data: stockFileRecords(JSON.parse(bytes.toString('utf8'))) ?? undefined };
  } catch {
    return { hash, data: undefined };
  }
}

/** JSON text of records, and whether reading it back gives the same values (no NaN, undefined, Date...). */
function stableJson(data: unknown): { text: string; stable: boolean } {
  let stable = true;
  const text = JSON.stringify(data, function (this: unknown, _key, value: unknown) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || (typeof value === 'number' && !Number.isFinite(value)))
      stable = false;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) stable = false;
    return value;
  });
  return { text, stable };
}

/** How many tenants' parsed snapshots a process keeps (a release follows its feed within seconds). */
const PARSED_KEPT = 16;

/** The accepted stock in the state's database and file store. */
export class StockStore implements AcceptedStock {
  private readonly db: SqlDatabase;
  private readonly files: FileStore;
  private readonly mirror: string | undefined;
  private readonly kept = new Map<string, { seq: number; parsed: ParsedStock }>();

  /** `mirror`: where the latest snapshot of each tenant is also written as `<slug>.json`, for a lead API on this machine (`npm start`). */
  constructor(db: SqlDatabase, files: FileStore, mirror?: string) {
    this.db = db;
    this.files = files;
    this.mirror = mirror;
  }

  private async row(slug: string): Promise<StockRow | null> {
    const rows = await this.db.query<StockRow>('SELECT seq, file_key, previous_key, seed_hash FROM pipeline_stock WHERE tenant = $1', [slug]);
    return rows[0] ?? null;
  }

  /** Write a snapshot when the tenant's sequence is still `current`'s (compare-and-set); the new sequence, or null when another writer got there first. */
  private async put(slug: string, data: unknown, current: StockRow | null, seedHash?: string): Promise<{ seq: number; stable: boolean } | null> {
    const seq = (current?.seq ?? 0) + 1;
    // A random part: two writers racing for one sequence never write the same file.
    const key = `stock/${slug}/${String(seq).padStart(12, '0')}-${randomBytes(4).toString('hex')}.json`;
    const { text, stable } = stableJson(data);
    await this.files.put(key, text);
    const now = Date.now();
    const changed = current
      ? await this.db.run(
          'UPDATE pipeline_stock SET seq = $1, previous_key = file_key, file_key = $2, seed_hash = COALESCE($3, seed_hash), updated_at = $4 WHERE tenant = $5 AND seq = $6',
          [seq, key, seedHash ?? null, now, slug, current.seq],
        )
      : await this.db.run(
          'INSERT INTO pipeline_stock (tenant, seq, file_key, seed_hash, updated_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant) DO NOTHING',
          [slug, seq, key, seedHash ?? null, now],
        );
    if (changed === 0) {
      await this.files.delete(key);
      return null;
    }
    // Readers may still be reading the snapshot this one replaced; the one before it is garbage.
    if (current?.previous_key) await this.files.delete(current.previous_key);
    if (this.mirror) {
      mkdirSync(this.mirror, { recursive: true });
      writeFileAtomic(join(this.mirror, `${slug}.json`), text);
    }
    return { seq, stable };
  }

  /** Take the folder's stock.json in when the state has no snapshot or the file was replaced; the seeded snapshot, or null when nothing was seeded. */
  private async seedFromFolder(slug: string, tenantDir: string, row: StockRow | null): Promise<StockSnapshot | 'retry' | null> {
    const seed = readFolderStock(resolve(tenantDir));
    if (!seed || seed.data === undefined || (row && row.seed_hash === seed.hash)) return null;
    const written = await this.put(slug, seed.data, row, seed.hash);
    return written ? { data: seed.data, seq: written.seq, seeded: true } : 'retry';
  }

  async peek(slug: string, tenantDir: string): Promise<unknown> {
    const row = await this.row(slug);
    const seed = readFolderStock(resolve(tenantDir));
    if (seed && seed.data !== undefined && !(row && row.seed_hash === seed.hash)) return seed.data;
    return (await this.get(slug))?.data ?? null;
  }

  async get(slug: string, tenantDir?: string): Promise<StockSnapshot | null> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const row = await this.row(slug);
      const seeded = tenantDir ? await this.seedFromFolder(slug, tenantDir, row) : null;
      if (seeded === 'retry') continue;
      if (seeded) return seeded;
      if (!row) return null;
      const bytes = await this.files.get(row.file_key);
      // Replaced and collected between the two reads: read the row again.
      if (!bytes) continue;
      return { data: JSON.parse(bytes.toString('utf8')) as unknown, seq: row.seq };
    }
    throw new Error(`the stock of ${slug} could not be read from the pipeline state (${this.files.name}): it keeps changing or its snapshot file is missing`);
  }

  async update(
    slug: string,
    tenantDir: string | undefined,
    apply: StockUpdate,
    parsed?: (records: unknown[]) => ParsedStock | undefined,
  ): Promise<number | null> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const current = await this.get(slug, tenantDir);
      const records = stockFileRecords(current?.data) ?? [];
      const next = apply(records, current);
      if (next === null) return null;
      const row = await this.row(slug);
      if ((row?.seq ?? 0) !== (current?.seq ?? 0)) continue;
      const written = await this.put(slug, next, row);
      if (!written) continue;
      // Kept only when the stored JSON reads back as these very records.
      const parse = written.stable ? parsed?.(next) : undefined;
      if (parse) this.keep(slug, written.seq, parse);
      return written.seq;
    }
    throw new Error(`the stock of ${slug} kept changing while a feed was being taken in; try again`);
  }

  private keep(slug: string, seq: number, parsed: ParsedStock): void {
    this.kept.delete(slug);
    this.kept.set(slug, { seq, parsed });
    if (this.kept.size > PARSED_KEPT) this.kept.delete(this.kept.keys().next().value!);
  }

  parsed(slug: string, snapshot: StockSnapshot): ParsedStock | undefined {
    const kept = this.kept.get(slug);
    return kept?.seq === snapshot.seq ? kept.parsed : undefined;
  }

  parse(slug: string, snapshot: StockSnapshot, now?: number): ParsedStock {
    const kept = this.parsed(slug, snapshot);
    if (kept) return kept;
    const parsed = parseStock(slug, snapshot.data, undefined, now);
    this.keep(slug, snapshot.seq, parsed);
    return parsed;
  }

  async sequences(): Promise<{ tenant: string; seq: number }[]> {
    const rows = await this.db.query<{ tenant: string; seq: number | string }>('SELECT tenant, seq FROM pipeline_stock ORDER BY tenant');
    return rows.map((row) => ({ tenant: row.tenant, seq: Number(row.seq) }));
  }
}
