import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INTEREST_BOUNDS } from '../../src/lib/finance/finance-bounds.ts';

const root = resolve(import.meta.dirname, '../..');

/** The meaning column of docs/site-json.md by field path. */
function meanings(): Map<string, string> {
  const rows = readFileSync(resolve(root, 'docs/site-json.md'), 'utf8').matchAll(/^\| `([^`]+)` \|.*\| ([^|]*) \|$/gm);
  return new Map([...rows].map((row) => [row[1], row[2].trim()]));
}

// docs/site-json.md is generated from the schema; a schema change without the doc fails here.
describe('docs/site-json.md', () => {
  it('matches the site.json schema', () => {
    const result = spawnSync(process.execPath, ['scripts/site-json-reference.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr + result.stdout).toContain('up to date');
    expect(result.status).toBe(0);
  });

  // The generator once keyed doc comments by field name within a file: every `name` under
  // locations.ts read "Display name, e.g. 'Acme Toyota Springwood'", a holiday's too.
  it("gives each field its own doc comment, not another field's of the same name", () => {
    const meaning = meanings();
    expect(meaning.get('locations[].name')).toBe("Display name, e.g. 'Acme Toyota Springwood'; at most 72 characters (its contact page's subcategory is 'Contact {name}').");
    expect(meaning.get('locations[].contact_detail.special_hours[].name')).toBe("The holiday's name shown in the holiday-hours dialog, e.g. 'Christmas Day'.");
    expect(meaning.get('locations[].id')).toMatch(/^Location id, unique within the site/);
    expect(meaning.get('dealerships[].id')).toMatch(/^Dealership id, unique within the site .*; a location names it in dealership_id\.$/);
  });

  // The calculator has one default range and one minimum price (finance-bounds.ts), whatever the provider or brand; a site with another range sets it.
  it("says the finance calculator's defaults the code has: interest 0.5-15 and a $1,000 minimum price, for every provider and brand", () => {
    const meaning = meanings();
    const interest = meaning.get('finance.interest_range')!;
    expect(interest).toContain(`${DEFAULT_INTEREST_BOUNDS.min}-${DEFAULT_INTEREST_BOUNDS.max}`);
    expect(interest).not.toMatch(/default by provider/i);
    expect(meaning.get('finance.min_price')).not.toMatch(/\(5000 for some providers/);
  });
});
