/**
 * Warming the renderer a tenant's next incremental release would render with (this worker's
 * kept renderer of the current code version), asked while a change waits out its debounce.
 * A renderer loads its page modules on its first render, so it also renders the tenant cut to
 * one car into a scratch folder: every route runs once and the job's render finds them loaded.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createBundle } from '../../builder/bundle/create-bundle.ts';
import { codeRenderer, compiledCodeKey, warmRendererFor } from '../../builder/render/index.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { codeHash } from './config-hash.ts';
import { tenantInputs } from './inputs.ts';
import { tenantPaths } from '../state/release-dirs.ts';
import type { PipelineState } from '../state/store.ts';

/** Warm the renderer when this disk keeps it and the tenant has a live release; the renderer's key, or null. */
export async function warmNextRenderer(state: PipelineState, sitesDir: string, slug: string, tenantDir: string, renderers?: string): Promise<string | null> {
  const live = await state.tenants.live(slug);
  const manifest = live ? await state.releases.get(slug, live) : null;
  const paths = tenantPaths(sitesDir, slug);
  const key = compiledCodeKey(codeHash());
  const dir = manifest ? codeRenderer(key, renderers) : undefined;
  if (!manifest || !dir) return null;
  const renderer = warmRendererFor(dir);
  renderer.warm();
  const now = Date.now();
  const inputs = await tenantInputs(state, slug, tenantDir);
  const tenant = loadTenant(tenantDir, now, inputs.stock ?? undefined, inputs.overlay);
  const bundle = createBundle(tenant, now);
  const scratch = join(paths.base, `warm-up-${process.pid}`);
  try {
    await renderer.render({ ...bundle, cars: bundle.cars.slice(0, 1) }, scratch, tenant.site.url);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return key;
}
