/**
 * The pipeline state on PostgreSQL (DATABASE_URL, issue 33 item 1), on a throw-away server:
 * two processes' worth of connections share the stock snapshot, release history, live
 * pointer and hold, and feeds taken in for one tenant at once are never lost; a feed held on
 * one machine is decided on another (own data directory, the state's files in a bucket); of
 * many workers claiming a code version at once, one compiles it.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from '../support/dev-postgres.ts';
import { openPipelineState, type PipelineState } from '../../src/pipeline/state/store.ts';
import { objectFileStore } from '../../src/pipeline/state/files.ts';
import { DirectoryObjectStore } from '../../src/platform/bucket/object-store.ts';
import { listHeldFeeds } from '../../src/pipeline/intake/held.ts';
import { decideHeldFeed, intakeFile } from '../../src/pipeline/intake/inbox.ts';
import { FIXTURE } from '../support/pipeline-env.ts';
import { tempDir } from '../support/server-helpers.ts';

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
    expect(await a.stock.get('acme', tenantDir)).toMatchObject({ data: [{ id: 'seed' }], seq: 1 });
    const cars = Array.from({ length: 20 }, (_, index) => ({ id: `car-${index}` }));
    await Promise.all(cars.map((car, index) => (index % 2 ? a : b).stock.update('acme', tenantDir, (records) => [...records, car])));
    const final = await b.stock.get('acme', tenantDir);
    expect(final?.seq).toBe(21);
    expect((final?.data as { id: string }[]).map((car) => car.id).sort()).toEqual(['seed', ...cars.map((car) => car.id)].sort());
  });

  it('shares release history, the live pointer and the hold', async () => {
    await a.releases.record({
      id: 'r1',
      slug: 'acme',
      createdAt: '',
      buildTime: 0,
      fullBuildTime: 0,
      mode: 'full',
      configHash: 'c',
      cars: [],
      fingerprints: { 1: 'f' },
      added: 0,
      changed: 0,
      removed: 0,
      brokenLinks: [],
    });
    await a.tenants.setLive('acme', 'r1');
    expect(await b.tenants.live('acme')).toBe('r1');
    expect(await b.releases.get('acme', 'r1')).toMatchObject({ fingerprints: { 1: 'f' } });
    await b.tenants.setHold('acme', { release: 'r1', from: null, at: 'now' });
    expect(await a.tenants.hold('acme')).toMatchObject({ release: 'r1' });
  });

  it('gives a code version to one compiler of twenty claims at once, and marks every claim a use', async () => {
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).codeVersions.claim('pg-key', `w${index}`, 60_000, 1000 + index)),
    );
    const compilers = claims.flatMap((claim, index) => (claim.status === 'compile' ? [`w${index}`] : []));
    expect(compilers).toHaveLength(1);
    expect(claims.filter((claim) => claim.status === 'wait')).toHaveLength(19);
    expect(await a.codeVersions.ready('pg-key', compilers[0]!)).toBe(true);
    expect(await b.codeVersions.claim('pg-key', 'late', 60_000, 5000)).toEqual({ status: 'ready' });
    expect(await a.codeVersions.get('pg-key')).toMatchObject({ status: 'ready', compiles: 1, usedAt: 5000 });
    await a.releases.record({
      id: 'r2',
      slug: 'acme',
      createdAt: '',
      buildTime: 0,
      fullBuildTime: 0,
      mode: 'full',
      configHash: 'c',
      cars: [],
      fingerprints: {},
      added: 0,
      changed: 0,
      removed: 0,
      brokenLinks: [],
      codeKey: 'pg-key',
    });
    expect(await b.codeVersions.referenced('pg-key')).toBe(true);
  });

  it('NEW-9: shares the pushes already taken in: one of two connections takes a push, at once or later', async () => {
    const signature = `sha256=${'b'.repeat(64)}`;
    const firsts = await Promise.all([a, b, a, b].map((state) => state.pushes.firstSeen('acme', signature, Date.now() + 60_000, Date.now())));
    expect(firsts.filter(Boolean)).toHaveLength(1);
    expect(await b.pushes.firstSeen('acme', signature, Date.now() + 60_000, Date.now())).toBe(false);
  });
});

describe.skipIf(!findPostgresBinaries())('held feeds and the stock across machines on PostgreSQL (issue 33 item 1)', () => {
  it('a feed held by one machine is listed and confirmed by another with a different data directory; both read the stock it made', async () => {
    // Two machines: their own data directories, sites directories and tenant folders; the database and a bucket (a folder standing in) shared.
    const bucket = objectFileStore(new DirectoryObjectStore(join(folder.dir, 'bucket')));
    const machine = (name: string) => ({
      tenantDir: join(folder.dir, name, 'tenants', 'pipeline-motors'),
      sites: join(folder.dir, name, 'sites'),
      data: join(folder.dir, name, 'data'),
    });
    const [one, two] = [machine('one'), machine('two')];
    for (const { tenantDir: dir } of [one, two]) cpSync(FIXTURE, dir, { recursive: true });
    const stateOne = await openPipelineState({ dataDir: one.data, databaseUrl: server!.url, files: bucket, stockMirror: false });
    const stateTwo = await openPipelineState({ dataDir: two.data, databaseUrl: server!.url, files: bucket, stockMirror: false });
    try {
      const inbox = join(folder.dir, 'one', 'inbox', 'pipeline-motors');
      mkdirSync(inbox, { recursive: true });
      const records = JSON.parse(readFileSync(join(FIXTURE, 'stock.json'), 'utf8')) as unknown[];
      writeFileSync(join(inbox, 'truncated.json'), JSON.stringify(records.slice(0, 2)));
      const guard = { maxRemovedShare: 0.5, minRemoved: 5 };
      const result = await intakeFile(one.tenantDir, 'pipeline-motors', join(inbox, 'truncated.json'), () => {}, {
        sitesDir: one.sites,
        guard,
        state: stateOne,
      });
      const id = result?.held?.id ?? '';
      expect(result).toMatchObject({ accepted: false, held: { removed: 10 } });
      expect((await listHeldFeeds(stateTwo, 'pipeline-motors')).map((feed) => feed.id)).toEqual([id]);
      expect(await decideHeldFeed(two.tenantDir, 'pipeline-motors', id, 'confirm', () => {}, { sitesDir: two.sites, guard, state: stateTwo })).toMatchObject({
        accepted: true,
        read: 2,
      });
      expect(await listHeldFeeds(stateOne, 'pipeline-motors')).toEqual([]);
      expect(await decideHeldFeed(one.tenantDir, 'pipeline-motors', id, 'discard', () => {}, { sitesDir: one.sites, guard, state: stateOne })).toBeNull();
      // Machine one reads the stock machine two wrote (snapshot file in the shared bucket), and none of it is on machine two's disk.
      expect(((await stateOne.stock.get('pipeline-motors'))?.data as unknown[]).length).toBe(2);
      expect(existsSync(join(two.data, 'files'))).toBe(false);
    } finally {
      await stateOne.close();
      await stateTwo.close();
    }
  });
});
