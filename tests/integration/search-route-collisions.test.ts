/** A search page lost to another of its path (src/search/core/routes.ts buildRoutes) is in the build's report. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPrepared, prepareTenant } from '../../src/builder/render/index.ts';

const root = mkdtempSync(join(tmpdir(), 'route-collisions-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** basic-motors with its first car at a location of slug `slug` (the feed's location). */
function tenantWith(slug: string): string {
  const dir = join(root, slug, 'basic-motors');
  cpSync(resolve('tests/fixtures/tenants/basic-motors'), dir, { recursive: true });
  const [first, ...rest] = JSON.parse(readFileSync(join(dir, 'stock.json'), 'utf8')) as Record<string, unknown>[];
  const stock = [{ ...first, status: 'in_stock', location: { id: 9, name: 'Toyota Yard', slug } }, ...rest];
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(stock));
  return dir;
}

async function build(dir: string) {
  const lines: string[] = [];
  // logProblems false, as the benchmarks build: the lost page is said all the same.
  const prepared = await prepareTenant({
    dir,
    outRoot: join(root, 'out'),
    now: Date.parse('2026-11-21T00:00:00Z'),
    log: (line) => lines.push(line),
    logProblems: false,
  });
  if (!isPrepared(prepared)) throw new Error(`not prepared: ${prepared.error}`);
  return { lines: lines.filter((line) => line.includes('search page')), problems: prepared.problems.filter((line) => line.includes('search page')) };
}

describe('search route collisions in the build report', () => {
  it("a location whose slug is a make's: the build log and the result's problems name both pages and the one kept", async () => {
    const message =
      'basic-motors: search page /search/toyota is the make page "Toyota"; the location page "Toyota Yard" has the same path and is not built (its cars are still found from the all-stock page): give the location another slug';
    expect(await build(tenantWith('toyota'))).toEqual({ lines: [`  ! ${message}`], problems: [message] });
  }, 60_000);

  it('says nothing when the location has a path of its own', async () => {
    expect(await build(tenantWith('toyota-yard'))).toEqual({ lines: [], problems: [] });
  }, 60_000);
});
