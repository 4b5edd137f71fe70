/**
 * The render room's public face: everything outside src/builder/render/ renders through here.
 * `buildTenant` is the one entry that renders a tenant folder into a site (validate, bundle,
 * render, post-build steps): `npm run build`, the fleet build and the pipeline's compile all
 * call it. `buildFleet` renders many tenants from one compile; the pipeline's full releases
 * render from the kept renderer of their code version (`buildWithCodeRenderer`), its incremental
 * ones a partial bundle with `warmRendererFor` (that kept renderer) or `runAstroBuild`.
 * Which engine renders is decided inside (DEALER_RENDER=astro: Astro's own build for every
 * tenant); callers never reach the Astro-bound code under render/astro/.
 */
export { buildTenant, isPrepared, prepareTenant, REPO_ROOT, renderProcesses, type PreparedTenant, type TenantBuildOptions, type TenantBuildResult } from './build-tenant.ts';
export { buildFleet, type FleetOptions, type FleetReport } from './fleet.ts';
export { buildWithCodeRenderer, codeRenderer, compiledCodeKey, type CodeRenderedBuild } from './code-renderer.ts';
export { runAstroBuild, warmRendererFor, type ChildRun } from './children.ts';
export { fastPathsOn, hasKeptRenderer } from './engine.ts';
