/**
 * The dry run (issue 18 §3): `npm run feed:check -- --tenant <slug> <file>` prints how a file
 * maps - format, separator and encoding, each column and its field or 'ignored', the first
 * rows as Car records, every problem with row and column, the mass-change guard's verdict -
 * and changes nothing (the tenant folder and the file stay as they were).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/pipeline-env.ts';

const SLUG = 'photo-columns-motors';
const work = mkdtempSync(join(tmpdir(), 'feed-check-'));
const tenants = join(work, 'tenants');
cpSync(join(REPO, 'tests/fixtures/tenants', SLUG), join(tenants, SLUG), { recursive: true });
const exportFile = join(work, 'export.csv');
// The fixture export with one bad year, one unknown status and one row for the skip rule.
writeFileSync(
  exportFile,
  readFileSync(join(REPO, 'tests/fixtures/feeds/photo-columns-motors.csv'), 'utf8').replace('PC2,Mazda,CX-5,Maxx Sport,2021,', 'PC2,Mazda,CX-5,Maxx Sport,20x1,').replace(',Hold,', ',Wholesale,'),
);

function feedCheck(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/feed-check.ts', '--tenants', tenants, '--sites', join(work, 'sites'), ...args], { cwd: REPO, encoding: 'utf8' });
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run feed:check', () => {
  it('prints how the file maps and every problem with its row and column, and changes nothing', () => {
    const before = readdirSync(join(tenants, SLUG)).sort();
    const bytes = readFileSync(exportFile);
    const run = feedCheck('--tenant', SLUG, exportFile);
    const out = run.stdout;
    expect(out).toContain('feed: export.csv\ntenant: photo-columns-motors\nmapping: feed-mapping.json\nformat: CSV\nencoding: utf-8 (default)\nseparator: \',\' (detected from the header)\n');
    expect(out).toMatch(/^ {2}"Stock #"\s+-> stocknum \(feed-mapping\.json\)$/m);
    expect(out).toMatch(/^ {2}"Make"\s+-> make$/m);
    expect(out).toMatch(/^ {2}"Web Visible"\s+-> ignored \(read by a skip rule\)$/m);
    expect(out).toMatch(/^ {2}"Internal Notes"\s+-> ignored$/m);
    expect(out).toMatch(/^ {2}"Photo10"\s+-> images \(photo column\)$/m);
    expect(out).toContain('constants: state = "QLD", price_type = "Drive Away"');
    expect(out).toContain('rows read: 6, skipped by feed-mapping.json: 1\n  skipped row 7: "Web Visible" is "No"');
    expect(out).toMatch(/first 3 of 5 record\(s\) as Car records:\n {2}row 2: \{"id":"PC1","slug":"2019-toyota-corolla-ascent-sport-pc1","year":2019,.*"km":41200,"price":24990,.*"name":"2019 Toyota Corolla Ascent Sport","vehicle_kind":"car","price_range":"\$20,000 - \$30,000"\}\n/);
    expect(out).toMatch(/^ {2}row 3: \{"stocknum":"PC2",.*"year":"20x1".*\} \(invalid, see problems\)$/m);
    expect(out).toContain('problems (2; each ends with what was done):');
    expect(out).toMatch(/^ {2}row 3 \(id PC2\), column "Year" -> year: expected a number or a numeric text, received "20x1"; record skipped$/m);
    expect(out).toMatch(/^ {2}row 6 \(id PC5\), column "Vehicle Status" -> status: status must be one of in_stock, coming_soon, sold \(got "Wholesale"\); record skipped$/m);
    expect(out).toContain('result: 3 of 5 record(s) valid');
    expect(out).toContain('visible stock: 0 now, 3 after this feed (0 taken off the site)\nmass-change guard: ok');
    expect(out).toContain('outcome: the pipeline would take this file in (dry run: nothing was changed)');
    expect(run.status).toBe(0);
    expect(readdirSync(join(tenants, SLUG)).sort()).toEqual(before);
    expect(readFileSync(exportFile)).toEqual(bytes);
  });

  it('says when the file would be rejected, and exits 1', () => {
    const run = feedCheck('--tenant', SLUG, join(REPO, 'tests/fixtures/feeds/photo-columns-motors.csv').replace('photo-columns-motors.csv', '../tenants/pipeline-motors/site.json'));
    expect(run.stdout).toContain('format: JSON snapshot (Car records)');
    expect(run.stdout).toMatch(/result: REJECTED - expected a JSON array of Car records/);
    expect(run.stdout).toContain('outcome: the pipeline would reject this file (dry run: nothing was changed)');
    expect(run.status).toBe(1);
  });

  it('says when the mass-change guard would hold the file', () => {
    const stock = Array.from({ length: 10 }, (_, index) => ({ id: `S${index}`, slug: `car-s${index}`, make: 'Kia', model: 'Rio', price: 9990, status: 'in_stock', car_type: 'used' }));
    writeFileSync(join(tenants, SLUG, 'stock.json'), JSON.stringify(stock));
    const run = feedCheck('--tenant', SLUG, exportFile);
    expect(run.stdout).toMatch(/mass-change guard: HOLD - the feed would take 10 of 10 visible cars \(100 %\) off the site/);
    expect(run.stdout).toContain('outcome: the pipeline would hold this file for an operator (dry run: nothing was changed)');
    expect(run.status).toBe(1);
    expect(JSON.parse(readFileSync(join(tenants, SLUG, 'stock.json'), 'utf8'))).toEqual(stock);
  });

  it('creates no pipeline state where the data directory holds none (a dry run changes nothing)', () => {
    const data = join(work, 'sites', '.pipeline');
    mkdirSync(data, { recursive: true });
    const run = feedCheck('--tenant', SLUG, exportFile);
    expect(run.stdout).toContain('(dry run: nothing was changed)');
    expect(readdirSync(data)).toEqual([]);
  });

  it('explains its usage', () => {
    const run = feedCheck(exportFile);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: npm run feed:check -- --tenant <slug>');
  });
});
