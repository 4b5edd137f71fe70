/**
 * Fleet build (issue 17 item 1): several tenants built from one compile give exactly the files,
 * byte for byte, that each tenant's own Astro build gives; a tenant with a bad site.json fails
 * alone, before or after the compile; the summary says what rendered what.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'dealer-fleet-test-'));
const tenants = join(work, 'tenants');
const NOW = '2026-11-21T10:00:00Z';
// 'a-broken-site' sorts first: the compile must move on to the next tenant.
const FIXTURES: [string, string][] = [
  ['broken-site', 'a-broken-site'],
  ['basic-motors', 'basic-motors'],
  ['forms-demo', 'forms-demo'],
  ['vehicle-showroom', 'vehicle-showroom'],
];

function build(out: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [join(repo, 'scripts/build.ts'), '--tenants', tenants, '--out', out, '--now', NOW, '--jobs', '2', ...extra], { cwd: work, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

function files(root: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(join(dir, entry.name));
      else found.push(relative(root, join(dir, entry.name)));
    }
  };
  visit(root);
  return found.sort();
}

let fleet: ReturnType<typeof build>;
let single: ReturnType<typeof build>;
let split: ReturnType<typeof build>;
beforeAll(() => {
  for (const [fixture, slug] of FIXTURES) cpSync(join(repo, 'tests/fixtures/tenants', fixture), join(tenants, slug), { recursive: true });
  fleet = build(join(work, 'fleet'));
  single = build(join(work, 'single'), ['--per-tenant']);
  // Pages rendered by two processes (a large tenant's split render): the fixture with the most
  // page families, and the broken one (it must still fail alone).
  split = build(join(work, 'split'), ['--per-tenant', '--jobs', '1', '--tenant', 'a-broken-site', '--tenant', 'vehicle-showroom'], { DEALER_SPLIT_RENDER_MIN_CARS: '1' });
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run build with several tenants (fleet build)', () => {
  it('compiles once and renders the other tenants from that compile', () => {
    expect(fleet.out).toMatch(/fleet: compiled once with basic-motors \([\d.]+ s\), 2 tenant\(s\) rendered from that compile\n/);
    expect(single.out).not.toContain('fleet:');
  });

  it('fails only the tenant with the bad site.json, and exits non-zero, on both paths', () => {
    for (const run of [fleet, single]) {
      expect(run.code).toBe(1);
      expect(run.out).toContain('✗ a-broken-site:');
      expect(run.out).toContain('built 3 of 4 tenant(s)');
      expect(run.out).toContain('failed: a-broken-site');
    }
    expect(existsSync(join(work, 'fleet', 'a-broken-site', 'index.html'))).toBe(false);
  });

  it('writes the same files, byte for byte, as a separate Astro build per tenant', () => {
    for (const slug of ['basic-motors', 'forms-demo', 'vehicle-showroom']) {
      const expected = files(join(work, 'single', slug));
      expect(expected.length).toBeGreaterThan(10);
      expect(expected.some((path) => path.startsWith('_astro/'))).toBe(true);
      expect(files(join(work, 'fleet', slug))).toEqual(expected);
      const differing = expected.filter((path) => !readFileSync(join(work, 'fleet', slug, path)).equals(readFileSync(join(work, 'single', slug, path))));
      expect(differing, `${slug}: files that differ`).toEqual([]);
    }
  });
});

describe('a large tenant (split render: compile once, pages shared by two render processes)', () => {
  it('says so, and fails only the tenant with the bad site.json', () => {
    expect(split.code).toBe(1);
    expect(split.out).toContain('built 1 of 2 tenant(s)');
    expect(split.out).toContain('✗ a-broken-site:');
    if (availableParallelism() < 2) return;
    for (const slug of ['vehicle-showroom']) {
      expect(split.out).toMatch(new RegExp(`  ${slug}: compile build [\\d.]+ s \\(\\d+ MB\\), pages rendered by 2 processes in [\\d.]+ s \\(\\d+ \\+ \\d+ MB\\)\n`));
    }
  });

  it('writes the same files, byte for byte, as the Astro build that renders every page itself (security headers included)', () => {
    for (const slug of ['vehicle-showroom']) {
      const expected = files(join(work, 'single', slug));
      expect(expected.some((path) => path.startsWith('cars/'))).toBe(true);
      expect(files(join(work, 'split', slug))).toEqual(expected);
      const differing = expected.filter((path) => !readFileSync(join(work, 'split', slug, path)).equals(readFileSync(join(work, 'single', slug, path))));
      expect(differing, `${slug}: files that differ`).toEqual([]);
    }
  });
});
