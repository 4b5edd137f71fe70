/**
 * renderTenant's dry run (the pipeline's warm-up) without a build: nothing runs and the tenant
 * is not loaded when there is no kept renderer to warm, or when DEALER_RENDER=astro turns the
 * kept renderer off; with one, 'start' starts it and returns at once. The renders themselves
 * are compared with the plain path in tests/integration/render-paths.test.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endStalledChildren, writeKeptBundle } from '../../../tests/support/kept-bundle.ts';
import { closeWarmRenderers } from './children.ts';
import { codeRendererPaths } from './code-renderer.ts';
import type { RenderSettings } from './engine.ts';
import { cutTenant, renderEngine, renderTenant, type RenderInput } from './render-tenant.ts';

const temps: string[] = [];
afterEach(() => {
  closeWarmRenderers();
  for (const dir of temps.splice(0)) {
    // The stand-in kept bundle's children wrote their pids here: end them.
    endStalledChildren(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

function workDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'render-tenant-'));
  temps.push(dir);
  return dir;
}

/** A kept renderer of key `k1` whose bundle never finishes loading (its child writes its pid beside it). */
function keptRenderer(root: string): void {
  const paths = codeRendererPaths('k1', root);
  mkdirSync(paths.compiled, { recursive: true });
  writeKeptBundle(
    paths.server,
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(root)} + '/child-' + process.pid, '');\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\n`,
  );
}

const settings = (dir: string, fast = true): RenderSettings => ({ fast, splitRenderMinCars: 3000, cores: 2, cache: dir });

describe('a dry run', () => {
  it('does nothing, and loads no tenant, without a kept renderer', async () => {
    const dir = workDir();
    let loaded = 0;
    const report = await renderTenant(
      () => {
        loaded += 1;
        throw new Error('not to be loaded');
      },
      { outDir: join(dir, 'scratch'), settings: settings(dir), keep: { key: 'k1', root: join(dir, 'renderers') }, dryRun: 'render' },
    );
    expect(report).toMatchObject({ ok: true, renderedWith: null, pages: 0 });
    expect(loaded).toBe(0);
  });

  it('does nothing under DEALER_RENDER=astro, even with a kept renderer on the disk', async () => {
    const dir = workDir();
    keptRenderer(dir);
    let loaded = 0;
    const report = await renderTenant(
      () => {
        loaded += 1;
        throw new Error('not to be loaded');
      },
      { outDir: join(dir, 'scratch'), settings: settings(dir, false), keep: { key: 'k1', root: dir }, dryRun: 'render' },
    );
    expect(report.renderedWith).toBeNull();
    expect(loaded).toBe(0);
  });

  it("'start' starts the kept renderer and returns without waiting for it", async () => {
    const dir = workDir();
    keptRenderer(dir);
    const report = await renderTenant(() => Promise.reject(new Error('not to be loaded')), {
      outDir: join(dir, 'scratch'),
      settings: settings(dir),
      keep: { key: 'k1', root: dir },
      dryRun: 'start',
    });
    expect(report).toMatchObject({ ok: true, renderedWith: 'kept-renderer', pages: 0 });
    // The renderer's child starts loading the stand-in bundle (which never finishes).
    for (let waited = 0; waited < 10_000 && !readdirSync(dir).some((name) => name.startsWith('child-')); waited += 50)
      await new Promise((done) => setTimeout(done, 50));
    expect(readdirSync(dir).some((name) => name.startsWith('child-'))).toBe(true);
  });
});

describe('renderEngine and cutTenant', () => {
  const input = { slug: 'x', bundle: { cars: Array.from({ length: 5000 }, (_, index) => ({ slug: `car-${index}` })) } } as unknown as RenderInput;

  it('says which engine a render would use, as the disk is now', () => {
    const dir = workDir();
    const keep = { key: 'k1', root: dir };
    expect(renderEngine(10, { settings: settings(dir) })).toBe('astro');
    expect(renderEngine(5000, { settings: settings(dir) })).toBe('split');
    expect(renderEngine(10, { settings: settings(dir), keep })).toBe('compile');
    expect(renderEngine(10, { settings: settings(dir), keep, partial: true })).toBe('astro');
    keptRenderer(dir);
    expect(renderEngine(10, { settings: settings(dir), keep })).toBe('kept');
    expect(renderEngine(10, { settings: settings(dir), keep, partial: true })).toBe('kept');
    expect(renderEngine(10, { settings: settings(dir, false), keep })).toBe('astro');
  });

  it('cuts a tenant to its first cars, leaving the original whole', () => {
    const cut = cutTenant(input, 1);
    expect(cut.bundle.cars.map((car) => car.slug)).toEqual(['car-0']);
    expect(input.bundle.cars).toHaveLength(5000);
  });
});
