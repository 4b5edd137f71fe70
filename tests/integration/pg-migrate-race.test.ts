/**
 * Several processes opening one fresh PostgreSQL at once (two pipeline workers, two lead APIs
 * of `npm run stack`) must all come up: the migrations table is created under the migration
 * lock, so their CREATE TABLE IF NOT EXISTS cannot race on the catalog ("duplicate key value
 * violates unique constraint pg_type_typname_nsp_index"), which would stop a worker at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type SqlDatabase } from '../../src/server/database.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/dev-postgres.ts';
import { openPipelineState } from '../../src/pipeline/state/store.ts';
import { POSTGRES_SKIP_REASON, tempDir } from '../support/server-helpers.ts';

describe.skipIf(POSTGRES_SKIP_REASON !== undefined)('PostgreSQL migrations opened by several processes at once', () => {
  let server: ThrowawayPostgres;
  const folder = tempDir('pg-race-');

  beforeAll(async () => {
    server = await startThrowawayPostgres();
  });
  afterAll(async () => {
    await server?.stop();
    folder.remove();
  });

  it('eight lead API databases and eight pipeline states open one fresh database together', async () => {
    for (let round = 0; round < 3; round += 1) {
      const admin = await openDatabase({ kind: 'postgres', url: server.url, poolSize: 1 });
      await admin.run(`CREATE DATABASE race${round}`);
      await admin.close();
      const base = server.url.replace(/\/postgres$/, `/race${round}`);
      const opened = await Promise.allSettled([
        ...Array.from({ length: 8 }, () => openDatabase({ kind: 'postgres', url: base, poolSize: 2 })),
        ...Array.from({ length: 8 }, (_, index) => openPipelineState({ dataDir: `${folder.dir}/state-${round}-${index}`, databaseUrl: base })),
      ]);
      const failures = opened.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason));
      for (const result of opened) if (result.status === 'fulfilled') await (result.value as SqlDatabase | { close(): Promise<void> }).close();
      expect(failures).toEqual([]);
    }
  });
});
