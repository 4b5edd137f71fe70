#!/usr/bin/env node
/**
 * Build benchmark: one tenant whose stock is the first N records of the real listings in
 * ../shared/data/au-vehicle-listings.json (never committed to this repository).
 *
 *   npm run bench:build -- [--n 2000] [--data <file>] [--keep]
 *
 * Prints records, pages, wall seconds, pages per second and peak memory (RSS).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildTenant, REPO_ROOT } from '../src/builder/render/index.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string' },
    data: { type: 'string', default: resolve(REPO_ROOT, '../shared/data/au-vehicle-listings.json') },
    keep: { type: 'boolean', default: false },
  },
});
if (!existsSync(values.data)) {
  console.error(`listing data not found: ${values.data} (benchmarks read ../shared/data; pass --data <file>)`);
  process.exit(2);
}
const all = JSON.parse(readFileSync(values.data, 'utf8')) as unknown[];
const n = values.n ? Math.min(Number(values.n), all.length) : all.length;
const work = mkdtempSync(join(tmpdir(), 'bench-build-'));
const tenantDir = join(work, 'tenants', 'bench-motor-group');
mkdirSync(tenantDir, { recursive: true });
writeFileSync(
  join(tenantDir, 'site.json'),
  JSON.stringify({
    slug: 'bench-motor-group',
    template: 'used-group',
    name: 'Bench Motor Group',
    url: 'https://bench-motor-group.example.com.au',
    phone: '+61 7 3000 0000',
    include_sold_cars_days: 3,
  }),
);
writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify(all.slice(0, n)));

const started = performance.now();
const result = await buildTenant({ dir: tenantDir, outRoot: join(work, 'out'), now: Date.now(), logProblems: false, log: (line) => console.log(line) });
const wall = (performance.now() - started) / 1000;
const parentRss = process.resourceUsage().maxRSS * 1024;
const peak = Math.max(parentRss, result.peakRss);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  JSON.stringify({
    records: n,
    visible: result.visible,
    skipped: result.skipped,
    pages: result.pages,
    wallSeconds: Number(wall.toFixed(2)),
    pagesPerSecond: Number((result.pages / wall).toFixed(1)),
    peakRssAstro: mb(result.peakRss),
    peakRssBuildProcess: mb(parentRss),
    peakRss: mb(peak),
  }),
);
if (!values.keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
process.exit(result.ok ? 0 : 1);
