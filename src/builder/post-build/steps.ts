/** Post-build steps: run in the parent build process after Astro wrote a tenant's pages. */
import { vehicleImagesStep } from './demo-art/images.ts';
import { securityHeadersStep } from './security-headers-step.ts';
import { sitemapStep } from './sitemap-step.ts';
import { photoFilesStep } from './photo-files-step.ts';
import { builtPages, type BuiltPage } from './built-pages.ts';
import type { PostBuildContext, PostBuildStep } from './types.ts';

/** Steps in the order they run. */
export const postBuildSteps: PostBuildStep[] = [sitemapStep, vehicleImagesStep, photoFilesStep, securityHeadersStep];

/** Run every post-build step in order on a tenant's output, the site's pages listed once for all of them. */
export async function runPostBuildSteps(context: Omit<PostBuildContext, 'pages'>): Promise<void> {
  let pages: readonly BuiltPage[] | undefined;
  const shared: PostBuildContext = { ...context, pages: () => (pages ??= builtPages(context.outDir)) };
  for (const step of postBuildSteps) await step.run(shared);
}
