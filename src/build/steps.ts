/** Post-build steps: run in the parent build process after Astro wrote a tenant's pages. */
import type { Tenant } from '../lib/site/tenant.ts';
import type { TenantBundle } from './bundle.ts';
import { vehicleImagesStep } from './images.ts';
import { securityHeadersStep } from './security-headers.ts';
import { sitemapStep } from './sitemap-step.ts';
import { photoFilesStep } from '../images/files.ts';

export interface PostBuildContext {
  tenant: Tenant;
  bundle: TenantBundle;
  /** The tenant's output directory (`<out>/<slug>`). */
  outDir: string;
  /** An incremental release: `outDir` already holds the previous release's still-valid files (hard links). */
  incremental?: boolean;
}

export interface PostBuildStep {
  name: string;
  run(context: PostBuildContext): Promise<void> | void;
}

/** Steps in the order they run. */
export const postBuildSteps: PostBuildStep[] = [sitemapStep, vehicleImagesStep, photoFilesStep, securityHeadersStep];
