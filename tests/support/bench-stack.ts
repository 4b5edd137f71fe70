/**
 * The stack part of `npm run bench:fleet -- --workers 1,2`: for each worker count, `npm run
 * stack` with that many workers publishes every benchmark tenant (the fleet's first code deploy:
 * nothing built yet), one car of the first tenant changes through the feed inbox and is timed
 * until the edge serves it, then the stack rolls to a new code version (a code deploy of the
 * running fleet) and every tenant is re-rendered; with two workers or more, one is then lost
 * (killed, its disk deleted) and one car changes of a tenant only it had built. Figures come from
 * the workers' JSON logs and the edge; bare Astro is built in the same sitting for the ratio.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { freePort } from './meilisearch-server.ts';
import { commandOf, cpuTimes, killTree, processTree } from './process-tree.ts';
import { environment } from '../../src/config/env.ts';

/** One line of a pipeline log. */
type LogLine = Record<string, unknown> & { event?: string; tenant?: string; time?: string };

/** The phases of a release the bench prints (the `timings` of the workers' `release` lines, src/pipeline/release/run.ts). */
export const RELEASE_PHASES = [
  'coreWait',
  'photos',
  'renderer',
  'astro',
  'steps',
  'checks',
  'precompress',
  'manifest',
  'upload',
  'state',
  'search',
  'prune',
] as const;

/** Per phase, over a code deploy's releases: worker seconds in all, and milliseconds per page. */
export type PhaseCosts = Record<(typeof RELEASE_PHASES)[number] | 'other', { seconds: number; msPerPage: number }>;

export interface StackRun {
  workers: number;
  /** From the first release's start to the last release's end, every tenant published. */
  codeDeploySeconds: number;
  pages: number;
  pagesPerSecond: number;
  /** Where the deploy's release time went (sums over every tenant's release, so more than the wall time with parallel jobs). */
  phases: PhaseCosts;
  /** Every PUT of the deploy's publishes and their bytes. */
  uploads: { objects: number; bytes: number };
  /** The images the deploy's releases made (what neither the worker's disk nor the shared work held). */
  made: { photos: number; drawings: number };
  fullRelease: { tenant: string; objects: number; bytes: number; uploadedFiles: number; files: number };
  /** feedToLiveSeconds: the snapshot's landing to the edge serving the car (debounce included); releaseSeconds: the worker's job. */
  oneCar: {
    tenant: string;
    mode: unknown;
    objects: number;
    bytes: number;
    uploadedFiles: number;
    reused: number;
    feedToLiveSeconds: number;
    releaseSeconds: number;
    publishSeconds: number;
  };
  /** A code deploy of the running fleet (the stack rolled to a new code version): every tenant re-rendered. */
  redeploy: Redeploy;
  /** Two workers or more: the one-car release of a tenant the survivor never built, after the worker that built it was lost. */
  afterLoss?: OneCarAfterLoss;
  /** CPU seconds of the stack's processes from their start to the deploy's end, and a page's share: see `stackCpu`. */
  cpu: StackCpu;
}

/**
 * Where the machine's CPU went: the workers (each with its render and compile children), the
 * bucket stand-in (s3rver: on a real deployment, not the workers' machines) and the rest
 * (database, Redis, Meilisearch, lead API, edge, intake).
 */
export interface StackCpu {
  workers: number;
  bucket: number;
  rest: number;
  workerMsPerPage: number;
  bucketMsPerPage: number;
  /** The workers' CPU a page by process: the worker processes' own, their live render children's, and their ended children's (the compile, a renderer that stopped). */
  workerSplitMsPerPage: { own: number; renderers: number; ended: number };
}

/** `seconds` over `pages`, in milliseconds a page (two decimals). */
function msPerPage(seconds: number, pages: number): number {
  return Number(((seconds * 1000) / Math.max(1, pages)).toFixed(2));
}

/** CPU seconds so far of every process of the stack (a process's own and its waited-for children's), by part, and a page's share. */
function stackCpu(stackPid: number, workerPids: number[]): (pages: number) => StackCpu {
  const workers = new Set(workerPids.flatMap((pid) => processTree(pid)));
  const seconds = { workers: 0, bucket: 0, rest: 0 };
  const split = { own: 0, renderers: 0, ended: 0 };
  for (const pid of processTree(stackPid)) {
    const command = commandOf(pid);
    const part = workers.has(pid) ? 'workers' : command.includes('s3-stand-in-server') ? 'bucket' : 'rest';
    const times = cpuTimes(pid);
    seconds[part] += times.own + times.children;
    if (part !== 'workers') continue;
    if (command.includes('render-pages')) split.renderers += times.own;
    else split.own += times.own;
    split.ended += times.children;
  }
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  return (pages) => ({
    workers: round(seconds.workers, 1),
    bucket: round(seconds.bucket, 1),
    rest: round(seconds.rest, 1),
    workerMsPerPage: msPerPage(seconds.workers, pages),
    bucketMsPerPage: msPerPage(seconds.bucket, pages),
    workerSplitMsPerPage: { own: msPerPage(split.own, pages), renderers: msPerPage(split.renderers, pages), ended: msPerPage(split.ended, pages) },
  });
}

/**
 * The fleet's second code deploy: the stack's intake and workers restarted with a new code
 * version on their disks, the bucket and state as the first deploy left them. Timed as the first
 * (first release start to last release end); the workers' CPU is their new processes'; `made`
 * sums the images its releases made (what the shared work did not hold).
 */
export interface Redeploy {
  seconds: number;
  pagesPerSecond: number;
  phases: PhaseCosts;
  workerCpuMsPerPage: number;
  /** Of workerCpuMsPerPage, the worker processes' own (not their render children's): as StackCpu's workerSplitMsPerPage.own. */
  workerOwnCpuMsPerPage: number;
  bucketCpuMsPerPage: number;
  made: { photos: number; drawings: number };
  /** Every PUT of its publishes and their bytes (a file the bucket holds is not uploaded again). */
  uploads: { objects: number; bytes: number };
}

/** The survivor's one-car release after a worker loss, timed as `oneCar`; the images it made and took from the shared work (its log line). */
export interface OneCarAfterLoss {
  tenant: string;
  lost: string;
  /** The survivor had built the tenant in neither code deploy (else only not in the last). */
  neverBuilt: boolean;
  mode: unknown;
  feedToLiveSeconds: number;
  releaseSeconds: number;
  made: unknown;
  fromShared: unknown;
}

function get(base: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function until<T>(what: string, probe: () => T | null | undefined | Promise<T | null | undefined>, ms: number, every = 500): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((done) => setTimeout(done, every));
  }
  throw new Error(`bench:fleet --workers: ${what} did not happen within ${ms / 1000} s`);
}

/** The JSON lines of the workers' logs (of one worker: `only`, e.g. `worker-2`), in the order of their times across the workers. */
function workerLines(logs: string, only?: string, since = 0): LogLine[] {
  if (!existsSync(logs)) return [];
  const lines = readdirSync(logs)
    .filter((name) => (only ? name === `${only}.log` : name.startsWith('worker-')))
    .flatMap((name) =>
      readFileSync(join(logs, name), 'utf8')
        .split('\n')
        .flatMap((line) => {
          try {
            return line.startsWith('{') ? [{ ...(JSON.parse(line) as LogLine), worker: name.replace(/\.log$/, '') }] : [];
          } catch {
            return [];
          }
        }),
    );
  // Stable: lines of one worker keep their order; another worker's interleave by time.
  return lines.filter((line) => !since || Date.parse(line.time ?? '') >= since).sort((a, b) => Date.parse(a.time ?? '') - Date.parse(b.time ?? ''));
}

/** Sum each phase of the releases' timings; `other` is what the phases do not cover of each release's seconds. */
export function phaseCosts(releases: LogLine[], pages: number): PhaseCosts {
  const totals = Object.fromEntries([...RELEASE_PHASES, 'other'].map((phase) => [phase, 0])) as Record<keyof PhaseCosts, number>;
  for (const line of releases) {
    const timings = (line.timings ?? {}) as Record<string, number>;
    let covered = 0;
    for (const phase of RELEASE_PHASES) {
      const seconds = Number(timings[phase] ?? 0);
      totals[phase] += seconds;
      covered += seconds;
    }
    totals.other += Math.max(0, Number(line.seconds ?? 0) - covered);
  }
  return Object.fromEntries(
    Object.entries(totals).map(([phase, seconds]) => [
      phase,
      { seconds: Number(seconds.toFixed(2)), msPerPage: msPerPage(seconds, pages) },
    ]),
  ) as PhaseCosts;
}

/** The images releases made, summed from their log lines' `made`. */
function madeBy(releases: LogLine[]): { photos: number; drawings: number } {
  const sum = (kind: 'photos' | 'drawings') =>
    releases.reduce((total, line) => total + Number((line.made as Record<string, number> | undefined)?.[kind] ?? 0), 0);
  return { photos: sum('photos'), drawings: sum('drawings') };
}

/** The drawings the releases made, by worker (its log's name). */
function drawingsByWorker(releases: LogLine[]): Record<string, number> {
  const by: Record<string, number> = {};
  for (const line of releases) by[String(line.worker)] = (by[String(line.worker)] ?? 0) + Number((line.made as Record<string, number> | undefined)?.drawings ?? 0);
  return by;
}

/** Every PUT of the releases' publishes (their `bucket-publish` lines) and their bytes. */
function uploadsOf(logs: string, releases: LogLine[]): { objects: number; bytes: number } {
  const ids = new Set(releases.map((line) => line.release));
  const publishes = workerLines(logs).filter((line) => line.event === 'bucket-publish' && ids.has(line.release));
  return { objects: publishes.reduce((sum, line) => sum + Number(line.objects), 0), bytes: publishes.reduce((sum, line) => sum + Number(line.bytes), 0) };
}

function countPages(dir: string): number {
  let pages = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) pages += countPages(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) pages += 1;
  }
  return pages;
}

/** What of `npm run stack`'s ready line the bench uses. */
interface ReadyStack {
  edge: string;
  inbox: string;
  logs: string;
  pids: Record<string, number>;
  disks: Record<string, string>;
}

const publishedLines = (lines: LogLine[]) => lines.filter((line) => line.event === 'release' && line.outcome === 'published');

/** One car of `slug` changes price: a snapshot dropped in its inbox, timed until the edge serves the new price; the worker's release line. */
async function oneCarChange(ready: ReadyStack, tenantsDir: string, slug: string, price: number): Promise<{ feedToLiveSeconds: number; release: LogLine }> {
  const stock = JSON.parse(readFileSync(join(tenantsDir, slug, 'stock.json'), 'utf8')) as { slug: string; price: number; status?: string }[];
  let car: (typeof stock)[number] | undefined;
  for (const candidate of stock.filter((entry) => entry.status === 'in_stock' && typeof entry.price === 'number').slice(0, 20)) {
    if ((await get(ready.edge, `/cars/${candidate.slug}/`, `${slug}.localhost`)).status === 200) {
      car = candidate;
      break;
    }
  }
  if (!car) throw new Error(`no car page of ${slug} answers at the edge`);
  car.price = price;
  const fresh = `$${price.toLocaleString('en-AU')}`;
  const inbox = join(ready.inbox, slug);
  mkdirSync(inbox, { recursive: true });
  writeFileSync(join(inbox, '.bench.json.tmp'), JSON.stringify(stock));
  const releasedBefore = publishedLines(workerLines(ready.logs)).filter((line) => line.tenant === slug).length;
  const landed = performance.now();
  renameSync(join(inbox, '.bench.json.tmp'), join(inbox, 'bench.json'));
  await until(
    'the changed car at the edge',
    async () => (await get(ready.edge, `/cars/${car.slug}/`, `${slug}.localhost`).catch(() => ({ body: '' }))).body.includes(fresh),
    600_000,
    100,
  );
  const feedToLiveSeconds = (performance.now() - landed) / 1000;
  // The worker logs the release after the bucket switched (search sync comes between): wait for that line, not an earlier release's.
  const release = await until(
    'the one-car release line',
    () => publishedLines(workerLines(ready.logs)).filter((line) => line.tenant === slug)[releasedBefore],
    60_000,
  );
  return { feedToLiveSeconds: Number(feedToLiveSeconds.toFixed(2)), release };
}

/**
 * A worker is lost as a machine is: killed, its disk deleted. The tenant changed is one only
 * it had built (in both code deploys when one such tenant exists, `neverBuilt`), so the survivor
 * makes its release of that tenant from the state and the bucket alone.
 */
async function oneCarAfterLoss(ready: ReadyStack, tenantsDir: string, slugs: string[], since: number): Promise<OneCarAfterLoss> {
  const workers = Object.keys(ready.pids).filter((name) => name.startsWith('worker-'));
  // Tenants only one worker built: in both code deploys if there is one (the survivor never built it), else in the last.
  const choice = [0, since]
    .flatMap((from) => {
      const builtBy = new Map(workers.map((worker) => [worker, new Set(publishedLines(workerLines(ready.logs, worker, from)).map((line) => line.tenant))]));
      const onlyBy = (name: string) =>
        slugs.filter((slug) => builtBy.get(name)!.has(slug) && workers.every((other) => other === name || !builtBy.get(other)!.has(slug)));
      return workers.map((name) => ({ lost: name, tenants: onlyBy(name), neverBuilt: from === 0 }));
    })
    .find((entry) => entry.tenants.length > 0);
  if (!choice) throw new Error('bench:fleet --workers: no tenant was built by one worker only');
  const { lost, neverBuilt } = choice;
  const tenant = choice.tenants[0]!;
  // The machine is lost: the worker and its render children die at once, then its disk goes.
  await killTree(ready.pids[lost]!);
  rmSync(ready.disks[lost]!, { recursive: true, force: true });
  const { feedToLiveSeconds, release } = await oneCarChange(ready, tenantsDir, tenant, 876_543);
  return {
    tenant,
    lost,
    neverBuilt,
    mode: release.mode,
    feedToLiveSeconds,
    releaseSeconds: Number(release.seconds),
    made: release.made,
    fromShared: release.fromShared,
  };
}

/** Every tenant's first release published since `since` (ms), or throw on a failed release. */
function everyTenantPublished(logs: string, slugs: string[], since: number): Promise<LogLine[]> {
  return until(
    'every tenant published',
    () => {
      const lines = workerLines(logs, undefined, since);
      const failed = lines.find((line) => line.event === 'release' && line.outcome === 'failed');
      if (failed) throw new Error(`a release failed: ${JSON.stringify(failed)}`);
      const first = new Map<string, LogLine>();
      for (const line of publishedLines(lines)) if (!first.has(line.tenant!)) first.set(line.tenant!, line);
      return slugs.every((slug) => first.has(slug)) ? [...first.values()] : null;
    },
    3_600_000,
    1000,
  );
}

/** From the first release's start to the last one's end, in seconds. */
function spanSeconds(releases: LogLine[]): number {
  const ends = releases.map((line) => Date.parse(line.time!));
  const starts = releases.map((line) => Date.parse(line.time!) - Number(line.seconds) * 1000);
  return (Math.max(...ends) - Math.min(...starts)) / 1000;
}

/** With S3_STAND_IN_REQUEST_LOG (the stand-in's request log, off by default): a phase's moment in `<folder>/phases.log`, to split the requests by phase. */
function mark(workers: number, phase: string): void {
  const folder = environment().S3_STAND_IN_REQUEST_LOG;
  if (folder) appendFileSync(join(folder, 'phases.log'), `${Date.now()} ${workers} ${phase}\n`);
}

/** Run the stack with `workers` pipeline workers over `tenantsDir` and measure it. */
export async function benchStack(options: {
  repo: string;
  tenantsDir: string;
  slugs: string[];
  workers: number;
  work: string;
  keep?: boolean;
  /** Where the stack's S3 stand-in keeps its objects (`--s3-dir`); default the stack's own folder. */
  bucketDir?: string;
}): Promise<StackRun> {
  const dir = join(options.work, `stack-${options.workers}`);
  mark(options.workers, 'start');
  const [edge, intake, api1, api2] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const stack: ChildProcess = spawn(
    process.execPath,
    [
      join(options.repo, 'scripts/stack.ts'),
      '--tenants',
      options.tenantsDir,
      '--dir',
      dir,
      '--workers',
      String(options.workers),
      '--edge-port',
      String(edge),
      '--intake-port',
      String(intake),
      '--api-ports',
      `${api1},${api2}`,
      ...(options.keep ? ['--keep'] : []),
      ...(options.bucketDir ? ['--s3-dir', options.bucketDir] : []),
    ],
    // One code version for the whole run: a change to src/ meanwhile must not turn the one-car release into a full one.
    {
      cwd: options.repo,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The benchmark's photo host is on 127.0.0.1: the workers may fetch from it (a test aid the production check refuses).
      env: { ...environment(), PIPELINE_CODE_VERSION: environment().PIPELINE_CODE_VERSION ?? `bench-${Date.now()}`, DEALER_PHOTO_ALLOW_PRIVATE: '1' },
    },
  );
  let output = '';
  stack.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const ready = JSON.parse(
      await until(
        'stack-ready',
        () => {
          if (stack.exitCode !== null) throw new Error(`npm run stack exited with code ${stack.exitCode}:\n${output}`);
          return output.split('\n').find((line) => line.includes('"stack-ready"'));
        },
        900_000,
      ),
    ) as ReadyStack;
    const deploy = await everyTenantPublished(ready.logs, options.slugs, 0);
    const workerPids = () =>
      Object.entries(ready.pids)
        .filter(([name]) => name.startsWith('worker-'))
        .map(([, pid]) => pid);
    // At the deploy's end, before the one-car releases and any loss.
    const cpuOfDeploy = stackCpu(stack.pid!, workerPids());
    mark(options.workers, 'deploy-end');
    mark(options.workers, `drawings-by-worker ${JSON.stringify(drawingsByWorker(deploy))}`);
    const codeDeploySeconds = spanSeconds(deploy);
    // Each worker has a disk of its own (`<dir>/worker-<n>/sites`): a tenant's pages on the one that published it.
    const livePages = (slug: string) => {
      const current = Array.from({ length: options.workers }, (_, index) => join(dir, `worker-${index + 1}`, 'sites', slug, 'current')).find((path) =>
        existsSync(path),
      );
      if (!current) throw new Error(`no worker's disk holds the live release of ${slug}`);
      return countPages(current);
    };
    const pages = options.slugs.reduce((sum, slug) => sum + livePages(slug), 0);
    const cpu = cpuOfDeploy(pages);
    const uploads = uploadsOf(ready.logs, deploy);
    const [slug] = options.slugs as [string];
    const full = workerLines(ready.logs).find((line) => line.event === 'bucket-publish' && line.tenant === slug)!;

    const { feedToLiveSeconds, release: last } = await oneCarChange(ready, options.tenantsDir, slug, 987_654);
    const oneCar = await until(
      'the one-car bucket-publish line',
      () => workerLines(ready.logs).find((line) => line.event === 'bucket-publish' && line.release === last.release),
      30_000,
    );

    // A code deploy of the running fleet: the stack rolls its pipeline to a new code version.
    const bucketBefore = stackCpu(stack.pid!, workerPids())(pages).bucket;
    const rolledAt = Date.now();
    mark(options.workers, 'roll');
    const seen = output.length;
    stack.kill('SIGUSR2');
    const rolled = await until(
      'stack-rolled',
      () =>
        output
          .slice(seen)
          .split('\n')
          .find((line) => line.includes('"stack-rolled"')),
      300_000,
    );
    ready.pids = (JSON.parse(rolled) as { pids: Record<string, number> }).pids;
    const again = await everyTenantPublished(ready.logs, options.slugs, rolledAt);
    const cpuOfRedeploy = stackCpu(stack.pid!, workerPids())(pages);
    mark(options.workers, 'redeploy-end');
    const redeploySeconds = spanSeconds(again);
    const redeploy: Redeploy = {
      seconds: Number(redeploySeconds.toFixed(1)),
      pagesPerSecond: Number((pages / redeploySeconds).toFixed(1)),
      phases: phaseCosts(again, pages),
      workerCpuMsPerPage: cpuOfRedeploy.workerMsPerPage,
      workerOwnCpuMsPerPage: cpuOfRedeploy.workerSplitMsPerPage.own,
      bucketCpuMsPerPage: msPerPage(cpuOfRedeploy.bucket - bucketBefore, pages),
      made: madeBy(again),
      uploads: uploadsOf(ready.logs, again),
    };

    const afterLoss = options.workers >= 2 ? await oneCarAfterLoss(ready, options.tenantsDir, options.slugs, rolledAt) : undefined;
    return {
      workers: options.workers,
      codeDeploySeconds: Number(codeDeploySeconds.toFixed(1)),
      pages,
      pagesPerSecond: Number((pages / codeDeploySeconds).toFixed(1)),
      phases: phaseCosts(deploy, pages),
      uploads,
      made: madeBy(deploy),
      fullRelease: {
        tenant: slug,
        objects: Number(full.objects),
        bytes: Number(full.bytes),
        uploadedFiles: Number(full.uploadedFiles),
        files: Number(full.files),
      },
      oneCar: {
        tenant: slug,
        mode: last.mode,
        objects: Number(oneCar.objects),
        bytes: Number(oneCar.bytes),
        uploadedFiles: Number(oneCar.uploadedFiles),
        reused: Number(oneCar.reused),
        feedToLiveSeconds: Number(feedToLiveSeconds.toFixed(2)),
        releaseSeconds: Number(last.seconds),
        publishSeconds: Number(oneCar.seconds),
      },
      redeploy,
      ...(afterLoss ? { afterLoss } : {}),
      cpu,
    };
  } finally {
    if (stack.exitCode === null) {
      const exited = new Promise((done) => stack.once('exit', done));
      stack.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 60_000))]);
    }
  }
}

/**
 * The bare Astro baseline (../shared/bench/bare-astro) over the same cars, `pagesPerCar` pages
 * a car, built in a copy beside the benchmark's tenants with the project's Astro.
 */
export async function benchBareAstro(options: {
  repo: string;
  source: string;
  cars: unknown[];
  pagesPerCar: number;
  work: string;
}): Promise<{ pages: number; seconds: number; pagesPerSecond: number; cpuSeconds: number; cpuMsPerPage: number }> {
  const dir = join(options.work, 'bare-astro');
  cpSync(options.source, dir, { recursive: true, filter: (path) => !/[\\/](node_modules|dist)$/.test(path) });
  symlinkSync(join(options.repo, 'node_modules'), join(dir, 'node_modules'));
  const stockFile = join(options.work, 'bare-stock.json');
  writeFileSync(stockFile, JSON.stringify(options.cars));
  const started = performance.now();
  const cpuBefore = cpuTimes('self').children;
  const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...environment(), BARE_STOCK: stockFile, BARE_PAGES_PER_CAR: String(options.pagesPerCar) },
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`the bare Astro baseline failed (exit ${code}): ${errors.slice(-2000)}`);
  const seconds = (performance.now() - started) / 1000;
  // The build's CPU (its children's included): what this process's waited-for children's time grew by.
  const cpu = cpuTimes('self').children - cpuBefore;
  const pages = countPages(join(dir, 'dist'));
  return {
    pages,
    seconds: Number(seconds.toFixed(1)),
    pagesPerSecond: Number((pages / seconds).toFixed(1)),
    cpuSeconds: Number(cpu.toFixed(1)),
    cpuMsPerPage: msPerPage(cpu, pages),
  };
}
