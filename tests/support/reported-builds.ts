/**
 * Builds of changed copies of a fixture tenant, for the tests of what a build reports (its log
 * lines and the result's problems): each copy in a folder of its own under one temporary folder,
 * removed after the calling file's tests. Import it only from tests: it registers a vitest hook
 * where it is called.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { isPrepared, prepareTenant } from '../../src/builder/render/index.ts';

type Json = Record<string, unknown>;

/** What a copy changes: site.json's object and stock.json's cars, each given as the fixture has it. */
export interface TenantEdits {
  site?: (site: Json) => Json;
  stock?: (stock: Json[]) => Json[];
}

/** Rewrite the JSON file `file` with `change` (none: left as it is). */
function editJson<T>(file: string, change: ((value: T) => T) | undefined): void {
  if (change) writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as T)));
}

/** Builds whose copies live under a temporary folder named from `prefix`, removed after the calling file's tests. */
export function reportedBuilds(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return {
    /** A copy of tests/fixtures/tenants/basic-motors in the folder `name` of its own, with `edits`; returns its folder. */
    tenantCopy(name: string, edits: TenantEdits): string {
      const dir = join(root, name, 'basic-motors');
      cpSync(resolve('tests/fixtures/tenants/basic-motors'), dir, { recursive: true });
      editJson(join(dir, 'stock.json'), edits.stock);
      editJson(join(dir, 'site.json'), edits.site);
      return dir;
    },
    /**
     * Build the tenant folder `dir` with logProblems false, as the benchmarks build (what the
     * report says is said all the same); throws when it is not prepared. Returns the build log's
     * lines and the result's problems that `about` picks.
     */
    async build(dir: string, about: (line: string) => boolean): Promise<{ lines: string[]; problems: string[] }> {
      const lines: string[] = [];
      const prepared = await prepareTenant({
        dir,
        outRoot: join(root, 'out'),
        now: Date.parse('2026-11-21T00:00:00Z'),
        log: (line) => lines.push(line),
        logProblems: false,
      });
      if (!isPrepared(prepared)) throw new Error(`not prepared: ${prepared.error}`);
      return { lines: lines.filter(about), problems: prepared.problems.filter(about) };
    },
  };
}
