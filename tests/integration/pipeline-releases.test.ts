/**
 * Operations pipeline, releases (issue 8 §3-5): two tenants changing at once both publish;
 * a rebuild killed with SIGKILL or failing leaves the previous release serving with every
 * page intact; rollback restores the previous release and holds it; an incremental release
 * is byte-for-byte the release a full build makes of the same stock; a full release rendered
 * from another tenant's compile (issue 33 item 4) is byte-for-byte its own Astro build's.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { codeRenderer, compiledCodeKey } from '../../src/builder/render/index.ts';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/pipeline/release/checks.ts';
import { codeHash } from '../../src/pipeline/release/config-hash.ts';
import type { LogFields } from '../../src/pipeline/log.ts';
import { rebuildTenant } from '../../src/pipeline/release/run.ts';
import { withState } from '../../src/pipeline/state/store.ts';
import { readManifest, tenantPaths } from '../../src/pipeline/state/release-dirs.ts';
import { startPipeline } from '../../src/pipeline/service/service.ts';
import { readStatus } from '../../src/pipeline/state/status.ts';
import { REPO, serveSites, waitFor, workspace } from '../support/pipeline-env.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const ws = workspace('releases');
let served: Awaited<ReturnType<typeof serveSites>>;

function setField(slug: string, id: number, field: string, value: unknown) {
  const stock = ws.stock(slug).map((car) => (car.id === id ? { ...car, [field]: value } : car));
  writeFileSync(join(ws.tenants, slug, 'stock.json'), JSON.stringify(stock));
}

function setPrice(slug: string, id: number, price: number) {
  setField(slug, id, 'price', price);
}

/** Every file of a release with its content hash. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((path) => [path, createHash('sha256').update(readFileSync(join(dir, path))).digest('hex')]));
}

/** Run a pipeline command as its own process group (so SIGKILL reaches its Astro child too), its temporary files in the workspace. */
function runScript(script: string, args: string[]) {
  const child = spawn(process.execPath, [join(REPO, 'scripts', script), ...args], {
    cwd: REPO,
    detached: true,
    env: { ...process.env, TMPDIR: ws.temp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

beforeAll(async () => {
  ws.addTenant('alpha-cars');
  ws.addTenant('bravo-cars');
  served = await serveSites(ws.sites);
}, 60_000);

afterAll(async () => {
  await served?.close();
  ws.remove();
});

describe('many tenants', () => {
  it('builds two tenants in parallel, and both publish when both change at once', { timeout: 400_000 }, async () => {
    const events: LogFields[] = [];
    const pipeline = await startPipeline({ tenantsDir: ws.tenants, sitesDir: ws.sites, concurrency: 2, debounceMs: 200, pollMs: 250, log: (fields) => events.push({ ...fields, at: Date.now() }) });
    try {
      await waitFor('first releases', () => ws.current('alpha-cars') && ws.current('bravo-cars'));
      const firstAlpha = ws.current('alpha-cars');
      const firstBravo = ws.current('bravo-cars');
      setPrice('alpha-cars', 106, 60990);
      setPrice('bravo-cars', 106, 59990);
      await waitFor('both tenants republished', () => ws.current('alpha-cars') !== firstAlpha && ws.current('bravo-cars') !== firstBravo);
      await pipeline.settled();
    } finally {
      await pipeline.close();
    }
    expect((await served.get('alpha-cars', '/cars/2023-ford-ranger-wildtrak-pm6/')).text).toContain('60,990');
    expect((await served.get('bravo-cars', '/cars/2023-ford-ranger-wildtrak-pm6/')).text).toContain('59,990');
    // The first builds of the two tenants overlapped in time: one did not wait for the other.
    const starts = events.filter((event) => event.event === 'build-start');
    const ends = events.filter((event) => event.event === 'release' && event.outcome === 'published');
    const alphaEnd = ends.find((event) => event.tenant === 'alpha-cars')?.at as number;
    const bravoStart = starts.find((event) => event.tenant === 'bravo-cars')?.at as number;
    const bravoEnd = ends.find((event) => event.tenant === 'bravo-cars')?.at as number;
    const alphaStart = starts.find((event) => event.tenant === 'alpha-cars')?.at as number;
    expect(bravoStart < alphaEnd && alphaStart < bravoEnd).toBe(true);
    for (const slug of ['alpha-cars', 'bravo-cars']) expect(readStatus(ws.sites, slug)).toMatchObject({ lastOutcome: 'published', current: ws.current(slug) });
  });
});

describe('a rebuild that cannot finish', () => {
  it('killed with SIGKILL mid-build leaves the previous release serving, every page intact', { timeout: 400_000 }, async () => {
    const live = ws.current('alpha-cars') as string;
    const liveDir = join(tenantPaths(ws.sites, 'alpha-cars').releases, live);
    const before = snapshot(liveDir);
    setPrice('alpha-cars', 101, 11111);
    const run = runScript('pipeline.ts', ['--once', '--tenants', ws.tenants, '--sites', ws.sites, '--inbox', ws.inbox, '--jobs', '1']);
    // Killed as soon as the new release's directory exists, while it has no manifest yet: a fixed
    // wait after build-start could outlast a one-car release on a fast machine (it then had its
    // manifest and left nothing half-built behind).
    const releasesDir = tenantPaths(ws.sites, 'alpha-cars').releases;
    const halfBuilt = () => readdirSync(releasesDir).filter((id) => !ws.releases('alpha-cars').includes(id));
    await waitFor('the new release half-built', () => run.output().includes('"event":"build-start"') && halfBuilt().length > 0, 120_000, 5);
    process.kill(-(run.child.pid as number), 'SIGKILL');
    await run.exited;
    expect(run.output()).not.toContain('"outcome":"published"');
    expect(ws.current('alpha-cars')).toBe(live);
    expect(snapshot(liveDir)).toEqual(before);
    const page = await served.get('alpha-cars', '/cars/2018-toyota-corolla-ascent-sport-pm1/');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('11,111');
    // The half-built release is left behind but never served; the next run cleans it up and publishes.
    const leftovers = halfBuilt();
    expect(leftovers.length).toBeGreaterThan(0);
    const result = await rebuildTenant({ tenantDir: join(ws.tenants, 'alpha-cars'), sitesDir: ws.sites });
    expect(result.outcome).toBe('published');
    for (const id of leftovers) expect(existsSync(join(tenantPaths(ws.sites, 'alpha-cars').releases, id))).toBe(false);
    expect((await served.get('alpha-cars', '/cars/2018-toyota-corolla-ascent-sport-pm1/')).text).toContain('11,111');
  });

  it('a tenant whose config broke fails alone, with the reason in its status file', { timeout: 120_000 }, async () => {
    const live = ws.current('bravo-cars');
    const siteFile = join(ws.tenants, 'bravo-cars', 'site.json');
    const good = readFileSync(siteFile, 'utf8');
    writeFileSync(siteFile, JSON.stringify({ ...JSON.parse(good), template: 'spaceship' }));
    try {
      const result = await rebuildTenant({ tenantDir: join(ws.tenants, 'bravo-cars'), sitesDir: ws.sites });
      expect(result.outcome).toBe('failed');
      expect(ws.current('bravo-cars')).toBe(live);
      const status = readStatus(ws.sites, 'bravo-cars');
      expect(status?.lastOutcome).toBe('failed');
      expect(status?.lastFailure?.reason).toMatch(/site\.json.*template/);
      expect(status?.lastSuccess?.release).toBe(live);
      expect((await served.get('bravo-cars', '/')).status).toBe(200);
    } finally {
      writeFileSync(siteFile, good);
    }
  });
});

describe('rollback', () => {
  it('restores the previous release with one command, holds it, and resumes on release', { timeout: 300_000 }, async () => {
    const live = ws.current('alpha-cars') as string;
    const rollback = runScript('rollback.ts', ['--tenant', 'alpha-cars', '--sites', ws.sites, '--tenants', ws.tenants]);
    expect(await rollback.exited, rollback.output()).toBe(0);
    const restored = ws.current('alpha-cars') as string;
    expect(restored < live).toBe(true);
    expect((await served.get('alpha-cars', '/cars/2018-toyota-corolla-ascent-sport-pm1/')).text).not.toContain('11,111');
    expect(rollback.output()).toContain('"event":"rollback"');
    expect(readStatus(ws.sites, 'alpha-cars')).toMatchObject({ lastOutcome: 'rolled-back', current: restored, held: true });
    // Held: the stock still differs from the live release, but nothing is republished.
    expect((await rebuildTenant({ tenantDir: join(ws.tenants, 'alpha-cars'), sitesDir: ws.sites })).outcome).toBe('held');
    expect(ws.current('alpha-cars')).toBe(restored);
    const release = runScript('rollback.ts', ['--tenant', 'alpha-cars', '--sites', ws.sites, '--release-hold']);
    expect(await release.exited).toBe(0);
    expect(await withState(undefined, ws.sites, (state) => state.tenants.hold('alpha-cars'))).toBeNull();
    expect((await rebuildTenant({ tenantDir: join(ws.tenants, 'alpha-cars'), sitesDir: ws.sites })).outcome).toBe('published');
    expect((await served.get('alpha-cars', '/cars/2018-toyota-corolla-ascent-sport-pm1/')).text).toContain('11,111');
  });
});

describe('incremental releases', () => {
  it('render only the affected pages, from the kept server bundle, and equal a full build of the same stock, file for file', { timeout: 900_000 }, async () => {
    // Other people may edit the code while this runs; a code change between the builds makes
    // the comparison meaningless (and the pipeline rightly builds fully), so such a round is retried.
    for (let round = 1; ; round += 1) {
      const code = codeHash();
      const slug = `charlie-cars-${round}`;
      const tenantDir = ws.addTenant(slug);
      const first = await rebuildTenant({ tenantDir, sitesDir: ws.sites, now: NOW });
      expect(first).toMatchObject({ outcome: 'published', mode: 'full' });
      // The full build compiled, or rendered from, the kept renderer of the code version (in the worker's cache, not the release).
      expect(['compile', 'kept-renderer']).toContain(first.renderedWith);
      expect(codeRenderer(compiledCodeKey(code))).toBeDefined();
      const firstFiles = listFiles(join(tenantPaths(ws.sites, slug).releases, first.release as string));
      const searchPages = firstFiles.filter((path) => /^\/?search\//.test(path)).length;
      const brandPages = firstFiles.filter((path) => /^\/?[^/]+\/overview\/index\.html$/.test(path)).length;
      // A price drop, then a car that changes type (its counts show on the other car-type pages).
      const changes: [string, () => void, string][] = [
        ['price', () => setPrice(slug, 106, 61990), '/cars/2023-ford-ranger-wildtrak-pm6/'],
        ['car type', () => setField(slug, 101, 'car_type', 'demo'), '/search/demo-cars/'],
      ];
      let retry = false;
      for (const [index, [what, change, page]] of changes.entries()) {
        change();
        const fullSites = join(ws.root, `full-sites-${round}-${index}`);
        const full = await rebuildTenant({ tenantDir, sitesDir: fullSites, now: NOW });
        expect(full).toMatchObject({ outcome: 'published', mode: 'full' });
        const events: LogFields[] = [];
        const next = await rebuildTenant({ tenantDir, sitesDir: ws.sites, now: NOW, maxIncrementalShare: 1, log: (fields) => events.push(fields) });
        if (codeHash() !== code && round < 3) {
          retry = true;
          break;
        }
        expect(next, `${what}: ${JSON.stringify(events.filter((event) => event.event !== "feed"))}`).toMatchObject({ outcome: 'published', mode: 'incremental', changed: 1, renderedWith: 'kept-renderer' });
        // Only the affected vehicle pages were rendered (every per-car route honours the render plan's car family) ...
        const start = events.find((event) => event.event === 'build-start') as LogFields;
        expect(start.render as number).toBeGreaterThan(0);
        expect(start.render as number).toBeLessThan(12);
        expect(next.rendered).toBe(start.render);
        // ... and only the search pages whose results hold the car (the rest were reused).
        expect(start.searchPages as number).toBeGreaterThan(0);
        expect(start.searchPages as number).toBeLessThan(searchPages);
        // ... and only the brand overview pages whose tiles changed.
        const release = events.find((event) => event.event === 'release') as LogFields;
        expect(brandPages).toBeGreaterThan(1);
        expect(release.brandPages as number).toBeLessThan(brandPages);
        // ... and the pages of stock-free routes were taken over (src/pipeline/release/plan.ts), yet equal a full build below.
        expect(release.takenOver as number).toBeGreaterThan(5);
        const incremental = snapshot(join(tenantPaths(ws.sites, slug).releases, next.release as string));
        const reference = snapshot(join(tenantPaths(fullSites, slug).releases, full.release as string));
        expect(Object.keys(incremental).sort()).toEqual(Object.keys(reference).sort());
        const different = Object.keys(reference).filter((path) => incremental[path] !== reference[path]);
        expect(different, what).toEqual([]);
        expect((await served.get(slug, page)).status).toBe(200);
      }
      if (retry) continue;
      expect((await served.get(slug, '/cars/2023-ford-ranger-wildtrak-pm6/')).text).toContain('61,990');
      return;
    }
  });
});

describe('full releases from the kept renderer of the code version (issue 33 item 4)', () => {
  it("two tenants' full releases at once on one worker compile once, and the one rendered from the other's compile equals its own Astro build (DEALER_RENDER=astro), file for file", { timeout: 900_000 }, async () => {
    // A code change by someone else between the builds makes the comparison meaningless: retried.
    for (let round = 1; ; round += 1) {
      const code = codeHash();
      const renderers = join(ws.root, `renderers-${round}`);
      // Another template and theme each: the compiled code does not depend on the tenant's config.
      const colours: Record<string, string> = { [`delta-cars-${round}`]: '#7c2d12', [`echo-cars-${round}`]: '#0f766e' };
      const dirs = Object.entries(colours).map(([slug, primary], index) => ws.addTenant(slug, { template: index ? 'franchise' : 'used-group', theme: { primary, font: index ? 'serif' : 'system' } }));
      const events: LogFields[] = [];
      const log = (fields: LogFields) => events.push(fields);
      // Both jobs at once, as a worker with two job slots takes a code deploy: one compiles, the other waits for it.
      const results = await Promise.all(dirs.map((tenantDir) => rebuildTenant({ tenantDir, sitesDir: ws.sites, now: NOW, renderers, log })));
      for (const result of results) expect(result).toMatchObject({ outcome: 'published', mode: 'full' });
      expect(results.map((result) => result.renderedWith).sort()).toEqual(['compile', 'kept-renderer']);
      expect(events.filter((event) => event.event === 'renderer-fallback')).toEqual([]);
      const next = results.find((result) => result.renderedWith === 'kept-renderer')!;
      const slug = next.tenant;
      const tenantDir = dirs.find((dir) => dir.endsWith(`/${slug}`))!;
      // One kept renderer, named by the code version, serves both; the manifests say so.
      const key = compiledCodeKey(code);
      expect(readdirSync(renderers)).toEqual([key]);
      for (const result of results) expect(readManifest(ws.sites, result.tenant, result.release as string)?.renderer).toBe(key);

      // The reference: the same tenant and clock on DEALER_RENDER=astro, which builds on its own and keeps nothing.
      const astroSites = join(ws.root, `astro-sites-${round}`);
      const astroRenderers = join(ws.root, `astro-renderers-${round}`);
      const engine = process.env.DEALER_RENDER;
      process.env.DEALER_RENDER = 'astro';
      let reference: Awaited<ReturnType<typeof rebuildTenant>>;
      try {
        reference = await rebuildTenant({ tenantDir, sitesDir: astroSites, now: NOW, renderers: astroRenderers });
      } finally {
        if (engine === undefined) delete process.env.DEALER_RENDER;
        else process.env.DEALER_RENDER = engine;
      }
      if (codeHash() !== code && round < 3) continue;
      expect(reference).toMatchObject({ outcome: 'published', mode: 'full', renderedWith: 'astro' });
      expect(existsSync(astroRenderers)).toBe(false);
      const fromKept = snapshot(join(tenantPaths(ws.sites, slug).releases, next.release as string));
      const fromAstro = snapshot(join(tenantPaths(astroSites, slug).releases, reference.release as string));
      expect(Object.keys(fromKept).length).toBeGreaterThan(50);
      expect(Object.keys(fromKept).some((path) => /^\/?_astro\//.test(path))).toBe(true);
      expect(Object.keys(fromKept).sort()).toEqual(Object.keys(fromAstro).sort());
      expect(Object.keys(fromAstro).filter((path) => fromKept[path] !== fromAstro[path])).toEqual([]);
      // Each tenant's pages carry its own theme, not the compiling tenant's.
      for (const [name, primary] of Object.entries(colours)) expect((await served.get(name, '/')).text).toContain(primary);
      return;
    }
  });
});
