/**
 * The pipeline's state in shared stores, disk as cache (issue 33 items 1 and 4):
 * - `npm start`'s feed demo (the pipeline over a git checkout: tenants/, dist/, feeds/)
 *   takes a dropped feed in and publishes it, and the checkout stays clean: no file of the
 *   tenant folder is created or modified.
 * - Two workers with separate disks share one state (SQLite file) and one "bucket" (a test
 *   publisher over a shared directory, with fetchRelease): worker A makes the full release,
 *   its disk then disappears; worker B, which never saw the tenant, makes the next one-car
 *   release incrementally from the state's record and the fetched release files; a
 *   reservation written to the state by a third connection (a lead API) is B's next release.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { intakePush } from '../../src/pipeline/intake/inbox.ts';
import type { LogFields } from '../../src/pipeline/log.ts';
import type { Publisher } from '../../src/pipeline/publish/publisher.ts';
import { rebuildTenant } from '../../src/pipeline/release/run.ts';
import { currentRelease } from '../../src/pipeline/state/release-dirs.ts';
import { collectOperatorStatus } from '../../src/pipeline/service/operator.ts';
import { startPipeline } from '../../src/pipeline/service/service.ts';
import { defaultDataDir, openPipelineState, withState } from '../../src/pipeline/state/store.ts';
import { FIXTURE, REPO, waitFor } from '../support/pipeline-env.ts';

const SLUG = 'pipeline-motors';
const CAR_PAGE = 'cars/2018-toyota-corolla-ascent-sport-pm1/index.html';
const root = mkdtempSync(join(tmpdir(), 'pipeline-state-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file under a folder with its size, mtime and content hash. */
function listing(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else {
        const stats = statSync(path);
        found[relative(dir, path)] = `${stats.size}:${stats.mtimeMs}:${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
      }
    }
  };
  visit(dir);
  return found;
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd, encoding: 'utf8' });
const fixtureStock = () => JSON.parse(readFileSync(join(FIXTURE, 'stock.json'), 'utf8')) as Record<string, unknown>[];

describe("npm start's feed demo", () => {
  it('publishes a dropped feed and leaves the git checkout clean (the tenant folder untouched)', { timeout: 600_000 }, async () => {
    const checkout = join(root, 'checkout');
    mkdirSync(join(checkout, 'tenants'), { recursive: true });
    copyFileSync(join(REPO, '.gitignore'), join(checkout, '.gitignore'));
    cpSync(FIXTURE, join(checkout, 'tenants', SLUG), { recursive: true });
    git(checkout, 'init', '-q');
    git(checkout, 'add', '-A');
    git(checkout, 'commit', '-qm', 'tenants');
    const tenantsBefore = listing(join(checkout, 'tenants'));

    // As scripts/start.ts runs it: --tenants tenants --sites dist --inbox feeds, the data directory by default.
    const sites = join(checkout, 'dist');
    const events: LogFields[] = [];
    const pipeline = await startPipeline({ tenantsDir: join(checkout, 'tenants'), sitesDir: sites, inboxDir: join(checkout, 'feeds'), debounceMs: 0, concurrency: 1, warmRenderers: false, log: (fields) => events.push(fields) });
    try {
      const first = await waitFor('the first release', () => currentRelease(sites, SLUG), 300_000);
      mkdirSync(join(checkout, 'feeds', SLUG), { recursive: true });
      writeFileSync(join(checkout, 'feeds', SLUG, 'price.json'), JSON.stringify(fixtureStock().map((car) => (car.id === 101 ? { ...car, price: 19990 } : car))));
      await waitFor('the feed release', () => (currentRelease(sites, SLUG) !== first ? currentRelease(sites, SLUG) : null), 300_000);
      await pipeline.settled();
    } finally {
      await pipeline.close();
    }
    expect(readFileSync(join(sites, SLUG, 'current', CAR_PAGE), 'utf8')).toContain('19,990');
    expect(events.findLast((event) => event.event === 'release' && event.outcome === 'published')).toMatchObject({ changed: 1 });
    // The accepted stock is the state's, in the data directory beside the releases.
    const accepted = await withState(undefined, sites, (state) => state.stock.get(SLUG));
    expect((accepted?.data as Record<string, unknown>[]).find((car) => car.id === 101)).toMatchObject({ price: 19990 });
    expect(existsSync(join(defaultDataDir(sites), 'state.sqlite'))).toBe(true);
    // Nothing under tenants/ was created or modified, and git sees no change at all.
    expect(listing(join(checkout, 'tenants'))).toEqual(tenantsBefore);
    expect(git(checkout, 'status', '--porcelain', '--untracked-files=all')).toBe('');
  });
});

/** The bucket stand-in: releases copied to a shared directory, fetched back by id (`fetched`: the ids, in order). */
function sharedDirectory(bucket: string): { publisher: Publisher; fetched: string[] } {
  const fetched: string[] = [];
  const publisher: Publisher = {
    name: 'shared-directory',
    async publish({ slug, id, dir }) {
      cpSync(dir, join(bucket, slug, id), { recursive: true });
      writeFileSync(join(bucket, slug, 'live'), id);
    },
    async fetchRelease(slug, id, intoDir) {
      if (!existsSync(join(bucket, slug, id))) return false;
      fetched.push(id);
      cpSync(join(bucket, slug, id), intoDir, { recursive: true });
      return true;
    },
    async liveRelease(slug) {
      return existsSync(join(bucket, slug, 'live')) ? readFileSync(join(bucket, slug, 'live'), 'utf8') : undefined;
    },
  };
  return { publisher, fetched };
}

describe('stateless workers', () => {
  it('a worker with an empty disk makes an incremental release from the shared state and the fetched live release', { timeout: 900_000 }, async () => {
    const tenantDir = join(root, 'fleet', 'tenants', SLUG);
    cpSync(FIXTURE, tenantDir, { recursive: true });
    const bucket = join(root, 'fleet', 'bucket');
    const stateDir = join(root, 'fleet', 'state');
    const { publisher, fetched } = sharedDirectory(bucket);
    const sitesA = join(root, 'fleet', 'worker-a');
    const sitesB = join(root, 'fleet', 'worker-b');
    // Each worker has its own connection to the shared state (the SQLite file stands in for PostgreSQL).
    const stateA = await openPipelineState({ dataDir: stateDir, stockMirror: false });
    const stateB = await openPipelineState({ dataDir: stateDir, stockMirror: false });
    try {
      const full = await rebuildTenant({ tenantDir, sitesDir: sitesA, state: stateA, publisher });
      expect(full).toMatchObject({ outcome: 'published', mode: 'full', added: 12 });
      expect(await stateB.tenants.live(SLUG)).toBe(full.release);
      // Worker A's disk is gone: B can only use the state and the bucket.
      renameSync(sitesA, `${sitesA}-gone`);

      // One car's price changes (intake on another process: B's connection).
      const car = fixtureStock().find((each) => each.id === 101);
      const push = await intakePush(tenantDir, SLUG, JSON.stringify({ ...car, price: 18990 }), () => {}, { sitesDir: sitesB, state: stateB, guard: false });
      expect(push).toMatchObject({ accepted: true });

      const events: LogFields[] = [];
      const next = await rebuildTenant({ tenantDir, sitesDir: sitesB, state: stateB, publisher, maxIncrementalShare: 1, log: (fields) => events.push(fields) });
      expect(next, JSON.stringify(events)).toMatchObject({ outcome: 'published', mode: 'incremental', changed: 1, added: 0, removed: 0 });
      expect(next.rendered).toBeLessThan(12);
      expect(fetched).toEqual([full.release]);
      expect(await stateA.tenants.live(SLUG)).toBe(next.release);
      const release = join(sitesB, SLUG, 'releases', next.release as string);
      expect(readFileSync(join(release, CAR_PAGE), 'utf8')).toContain('18,990');
      // Unchanged pages came from the fetched release, byte for byte.
      const other = 'cars/2022-subaru-outback-awd-pm12/index.html';
      expect(readFileSync(join(release, other), 'utf8')).toBe(readFileSync(join(bucket, SLUG, full.release as string, other), 'utf8'));
      expect(existsSync(sitesA)).toBe(false);
      expect(readFileSync(join(bucket, SLUG, 'live'), 'utf8')).toBe(next.release);

      // A deposit paid on a lead API machine (its own connection to the state, no tenant folder of B's):
      // B's next job publishes the car reserved, incrementally; the tenant folder gets no reservations.json.
      const api = await openPipelineState({ dataDir: stateDir, stockMirror: false });
      try {
        await api.reservations.reserveCar(SLUG, '101', 'pi_machine_c', new Date().toISOString());
      } finally {
        await api.close();
      }
      const reserved = await rebuildTenant({ tenantDir, sitesDir: sitesB, state: stateB, publisher, maxIncrementalShare: 1 });
      expect(reserved).toMatchObject({ outcome: 'published', mode: 'incremental', changed: 1, added: 0, removed: 0 });
      expect(readFileSync(join(sitesB, SLUG, 'releases', reserved.release as string, CAR_PAGE), 'utf8')).toContain('>Reserved<');
      expect(existsSync(join(tenantDir, 'reservations.json'))).toBe(false);
    } finally {
      await stateA.close();
      await stateB.close();
    }
  });

  it("a bucket worker trims its disk's copies of releases below the free space it keeps, and fetches the live release back for the next job", { timeout: 900_000 }, async () => {
    const fleet = join(root, 'trim');
    const tenantDir = join(fleet, 'tenants', SLUG);
    cpSync(FIXTURE, tenantDir, { recursive: true });
    const { publisher, fetched } = sharedDirectory(join(fleet, 'bucket'));
    const sites = join(fleet, 'worker');
    const feeds = join(fleet, 'feeds');
    mkdirSync(join(feeds, SLUG), { recursive: true });
    const events: LogFields[] = [];
    const published = () => events.filter((event) => event.event === 'release' && event.outcome === 'published');
    // More free space asked for than any disk has: after each job, every copy not in use goes.
    const env = { ...process.env, PIPELINE_SITES_MIN_FREE_MB: '1048576' };
    const pipeline = await startPipeline({ tenantsDir: join(fleet, 'tenants'), sitesDir: sites, inboxDir: feeds, publisher, env, debounceMs: 0, concurrency: 1, warmRenderers: false, log: (fields) => events.push(fields) });
    try {
      await waitFor('the first release', () => published()[0], 300_000);
      await waitFor('the trim after it', () => events.find((event) => event.event === 'cache-trim'), 30_000);
      expect(events.find((event) => event.event === 'cache-trim')).toMatchObject({ level: 'warn', tenants: [SLUG], minFreeMb: 1048576 });
      // The state (its SQLite file beside the releases) is never trimmed.
      expect(existsSync(join(defaultDataDir(sites), 'state.sqlite'))).toBe(true);

      // Many files in the copy the next trim removes: that trim outlasts the job by far.
      const ballast = join(sites, SLUG, 'manifests', 'ballast');
      mkdirSync(ballast, { recursive: true });
      for (let file = 0; file < 20_000; file += 1) writeFileSync(join(ballast, String(file)), '');
      writeFileSync(join(feeds, SLUG, 'price.json'), JSON.stringify(fixtureStock().map((car) => (car.id === 101 ? { ...car, price: 17990 } : car))));
      await waitFor('the feed release', () => published()[1], 300_000);
      // Settled means the work begun beside the jobs is done too: the trim after the last one (slow here) has logged.
      await pipeline.settled();
      expect(events.filter((event) => event.event === 'cache-trim').length).toBeGreaterThanOrEqual(2);
    } finally {
      await pipeline.close();
    }
    const [full, next] = published();
    expect(full).toMatchObject({ mode: 'full' });
    // The worker that built the live release had trimmed its own copy: the next job fetched it back
    // (a worker keeping its copy fetches nothing). With 12 cars the release itself is made in full.
    expect(next).toMatchObject({ changed: 1 });
    expect(fetched).toEqual([full!.release]);
    expect(readFileSync(join(fleet, 'bucket', SLUG, String(next!.release), CAR_PAGE), 'utf8')).toContain('17,990');
  });
});

describe('closing the pipeline', () => {
  it('waits for a renderer warm-up under way: no read of the state goes on after close() returns', { timeout: 600_000 }, async () => {
    const fleet = join(root, 'close');
    cpSync(FIXTURE, join(fleet, 'tenants', SLUG), { recursive: true });
    const state = await openPipelineState({ dataDir: join(fleet, 'state'), stockMirror: false });
    // The state's release reads, held back once `slow` is set: the warm-up's read is under way when close() is called.
    let slow = false;
    let reading = 0;
    let entered!: () => void;
    const slowRead = new Promise<void>((done) => (entered = done));
    const releases = new Proxy(state.releases, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        if (property !== 'get') return value.bind(target);
        return async (...args: unknown[]) => {
          reading += 1;
          try {
            if (slow) {
              entered();
              await new Promise((done) => setTimeout(done, 2_000));
            }
            return await (value as (...args: unknown[]) => unknown).apply(target, args);
          } finally {
            reading -= 1;
          }
        };
      },
    });
    const watched = new Proxy(state, {
      get: (target, property) => (property === 'releases' ? releases : Reflect.get(target, property, target)),
    });
    const events: LogFields[] = [];
    const pipeline = await startPipeline({ tenantsDir: join(fleet, 'tenants'), sitesDir: join(fleet, 'sites'), state: watched, debounceMs: 1_000, concurrency: 1, log: (fields) => events.push(fields) });
    try {
      await waitFor('the first release', () => events.find((event) => event.event === 'release' && event.outcome === 'published'), 300_000);
      await pipeline.settled();
      // The warm-up after the first job is over, and the next one may begin (at most one a second).
      await waitFor('no read under way', () => reading === 0 || null, 60_000);
      await new Promise((done) => setTimeout(done, 1_500));
      slow = true;
      // A change: the hint that a job is coming warms the tenant's renderer during the debounce.
      pipeline.request(SLUG);
      await slowRead;
    } finally {
      await pipeline.close();
    }
    expect(reading).toBe(0);
    await state.close();
  });
});

describe("the operator page's live release", () => {
  it('says when the pointer switched from the moment it switched, not only once the job has recorded its status', { timeout: 600_000 }, async () => {
    const fleet = join(root, 'operator');
    const tenantDir = join(fleet, 'tenants', SLUG);
    cpSync(FIXTURE, tenantDir, { recursive: true });
    const sites = join(fleet, 'sites');
    const state = await openPipelineState({ dataDir: join(fleet, 'state'), stockMirror: false });
    // What the page says right after the state's live pointer moves (before the job's search sync and status).
    const seen: (string | null | undefined)[] = [];
    const setLive = state.tenants.setLive.bind(state.tenants);
    state.tenants.setLive = async (...args: Parameters<typeof setLive>) => {
      await setLive(...args);
      const page = await collectOperatorStatus(join(fleet, 'tenants'), sites, { waiting: 0, running: 0, debouncing: 0 }, Date.now(), state);
      seen.push(page.tenants.find((tenant) => tenant.tenant === SLUG)?.live?.publishedAt);
    };
    try {
      const result = await rebuildTenant({ tenantDir, sitesDir: sites, state });
      expect(result).toMatchObject({ outcome: 'published' });
      const after = await collectOperatorStatus(join(fleet, 'tenants'), sites, { waiting: 0, running: 0, debouncing: 0 }, Date.now(), state);
      const live = after.tenants.find((tenant) => tenant.tenant === SLUG)?.live;
      expect(live?.release).toBe(result.release);
      // The same time in the window as after the job: when the pointer switched (the release was made earlier, at its id's time).
      expect(seen).toEqual([live?.publishedAt]);
    } finally {
      await state.close();
    }
  });
});

describe('one machine (the local publisher serves --sites)', () => {
  it('puts back a live release whose `current` is gone, though nothing changed: pointed at again, or made again without its files', { timeout: 600_000 }, async () => {
    const fleet = join(root, 'one-machine');
    const tenantDir = join(fleet, 'tenants', SLUG);
    cpSync(FIXTURE, tenantDir, { recursive: true });
    const sites = join(fleet, 'sites');
    const events: LogFields[] = [];
    const log = (fields: LogFields) => events.push(fields);
    const first = await rebuildTenant({ tenantDir, sitesDir: sites, log });
    expect(first).toMatchObject({ outcome: 'published' });
    expect(await rebuildTenant({ tenantDir, sitesDir: sites, log })).toMatchObject({ outcome: 'unchanged' });
    // Deleted by hand: the static server has nothing to serve for the tenant. Its files are still there.
    rmSync(join(sites, SLUG, 'current'));
    expect(await rebuildTenant({ tenantDir, sitesDir: sites, log })).toMatchObject({ outcome: 'unchanged', release: first.release });
    expect(currentRelease(sites, SLUG)).toBe(first.release);
    expect(events.filter((event) => event.event === 'current-restored')).toMatchObject([{ tenant: SLUG, release: first.release }]);
    // The release's files gone too (a disk restored from an old copy): it is made again.
    rmSync(join(sites, SLUG, 'current'));
    rmSync(join(sites, SLUG, 'releases', String(first.release)), { recursive: true });
    const again = await rebuildTenant({ tenantDir, sitesDir: sites, log });
    expect(again).toMatchObject({ outcome: 'published', mode: 'full', added: 0, changed: 0, removed: 0 });
    expect(currentRelease(sites, SLUG)).toBe(again.release);
    expect(readFileSync(join(sites, SLUG, 'current', CAR_PAGE), 'utf8')).toContain('Corolla');
    expect(await rebuildTenant({ tenantDir, sitesDir: sites, log })).toMatchObject({ outcome: 'unchanged' });
    // Held by a rollback, with a feed taken in: the held release is pointed at again, nothing published.
    await withState(undefined, sites, (state) => state.tenants.setHold(SLUG, { release: String(again.release), from: String(first.release), at: new Date().toISOString() }));
    const car = fixtureStock().find((each) => each.id === 101);
    await intakePush(tenantDir, SLUG, JSON.stringify({ ...car, price: 16990 }), () => {}, { sitesDir: sites, guard: false });
    rmSync(join(sites, SLUG, 'current'));
    expect(await rebuildTenant({ tenantDir, sitesDir: sites, log })).toMatchObject({ outcome: 'held' });
    expect(currentRelease(sites, SLUG)).toBe(again.release);
    expect(readFileSync(join(sites, SLUG, 'current', CAR_PAGE), 'utf8')).not.toContain('16,990');
  });
});
