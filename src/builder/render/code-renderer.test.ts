/**
 * Kept renderers by code version: the key, when one is complete, how a compile puts one in
 * place (or says why not), how older ones and dead processes' staging folders are pruned, how
 * one travels as a pack to another disk, and the warm renderer pool over a kept bundle.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { endStalledChildren, writeKeptBundle } from '../../../tests/support/kept-bundle.ts';
import { KEPT_STATE_FILE } from './astro/kept-renderer.ts';
import { closeWarmRenderers, warmRendererFor } from './children.ts';
import {
  codeRenderer,
  codeRendererPaths,
  compiledCodeKey,
  compileCodeRenderer,
  compileSettled,
  installCodeRenderer,
  packCodeRenderer,
  touchCodeRenderer,
  type CompileRun,
} from './code-renderer.ts';

const temps: string[] = [];
afterEach(() => {
  closeWarmRenderers();
  for (const dir of temps.splice(0)) {
    if (existsSync(dir)) endStalledChildren(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('compiledCodeKey', () => {
  const env = { NODE_ENV: 'production', PUBLIC_PAYMENT_CLIENT: 'stripe', DEALER_SITE_URL: 'https://a.example' };
  it('changes with the code version and what the compile inlines (NODE_ENV, PUBLIC_* values), not with a tenant or build setting', () => {
    const key = compiledCodeKey('version:1', env);
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(compiledCodeKey('version:1', { ...env })).toBe(key);
    expect(compiledCodeKey('version:2', env)).not.toBe(key);
    expect(compiledCodeKey('version:1', { ...env, NODE_ENV: 'development' })).not.toBe(key);
    expect(compiledCodeKey('version:1', { ...env, PUBLIC_PAYMENT_CLIENT: 'stand-in' })).not.toBe(key);
    expect(compiledCodeKey('version:1', { ...env, DEALER_SITE_URL: 'https://b.example', DEALER_RENDER: 'fast' })).toBe(key);
  });
});

describe('codeRenderer', () => {
  it('is there only when the server bundle and the compiled client assets both are', () => {
    const root = mkdtempSync(join(tmpdir(), 'code-renderers-'));
    temps.push(root);
    const paths = codeRendererPaths('k1', root);
    expect(codeRenderer('k1', root)).toBeUndefined();
    mkdirSync(paths.server, { recursive: true });
    writeFileSync(join(paths.server, KEPT_STATE_FILE), '{}');
    expect(codeRenderer('k1', root)).toBeUndefined();
    mkdirSync(paths.compiled);
    expect(codeRenderer('k1', root)).toBe(paths.server);
    expect(codeRenderer('k2', root)).toBeUndefined();
  });
});

describe('the warm renderer pool', () => {
  it('gives jobs at once on one kept bundle a renderer each, up to DEALER_WARM_RENDERERS, then the least busy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warm-pool-'));
    temps.push(dir);
    // A kept bundle that never finishes loading: a render sent to it stays in flight. Once `stop`
    // is there it fails at once instead, so the jobs can be settled before the folder is removed.
    const rendererDir = join(dir, 'renderer');
    writeKeptBundle(
      rendererDir,
      `import { existsSync, writeFileSync } from 'node:fs';\nconst dir = ${JSON.stringify(dir)};\nif (existsSync(dir + '/stop')) process.exit(1);\nwriteFileSync(dir + '/child-' + process.pid, '');\nawait new Promise(() => {});\n`,
    );
    const env = { DEALER_WARM_RENDERERS: '2' };
    const renders: Promise<unknown>[] = [];
    try {
      const first = warmRendererFor(rendererDir, env);
      expect(warmRendererFor(rendererDir, env)).toBe(first);
      renders.push(first.render({ slug: 'one' } as never, join(dir, 'out-1'), 'https://one.example'));
      const second = warmRendererFor(rendererDir, env);
      expect(second).not.toBe(first);
      renders.push(second.render({ slug: 'two' } as never, join(dir, 'out-2'), 'https://two.example'));
      renders.push(second.render({ slug: 'three' } as never, join(dir, 'out-3'), 'https://three.example'));
      // The pool is full and both are busy: the one with fewer jobs.
      expect(warmRendererFor(rendererDir, env)).toBe(first);
      expect([first.jobs, second.jobs]).toEqual([1, 2]);
    } finally {
      // A job queued behind a stalled one starts a child of its own when that one ends (and
      // makes its out folder): every child started from here on fails at once, so all settle.
      writeFileSync(join(dir, 'stop'), '');
      endStalledChildren(dir);
      closeWarmRenderers();
      await Promise.all(renders);
    }
  });
});

/** A temp root for kept renderers, removed after the test. */
function renderersRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'code-renderers-'));
  temps.push(root);
  return root;
}

/** A render that writes a kept server bundle into `serverDir` and a site (in a temp folder) with `_astro/` assets; `ok` false: a failed render. */
function fakeRender(options: { ok?: boolean; keepsBundle?: boolean; marker?: string } = {}) {
  return async (serverDir: string): Promise<CompileRun<string>> => {
    const outDir = mkdtempSync(join(tmpdir(), 'compiled-site-'));
    temps.push(outDir);
    mkdirSync(join(outDir, '_astro'), { recursive: true });
    writeFileSync(join(outDir, '_astro', 'page.Ab12_-xY.js'), 'export {};');
    if (options.keepsBundle !== false) {
      mkdirSync(serverDir, { recursive: true });
      writeFileSync(join(serverDir, KEPT_STATE_FILE), JSON.stringify({ marker: options.marker ?? 'first' }));
    }
    return { value: 'rendered', ok: options.ok !== false, outDir };
  };
}

/** A pid no process has (above Linux's largest pid_max). */
const DEAD_PID = 2 ** 22 + 12_345;

describe('compileCodeRenderer', () => {
  it("puts the render's server bundle and the site's client assets in place whole, leaving no staging folder", async () => {
    const root = renderersRoot();
    const keep = { key: 'k1', root };
    const result = await compileCodeRenderer(keep, fakeRender());
    expect(result).toEqual({ value: 'rendered', kept: true });
    const paths = codeRendererPaths('k1', root);
    expect(codeRenderer('k1', root)).toBe(paths.server);
    expect(readFileSync(join(paths.compiled, '_astro', 'page.Ab12_-xY.js'), 'utf8')).toBe('export {};');
    expect(readdirSync(root)).toEqual(['k1']);
  });

  it('keeps nothing when the render failed, and says why when the build kept no server bundle', async () => {
    const root = renderersRoot();
    expect(await compileCodeRenderer({ key: 'k1', root }, fakeRender({ ok: false }))).toEqual({ value: 'rendered', kept: false });
    expect(await compileCodeRenderer({ key: 'k1', root }, fakeRender({ keepsBundle: false }))).toEqual({
      value: 'rendered',
      kept: false,
      problem: 'the Astro build kept no server bundle',
    });
    expect(codeRenderer('k1', root)).toBeUndefined();
    expect(readdirSync(root)).toEqual([]);
  });

  it('leaves a renderer another process put in place first: that one serves', async () => {
    const root = renderersRoot();
    await compileCodeRenderer({ key: 'k1', root }, fakeRender({ marker: 'first' }));
    expect(await compileCodeRenderer({ key: 'k1', root }, fakeRender({ marker: 'second' }))).toEqual({ value: 'rendered', kept: true });
    expect(JSON.parse(readFileSync(join(codeRendererPaths('k1', root).server, KEPT_STATE_FILE), 'utf8'))).toEqual({ marker: 'first' });
    expect(readdirSync(root)).toEqual(['k1']);
  });

  it("removes dead processes' staging folders and keys beyond the newest three unused for an hour, never the one compiled", async () => {
    const root = renderersRoot();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    for (const [name, age] of [
      ['old-a', 5],
      ['old-b', 4],
      ['old-c', 3],
      ['recent', 0],
    ] as const) {
      mkdirSync(join(root, name));
      utimesSync(join(root, name), hoursAgo(age), hoursAgo(age));
    }
    mkdirSync(join(root, `gone.compiling-${DEAD_PID}`));
    mkdirSync(join(root, `gone.fetching-${DEAD_PID}`));
    mkdirSync(join(root, `busy.compiling-${process.pid}`));
    await compileCodeRenderer({ key: 'k1', root }, fakeRender());
    // k1 plus the two newest others stay (three versions); the older unused ones go; a live process's compile stays.
    expect(readdirSync(root).sort()).toEqual([`busy.compiling-${process.pid}`, 'k1', 'old-c', 'recent']);
  });

  it('makes compileSettled wait for a compile of the same key in progress', async () => {
    const root = renderersRoot();
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const compile = compileCodeRenderer({ key: 'k1', root }, async (serverDir) => {
      await gate;
      return fakeRender()(serverDir);
    });
    let settled = false;
    const waiting = compileSettled({ key: 'k1', root }).then(() => (settled = true));
    await compileSettled({ key: 'other', root });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(codeRenderer('k1', root)).toBeDefined();
    expect((await compile).kept).toBe(true);
  });
});

describe('touchCodeRenderer', () => {
  it('marks a key used now, and says nothing when the key was pruned meanwhile', () => {
    const root = renderersRoot();
    const dir = codeRendererPaths('k1', root).dir;
    mkdirSync(dir);
    utimesSync(dir, new Date(0), new Date(0));
    touchCodeRenderer({ key: 'k1', root });
    expect(Date.now() - statSync(dir).mtimeMs).toBeLessThan(60_000);
    expect(() => touchCodeRenderer({ key: 'gone', root })).not.toThrow();
  });
});

describe('packCodeRenderer and installCodeRenderer', () => {
  it('carry a kept renderer to another disk, where its node_modules link is made; a renderer already there stays', async () => {
    const from = renderersRoot();
    expect(packCodeRenderer({ key: 'k1', root: from })).toBeUndefined();
    await compileCodeRenderer({ key: 'k1', root: from }, fakeRender());
    const pack = packCodeRenderer({ key: 'k1', root: from })!;
    const to = renderersRoot();
    expect(installCodeRenderer({ key: 'k1', root: to }, pack)).toBe(true);
    const paths = codeRendererPaths('k1', to);
    expect(codeRenderer('k1', to)).toBe(paths.server);
    expect(readFileSync(join(paths.compiled, '_astro', 'page.Ab12_-xY.js'), 'utf8')).toBe('export {};');
    expect(lstatSync(join(paths.server, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(readdirSync(to)).toEqual(['k1']);
    // Installed again: the one there stays, and the pack is not even read.
    expect(installCodeRenderer({ key: 'k1', root: to }, Buffer.from('not a pack'))).toBe(true);
  });

  it('refuses a pack without a kept server bundle, leaving no staging folder', () => {
    const root = renderersRoot();
    const header = Buffer.from(JSON.stringify([{ path: 'compiled/_astro/a.js', size: 2, mode: 0o644 }]));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    const pack = gzipSync(Buffer.concat([length, header, Buffer.from('{}')]));
    expect(() => installCodeRenderer({ key: 'k1', root }, pack)).toThrow('the pack holds no kept server bundle');
    expect(existsSync(codeRendererPaths('k1', root).dir)).toBe(false);
    expect(readdirSync(root)).toEqual([]);
  });
});
