/**
 * Fleet build: one compile of the site code renders every tenant. The code and its client
 * assets do not depend on tenant data (pages read it at render time from the bundle file), so
 * the first tenant that builds is the compile (renderTenant with `keep`: its Astro build keeps
 * its server bundle in a private kept-renderer folder, code-renderer.ts) and every other tenant
 * is rendered from that kept renderer by a warm renderer of its job (render-pages.ts --serve),
 * into its own output with the compiled `_astro/` and `public/` files; the post-build steps run
 * per tenant as after an Astro build. A tenant the kept renderer cannot render is built with
 * Astro instead (renderTenant's fallback). Contract: the output equals per-tenant Astro builds
 * byte for byte (tests/integration/build-fleet.test.ts); with the fast engines off
 * (DEALER_RENDER=astro) every tenant is its own Astro build, `jobs` at a time.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { finishTenant, isPrepared, prepareTenant, type PreparedTenant, type TenantBuildOptions, type TenantBuildResult } from './build-tenant.ts';
import { WarmRenderer } from './children.ts';
import type { KeptRendererKey } from './code-renderer.ts';
import { renderSettings, type RenderedWith, type RenderSettings } from './engine.ts';
import { renderTenant, type RenderReport } from './render-tenant.ts';

export interface FleetOptions {
  /** Tenant folders, in build order. */
  dirs: string[];
  outRoot: string;
  now: number;
  /** Tenants rendered at once (default 1). */
  jobs?: number;
  log?: (line: string) => void;
  logProblems?: boolean;
  /** Where to keep the compiled renderer while rendering (default a private folder under the cache root, removed at the end). */
  rendererDir?: string;
  /** The render settings (default: from the environment, renderSettings). */
  settings?: RenderSettings;
}

export interface FleetReport {
  results: TenantBuildResult[];
  /** The tenant whose Astro build compiled the code, and that build's seconds (compile and its own render). */
  compiledWith?: string;
  compileSeconds: number;
  /** Per tenant: what rendered it. */
  renderedWith: Record<string, RenderedWith>;
  /** Tenants a fast engine could not render (built by Astro instead), with why. */
  fallbacks: { slug: string; reason: string }[];
}

/** Build every tenant folder from one compile; never throws for tenant problems (they are in the results). */
export async function buildFleet(options: FleetOptions): Promise<FleetReport> {
  const log = options.log ?? (() => {});
  const settings = options.settings ?? renderSettings();
  const keep: KeptRendererKey = { key: 'fleet', root: options.rendererDir ?? join(settings.cache, 'fleet-renderer', String(process.pid)) };
  const report: FleetReport = { results: [], compileSeconds: 0, renderedWith: {}, fallbacks: [] };
  const tenantOptions = (dir: string): TenantBuildOptions => ({ dir, outRoot: options.outRoot, now: options.now, log, logProblems: options.logProblems });
  const finish = async (prepared: PreparedTenant, render: RenderReport): Promise<TenantBuildResult> => {
    const result = await finishTenant(prepared, render, options);
    if (result.ok && result.renderedWith) report.renderedWith[result.slug] = result.renderedWith;
    if (render.renderedWith === 'astro' && render.problem) report.fallbacks.push({ slug: result.slug, reason: render.problem });
    return result;
  };
  const queue = [...options.dirs];
  try {
    // The compile: tenant after tenant until one keeps the renderer (a tenant with a bad config
    // fails alone). With the fast engines off, the first tenant is an Astro build like the rest.
    while (!report.compiledWith && queue.length > 0) {
      const prepared = await prepareTenant(tenantOptions(queue.shift()!));
      if (!isPrepared(prepared)) {
        report.results.push(prepared);
        continue;
      }
      const render = await renderTenant(prepared, { outDir: prepared.outDir, settings, keep, log });
      const result = await finish(prepared, render);
      report.results.push(result);
      if (result.ok && render.renderedWith === 'compile') {
        report.compiledWith = result.slug;
        report.compileSeconds = result.seconds;
      }
      if (result.ok && render.renderedWith === 'astro' && !render.problem) break;
    }
    // One warm renderer per job: the kept bundle is loaded once per worker, not once per tenant.
    // A tenant's post-build steps run in this process while its renderer renders the next
    // tenant, so the renderer does not wait for them.
    const worker = async () => {
      let own: WarmRenderer | undefined;
      const renderer = (serverDir: string) => (own ??= new WarmRenderer(serverDir));
      try {
        let current: { prepared: PreparedTenant; rendering: Promise<RenderReport> } | undefined;
        for (let dir = queue.shift(); dir; dir = queue.shift()) {
          // The next tenant is prepared once the current one has rendered (its time counts from there).
          await current?.rendering;
          const prepared = await prepareTenant(tenantOptions(dir));
          if (!isPrepared(prepared)) {
            if (current) report.results.push(await finish(current.prepared, await current.rendering));
            current = undefined;
            report.results.push(prepared);
            continue;
          }
          const rendering = renderTenant(prepared, { outDir: prepared.outDir, settings, keep, renderer, log });
          await rendering.sent;
          if (current) report.results.push(await finish(current.prepared, await current.rendering));
          current = { prepared, rendering };
        }
        if (current) report.results.push(await finish(current.prepared, await current.rendering));
      } finally {
        own?.close();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.jobs ?? 1) }, worker));
    return report;
  } finally {
    if (!options.rendererDir) rmSync(keep.root, { recursive: true, force: true });
  }
}
