/**
 * Warming the renderer a tenant's next incremental release would render with (this worker's
 * kept renderer of the current code version), asked while a change waits out its debounce.
 * A renderer loads its page modules on its first render, so it also renders the tenant cut to
 * one car into a scratch folder: every route runs once and the job's render finds them loaded.
 */
import { join } from 'node:path';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import { cutTenant, renderSettings, renderTenant } from '../../builder/render/index.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { keptRenderer } from './build.ts';
import { tenantInputs } from './inputs.ts';
import { tenantPaths } from '../state/release-dirs.ts';
import type { PipelineState } from '../state/store.ts';

/** Warm the renderer when this disk keeps it and the tenant has a live release; the renderer's key, or null. */
export async function warmNextRenderer(state: PipelineState, sitesDir: string, slug: string, tenantDir: string, renderers?: string): Promise<string | null> {
  const live = await state.tenants.live(slug);
  const manifest = live ? await state.releases.get(slug, live) : null;
  if (!manifest) return null;
  const keep = keptRenderer(renderers);
  // A dry run of the render entry; the tenant is loaded once the kept renderer is starting (not at all without one).
  const load = async () => {
    const now = Date.now();
    const inputs = await tenantInputs(state, slug, tenantDir);
    const tenant = loadTenant(tenantDir, now, inputs.stock ?? undefined, inputs.overlay);
    return cutTenant({ slug, bundle: createBundle(tenant, now) }, 1);
  };
  const scratch = join(tenantPaths(sitesDir, slug).base, `warm-up-${process.pid}`);
  const warmed = await renderTenant(load, { outDir: scratch, settings: renderSettings(), keep, dryRun: 'render' });
  return warmed.renderedWith ? keep.key : null;
}
