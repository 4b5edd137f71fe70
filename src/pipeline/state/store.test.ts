/**
 * The pipeline state on SQLite (issue 33 item 1): the tenant folder's stock.json seeds it
 * and is never written; stock writes from two separate connections (two processes' worth)
 * never lose one another's feed; release history, the live pointer, the hold, held feeds,
 * the reservations overlay and the code versions' compile lock are shared.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HeldFeed } from '../intake/held.ts';
import type { ReleaseManifest } from './release-dirs.ts';
import { checkKey } from './files.ts';
import { openPipelineState, type PipelineState } from './store.ts';
import { parseStock } from '../../lib/vehicle/stock.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

let root = '';
let tenantDir = '';
const opened: PipelineState[] = [];
const open = async () => {
  const state = await openPipelineState({ dataDir: join(root, 'data') });
  opened.push(state);
  return state;
};
const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pipeline-state-'));
  tenantDir = join(root, 'tenants', 'acme');
  mkdirSync(tenantDir, { recursive: true });
  writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify([{ id: 'seed' }]));
});
afterEach(async () => {
  for (const state of opened.splice(0)) await state.close();
  rmSync(root, { recursive: true, force: true });
});

describe('stock snapshots', () => {
  it('are seeded from the tenant folder, updated in the state only, and re-seeded when the file is replaced', async () => {
    const state = await open();
    const seedHash = hashOf(join(tenantDir, 'stock.json'));
    // The read that takes the seed in says so (the first release reports it as a feed).
    expect(await state.stock.get('acme', tenantDir)).toEqual({ data: [{ id: 'seed' }], seq: 1, seeded: true });
    expect(await state.stock.get('acme', tenantDir)).toEqual({ data: [{ id: 'seed' }], seq: 1 });
    expect(await state.stock.update('acme', tenantDir, (records) => [...records, { id: 'feed' }])).toBe(2);
    expect(await state.stock.get('acme', tenantDir)).toEqual({ data: [{ id: 'seed' }, { id: 'feed' }], seq: 2 });
    expect(hashOf(join(tenantDir, 'stock.json'))).toBe(seedHash);
    expect(JSON.parse(readFileSync(join(root, 'data', 'stock', 'acme.json'), 'utf8'))).toEqual([{ id: 'seed' }, { id: 'feed' }]);
    // Someone replaces the seed file (another tool, a new checkout): it is taken in.
    writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify([{ id: 'replaced' }]));
    expect(await state.stock.get('acme', tenantDir)).toEqual({ data: [{ id: 'replaced' }], seq: 3, seeded: true });
    // A tenant with neither a seed nor a snapshot has none.
    expect(await state.stock.get('nobody', join(root, 'tenants', 'nobody'))).toBeNull();
  });

  it('take the records of a { "vehicles": [...] } seed, the shape a dropped snapshot may have', async () => {
    writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify({ vehicles: [{ id: 'seed' }] }));
    const state = await open();
    expect(await state.stock.get('acme', tenantDir)).toEqual({ data: [{ id: 'seed' }], seq: 1, seeded: true });
  });

  it('never lose a feed when two connections take feeds in for one tenant at once', async () => {
    const [a, b] = [await open(), await open()];
    const pushes = Array.from({ length: 20 }, (_, index) => ({ id: `car-${index}` }));
    await Promise.all(pushes.map((car, index) => (index % 2 ? a : b).stock.update('acme', tenantDir, (records) => [...records, car])));
    const final = await a.stock.get('acme', tenantDir);
    expect(final?.seq).toBe(21);
    expect((final?.data as { id: string }[]).map((car) => car.id).sort()).toEqual(['seed', ...pushes.map((car) => car.id)].sort());
  });

  it('an update that declines changes nothing', async () => {
    const state = await open();
    expect(await state.stock.update('acme', tenantDir, () => null)).toBeNull();
    expect(await state.stock.get('acme', tenantDir)).toMatchObject({ data: [{ id: 'seed' }], seq: 1 });
  });
});

describe('the parse of a snapshot (kept for the release of the same stock)', () => {
  const parsedOf = (records: unknown[]) => parseStock('acme', records);

  it('keeps the intake parse of the records it wrote, for that sequence only', async () => {
    const state = await open();
    const records = [makeCar({ id: 'a1', slug: 'a1' }), makeCar({ id: 'a2', slug: 'a2' })];
    const parse = parsedOf(records);
    const seq = await state.stock.update(
      'acme',
      tenantDir,
      () => records,
      (written) => (written === records ? parse : undefined),
    );
    const snapshot = await state.stock.get('acme', tenantDir);
    expect(snapshot?.seq).toBe(seq);
    expect(state.stock.parsed('acme', snapshot!)).toBe(parse);
    // The parse of the snapshot as stored equals the kept one: the release may use either.
    expect(parsedOf(snapshot!.data as unknown[])).toEqual(parse);
    // Another connection (another process) has no such parse; a later snapshot is not the kept one.
    const other = await open();
    expect(other.stock.parsed('acme', (await other.stock.get('acme', tenantDir))!)).toBeUndefined();
    await other.stock.update('acme', tenantDir, (current) => [...current]);
    expect(state.stock.parsed('acme', (await state.stock.get('acme', tenantDir))!)).toBeUndefined();
  });

  it('keeps no parse of records that would read back differently from JSON (NaN, undefined)', async () => {
    const state = await open();
    const records = [{ ...makeCar({ id: 'n1', slug: 'n1' }), price: Number.NaN }];
    await state.stock.update(
      'acme',
      tenantDir,
      () => records,
      () => parsedOf(records),
    );
    expect(state.stock.parsed('acme', (await state.stock.get('acme', tenantDir))!)).toBeUndefined();
  });

  it('parses a snapshot once and keeps it (the guard reads the current stock this way)', async () => {
    const state = await open();
    const snapshot = (await state.stock.get('acme', tenantDir))!;
    const first = state.stock.parse('acme', snapshot);
    expect(state.stock.parse('acme', snapshot)).toBe(first);
    expect(state.stock.parsed('acme', snapshot)).toBe(first);
  });
});

describe('releases, live pointer and hold', () => {
  const manifest = (id: string): ReleaseManifest => ({
    id,
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

  it('are shared between connections and pruned without the live release', async () => {
    const [a, b] = [await open(), await open()];
    for (const id of ['r1', 'r2', 'r3', 'r4']) await a.releases.record(manifest(id));
    await a.tenants.setLive('acme', 'r1');
    expect(await b.tenants.live('acme')).toBe('r1');
    expect(await b.releases.get('acme', 'r3')).toMatchObject({ id: 'r3', fingerprints: { 1: 'f' } });
    expect(await b.releases.prune('acme', 2, await b.tenants.live('acme'))).toEqual(['r2']);
    expect(await a.releases.list('acme')).toEqual(['r1', 'r3', 'r4']);
    await b.tenants.setHold('acme', { release: 'r1', from: 'r4', at: 'now' });
    expect(await a.tenants.hold('acme')).toEqual({ release: 'r1', from: 'r4', at: 'now' });
    await a.tenants.setHold('acme', null);
    expect(await b.tenants.hold('acme')).toBeNull();
  });
});

describe('held feeds', () => {
  const held = (id: string): HeldFeed => ({
    id,
    tenant: 'acme',
    source: 'a.csv',
    kind: 'csv',
    at: 'now',
    file: `${id}.feed.csv`,
    visibleBefore: 10,
    visibleAfter: 1,
    removed: 9,
    removedIds: ['1'],
    reason: 'r',
  });

  it('are kept with their bytes and report, seen by another connection, and decided once', async () => {
    const [a, b] = [await open(), await open()];
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x69, 0x64, 0x0a, 0x00, 0xff]);
    await a.heldFeeds.add(held('20261127T101010101Z-ab12'), bytes, 'report text');
    await a.heldFeeds.add(held('20261127T101010102Z-cd34'), Buffer.from('x'), 'second');
    expect((await b.heldFeeds.pending('acme')).map((feed) => feed.id)).toEqual(['20261127T101010101Z-ab12', '20261127T101010102Z-cd34']);
    expect(await b.heldFeeds.pending('other')).toEqual([]);
    const decisions = await Promise.all([
      a.heldFeeds.close('acme', '20261127T101010101Z-ab12', 'confirmed'),
      b.heldFeeds.close('acme', '20261127T101010101Z-ab12', 'discarded', 'by b'),
    ]);
    const decided = decisions.filter((decision) => decision !== null);
    expect(decided).toHaveLength(1);
    expect(decided[0]!.bytes.equals(bytes)).toBe(true);
    expect((await a.heldFeeds.pending('acme')).map((feed) => feed.id)).toEqual(['20261127T101010102Z-cd34']);
    expect(await b.heldFeeds.get('acme', '20261127T101010101Z-ab12')).toMatchObject({ report: 'report text', feed: { outcome: decided[0]!.feed.outcome } });
    expect(await a.heldFeeds.close('acme', 'unknown', 'discarded')).toBeNull();
  });
});

describe('reservations overlay', () => {
  it('is shared between connections, keeps the first payment of a car, and is removed by reference or when the feed catches up', async () => {
    const [a, b] = [await open(), await open()];
    expect(await a.reservations.reserveCar('acme', '7', 'pi_1', '2026-11-27T10:00:00.000Z')).toBe(true);
    const racing = await Promise.all([a.reservations.reserveCar('acme', '8', 'pi_2', 't2'), b.reservations.reserveCar('acme', '8', 'pi_3', 't3')]);
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(await b.reservations.reserveCar('acme', '7', 'pi_9', 't9')).toBe(false);
    await b.reservations.reserveCar('other', '7', 'pi_4', 't4');
    expect(await b.reservations.of('acme')).toMatchObject({ '7': { reference: 'pi_1', reserved_at: '2026-11-27T10:00:00.000Z' }, '8': {} });
    expect(Object.keys(await a.reservations.of('other'))).toEqual(['7']);
    const before = await a.reservations.signatures();
    expect([...before.keys()]).toEqual(['acme', 'other']);
    // A refund of another payment leaves the entry; its own payment's refund removes it.
    expect(await a.reservations.unreserveCar('acme', '7', 'pi_other')).toBe(false);
    expect(await a.reservations.unreserveCar('acme', '7', 'pi_1')).toBe(true);
    const after = await b.reservations.signatures();
    expect(after.get('acme')).not.toBe(before.get('acme'));
    expect(after.get('other')).toBe(before.get('other'));
    // The feed shows car 8 reserved: settled; car 9 still in stock keeps its entry; the other tenant is untouched.
    await a.reservations.reserveCar('acme', '9', 'pi_5', 't5');
    expect(
      await b.reservations.settle('acme', [
        { id: '8', reserved: true },
        { id: 9, status: 'in_stock' },
      ]),
    ).toEqual(['8']);
    expect(Object.keys(await a.reservations.of('acme'))).toEqual(['9']);
    expect(await b.reservations.settle('acme', [])).toEqual(['9']);
    expect(await a.reservations.of('acme')).toEqual({});
    expect((await a.reservations.signatures()).has('acme')).toBe(false);
    expect(Object.keys(await a.reservations.of('other'))).toEqual(['7']);
  });

  it('records the signature a release was built from, one per tenant, shared between connections', async () => {
    const [a, b] = [await open(), await open()];
    await a.reservations.reserveCar('acme', '7', 'pi_1', 't1');
    const { overlay, signature } = await a.reservations.forBuild('acme');
    expect(Object.keys(overlay)).toEqual(['7']);
    expect(signature).toBe((await b.reservations.signatures()).get('acme'));
    expect(await b.reservations.builtSignatures()).toEqual(new Map());
    await a.reservations.recordBuilt('acme', signature);
    await b.reservations.recordBuilt('acme', signature);
    expect(await b.reservations.builtSignatures()).toEqual(new Map([['acme', signature]]));
    // Built from no rows: as if never recorded.
    await b.reservations.recordBuilt('acme', '');
    expect(await a.reservations.builtSignatures()).toEqual(new Map());
  });
});

describe('code versions', () => {
  it('lets one connection of several compile a key; the others wait, then find it ready; a lapsed compile is taken over', async () => {
    const [a, b, c] = [await open(), await open(), await open()];
    const claims = await Promise.all([a, b, c].map((state, index) => state.codeVersions.claim('k1', `worker-${index}`, 60_000, 1000)));
    expect(claims.filter((claim) => claim.status === 'compile')).toHaveLength(1);
    const owner = `worker-${claims.findIndex((claim) => claim.status === 'compile')}`;
    expect(claims.filter((claim) => claim.status === 'wait')).toEqual([
      { status: 'wait', owner, until: 61_000 },
      { status: 'wait', owner, until: 61_000 },
    ]);
    // Only the owner renews or finishes it.
    expect(await b.codeVersions.renew('k1', 'stranger', 60_000, 2000)).toBe(false);
    expect(await b.codeVersions.ready('k1', 'stranger')).toBe(false);
    expect(await a.codeVersions.renew('k1', owner, 60_000, 2000)).toBe(true);
    expect(await c.codeVersions.ready('k1', owner)).toBe(true);
    expect(await b.codeVersions.claim('k1', 'worker-9', 60_000, 5000)).toEqual({ status: 'ready' });
    expect(await a.codeVersions.get('k1')).toMatchObject({ status: 'ready', compiles: 1, usedAt: 5000, owner: null });
    // A compile whose owner died: taken over once its lease has run out, counted as a second compile.
    expect(await a.codeVersions.claim('k2', 'dead', 1000, 10_000)).toEqual({ status: 'compile' });
    expect(await b.codeVersions.claim('k2', 'live', 1000, 10_500)).toMatchObject({ status: 'wait', owner: 'dead' });
    expect(await b.codeVersions.claim('k2', 'live', 1000, 11_001)).toEqual({ status: 'compile' });
    expect(await a.codeVersions.ready('k2', 'dead')).toBe(false);
    expect(await a.codeVersions.get('k2')).toMatchObject({ status: 'compiling', owner: 'live', compiles: 2 });
    // A ready key whose compile the bucket lost becomes a compile again; an abandoned one is free at once.
    expect(await c.codeVersions.reclaim('k1', 'worker-2', 60_000, 20_000)).toBe(true);
    await c.codeVersions.abandon('k1', 'worker-2');
    expect(await a.codeVersions.claim('k1', 'worker-0', 60_000, 20_001)).toEqual({ status: 'compile' });
  });

  it('retires only a key no release names and no job used for long, and a claim during the removal waits', async () => {
    const [a, b] = [await open(), await open()];
    const release = (id: string, codeKey?: string): ReleaseManifest => ({
      id,
      slug: 'acme',
      createdAt: '2026-11-27T10:00:00.000Z',
      buildTime: 1,
      fullBuildTime: 1,
      mode: 'full',
      configHash: 'c',
      cars: [],
      fingerprints: {},
      added: 0,
      changed: 0,
      removed: 0,
      brokenLinks: [],
      ...(codeKey ? { codeKey } : {}),
    });
    await a.codeVersions.claim('old', 'w', 1000, 1000);
    await a.codeVersions.ready('old', 'w');
    await a.releases.record(release('r1', 'old'));
    expect(await b.codeVersions.referenced('old')).toBe(true);
    // Named by a release: not retired, however old.
    expect(await b.codeVersions.retire('old', 'gc', 10_000, 10_000, 60_000, 20_000)).toBe(false);
    await a.releases.record(release('r1'));
    expect(await b.codeVersions.referenced('old')).toBe(false);
    // Unreferenced but not yet for long enough, or used recently: not retired.
    await b.codeVersions.markUnreferenced('old', 15_000);
    expect(await b.codeVersions.retire('old', 'gc', 10_000, 14_000, 60_000, 20_000)).toBe(false);
    expect(await b.codeVersions.retire('old', 'gc', 500, 16_000, 60_000, 20_000)).toBe(false);
    expect(await b.codeVersions.retire('old', 'gc', 10_000, 16_000, 60_000, 20_000)).toBe(true);
    expect(await a.codeVersions.claim('old', 'w', 1000, 21_000)).toMatchObject({ status: 'wait', owner: 'gc' });
    await b.codeVersions.forget('old', 'gc');
    expect(await a.codeVersions.get('old')).toBeNull();
    expect(await a.codeVersions.claim('old', 'w', 1000, 22_000)).toEqual({ status: 'compile' });
  });
});

describe('state file keys', () => {
  it('refuse paths that leave the store', () => {
    for (const key of ['../x', 'stock/../../x', '/etc/passwd', 'stock//x', 'a/./b', '']) expect(() => checkKey(key)).toThrow(/invalid state file key/);
    expect(checkKey('stock/acme/000000000001-ab12cd34.json')).toBe('stock/acme/000000000001-ab12cd34.json');
  });
});

describe('NEW-9 seen pushes', () => {
  it('NEW-9: a push signature is new once per tenant on any connection, until it expires', async () => {
    const [a, b] = [await open(), await open()];
    const signature = `sha256=${'a'.repeat(64)}`;
    expect(await a.pushes.firstSeen('acme', signature, 2_000, 1_000)).toBe(true);
    expect(await b.pushes.firstSeen('acme', signature, 2_000, 1_500)).toBe(false);
    expect(await b.pushes.firstSeen('other', signature, 2_000, 1_500)).toBe(true);
    // Once its window has passed it is dropped (the timestamp check refuses such a push first).
    expect(await a.pushes.firstSeen('acme', signature, 4_000, 2_000)).toBe(true);
  });
});
