/**
 * SQL connections for the lead API (DESIGN §6 storage): node:sqlite (a file under data/)
 * by default, PostgreSQL through `pg` when a connection URL is given. Both run the same
 * SQL, written with $1..$n placeholders and portable types; the few dialect differences
 * (blob type, advisory locks) are named here and in migrations.ts, nowhere else.
 */
import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import pg from 'pg';
import type { Dialect, Migration } from './migration.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** Database settings: a PostgreSQL URL, or a SQLite file (':memory:' for throw-away). */
export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'sqlite';
      file: string;
      /**
       * FULL (default): a commit is on disk before anyone is answered (survives power loss).
       * NORMAL: a commit is in the OS (survives a process crash, not a power loss).
       */
      synchronous?: 'FULL' | 'NORMAL';
    };

export type { Dialect } from './migration.ts';
export type SqlValue = string | number | bigint | boolean | null | undefined | Uint8Array | SqlArray;
/** An array parameter, bound as a PostgreSQL array (`unnest($1::text[])`, `= ANY($1::text[])`); SQLite takes none. */
export type SqlArray = readonly (string | number | null)[];
export type Row = Record<string, unknown>;

/** Something that runs SQL: the database itself or an open transaction. */
export interface SqlExecutor {
  readonly dialect: Dialect;
  /** Rows of a SELECT (or of an INSERT/UPDATE ... RETURNING). */
  query<T = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Run a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}

/** A database connection (pool) with transactions. */
export interface SqlDatabase extends SqlExecutor {
  /** Run `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * How long the server has left requests unanswered (ms): 0 while none waits, else since its
   * last answer or since the first request sent after it, counted afresh from the first request
   * sent once none waited (whatever became of the last). A stopping process gives up on a state
   * that stays silent (src/pipeline/service/service.ts). SQLite, in this process, answers always.
   */
  silentMs(): number;
  /** End the connections; PostgreSQL's are destroyed when its server has not ended them within CLOSE_WAIT_MS. */
  close(): Promise<void>;
}

/**
 * Inside a transaction: wait for the lock named `scope` and `key` and hold it until the
 * transaction ends, so that a count and the write it allows are one step for every process
 * sharing the database (a limit checked by several requests at once). PostgreSQL: an advisory
 * transaction lock on the names' hashes; SQLite: nothing more is needed, as its write
 * transactions already run one at a time (BEGIN IMMEDIATE).
 */
export async function lockInTransaction(tx: SqlExecutor, scope: string, key: string): Promise<void> {
  if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [scope, key]);
}

/** A set of migrations with the table recording them (the lead API's: src/server/database.ts; the pipeline's state has its own). */
export interface Schema {
  migrations: Migration[];
  table: string;
  /** PostgreSQL advisory lock key held while migrating. */
  lockKey: number;
}

/** Open a database and bring its schema up to date. */
export async function openDatabase(config: DatabaseConfig, schema: Schema): Promise<SqlDatabase> {
  const db =
    config.kind === 'postgres' ? new PostgresDatabase(config.url, config.poolSize ?? 10) : new SqliteDatabase(config.file, config.synchronous ?? 'FULL');
  try {
    await migrate(db, schema);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Apply every migration not yet recorded in schema_migrations, in order, each in its own transaction. */
async function migrate(db: SqlDatabase, { migrations, table, lockKey }: Schema): Promise<void> {
  // Under the lock too: two processes' CREATE TABLE IF NOT EXISTS race on PostgreSQL's catalog.
  await db.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(${lockKey})`);
    await tx.run(`CREATE TABLE IF NOT EXISTS ${table} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
  });
  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      // Several API processes may start together on one PostgreSQL: one migrates, the others wait.
      if (tx.dialect === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(${lockKey})`);
      const done = await tx.query(`SELECT version FROM ${table} WHERE version = $1`, [migration.version]);
      if (done.length > 0) return;
      for (const statement of migration.statements(tx.dialect)) await tx.run(statement);
      await tx.run(`INSERT INTO ${table} (version, name, applied_at) VALUES ($1, $2, $3)`, [migration.version, migration.name, Date.now()]);
    });
  }
}

/** node:sqlite accepts numbers, strings, bigints, null and bytes; booleans become 0/1. */
const isSqlArray = (value: SqlValue): value is SqlArray => Array.isArray(value);

function sqliteValue(value: SqlValue): string | number | bigint | null | Uint8Array {
  if (value === undefined || value === null) return null;
  if (isSqlArray(value)) throw new Error('an array parameter is PostgreSQL only (SQLite binds scalars)');
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** '$1' placeholders become SQLite's numbered '?1' (same meaning, same order). */
function toSqlitePlaceholders(sql: string): string {
  return sql.replace(/\$(\d+)/g, '?$1');
}

/** How long a SQLite statement waits for another process's lock before it fails. */
const BUSY_TIMEOUT_MS = 5000;

/** SQLite's "busy" result code (its extended codes share the low byte). */
const SQLITE_BUSY = 5;

/**
 * Switch the file to WAL. While another process sets up the WAL of the same new file, SQLite
 * answers "database is locked" at once, without the busy timeout
 * (tests/integration/sqlite-open-race.test.ts), so the switch is tried again, for as long as the
 * busy timeout would have waited.
 */
function switchToWal(db: DatabaseSync): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (error) {
      if (((error as { errcode?: number }).errcode ?? 0) % 256 !== SQLITE_BUSY || Date.now() > deadline) throw error;
      // A short synchronous pause: this runs once, in the constructor, when the database opens.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

class SqliteDatabase implements SqlDatabase {
  readonly dialect = 'sqlite' as const;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** Serialises access: one connection, and an async transaction must not interleave with other statements. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly direct: SqlExecutor;

  /** The -wal file, when commits must reach the disk before callers are answered. */
  private readonly walFile: string | undefined;
  private walHandle: FileHandle | undefined;
  private syncing: Promise<void> | undefined;
  private nextSync: Promise<void> | undefined;

  constructor(file: string, synchronous: 'FULL' | 'NORMAL') {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    // First: switching a new file to WAL needs a moment alone with it, and processes opening
    // one file together (two pipeline workers starting) must wait for each other, not fail.
    this.db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    switchToWal(this.db);
    // FULL durability without blocking the event loop: SQLite writes the WAL without
    // fsync (NORMAL) and this class fdatasyncs the WAL on the libuv thread pool after each
    // group COMMIT, answering callers only then. That is what synchronous=FULL guarantees
    // (the WAL synced after every commit), while requests keep being parsed during the sync.
    this.db.exec('PRAGMA synchronous = NORMAL');
    this.walFile = synchronous === 'FULL' && file !== ':memory:' ? `${file}-wal` : undefined;
    this.db.exec('PRAGMA foreign_keys = ON');
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the direct handle's methods are plain functions that must reach this database
    const self = this;
    this.direct = {
      dialect: 'sqlite',
      query: async <T>(sql: string, params: readonly SqlValue[] = []) => self.querySync(sql, params) as T[],
      run: async (sql: string, params: readonly SqlValue[] = []) => self.runSync(sql, params),
    };
  }

  private prepare(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(toSqlitePlaceholders(sql));
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private querySync(sql: string, params: readonly SqlValue[]): Row[] {
    return this.prepare(sql).all(...params.map(sqliteValue)) as Row[];
  }

  private runSync(sql: string, params: readonly SqlValue[]): number {
    if (params.length === 0 && !sql.includes('$')) {
      // DDL and multi-statement text go through exec; no result needed.
      this.db.exec(sql);
      return 0;
    }
    return Number(this.prepare(sql).run(...params.map(sqliteValue)).changes);
  }

  private locked<T>(work: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  // Writes outside an explicit transaction join the group commit too: an autocommit
  // statement would cost one fsync of its own.
  query<T = Row>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    if (/^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql)) return this.transaction((tx) => tx.query<T>(sql, params));
    return this.locked(() => this.querySync(sql, params) as T[]);
  }

  run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    if (params.length === 0 && !sql.includes('$')) return this.locked(() => this.runSync(sql, params));
    return this.transaction((tx) => tx.run(sql, params));
  }

  /**
   * Group commit: transactions requested in the same turn of the event loop (or while a
   * commit is running) share one COMMIT, so one fsync covers many leads. Each keeps its
   * own all-or-nothing behaviour through a SAVEPOINT; each caller is answered only after
   * the shared COMMIT succeeded.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work: work as (tx: SqlExecutor) => Promise<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => void this.locked(() => this.flush()));
      }
    });
  }

  private pending: { work: (tx: SqlExecutor) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  private flushScheduled = false;

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0, SqliteDatabase.MAX_GROUP);
    if (this.pending.length > 0) setImmediate(() => void this.locked(() => this.flush()));
    else this.flushScheduled = false;
    if (batch.length === 0) return;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    // After some errors (I/O, a full disk, RAISE(ROLLBACK)) SQLite has already rolled the whole
    // transaction back, so the savepoint is gone: every unit of the batch is lost and every waiter is told so.
    const abandon = (error: unknown) => {
      try {
        if (this.db.isTransaction) this.db.exec('ROLLBACK');
      } catch {
        // Nothing more can be undone; the waiters still get the original error.
      }
      batch.forEach((item, index) => {
        const outcome = outcomes[index];
        item.reject(outcome && !outcome.ok ? outcome.error : error);
      });
    };
    for (const item of batch) {
      try {
        this.db.exec('SAVEPOINT unit');
      } catch (error) {
        return abandon(error);
      }
      try {
        const value = await item.work(this.direct);
        this.db.exec('RELEASE unit');
        outcomes.push({ ok: true, value });
      } catch (error) {
        if (!this.db.isTransaction) {
          outcomes.push({ ok: false, error });
          return abandon(new Error(`the transaction was rolled back by another statement of its group: ${(error as Error).message}`));
        }
        try {
          this.db.exec('ROLLBACK TO unit');
          this.db.exec('RELEASE unit');
        } catch (rollbackError) {
          outcomes.push({ ok: false, error });
          return abandon(rollbackError);
        }
        outcomes.push({ ok: false, error });
      }
    }
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      for (const item of batch) item.reject(error);
      return;
    }
    const answer = () =>
      batch.forEach((item, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    if (!this.walFile) return answer();
    // Not awaited: the next group may commit while this one's sync runs.
    this.requestSync().then(answer, (error: unknown) => {
      for (const item of batch) item.reject(error);
    });
  }

  /** A WAL fdatasync that covers every commit made before this call; concurrent callers share syncs. */
  private requestSync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.syncWal().finally(() => {
        this.syncing = undefined;
      });
      return this.syncing;
    }
    // A sync is running and may have started before our commit: share the next one.
    this.nextSync ??= this.syncing.then(() => {
      this.nextSync = undefined;
      return this.requestSync();
    });
    return this.nextSync;
  }

  private async syncWal(): Promise<void> {
    this.walHandle ??= await open(this.walFile!, 'r+');
    await this.walHandle.datasync();
  }

  /** Most transactions sharing one commit. */
  private static readonly MAX_GROUP = 256;

  silentMs(): number {
    return 0;
  }

  async close(): Promise<void> {
    await this.tail;
    await this.nextSync;
    await this.syncing;
    await this.walHandle?.close();
    this.walHandle = undefined;
    if (this.db.isOpen) this.db.close();
  }
}

// int8 (BIGINT) columns hold millisecond times and counters, well inside 2^53.
pg.types.setTypeParser(20, (text) => Number(text));

function pgValue(value: SqlValue): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

/**
 * Statements with parameters run as named prepared statements: PostgreSQL
 * then parses each statement text once per connection instead of on every call (plans are
 * still made per run: see the pool's plan_cache_mode). Names come from the text; at
 * most PREPARED_MAX texts get one (SQL built with a variable number of placeholders would
 * otherwise grow every connection's statement cache without bound); the rest run unnamed.
 */
const PREPARED_MAX = 1000;
const preparedNames = new Map<string, string>();
function pgQuery(sql: string, params: readonly SqlValue[]): pg.QueryConfig {
  const values = params.map(pgValue);
  if (params.length === 0) return { text: sql, values };
  let name = preparedNames.get(sql);
  if (name === undefined && preparedNames.size < PREPARED_MAX) {
    name = `s${preparedNames.size}`;
    preparedNames.set(sql, name);
  }
  return name === undefined ? { text: sql, values } : { name, text: sql, values };
}

/** How long a new PostgreSQL connection may take before the request fails as unavailable. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * How long a close waits for the server to end its connections, the time it had already left
 * requests unanswered included: a server that stalled (paused, failing over) never ends them, nor
 * answers the query a connection waits on, so they are destroyed after it.
 */
export const CLOSE_WAIT_MS = 5000;

/** A pool client's socket (node-postgres keeps it as `connection.stream`). */
const socketOf = (client: pg.PoolClient) => (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;

class PostgresDatabase implements SqlDatabase {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(url: string, poolSize: number) {
    // Prepared statements keep their parse, but are planned at each run (plan_cache_mode): a
    // generic plan made while a table was small (a new database) kept sequential scans of
    // leads and deliveries for `id = ANY($1)` after they grew (measured in bench-leads).
    // A server that accepts connections but never answers (stalled, or failing over) fails a
    // request after CONNECT_TIMEOUT_MS instead of holding it open (src/platform/sql/unavailable.ts).
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: '-c plan_cache_mode=force_custom_plan',
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => {
      this.#clients.add(client);
      // A connection destroyed by close() while a request waits on it: that request fails, the process goes on.
      client.on('error', () => undefined);
    });
    this.pool.on('remove', (client) => this.#clients.delete(client));
  }

  readonly #clients = new Set<pg.PoolClient>();
  /** Requests sent and not yet settled. */
  #waiting = 0;
  /** While requests wait: the server's last answer, or the first request sent after it (silentMs); unset once none waits. */
  #silentSince: number | undefined;

  /**
   * `request`, counted as waiting until it settles; an answer of the server (rows, or an error of
   * its own) ends the silence, a lost or refused connection does not while other requests wait.
   * Silence is only counted while a request waits: once none does, the next request starts it
   * afresh, however the last one ended.
   */
  async #ask<T>(request: () => Promise<T>): Promise<T> {
    this.#waiting += 1;
    this.#silentSince ??= Date.now();
    let answered = false;
    try {
      const result = await request();
      answered = true;
      return result;
    } catch (error) {
      answered = !isDatabaseUnavailable(error);
      throw error;
    } finally {
      this.#waiting -= 1;
      if (this.#waiting === 0) this.#silentSince = undefined;
      else if (answered) this.#silentSince = Date.now();
    }
  }

  silentMs(): number {
    return this.#waiting > 0 && this.#silentSince !== undefined ? Date.now() - this.#silentSince : 0;
  }

  async query<T = Row>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    const result = await this.#ask(() => this.pool.query(pgQuery(sql, params)));
    return result.rows as T[];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    const result = await this.#ask(() => this.pool.query(pgQuery(sql, params)));
    return result.rowCount ?? 0;
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.#ask(() => this.pool.connect());
    const send = (sql: string, params: readonly SqlValue[] = []) => this.#ask(() => client.query(pgQuery(sql, params)));
    const tx: SqlExecutor = {
      dialect: 'postgres',
      query: async <R>(sql: string, params: readonly SqlValue[] = []) => (await send(sql, params)).rows as R[],
      run: async (sql: string, params: readonly SqlValue[] = []) => (await send(sql, params)).rowCount ?? 0,
    };
    try {
      await send('BEGIN');
      const result = await work(tx);
      await send('COMMIT');
      client.release();
      return result;
    } catch (error) {
      try {
        await send('ROLLBACK');
        client.release();
      } catch {
        client.release(true);
      }
      throw error;
    }
  }

  /**
   * End the pool: its connections end once their requests are answered. Those still open
   * CLOSE_WAIT_MS after the close (less the time the server had already left requests
   * unanswered) are destroyed, their requests failing: a close never waits on a stalled server
   * for ever.
   */
  async close(): Promise<void> {
    const ending = this.pool.end();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<false>((wait) => (timer = setTimeout(() => wait(false), Math.max(0, CLOSE_WAIT_MS - this.silentMs()))));
    try {
      if (await Promise.race([ending.then(() => true), waited])) return;
    } finally {
      clearTimeout(timer);
    }
    ending.catch(() => undefined);
    for (const client of this.#clients) socketOf(client)?.destroy();
    this.#clients.clear();
  }
}
