/**
 * An excluded stock number that names no dealership, in a site of several, is in the build's
 * report with the file and the field (src/lib/site/tenant.ts stockRuleNotices); the site builds.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportedBuilds } from '../support/reported-builds.ts';

const builds = reportedBuilds('stock-rule-notices-');

/** basic-motors with two dealerships and `excluded` as its excluded stock numbers, in a folder of its own (`name`). */
function tenantWith(name: string, excluded: unknown[]): string {
  const dealerships = [
    { id: 1, slug: 'north', name: 'North' },
    { id: 2, slug: 'south', name: 'South' },
  ];
  return builds.tenantCopy(name, { site: (site) => ({ ...site, dealerships, stock_rules: { excluded_stock_numbers: excluded } }) });
}

const build = (dir: string) => builds.build(dir, (line) => line.includes('excluded_stock_numbers'));

describe('excluded stock numbers in the build report', () => {
  it('a plain stock number in a site of two dealerships: the build log and the result name the file, the field and both forms to write', async () => {
    const dir = tenantWith('plain', ['HIDE1']);
    const message =
      `${join(dir, 'site.json')}: field stock_rules.excluded_stock_numbers.0: "HIDE1" names no dealership and this site has 2 (north, south): it hides stock number HIDE1 at every one of them. ` +
      `Write { "stock_number": "HIDE1", "dealership_slug": "north" } to hide one dealership's car, or { "stock_number": "HIDE1" } to hide it at every dealership (docs/site-json.md).`;
    expect(await build(dir)).toEqual({ lines: [`  ! ${message}`], problems: [message] });
  }, 60_000);

  it('says nothing of an entry that names its dealership, or every dealership on purpose', async () => {
    expect(await build(tenantWith('scoped', [{ stock_number: 'HIDE1', dealership_slug: 'south' }, { stock_number: 'HIDE2' }]))).toEqual({
      lines: [],
      problems: [],
    });
  }, 60_000);
});
