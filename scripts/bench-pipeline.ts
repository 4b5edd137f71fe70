#!/usr/bin/env node
/**
 * Pipeline benchmark: tenants made from ../shared/data/au-vehicle-listings.json (never
 * committed) built through the pipeline: the first release, then one-car and 100-car changes
 * to a published release, and their ratio to the full build. One JSON line per size.
 *
 *   npm run bench:pipeline -- [--sizes 2000,all] [--data <file>] [--keep]
 *
 * What each figure includes (and that the debounce wait is left out): docs/benchmarks.md.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { environment, setEnvironment } from '../src/config/env.ts';
import { REPO_ROOT } from '../src/builder/render/index.ts';
import { scanInbox } from '../src/pipeline/intake/inbox.ts';
import type { LogFields } from '../src/pipeline/log.ts';
import { rebuildTenant, type RebuildResult } from '../src/pipeline/release/run.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,all' },
    data: { type: 'string', default: resolve(REPO_ROOT, '../shared/data/au-vehicle-listings.json') },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
if (!existsSync(values.data)) {
  console.error(`listing data not found: ${values.data} (benchmarks read ../shared/data; pass --data <file>)`);
  process.exit(2);
}
const all = JSON.parse(readFileSync(values.data, 'utf8')) as Record<string, unknown>[];
// Teammates edit src/ while the benchmark runs; a code change would (rightly) make the next
// release a full one. Pin the code version as a deployment does, so the figures measure feeds.
setEnvironment('PIPELINE_CODE_VERSION', environment().PIPELINE_CODE_VERSION ?? `bench-${Date.now()}`);
const work = mkdtempSync(join(tmpdir(), 'bench-pipeline-'));
const log = values.verbose ? (fields: LogFields) => console.log(JSON.stringify(fields)) : () => {};

/** Change `count` cars spread evenly through the stock: a price drop of $500 (what dealers do most). */
function changeCars(stock: Record<string, unknown>[], count: number, round: number): Record<string, unknown>[] {
  const step = Math.max(1, Math.floor(stock.length / count));
  return stock.map((car, index) => (index % step === 0 && index / step < count ? { ...car, price: Math.max(1000, Number(car.price) - 500 * round) } : car));
}

async function timedChange(slug: string, tenantDir: string, sitesDir: string, inbox: string, stock: Record<string, unknown>[]): Promise<{ seconds: number; result: RebuildResult }> {
  const started = performance.now();
  // The feed arrives as a dropped snapshot file, exactly as in production.
  mkdirSync(join(inbox, slug), { recursive: true });
  writeFileSync(join(inbox, slug, 'snapshot.json'), JSON.stringify(stock));
  const intake = await scanInbox(inbox, () => tenantDir, log, 0, { sitesDir, guard: false });
  if (!intake.changed.includes(slug)) throw new Error('the snapshot was not accepted');
  const result = await rebuildTenant({ tenantDir, sitesDir, log });
  if (result.outcome !== 'published') throw new Error(`release not published: ${result.outcome} ${result.reason ?? ''}`);
  return { seconds: Number(((performance.now() - started) / 1000).toFixed(2)), result };
}

for (const size of values.sizes.split(',')) {
  const n = size === 'all' ? all.length : Math.min(Number(size), all.length);
  const slug = `bench-${n}`;
  const tenantDir = join(work, 'tenants', slug);
  const sitesDir = join(work, 'sites');
  const inbox = join(work, 'inbox');
  mkdirSync(tenantDir, { recursive: true });
  writeFileSync(
    join(tenantDir, 'site.json'),
    JSON.stringify({ slug, template: 'used-group', name: 'Bench Motor Group', url: `https://${slug}.example.com.au`, phone: '+61 7 3000 0000', include_sold_cars_days: 3 }),
  );
  let stock = all.slice(0, n);
  writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify(stock));

  const fullStarted = performance.now();
  // As the long-lived pipeline does when nothing else waits: the full release starts its warm renderer.
  const first = await rebuildTenant({ tenantDir, sitesDir, log, warmRenderer: true });
  const fullSeconds = Number(((performance.now() - fullStarted) / 1000).toFixed(2));
  if (first.outcome !== 'published') {
    console.error(`${slug}: first release failed: ${first.reason}`);
    process.exit(1);
  }
  stock = changeCars(stock, 1, 1);
  const one = await timedChange(slug, tenantDir, sitesDir, inbox, stock);
  // The next one-car change: the renderer has finished loading (steady state of a running pipeline).
  stock = changeCars(stock, 1, 3);
  const again = await timedChange(slug, tenantDir, sitesDir, inbox, stock);
  stock = changeCars(stock, 100, 2);
  const hundred = await timedChange(slug, tenantDir, sitesDir, inbox, stock);
  console.log(
    JSON.stringify({
      tenant: slug,
      records: n,
      visible: first.added,
      fullBuildSeconds: fullSeconds,
      fullTimings: first.timings,
      oneCarChange: { seconds: one.seconds, mode: one.result.mode, why: one.result.why, timings: one.result.timings, pagesRendered: one.result.rendered, changed: one.result.changed, shareOfFull: Number((one.seconds / fullSeconds).toFixed(3)) },
      nextOneCarChange: { seconds: again.seconds, mode: again.result.mode, timings: again.result.timings, pagesRendered: again.result.rendered, changed: again.result.changed, shareOfFull: Number((again.seconds / fullSeconds).toFixed(3)) },
      hundredCarChange: { seconds: hundred.seconds, mode: hundred.result.mode, why: hundred.result.why, timings: hundred.result.timings, pagesRendered: hundred.result.rendered, changed: hundred.result.changed, shareOfFull: Number((hundred.seconds / fullSeconds).toFixed(3)) },
    }),
  );
  if (!values.keep) rmSync(join(sitesDir, slug), { recursive: true, force: true });
}
if (!values.keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
