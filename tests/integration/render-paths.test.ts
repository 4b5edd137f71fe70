/**
 * The plain path and the fast path render the same site (issue 36): a fixture tenant built by
 * Astro's own build (DEALER_RENDER=astro) and rendered from a kept server bundle in a warm
 * renderer (the fleet build: another tenant compiles, this one is rendered from that compile)
 * give the same files, byte for byte apart from asset hashes (src/builder/render/astro/site-diff.ts).
 * An Astro upgrade that breaks the fast path fails here; the plain path still builds.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSites } from '../../src/builder/render/astro/site-diff.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'dealer-render-paths-'));
const tenants = join(work, 'tenants');
const NOW = '2026-11-21T10:00:00Z';
/** The tenant compared; the other one compiles the code on the fast path (it sorts first). */
const COMPARED = 'forms-demo';
const COMPILER = 'basic-motors';

function build(out: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(repo, 'scripts/build.ts'), '--tenants', tenants, '--out', out, '--now', NOW, '--jobs', '1', ...args], { cwd: work, env: { ...process.env, ...env } });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', (code) => done({ code, out: text }));
  });
}

let plain: Awaited<ReturnType<typeof build>>;
let fast: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  for (const slug of [COMPILER, COMPARED]) cpSync(join(repo, 'tests/fixtures/tenants', slug), join(tenants, slug), { recursive: true });
  // The two builds at once: each is mostly one process.
  [plain, fast] = await Promise.all([
    build(join(work, 'plain'), ['--tenant', COMPARED], { DEALER_RENDER: 'astro' }),
    build(join(work, 'fast'), [], { DEALER_RENDER: 'fast' }),
  ]);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('plain Astro build against the kept-bundle render', () => {
  it('built the tenant on each path', () => {
    expect(plain.code, plain.out).toBe(0);
    expect(plain.out).not.toContain('fleet:');
    expect(fast.code, fast.out).toBe(0);
    expect(fast.out).toMatch(new RegExp(`fleet: compiled once with ${COMPILER} \\([\\d.]+ s\\), 1 tenant\\(s\\) rendered from that compile\\n`));
  });

  it('writes the same files, byte for byte apart from asset hashes', () => {
    const before = join(work, 'plain', COMPARED);
    const after = join(work, 'fast', COMPARED);
    expect(existsSync(join(before, 'index.html'))).toBe(true);
    const diff = diffSites(before, after);
    expect(diff.compared).toBeGreaterThan(10);
    expect(diff.onlyBefore).toEqual([]);
    expect(diff.onlyAfter).toEqual([]);
    expect(diff.differing.map(({ name, detail }) => `${name}\n${detail}`)).toEqual([]);
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
    write(a, { 'index.html': '<script src="/_astro/page.Ab12_-xY.js"></script><astro-island uid="Z1abc" props="{}">', '_astro/page.Ab12_-xY.js': 'import"./chunk.AAAAAAAA.js";', 'cars/x/index.html': 'one' });
    write(b, { 'index.html': '<script src="/_astro/page.Cd34_-zW.js"></script><astro-island uid="Q9xyz" props="{}">', '_astro/page.Cd34_-zW.js': 'import"./chunk.BBBBBBBB.js";', 'cars/x/index.html': 'two' });
    const diff = diffSites(a, b);
    expect(diff.compared).toBe(3);
    expect(diff.onlyBefore).toEqual([]);
    expect(diff.differing.map(({ name }) => name)).toEqual(['cars/x/index.html']);
  });
});
