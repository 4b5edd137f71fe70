#!/usr/bin/env node
/**
 * Fleet benchmark: N tenants of M cars cut from ../shared/data/au-vehicle-listings.json, built
 * as one fleet (one compile, src/builder/render/fleet.ts) and one Astro build per tenant; with
 * --workers, through `npm run stack` once per worker count (tests/support/bench-stack.ts).
 *
 *   npm run bench:fleet -- [--tenants 100] [--cars 300] [--jobs <cores>] [--skip-old] [--data <file>] [--keep]
 *   npm run bench:fleet -- --workers 1,2 [--tenants 10] [--cars 300] [--bare <dir>] [--rounds 1] [--bucket-on-disk]
 * The stack's S3 stand-in keeps its objects in memory (/dev/shm) unless --bucket-on-disk.
 *
 * What is printed and why: docs/benchmarks.md.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { thisMachine } from '../src/config/machine.ts';
import { buildTenant, REPO_ROOT, type TenantBuildResult, buildFleet } from '../src/builder/render/index.ts';
import { benchBareAstro, benchStack, type StackRun } from '../tests/support/bench-stack.ts';
import { startPhotoServer } from '../tests/support/photos/server.ts';

const { values } = parseArgs({
  options: {
    tenants: { type: 'string', default: '100' },
    cars: { type: 'string', default: '300' },
    jobs: { type: 'string', default: String(thisMachine().cores) },
    'skip-old': { type: 'boolean', default: false },
    data: { type: 'string', default: resolve(REPO_ROOT, '../shared/data/au-vehicle-listings.json') },
    keep: { type: 'boolean', default: false },
    workers: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    bare: { type: 'string', default: resolve(REPO_ROOT, '../shared/bench/bare-astro') },
    'bucket-on-disk': { type: 'boolean', default: false },
  },
});
if (!existsSync(values.data)) {
  console.error(`listing data not found: ${values.data} (benchmarks read ../shared/data; pass --data <file>)`);
  process.exit(2);
}
const tenantCount = Number(values.tenants);
const carsPerTenant = Number(values.cars);
const jobs = Number(values.jobs);
const listings = JSON.parse(readFileSync(values.data, 'utf8')) as Record<string, unknown>[];
const work = mkdtempSync(join(tmpdir(), 'bench-fleet-'));
/** A memory file system (Linux), for the S3 stand-in's objects. */
const MEMORY_DIR = '/dev/shm';
const tenantsDir = join(work, 'tenants');
const TEMPLATES = ['used-group', 'franchise', 'caravan', 'motorcycle'];
const dirs: string[] = [];
for (let index = 0; index < tenantCount; index += 1) {
  const slug = `fleet-dealer-${String(index + 1).padStart(4, '0')}`;
  const dir = join(tenantsDir, slug);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'site.json'),
    JSON.stringify({
      slug,
      template: TEMPLATES[index % TEMPLATES.length],
      name: `Fleet Dealer ${index + 1}`,
      url: `https://${slug}.example.com.au`,
      phone: '+61 7 3000 0000',
      email: `sales@${slug}.example.com.au`,
      include_sold_cars_days: 3,
    }),
  );
  // Each tenant a different window of the listings (wrapping), ids made unique per tenant.
  const stock = Array.from({ length: carsPerTenant }, (_, offset) => listings[(index * carsPerTenant + offset) % listings.length]);
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(stock));
  dirs.push(dir);
}

if (values.workers !== undefined) {
  const counts = values.workers.split(',').map(Number);
  if (!counts.length || !counts.every((count) => Number.isInteger(count) && count >= 1 && count <= 16)) {
    console.error(`--workers: worker counts from 1 to 16 separated by commas, e.g. 1,2 (got ${JSON.stringify(values.workers)})`);
    process.exit(2);
  }
  if (!existsSync(values.bare)) {
    console.error(`bare Astro baseline not found: ${values.bare} (pass --bare <dir>)`);
    process.exit(2);
  }
  const bucketInMemory = !values['bucket-on-disk'] && existsSync(MEMORY_DIR);
  console.log(
    `bench:fleet --workers ${counts.join(',')}: ${tenantCount} tenants x ${carsPerTenant} cars through npm run stack, in ${work}; the S3 stand-in's objects ${bucketInMemory ? `in memory (${MEMORY_DIR})` : 'on disk'}`,
  );
  const slugs = dirs.map((dir) => dir.split('/').pop()!);
  // As a dealer's feed does, one car of each tenant (its last in stock) carries a photo, from a local
  // photo host: the survivor's release after a worker loss must take that tenant's images from the bucket.
  const photos = await startPhotoServer({ width: 1200, height: 900 });
  for (const dir of dirs) {
    const stock = JSON.parse(readFileSync(join(dir, 'stock.json'), 'utf8')) as Record<string, unknown>[];
    const index = stock.findLastIndex((car) => car.status === 'in_stock');
    if (index >= 0) stock[index] = { ...stock[index], images: [{ image: `${photos.origin}/photos/${dir.split('/').pop()}.jpg` }] };
    writeFileSync(join(dir, 'stock.json'), JSON.stringify(stock));
  }
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) {
    console.error(`--rounds: 1 to 10 (got ${JSON.stringify(values.rounds)})`);
    process.exit(2);
  }
  // The baseline over the same cars, about as many pages a car as a dealer site has (the first run's).
  const cars = dirs.flatMap((dir) => JSON.parse(readFileSync(join(dir, 'stock.json'), 'utf8')) as unknown[]);
  // Each round: every worker count, then the bare build, so each ratio compares runs minutes apart.
  const results: RoundResult[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const roundWork = rounds === 1 ? work : join(work, `round-${round}`);
      mkdirSync(roundWork, { recursive: true });
      const runs: StackRun[] = [];
      for (const workers of counts) {
        // The bucket's storage is not on a worker's machine in a fleet: the stand-in's objects go to memory, so its disk work does not weigh on the workers' (docs/benchmarks.md).
        const bucketDir = bucketInMemory ? mkdtempSync(join(MEMORY_DIR, 'bench-fleet-s3-')) : undefined;
        try {
          runs.push(await benchStack({ repo: REPO_ROOT, tenantsDir, slugs, workers, work: roundWork, keep: values.keep, bucketDir }));
        } finally {
          if (bucketDir) rmSync(bucketDir, { recursive: true, force: true });
        }
        console.log(JSON.stringify({ round, ...runs.at(-1) }));
      }
      const pagesPerCar = Math.max(1, Math.round(runs[0]!.pages / cars.length));
      const bare = await benchBareAstro({ repo: REPO_ROOT, source: values.bare, cars: cars.slice(0, listings.length), pagesPerCar, work: roundWork });
      console.log(JSON.stringify({ round, baseline: 'bare-astro', pagesPerCar, ...bare }));
      results.push({ runs, bare });
      printRound(results.at(-1)!);
    }
  } finally {
    await photos.close();
  }
  if (rounds > 1) printMedians(results);
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
  process.exit(0);
}

/** One round of `--workers`: the stack runs of each worker count and the bare build after them. */
interface RoundResult {
  runs: StackRun[];
  bare: Awaited<ReturnType<typeof benchBareAstro>>;
}

/** A round's tables: the deploy and one-car figures, the after-loss lines, where the CPU and the release time went. */
function printRound({ runs, bare }: RoundResult): void {
  console.table(
    runs.map((run) => ({
      workers: run.workers,
      codeDeploySeconds: run.codeDeploySeconds,
      pages: run.pages,
      pagesPerSecond: run.pagesPerSecond,
      ofBare: Number((run.pagesPerSecond / bare.pagesPerSecond).toFixed(2)),
      ofOneWorker: Number((run.pagesPerSecond / runs[0]!.pagesPerSecond).toFixed(2)),
      deployPuts: run.uploads.objects,
      deployMB: Number((run.uploads.bytes / 1e6).toFixed(1)),
      madeDrawings: run.made.drawings,
      fullObjects: run.fullRelease.objects,
      fullMB: Number((run.fullRelease.bytes / 1e6).toFixed(2)),
      oneCarObjects: run.oneCar.objects,
      oneCarMB: Number((run.oneCar.bytes / 1e6).toFixed(2)),
      oneCarMode: run.oneCar.mode,
      feedToLiveSeconds: run.oneCar.feedToLiveSeconds,
      afterLossMode: run.afterLoss?.mode ?? '',
      afterLossFeedToLive: run.afterLoss?.feedToLiveSeconds ?? '',
    })),
  );
  // The second code deploy, of the running fleet (the stack rolled to a new code version): what a code deploy is after the first.
  console.table(
    runs.map((run) => ({
      workers: run.workers,
      redeploySeconds: run.redeploy.seconds,
      pagesPerSecond: run.redeploy.pagesPerSecond,
      ofBare: Number((run.redeploy.pagesPerSecond / bare.pagesPerSecond).toFixed(2)),
      ofOneWorker: Number((run.redeploy.pagesPerSecond / runs[0]!.redeploy.pagesPerSecond).toFixed(2)),
      workerCpuMsPerPage: run.redeploy.workerCpuMsPerPage,
      bucketCpuMsPerPage: run.redeploy.bucketCpuMsPerPage,
      madePhotos: run.redeploy.made.photos,
      madeDrawings: run.redeploy.made.drawings,
      redeployPuts: run.redeploy.uploads.objects,
      redeployMB: Number((run.redeploy.uploads.bytes / 1e6).toFixed(1)),
    })),
  );
  // CPU a page: the workers' (render and compile children included; split into the worker processes, their live render
  // children and their ended children, the compile) against the bare build's, and the bucket stand-in's beside them.
  console.table(
    runs.map((run) => ({
      workers: run.workers,
      workerCpuSeconds: run.cpu.workers,
      workerCpuMsPerPage: run.cpu.workerMsPerPage,
      ofItWorkerProcess: run.cpu.workerSplitMsPerPage.own,
      ofItRenderers: run.cpu.workerSplitMsPerPage.renderers,
      ofItEnded: run.cpu.workerSplitMsPerPage.ended,
      bucketCpuMsPerPage: run.cpu.bucketMsPerPage,
      restCpuSeconds: run.cpu.rest,
      bareCpuMsPerPage: bare.cpuMsPerPage,
      workerCpuOfBare: Number((bare.cpuMsPerPage / Math.max(0.01, run.cpu.workerMsPerPage)).toFixed(2)),
    })),
  );
  // After a worker loss (two workers or more): the survivor's one-car release of a tenant it never built, and the images it made.
  for (const run of runs) if (run.afterLoss) console.log(JSON.stringify({ workers: run.workers, afterLoss: run.afterLoss }));
  // Where each deploy's release time went: worker seconds summed over the releases (parallel jobs overlap), and per page.
  console.table(
    Object.fromEntries(
      runs.flatMap((run) =>
        (
          [
            ['', run.phases],
            [', redeploy', run.redeploy.phases],
          ] as const
        ).map(([which, phases]) => [
          `${run.workers} worker(s)${which} s | ms/page`,
          Object.fromEntries(Object.entries(phases).map(([phase, cost]) => [phase, `${cost.seconds} | ${cost.msPerPage}`])),
        ]),
      ),
    ),
  );
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Over several rounds: each worker count's median pages a second, ratios and after-loss feed-to-live (this machine's speed moves between minutes). */
function printMedians(results: RoundResult[]): void {
  const round2 = (value: number) => Number(value.toFixed(2));
  console.log(`medians over ${results.length} rounds (each ratio within its round):`);
  console.table(
    results[0]!.runs.map((first, index) => {
      const of = (pick: (result: RoundResult) => number) => results.map(pick);
      const losses = results.map((result) => result.runs[index]!.afterLoss?.feedToLiveSeconds).filter((value): value is number => value !== undefined);
      return {
        workers: first.workers,
        pagesPerSecond: round2(median(of((result) => result.runs[index]!.pagesPerSecond))),
        ofBare: round2(median(of((result) => result.runs[index]!.pagesPerSecond / result.bare.pagesPerSecond))),
        ofOneWorker: round2(median(of((result) => result.runs[index]!.pagesPerSecond / result.runs[0]!.pagesPerSecond))),
        barePagesPerSecond: round2(median(of((result) => result.bare.pagesPerSecond))),
        workerCpuOfBare: round2(median(of((result) => result.bare.cpuMsPerPage / Math.max(0.01, result.runs[index]!.cpu.workerMsPerPage)))),
        redeployPagesPerSecond: round2(median(of((result) => result.runs[index]!.redeploy.pagesPerSecond))),
        redeployOfBare: round2(median(of((result) => result.runs[index]!.redeploy.pagesPerSecond / result.bare.pagesPerSecond))),
        redeployOfOneWorker: round2(median(of((result) => result.runs[index]!.redeploy.pagesPerSecond / result.runs[0]!.redeploy.pagesPerSecond))),
        afterLossFeedToLiveMax: losses.length ? Math.max(...losses) : '',
      };
    }),
  );
}

const now = Date.now();
/** The nearest-rank `q` quantile (0 of none). */
const quantile = (numbers: number[], q: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function summarise(name: string, results: TenantBuildResult[], wall: number, extra: Record<string, unknown> = {}) {
  const ok = results.filter((result) => result.ok);
  const pages = ok.reduce((sum, result) => sum + result.pages, 0);
  const seconds = ok.map((result) => result.seconds);
  // 500 dealers of 300 cars: the measured wall per tenant, scaled (the first compile counted once).
  const compile = Number(extra.compileSeconds ?? 0);
  const perTenantWall = name === 'fleet' ? (wall - compile) / Math.max(1, ok.length - 1) : wall / Math.max(1, ok.length);
  const scale = carsPerTenant / 300;
  const minutes500 = (compile + (500 * perTenantWall) / scale) / 60;
  return {
    path: name,
    tenants: results.length,
    failed: results.length - ok.length,
    ...extra,
    perTenantSecondsMedian: Number(median(seconds).toFixed(2)),
    perTenantSecondsP95: Number(quantile(seconds, 0.95).toFixed(2)),
    wallSeconds: Number(wall.toFixed(1)),
    pages,
    pagesPerSecond: Number((pages / wall).toFixed(1)),
    peakRssChildMb: mb(Math.max(0, ...ok.map((result) => result.peakRss))),
    extrapolated500x300Minutes: Number(minutes500.toFixed(1)),
  };
}

console.log(`bench:fleet: ${tenantCount} tenants x ${carsPerTenant} cars, ${jobs} job(s), in ${work}`);
const rows = [];
let started = performance.now();
const fleet = await buildFleet({ dirs, outRoot: join(work, 'fleet'), now, jobs, logProblems: false });
rows.push(
  summarise('fleet', fleet.results, (performance.now() - started) / 1000, {
    compileSeconds: Number(fleet.compileSeconds.toFixed(1)),
    fallbacks: fleet.fallbacks.length,
  }),
);
console.log(JSON.stringify(rows.at(-1)));

if (!values['skip-old']) {
  started = performance.now();
  const results: TenantBuildResult[] = [];
  const queue = [...dirs];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift())
      results.push(await buildTenant({ dir, outRoot: join(work, 'per-tenant'), now, logProblems: false }));
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  rows.push(summarise('per-tenant', results, (performance.now() - started) / 1000));
  console.log(JSON.stringify(rows.at(-1)));
}
console.log(`peak RSS of this process: ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
console.table(rows);
if (!values.keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
