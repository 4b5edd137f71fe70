/**
 * Every render path gives the plain path's files: the table "Render paths" of
 * docs/architecture.md is read, and a fixture tenant is rendered through renderTenant along
 * each of its rows (the settings and options its callers pass), then compared with Astro's own
 * build of the same tenant (the `plain` row, DEALER_RENDER=astro) byte for byte apart from
 * asset hashes (src/builder/render/astro/site-diff.ts). A row without a case here, or a case
 * without a row, fails. The one fallback is forced too: a kept renderer that cannot render
 * gives Astro's build and says why; a kept render that cannot write a page fails, names it,
 * and writes nothing after. An Astro upgrade that breaks a fast path fails here; the plain
 * path still builds.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cutTenant,
  finishTenant,
  isPrepared,
  prepareTenant,
  renderTenant,
  type PreparedTenant,
  type RenderOptions,
  type RenderReport,
  type RenderSettings,
} from '../../src/builder/render/index.ts';
import { diffSites } from '../../src/builder/render/astro/site-diff.ts';
import { KEPT_STATE_FILE, KEPT_STATE_VERSION } from '../../src/builder/render/astro/kept-renderer.ts';
import { closeWarmRenderers, warmRendererFor } from '../../src/builder/render/children.ts';
import { codeRenderer, codeRendererPaths } from '../../src/builder/render/code-renderer.ts';
import { reusableRoutes } from '../../src/pipeline/release/plan.ts';
import { walkFiles } from '../../src/platform/fs/walk.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'dealer-render-paths-'));
const NOW = Date.parse('2026-11-21T10:00:00Z');
/** The fixture with the most page families (cars, search, brands, content pages). */
const FIXTURE = 'vehicle-showroom';

/** The rows of docs/architecture.md "Render paths": their first cell. */
function renderTable(): string[] {
  const doc = readFileSync(join(repo, 'docs/architecture.md'), 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith('Render paths'));
  if (!section) throw new Error('docs/architecture.md has no "## Render paths" section');
  const rows = section.split('\n').filter((line) => /^\| `[^`]+` \|/.test(line));
  return rows.map((line) => /^\| `([^`]+)` \|/.exec(line)![1]!);
}

const fast: RenderSettings = { fast: true, splitRenderMinCars: 3000, cores: 2, cache: join(work, 'cache') };
const plainSettings: RenderSettings = { ...fast, fast: false };
const keep = { key: 'k1', root: join(work, 'renderers') };
/** A kept renderer whose bundle cannot load: its render fails, so the fallback runs. */
const broken = { key: 'broken', root: join(work, 'broken-renderers') };

let base: PreparedTenant;
const out = (name: string) => join(work, 'out', name);

/** Render the tenant into out/<name> with `options`, then finish it as its caller does (a partial render is not finished: the release assembles it). */
async function run(name: string, options: Omit<RenderOptions, 'outDir'>): Promise<{ report: RenderReport; dir: string }> {
  const dir = out(name);
  const prepared = { ...base, outDir: dir };
  const report = await renderTenant(options.dryRun ? cutTenant(prepared, 1) : prepared, { ...options, outDir: dir });
  if (report.ok && !options.plan && !options.dryRun) {
    const finished = await finishTenant(prepared, report, {});
    expect(finished.ok, finished.error).toBe(true);
  }
  return { report, dir };
}

/** An incremental release's render: one car's pages, no search or brand page, the stock-free routes taken over from the plain build. */
const plan = () => ({
  render: { car: [base.bundle.cars[0]!.slug], search: [], brand: [] },
  reuseRoutes: reusableRoutes(NOW, NOW, base.bundle.site.timezone),
  previousDir: out('plain'),
});

const results = new Map<string, Promise<{ report: RenderReport; dir: string }>>();
/** Per row of the table: how its callers call renderTenant. */
const CASES: Record<string, () => Promise<{ report: RenderReport; dir: string }>> = {
  plain: () => run('plain', { settings: plainSettings }),
  split: () => run('split', { settings: { ...fast, splitRenderMinCars: 1 } }),
  compile: () => run('compile', { settings: fast, keep }),
  kept: () => run('kept', { settings: fast, keep }),
  incremental: () => run('incremental', { settings: fast, keep, plan: plan() }),
  'incremental-astro': () => run('incremental-astro', { settings: fast, keep: { key: 'none', root: join(work, 'empty-renderers') }, plan: plan() }),
  'warm-up': () => run('warm-up', { settings: fast, keep, dryRun: 'render' }),
};

beforeAll(async () => {
  const tenantDir = join(work, 'tenants', FIXTURE);
  cpSync(join(repo, 'tests/fixtures/tenants', FIXTURE), tenantDir, { recursive: true });
  const prepared = await prepareTenant({ dir: tenantDir, outRoot: join(work, 'out'), now: NOW, logProblems: false });
  if (!isPrepared(prepared)) throw new Error(prepared.error);
  base = prepared;
  // The broken kept renderer: complete on disk, but its bundle throws when the renderer loads it.
  const paths = codeRendererPaths(broken.key, broken.root);
  mkdirSync(paths.server, { recursive: true });
  mkdirSync(paths.compiled, { recursive: true });
  writeFileSync(
    join(paths.server, KEPT_STATE_FILE),
    JSON.stringify({ version: KEPT_STATE_VERSION, entry: 'entry.mjs', nodeEnv: 'production', origin: 'https://x.example' }),
  );
  writeFileSync(join(paths.server, 'entry.mjs'), "throw new Error('this kept bundle cannot load');\n");
  // First the reference and the compile (the kept rows render from it), two builds at once; then the rest at once.
  for (const name of ['plain', 'compile']) results.set(name, CASES[name]!());
  await Promise.all(results.values());
  for (const [name, render] of Object.entries(CASES)) if (!results.has(name)) results.set(name, render());
  results.set('fallback', run('fallback', { settings: fast, keep: broken }));
  await Promise.all(results.values());
}, 900_000);

afterAll(() => {
  closeWarmRenderers();
  rmSync(work, { recursive: true, force: true });
});

/** The files of `dir` that differ from the plain build's, or that it lacks; `partial`: `dir` may lack files (pages taken over). */
async function differences(dir: string, partial = false): Promise<string[]> {
  const plain = (await results.get('plain')!).dir;
  const diff = diffSites(plain, dir);
  expect(diff.compared).toBeGreaterThan(partial ? 5 : 50);
  return [
    ...(partial ? [] : diff.onlyBefore.map((name) => `only in plain: ${name}`)),
    ...diff.onlyAfter.map((name) => `only here: ${name}`),
    ...diff.differing.map(({ name, detail }) => `${name}\n${detail}`),
  ];
}

describe('the render paths of docs/architecture.md', () => {
  it('each row has a case here, and each case a row', () => {
    expect(renderTable().sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(renderTable())('%s renders what the plain path renders', async (name) => {
    const { report, dir } = await results.get(name)!;
    expect(report.ok, report.error).toBe(true);
    expect(report.problem).toBeUndefined();
    const expected: Record<string, RenderReport['renderedWith']> = {
      plain: 'astro',
      split: 'split',
      compile: 'compile',
      kept: 'kept-renderer',
      incremental: 'kept-renderer',
      'incremental-astro': 'astro',
      'warm-up': 'kept-renderer',
    };
    expect(report.renderedWith).toBe(expected[name]);
    if (name === 'warm-up') {
      // A dry run renders (every route once) and leaves nothing.
      expect(report.pages).toBeGreaterThan(5);
      expect(existsSync(dir)).toBe(false);
      return;
    }
    const partial = name === 'incremental' || name === 'incremental-astro';
    expect(await differences(dir, partial)).toEqual([]);
    if (name === 'compile') expect(existsSync(codeRendererPaths(keep.key, keep.root).server)).toBe(true);
    if (partial) {
      const car = base.bundle.cars[0]!.slug;
      const other = base.bundle.cars[1]!.slug;
      expect(existsSync(join(dir, 'cars', car, 'index.html'))).toBe(true);
      expect(existsSync(join(dir, 'cars', other, 'index.html'))).toBe(false);
    }
    if (name === 'incremental') {
      // The kept render left the stock-free routes to the previous release and listed their files.
      expect(report.reused?.length).toBeGreaterThan(0);
      for (const path of report.reused ?? []) {
        expect(existsSync(join(dir, path)), path).toBe(false);
        expect(existsSync(join(out('plain'), path)), path).toBe(true);
      }
    }
  });
});

describe('the fallback', () => {
  it('a kept renderer that cannot render gives Astro’s own build, and the report says why', async () => {
    const { report, dir } = await results.get('fallback')!;
    expect(report).toMatchObject({ ok: true, renderedWith: 'astro' });
    expect(report.problem).toMatch(/^kept renderer failed \(exit 1\): warm renderer exited/);
    expect(await differences(dir)).toEqual([]);
  });
});

describe('a kept render that cannot write a page', () => {
  it('fails naming it, and writes nothing more once it has said so', async () => {
    await results.get('compile');
    // The fixture's cars many times over; one car's folder is taken by a file: its pages cannot
    // be written, the others can, and the render meets it with many pages still to come.
    const cars = Array.from({ length: 150 }, (_, index) => {
      const car = base.bundle.cars[index % base.bundle.cars.length]!;
      return { ...car, id: 900_000 + index, slug: `${car.slug}-${index}` };
    });
    const bundle = { ...base.bundle, cars };
    const dir = out('unwritable');
    const slug = cars[10]!.slug;
    mkdirSync(join(dir, 'cars'), { recursive: true });
    writeFileSync(join(dir, 'cars', slug), '');
    const run = await warmRendererFor(codeRenderer(keep.key, keep.root)!).render(bundle, dir, bundle.site.url);
    expect(run.code).not.toBe(0);
    // The page and the folder.
    expect(run.output).toMatch(new RegExp(`^render-pages: /cars/${slug}/\\S*: .*/unwritable/cars/${slug}`));
    // The caller now falls back to Astro in the same folder: no page of the failed render may land in it later.
    const files = () => [...walkFiles(dir, { sorted: true })].map((file) => file.relative);
    const atFailure = files();
    await new Promise((done) => setTimeout(done, 1500));
    expect(files()).toEqual(atFailure);
  });
});

describe('site-diff', () => {
  const write = (root: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };

  it('ignores asset hashes and island uids, and finds any other change', () => {
    const a = join(work, 'diff-a');
    const b = join(work, 'diff-b');
    write(a, {
      'index.html': '<script src="/_astro/page.Ab12_-xY.js"></script><astro-island uid="Z1abc" props="{}">',
      '_astro/page.Ab12_-xY.js': 'import"./chunk.AAAAAAAA.js";',
      'cars/x/index.html': 'one',
    });
    write(b, {
      'index.html': '<script src="/_astro/page.Cd34_-zW.js"></script><astro-island uid="Q9xyz" props="{}">',
      '_astro/page.Cd34_-zW.js': 'import"./chunk.BBBBBBBB.js";',
      'cars/x/index.html': 'two',
    });
    const diff = diffSites(a, b);
    expect(diff.compared).toBe(3);
    expect(diff.onlyBefore).toEqual([]);
    expect(diff.differing.map(({ name }) => name)).toEqual(['cars/x/index.html']);
  });
});
