/**
 * Code versions of the fleet in the state: one row per compiled-renderer key (the code version
 * and what its compile reads, src/builder/render/code-renderer.ts), saying whether the bucket
 * holds its compile (`ready`), a worker compiles it now (`compiling`, under a lease the owner
 * renews) or it is being removed (`retiring`, under a lease too). `claim` is the lock every
 * worker takes before rendering with a key: the first one compiles, the others wait and fetch;
 * each claim marks the key used. A key no release record names (`pipeline_releases.code_key`)
 * and no job used for a long while is retired (src/pipeline/release/renderers.ts).
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';

/** The code version table, and the releases' code key column (migration 4 of the state). */
export const CODE_VERSION_TABLES = [
  'CREATE TABLE pipeline_code_versions (key TEXT PRIMARY KEY, status TEXT NOT NULL, owner TEXT, lease_until BIGINT NOT NULL, compiles INTEGER NOT NULL, used_at BIGINT NOT NULL, unreferenced_since BIGINT, created_at BIGINT NOT NULL)',
  'ALTER TABLE pipeline_releases ADD COLUMN code_key TEXT',
];

/** What a claim found: the bucket holds the compile; this caller compiles it (holding the lease); or another does (until its lease ends). */
export type CodeVersionClaim = { status: 'ready' } | { status: 'compile' } | { status: 'wait'; owner: string | null; until: number };

/** A code version's row. */
export interface CodeVersion {
  key: string;
  status: 'compiling' | 'ready' | 'retiring';
  owner: string | null;
  leaseUntil: number;
  /** How many times a worker set out to compile it (1 in a fleet that works as meant). */
  compiles: number;
  usedAt: number;
  unreferencedSince: number | null;
}

interface Row {
  key: string;
  status: CodeVersion['status'];
  owner: string | null;
  lease_until: string | number;
  compiles: string | number;
  used_at: string | number;
  unreferenced_since: string | number | null;
}

const fromRow = (row: Row): CodeVersion => ({
  key: row.key,
  status: row.status,
  owner: row.owner,
  leaseUntil: Number(row.lease_until),
  compiles: Number(row.compiles),
  usedAt: Number(row.used_at),
  unreferencedSince: row.unreferenced_since === null ? null : Number(row.unreferenced_since),
});

export class CodeVersionStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  async get(key: string): Promise<CodeVersion | null> {
    const rows = await this.db.query<Row>('SELECT * FROM pipeline_code_versions WHERE key = $1', [key]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** Every code version, oldest use first. */
  async list(): Promise<CodeVersion[]> {
    return (await this.db.query<Row>('SELECT * FROM pipeline_code_versions ORDER BY used_at')).map(fromRow);
  }

  /**
   * Claim `key` for a render: marks it used; `compile` when no one has it (a new row, or a
   * compile or removal whose owner's lease ran out: this caller takes the lease over), `ready`
   * when the bucket holds it, else `wait`. Each step is one conditional statement.
   */
  async claim(key: string, owner: string, leaseMs: number, now = Date.now()): Promise<CodeVersionClaim> {
    const created = await this.db.run(
      "INSERT INTO pipeline_code_versions (key, status, owner, lease_until, compiles, used_at, created_at) VALUES ($1, 'compiling', $2, $3, 1, $4, $4) ON CONFLICT (key) DO NOTHING",
      [key, owner, now + leaseMs, now],
    );
    if (created === 1) return { status: 'compile' };
    if ((await this.db.run("UPDATE pipeline_code_versions SET used_at = $2, unreferenced_since = NULL WHERE key = $1 AND status = 'ready'", [key, now])) === 1)
      return { status: 'ready' };
    const taken = await this.db.run(
      "UPDATE pipeline_code_versions SET status = 'compiling', owner = $2, lease_until = $3, compiles = compiles + 1, used_at = $4, unreferenced_since = NULL WHERE key = $1 AND status <> 'ready' AND lease_until < $4",
      [key, owner, now + leaseMs, now],
    );
    if (taken === 1) return { status: 'compile' };
    const row = await this.get(key);
    if (!row) return this.claim(key, owner, leaseMs, now);
    if (row.status === 'ready') return { status: 'ready' };
    return { status: 'wait', owner: row.owner, until: row.leaseUntil };
  }

  /** Extend the owner's lease (a compile or a removal in progress); false when it is no longer the owner's. */
  async renew(key: string, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
    return (
      (await this.db.run("UPDATE pipeline_code_versions SET lease_until = $3 WHERE key = $1 AND owner = $2 AND status <> 'ready'", [
        key,
        owner,
        now + leaseMs,
      ])) === 1
    );
  }

  /** The owner's compile is in the bucket: every worker may fetch it. */
  async ready(key: string, owner: string): Promise<boolean> {
    return (
      (await this.db.run("UPDATE pipeline_code_versions SET status = 'ready', owner = NULL WHERE key = $1 AND owner = $2 AND status = 'compiling'", [
        key,
        owner,
      ])) === 1
    );
  }

  /** The owner's compile kept nothing (or the bucket lost it): the next claim compiles. */
  async abandon(key: string, owner: string): Promise<void> {
    await this.db.run("UPDATE pipeline_code_versions SET lease_until = 0 WHERE key = $1 AND owner = $2 AND status = 'compiling'", [key, owner]);
  }

  /** The bucket has no compile of a `ready` key after all: it becomes a compile this caller owns. */
  async reclaim(key: string, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
    return (
      (await this.db.run(
        "UPDATE pipeline_code_versions SET status = 'compiling', owner = $2, lease_until = $3, compiles = compiles + 1, used_at = $4 WHERE key = $1 AND status = 'ready'",
        [key, owner, now + leaseMs, now],
      )) === 1
    );
  }

  /** Whether any recorded release (any tenant) names `key` as the code its files are shared under. */
  async referenced(key: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 AS one FROM pipeline_releases WHERE code_key = $1 LIMIT 1', [key])).length > 0;
  }

  /** Note when a key was first seen unreferenced (null: referenced again). */
  async markUnreferenced(key: string, since: number | null): Promise<void> {
    await this.db.run('UPDATE pipeline_code_versions SET unreferenced_since = $2 WHERE key = $1', [key, since]);
  }

  /**
   * Start removing a ready key no job used since `usedBefore` and unreferenced since
   * `unreferencedBefore`: it becomes `retiring` under the caller's lease (a claim meanwhile
   * makes this fail; a claim after it waits for the removal, then compiles again).
   */
  async retire(key: string, owner: string, usedBefore: number, unreferencedBefore: number, leaseMs: number, now = Date.now()): Promise<boolean> {
    return (
      (await this.db.run(
        "UPDATE pipeline_code_versions SET status = 'retiring', owner = $2, lease_until = $3 WHERE key = $1 AND status = 'ready' AND used_at < $4 AND unreferenced_since IS NOT NULL AND unreferenced_since < $5",
        [key, owner, now + leaseMs, usedBefore, unreferencedBefore],
      )) === 1
    );
  }

  /** The removal is done: the key is forgotten (a later claim compiles it afresh). */
  async forget(key: string, owner: string): Promise<void> {
    await this.db.run("DELETE FROM pipeline_code_versions WHERE key = $1 AND owner = $2 AND status = 'retiring'", [key, owner]);
  }
}
