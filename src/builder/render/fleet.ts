/**
 * Fleet build: one compile of the site code renders every tenant. The code and its client
 * assets do not depend on tenant data (pages read it at render time from the bundle file), so
 * one ordinary Astro build (the first tenant that builds) keeps its server bundle
 * (astro/kept-renderer.ts) and warm renderers (render-pages.ts --serve, one per job) render every
 * other tenant from it, each into its own output with the compiled `_astro/` and `public/` files;
 * the post-build steps run per tenant as after an Astro build. A tenant the kept renderer cannot
 * render is built with Astro instead. Contract: the output equals per-tenant Astro builds byte
 * for byte (tests/integration/build-fleet.test.ts); DEALER_RENDER=astro builds each on its own.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildTenant, finishTenant, isPrepared, prepareTenant, type TenantBuildOptions, type TenantBuildResult } from './build-tenant.ts';
import { addCompiledFiles } from './astro/compiled-files.ts';
import { fastPathsOn } from './engine.ts';
import { cacheRoot } from '../../config/build.ts';
import { runAstroBuild, WarmRenderer } from './children.ts';

export interface FleetOptions {
  /** Tenant folders, in build order. */
  dirs: string[];
  outRoot: string;
  now: number;
  /** Tenants rendered at once (default 1). */
  jobs?: number;
  log?: (line: string) => void;
  logProblems?: boolean;
  /** Where to keep the compiled bundle while rendering (default a private folder under the cache root, removed at the end). */
  rendererDir?: string;
}

export interface FleetReport {
  results: TenantBuildResult[];
  /** The tenant whose Astro build compiled the code, and that build's seconds (compile and its own render). */
  compiledWith?: string;
  compileSeconds: number;
  /** Per tenant: what rendered it. */
  renderedWith: Record<string, 'compile' | 'kept-renderer' | 'astro'>;
  /** Tenants the kept renderer could not render, with the first line of why. */
  fallbacks: { slug: string; reason: string }[];
}

/** Build every tenant folder from one compile; never throws for tenant problems (they are in the results). */
export async function buildFleet(options: FleetOptions): Promise<FleetReport> {
  const log = options.log ?? (() => {});
  const rendererDir = options.rendererDir ?? join(cacheRoot(), 'fleet-renderer', String(process.pid));
  const report: FleetReport = { results: [], compileSeconds: 0, renderedWith: {}, fallbacks: [] };
  const tenantOptions = (dir: string): TenantBuildOptions => ({ dir, outRoot: options.outRoot, now: options.now, log, logProblems: options.logProblems });
  const queue = [...options.dirs];
  if (!fastPathsOn()) {
    // DEALER_RENDER=astro: each tenant its own Astro build, `jobs` at a time.
    const worker = async () => {
      for (let dir = queue.shift(); dir; dir = queue.shift()) {
        const result = await buildTenant(tenantOptions(dir));
        report.results.push(result);
        if (result.ok) report.renderedWith[result.slug] = 'astro';
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.jobs ?? 1) }, worker));
    return report;
  }
  let compiledOut: string | undefined;
  try {
    // The compile: ordinary Astro builds until one succeeds (a tenant with a bad config fails alone).
    while (!compiledOut && queue.length > 0) {
      const dir = queue.shift()!;
      rmSync(rendererDir, { recursive: true, force: true });
      const result = await buildTenant({ ...tenantOptions(dir), keepRenderer: rendererDir });
      report.results.push(result);
      if (result.ok) report.renderedWith[result.slug] = 'compile';
      if (result.ok && existsSync(rendererDir)) {
        compiledOut = result.outDir;
        report.compiledWith = result.slug;
        report.compileSeconds = result.seconds;
      }
    }
    if (!compiledOut) {
      // No tenant compiled (or Astro kept no bundle): the rest build on their own.
      for (const dir of queue.splice(0)) report.results.push(await buildTenant(tenantOptions(dir)));
      return report;
    }
    const compiled = compiledOut;
    /**
     * Start a tenant on a renderer: prepare it and hand its bundle to the renderer. `sent` settles
     * when the renderer has the job, `rendered` when its pages are written; `done` finishes it
     * (post-build steps, or an Astro build when the kept renderer failed).
     */
    const startTenant = async (renderer: WarmRenderer, dir: string): Promise<{ sent: Promise<void>; rendered: Promise<unknown>; done: () => Promise<TenantBuildResult> }> => {
      const prepared = await prepareTenant(tenantOptions(dir));
      if (!isPrepared(prepared)) return { sent: Promise.resolve(), rendered: Promise.resolve(), done: async () => prepared };
      rmSync(prepared.outDir, { recursive: true, force: true });
      const rendering = renderer.render(prepared.bundle, prepared.outDir, prepared.tenant.site.url);
      const done = async (): Promise<TenantBuildResult> => {
        const render = await rendering;
        if (render.code === 0) {
          addCompiledFiles(compiled, prepared.outDir);
          report.renderedWith[prepared.slug] = 'kept-renderer';
          return finishTenant(prepared, render, options, 'kept render');
        }
        const reason = render.output.trim().split('\n')[0] || `exit ${render.code}`;
        report.fallbacks.push({ slug: prepared.slug, reason });
        log(`  ${prepared.slug}: the kept renderer failed (${reason}); building with Astro`);
        rmSync(prepared.outDir, { recursive: true, force: true });
        report.renderedWith[prepared.slug] = 'astro';
        const astro = await runAstroBuild(prepared.bundle, prepared.outDir, prepared.tenant.site.url);
        return finishTenant(prepared, astro, options);
      };
      return { sent: rendering.sent, rendered: rendering, done };
    };
    // One warm renderer per job: the kept bundle is loaded once per worker, not once per tenant.
    // A tenant's post-build steps run in this process while its renderer renders the next
    // tenant, so the renderer does not wait for them.
    const worker = async () => {
      const renderer = new WarmRenderer(rendererDir);
      try {
        let current: Awaited<ReturnType<typeof startTenant>> | undefined;
        for (let dir = queue.shift(); dir; dir = queue.shift()) {
          // The next tenant is prepared once the current one has rendered (its time counts from there).
          await current?.rendered;
          const next = await startTenant(renderer, dir);
          await next.sent;
          if (current) report.results.push(await current.done());
          current = next;
        }
        if (current) report.results.push(await current.done());
      } finally {
        renderer.close();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.jobs ?? 1) }, worker));
    return report;
  } finally {
    if (!options.rendererDir) rmSync(rendererDir, { recursive: true, force: true });
  }
}
