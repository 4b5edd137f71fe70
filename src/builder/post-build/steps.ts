/** Post-build steps: run in the parent build process after Astro wrote a tenant's pages. */
import type { Tenant } from '../../lib/site/tenant.ts';
import type { TenantBundle } from '../bundle/bundle.ts';
import { vehicleImagesStep } from './demo-art/images.ts';
import { securityHeadersStep } from '../../site-policy/security-headers.ts';
import { sitemapStep } from './sitemap-step.ts';
import { photoFilesStep } from '../../images/files.ts';
import { builtPages, type BuiltPage } from './built-pages.ts';

export interface PostBuildContext {
  tenant: Tenant;
  bundle: TenantBundle;
  /** The tenant's output directory (`<out>/<slug>`). */
  outDir: string;
  /** An incremental release: `outDir` already holds the previous release's still-valid files (hard links). */
  incremental?: boolean;
  /**
   * The site's HTML pages with what the steps read from them, listed once for all the steps
   * (no step writes HTML). Absent when a step runs on its own: it lists them itself.
   */
  pages?: () => readonly BuiltPage[];
}

export interface PostBuildStep {
  name: string;
  run(context: PostBuildContext): Promise<void> | void;
}

/** Steps in the order they run. */
export const postBuildSteps: PostBuildStep[] = [sitemapStep, vehicleImagesStep, photoFilesStep, securityHeadersStep];

/** Run every post-build step in order on a tenant's output, the site's pages listed once for all of them. */
export async function runPostBuildSteps(context: Omit<PostBuildContext, 'pages'>): Promise<void> {
  let pages: readonly BuiltPage[] | undefined;
  const shared: PostBuildContext = { ...context, pages: () => (pages ??= builtPages(context.outDir)) };
  for (const step of postBuildSteps) await step.run(shared);
}
