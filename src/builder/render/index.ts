/**
 * The render room's public face: everything outside src/builder/render/ renders through here,
 * and every render goes through one function, `renderTenant` (render-tenant.ts). It chooses the
 * engine from the render settings and the call (engine.ts: Astro's own build, the split render
 * of a large tenant, the compile that keeps a code version's renderer, or that kept renderer),
 * owns the one fallback to Astro's build, and returns one report (`RenderReport`); the table of
 * which engine runs when is in docs/architecture.md "Render paths". `buildTenant` (a tenant
 * folder into a site: prepare, render, finish) and `buildFleet` (many tenants from one compile)
 * are built on it; the pipeline prepares its own tenant and calls it for its full and
 * incremental releases and its warm-up. Callers never reach the Astro-bound code under
 * render/astro/ or the render children.
 */
export { renderTenant, renderEngine, cutTenant, type PartialRender, type RenderInput, type RenderOptions, type RenderReport } from './render-tenant.ts';
export { renderSettings, type RenderEngine, type RenderedWith, type RenderSettings } from './engine.ts';
export {
  buildTenant,
  finishTenant,
  isPrepared,
  preparedTenant,
  prepareTenant,
  REPO_ROOT,
  type PreparedTenant,
  type TenantBuildOptions,
  type TenantBuildResult,
} from './build-tenant.ts';
export { buildFleet, type FleetOptions, type FleetReport } from './fleet.ts';
export { codeRenderer, codeRenderersDir, compiledCodeKey, installCodeRenderer, packCodeRenderer, type KeptRendererKey } from './code-renderer.ts';
export { removeStaleBundleFolders, stopRenderChildren, withRenderStop } from './children.ts';
