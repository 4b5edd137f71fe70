import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_STATE_FILE, KEPT_STATE_VERSION } from './astro/kept-renderer.ts';
import { closeWarmRenderers, warmRendererFor } from './children.ts';
import { codeRenderer, codeRendererPaths, compiledCodeKey } from './code-renderer.ts';

const temps: string[] = [];
afterEach(() => {
  closeWarmRenderers();
  for (const dir of temps.splice(0)) {
    // Stalled renderer children wrote their pids here: end them.
    for (const name of readdirSync(dir).filter((entry) => entry.startsWith('child-'))) {
      try {
        process.kill(Number(name.slice('child-'.length)));
      } catch {
        // already gone
      }
    }
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
  it('gives jobs at once on one kept bundle a renderer each, up to DEALER_WARM_RENDERERS, then the least busy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warm-pool-'));
    temps.push(dir);
    // A kept bundle that never finishes loading: a render sent to it stays in flight.
    const rendererDir = join(dir, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, KEPT_STATE_FILE), JSON.stringify({ version: KEPT_STATE_VERSION, entry: 'stalled.mjs', nodeEnv: 'production' }));
    writeFileSync(join(rendererDir, 'stalled.mjs'), `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(dir)} + '/child-' + process.pid, '');\nawait new Promise(() => {});\n`);
    const env = { DEALER_WARM_RENDERERS: '2' };
    const first = warmRendererFor(rendererDir, env);
    expect(warmRendererFor(rendererDir, env)).toBe(first);
    void first.render({ slug: 'one' } as never, join(dir, 'out-1'), 'https://one.example');
    const second = warmRendererFor(rendererDir, env);
    expect(second).not.toBe(first);
    void second.render({ slug: 'two' } as never, join(dir, 'out-2'), 'https://two.example');
    void second.render({ slug: 'three' } as never, join(dir, 'out-3'), 'https://three.example');
    // The pool is full and both are busy: the one with fewer jobs.
    expect(warmRendererFor(rendererDir, env)).toBe(first);
    expect([first.jobs, second.jobs]).toEqual([1, 2]);
  });
});
