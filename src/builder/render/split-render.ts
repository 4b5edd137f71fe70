/**
 * The split render of a large tenant (the `split` engine of engine.ts, run by renderTenant):
 * Astro's build renders every page in one process, so a large tenant leaves the other core
 * idle. Instead, an Astro build of the same bundle cut to COMPILE_CARS cars compiles the code
 * (the compiled code and client assets do not depend on the stock: the fleet build relies on
 * the same fact) and keeps its server bundle; `processes` warm renderers then render the whole
 * bundle from it, each every n-th page, into the tenant's output. The pages are those its own
 * Astro build writes (tests/integration/build-fleet.test.ts, tests/integration/render-paths.test.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TenantBundle } from '../bundle/bundle.ts';
import type { PageFacts } from '../post-build/built-pages.ts';
import { addCompiledFiles } from './astro/compiled-files.ts';
import { runAstroBuild, WarmRenderer, type ChildRun } from './children.ts';

/**
 * Cars in the small copy of the bundle whose Astro build compiles the code (a split render's, and
 * the compile that keeps a code version's renderer). The compiled code and client assets are the
 * same for any number of cars (Vite bundles every route; no page emits assets), and the compile
 * renders no page (astro/kept-renderer.ts): one car keeps the bundle it is handed small.
 */
export const COMPILE_CARS = 1;

/** The compile build: an Astro build of `bundle` cut to COMPILE_CARS cars into `outDir`, keeping its server bundle in `keepDir`. */
export function compileBuild(bundle: TenantBundle, outDir: string, keepDir: string): Promise<ChildRun> {
  return runAstroBuild({ ...bundle, cars: bundle.cars.slice(0, COMPILE_CARS) }, outDir, bundle.site.url, keepDir);
}

/** A split render's run: a failed one says which part failed in its output; `compileSeconds` is the compile build's. */
export interface SplitRun extends ChildRun {
  compileSeconds: number;
}

/**
 * Render `bundle` into `outDir` with `processes` warm renderers after a compile build of its
 * first COMPILE_CARS cars, whose server bundle is kept in a work folder under `cache` (removed
 * afterwards). `log` gets the one-line summary of a split render that worked.
 */
export async function splitRender(
  bundle: TenantBundle,
  options: { slug: string; outDir: string; processes: number; cache: string; log: (line: string) => void },
): Promise<SplitRun> {
  const { outDir, processes } = options;
  const work = join(options.cache, 'split-render', `${process.pid}-${options.slug}`);
  const rendererDir = join(work, 'renderer');
  const compiledOut = join(work, 'compiled');
  const siteUrl = bundle.site.url;
  const seconds = (from: number) => (performance.now() - from) / 1000;
  const compileStarted = performance.now();
  try {
    rmSync(rendererDir, { recursive: true, force: true });
    const compile = await compileBuild(bundle, compiledOut, rendererDir);
    const compileSeconds = seconds(compileStarted);
    if (compile.code !== 0 || !existsSync(rendererDir)) {
      const why = compile.code !== 0 ? compile.output : 'the Astro build kept no server bundle';
      return { code: compile.code || 1, output: `the compile build: ${why.trim().split('\n').at(-1) ?? ''}`, peakRss: compile.peakRss, compileSeconds };
    }
    rmSync(outDir, { recursive: true, force: true });
    const renderStarted = performance.now();
    const renderers = Array.from({ length: processes }, () => new WarmRenderer(rendererDir));
    let runs: ChildRun[];
    try {
      runs = await Promise.all(renderers.map((renderer, index) => renderer.render(bundle, outDir, siteUrl, { index, count: processes })));
    } finally {
      for (const renderer of renderers) renderer.close();
    }
    const failed = runs.find((run) => run.code !== 0);
    if (failed) return { ...failed, compileSeconds };
    addCompiledFiles(compiledOut, outDir);
    const peaks = runs.map((run) => run.peakRss);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    options.log(
      `  ${options.slug}: compile build ${compileSeconds.toFixed(1)} s (${mb(compile.peakRss)} MB), pages rendered by ${processes} processes in ${seconds(renderStarted).toFixed(1)} s (${peaks.map(mb).join(' + ')} MB)`,
    );
    const pageFacts: Record<string, PageFacts> = Object.assign({}, ...runs.map((run) => run.pageFacts ?? {}));
    return { code: 0, output: '', peakRss: Math.max(compile.peakRss, ...peaks), pageFacts, compileSeconds };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
