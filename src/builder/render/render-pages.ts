/**
 * Child process that renders the static paths of the tenant bundle named by DEALER_BUNDLE with
 * a prerender bundle kept from an earlier build of the same code (astro/kept-renderer.ts), into
 * DEALER_OUT_DIR; with --serve it stays warm and takes bundles over IPC (children.ts). Mirrors
 * Astro's static generation through astro/astro-adapter.ts; anything it does not support (a
 * redirect response) fails the run, and the caller falls back to an Astro build. The request
 * origin comes from DEALER_SITE_URL, as the tenant's own Astro build would use. Prints one line
 * `DEALER_RENDER_STATS {"pages":n,"maxRSS":kB}` on success.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { buildSettings } from '../../config/build.ts';
import { setEnvironment } from '../../config/env.ts';
import {
  loadKeptApp,
  outputFile,
  renderPath,
  requestUrl,
  routeCacheOf,
  staticPaths,
  type AstroLogDestination,
  type AstroStaticPath,
} from './astro/astro-adapter.ts';
import { pageFacts, type PageFacts } from '../post-build/built-pages.ts';
import type { RenderShard } from './children.ts';
import { KEPT_STATE_FILE, KEPT_STATE_VERSION, type KeptRendererState } from './astro/kept-renderer.ts';
import { ISLAND_STYLE_BY_CALLER, islandStyleInHeadInPlace } from './astro/island-style.ts';
import { exitWhenOrphaned } from './orphan-watch.ts';

const settings = buildSettings();
const rendererDir = settings.rendererDir;
const outDir = settings.outDir ?? '';
const serving = process.argv.includes('--serve');
if (!rendererDir || (!serving && (!outDir || !settings.bundleFile))) {
  console.error(
    'render-pages: DEALER_RENDERER, and DEALER_OUT_DIR and DEALER_BUNDLE (or --serve with jobs over IPC), must be set (run by the build or the pipeline)',
  );
  process.exit(2);
}
// Before the kept bundle loads (seconds): a render child whose parent is gone (stopped, or
// killed) ends then too, instead of loading for nobody. A warm renderer ends on its channel's
// close; any render child once its parent's pid is no longer its parent (orphan-watch.ts).
if (serving) process.on('disconnect', () => process.exit(0));
exitWhenOrphaned(settings.parentPid);
const state = JSON.parse(readFileSync(join(rendererDir, KEPT_STATE_FILE), 'utf8')) as KeptRendererState;
if (state.version !== KEPT_STATE_VERSION) {
  console.error(`render-pages: kept renderer state version ${state.version}, expected ${KEPT_STATE_VERSION}`);
  process.exit(2);
}

// Before React loads: the bundle's compiled JSX needs React's runtime of the build's mode.
setEnvironment('NODE_ENV', state.nodeEnv);
const destination: AstroLogDestination = {
  write(event) {
    if (event.level === 'warn' || event.level === 'error') process.stderr.write(`[${event.level}] ${event.label ?? ''} ${event.message}\n`);
    return true;
  },
};
const app = await loadKeptApp(join(rendererDir, state.entry), state, destination);

/** Astro renders with the origin of the configured `site` (DEALER_SITE_URL of the tenant's build). */
function originOf(siteUrl: string | undefined): string {
  return siteUrl ? new URL(siteUrl).origin : state.origin;
}

/**
 * Pages rendered at once. Rendering is mostly synchronous work, but each page also waits on
 * its response stream; overlapping a few keeps the process busy (Astro's build.concurrency in
 * astro.config.mjs, the same figure, measured in docs/scale.md).
 */
const RENDER_CONCURRENCY = 8;

/** DEALER_RENDER_TRACE: where each render's timings go (none when unset). */
const trace = settings.renderTraceFile;

/** Milliseconds of CPU (user and system) in a process.cpuUsage() or threadCpuUsage() figure. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * A response's bytes as the chunks its body gives: Astro's static render answers with one, used
 * as it is (`arrayBuffer()` would copy it once more into a new buffer); several are joined.
 */
async function bodyBytes(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const [only] = chunks;
  return chunks.length === 1 && only ? Buffer.from(only.buffer, only.byteOffset, only.byteLength) : Buffer.concat(chunks, length);
}

/** Bytes as a Buffer, over the same memory. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Render every static path into `outDir`, except those of `reuseRoutes` (the bundle's routes an
 * incremental release takes over from the previous one): their output files, relative to
 * `outDir`, are returned as `reused`. With a `shard`, only every `count`-th path from `index`
 * (each route's pages spread evenly over the processes; together they render every path once).
 */
async function renderAll(
  outDir: string,
  origin: string,
  reuseRoutes: readonly string[] = [],
  shard?: RenderShard,
): Promise<{ pages: number; reused: string[]; facts: Record<string, PageFacts> }> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const reuse = new Set(reuseRoutes);
  const reused: string[] = [];
  let paths: AstroStaticPath[] = [];
  // Each path once: the first route wins, as in Astro (prerenderConflictBehavior).
  for (const { pathname, route } of await staticPaths(app)) {
    if (route.type !== 'page' && route.type !== 'endpoint') throw new Error(`render-pages: route type ${route.type} (${route.route}) is not supported`);
    if (reuse.has(route.route))
      reused.push(
        relative(outDir, outputFile(pathname, route, outDir))
          .split(sep)
          .join('/'),
      );
    else paths.push({ pathname, route });
  }
  if (shard) {
    // Filtered into a new array: spreading tens of thousands of paths into push() overflows the stack.
    paths = paths.filter((_, position) => position % shard.count === shard.index);
  }
  const pathsDone = performance.now();
  const cpuPathsDone = process.cpuUsage();
  /** Main-thread CPU of writing the pages and taking their facts (traced renders only). */
  let keepCpuMs = 0;
  const times: [string, number][] = [];
  const byRoute = new Map<string, { pages: number; ms: number }>();
  let pages = 0;
  const made = new Set<string>();
  const facts: Record<string, PageFacts> = {};
  async function renderOne({ pathname, route }: AstroStaticPath): Promise<void> {
    const pageStarted = performance.now();
    let response: Response;
    try {
      // The island style is moved here, on the bytes about to be written (src/middleware.ts leaves such a page to its caller).
      response = await renderPath(app, new Request(requestUrl(pathname, route, origin)), route, { [ISLAND_STYLE_BY_CALLER]: true });
    } catch (error) {
      // The first line names the page: the pipeline logs it when it falls back to Astro.
      throw new Error(`render-pages: ${pathname}: ${(error as Error).message}\n${(error as Error).stack ?? ''}`);
    }
    if (response.status >= 300 && response.status < 400)
      throw new Error(`render-pages: ${pathname} answered a redirect (${response.status}); use an Astro build`);
    if (!response.body) return;
    const rendered = await bodyBytes(response.body);
    // A response's bytes are never shared memory: they are this render's to change.
    const body = response.headers.get('content-type')?.includes('text/html')
      ? asBuffer(islandStyleInHeadInPlace(rendered as Uint8Array<ArrayBuffer>))
      : rendered;
    const keepStarted = trace ? process.threadCpuUsage() : undefined;
    const file = outputFile(pathname, route, outDir);
    const folder = dirname(file);
    try {
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeFileSync(file, body);
    } catch (error) {
      throw new Error(`render-pages: ${pathname}: ${(error as Error).message}`);
    }
    pages += 1;
    // What the post-build steps read from a page, taken from the bytes in hand (src/builder/post-build/built-pages.ts).
    if (file.endsWith('.html')) facts[relative(outDir, file).split(sep).join('/')] = pageFacts(body);
    if (keepStarted) keepCpuMs += cpuMs(process.threadCpuUsage(keepStarted));
    if (trace) {
      const ms = performance.now() - pageStarted;
      times.push([pathname, ms]);
      const total = byRoute.get(route.route) ?? { pages: 0, ms: 0 };
      byRoute.set(route.route, { pages: total.pages + 1, ms: total.ms + ms });
    }
  }
  let next = 0;
  let failure: Error | undefined;
  // After a failure no page starts, and the render answers once the pages under way are done:
  // the caller may use the folder at once (an Astro build into it, the next job).
  const worker = async () => {
    while (next < paths.length && !failure) {
      try {
        await renderOne(paths[next++]!);
      } catch (error) {
        failure ??= error as Error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(RENDER_CONCURRENCY, paths.length) }, worker));
  if (failure) throw failure;
  if (trace) {
    // DEALER_RENDER_TRACE=<file>: one JSON line per render (where a release's render time goes):
    // the process and its output folder; the process's CPU milliseconds before the render (its
    // start and earlier jobs), the paths' and the pages' (of which the main thread's writes and
    // facts); the ten slowest pages and each route's pages and milliseconds (pages overlap, so the
    // sum is more than renderMs).
    const slowest = times
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([path, ms]) => [path, Math.round(ms)]);
    const routes = Object.fromEntries([...byRoute].sort((a, b) => b[1].ms - a[1].ms).map(([route, total]) => [route, [total.pages, Math.round(total.ms)]]));
    appendFileSync(
      trace,
      `${JSON.stringify({
        pid: process.pid,
        outDir,
        pages,
        reused: reused.length,
        pathsMs: Math.round(pathsDone - started),
        renderMs: Math.round(performance.now() - pathsDone),
        cpuMs: {
          before: Math.round(cpuMs(cpuStarted)),
          paths: Math.round(cpuMs(cpuPathsDone) - cpuMs(cpuStarted)),
          pages: Math.round(cpuMs(process.cpuUsage(cpuPathsDone))),
          writesAndFacts: Math.round(keepCpuMs),
        },
        slowest,
        routes,
      })}\n`,
    );
  }
  return { pages, reused, facts };
}

/** One render job of a warm renderer (sent by src/builder/render/children.ts WarmRenderer). */
interface RenderJob {
  bundle: string;
  outDir: string;
  siteUrl: string;
  reuseRoutes?: string[];
  shard?: RenderShard;
}

if (process.argv.includes('--serve') && process.send) {
  // Warm renderer: the bundle stays loaded and renders one tenant bundle after another. Astro
  // caches each route's getStaticPaths per app; a new bundle has new paths, so it is cleared.
  const routeCache = routeCacheOf(app);
  if (!routeCache) {
    console.error(
      'render-pages --serve: the build app of this Astro version has no route cache (see src/builder/render/astro/astro-adapter.ts); render one bundle per process instead',
    );
    process.exit(2);
  }
  let queue = Promise.resolve();
  process.on('message', (job: RenderJob) => {
    queue = queue.then(async () => {
      setEnvironment('DEALER_BUNDLE', job.bundle);
      routeCache.clearAll();
      try {
        const { pages, reused, facts } = await renderAll(job.outDir, originOf(job.siteUrl), job.reuseRoutes, job.shard);
        process.send!({ ok: true, pages, reused, facts, maxRSS: process.resourceUsage().maxRSS });
      } catch (error) {
        process.send!({ ok: false, error: (error as Error).message });
      }
    });
  });
  process.send({ ready: true });
} else {
  try {
    const { pages } = await renderAll(outDir, originOf(settings.siteUrl));
    console.log(`DEALER_RENDER_STATS ${JSON.stringify({ pages, maxRSS: process.resourceUsage().maxRSS })}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
