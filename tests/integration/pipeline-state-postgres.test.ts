/**
 * The pipeline state on PostgreSQL (DATABASE_URL, issue 33 item 1), on a throw-away server:
 * two processes' worth of connections share the stock snapshot, release history, live
 * pointer and hold, and feeds taken in for one tenant at once are never lost.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from '../../src/server/dev-postgres.ts';
import { openPipelineState, type PipelineState } from '../../src/pipeline/state/store.ts';
import { tempDir } from './server-helpers.ts';

const folder = tempDir('pipeline-state-pg-');
let server: ThrowawayPostgres | undefined;
let a: PipelineState;
let b: PipelineState;
const tenantDir = join(folder.dir, 'tenants', 'acme');

beforeAll(async () => {
  if (!findPostgresBinaries()) return;
  server = await startThrowawayPostgres();
  mkdirSync(tenantDir, { recursive: true });
  writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify([{ id: 'seed' }]));
  // Both connections share the database and the state's files (a bucket in production).
  a = await openPipelineState({ dataDir: join(folder.dir, 'data'), databaseUrl: server.url, stockMirror: false });
  b = await openPipelineState({ dataDir: join(folder.dir, 'data'), databaseUrl: server.url, stockMirror: false });
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await server?.stop();
  folder.remove();
});

describe.skipIf(!findPostgresBinaries())('pipeline state on PostgreSQL', () => {
  it('seeds once and keeps every feed taken in at once by two connections', async () => {
    expect(await a.stock('acme', tenantDir)).toEqual({ data: [{ id: 'seed' }], seq: 1 });
    const cars = Array.from({ length: 20 }, (_, index) => ({ id: `car-${index}` }));
    await Promise.all(cars.map((car, index) => (index % 2 ? a : b).updateStock('acme', tenantDir, (records) => [...records, car])));
    const final = await b.stock('acme', tenantDir);
    expect(final?.seq).toBe(21);
    expect((final?.data as { id: string }[]).map((car) => car.id).sort()).toEqual(['seed', ...cars.map((car) => car.id)].sort());
  });

  it('shares release history, the live pointer and the hold', async () => {
    await a.recordRelease({ id: 'r1', slug: 'acme', createdAt: '', buildTime: 0, fullBuildTime: 0, mode: 'full', configHash: 'c', cars: [], fingerprints: { 1: 'f' }, added: 0, changed: 0, removed: 0, brokenLinks: [] });
    await a.setLive('acme', 'r1');
    expect(await b.live('acme')).toBe('r1');
    expect(await b.release('acme', 'r1')).toMatchObject({ fingerprints: { 1: 'f' } });
    await b.setHold('acme', { release: 'r1', from: null, at: 'now' });
    expect(await a.hold('acme')).toMatchObject({ release: 'r1' });
  });
});
