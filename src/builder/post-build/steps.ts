/** Post-build steps: run in the parent build process after Astro wrote a tenant's pages. */
import { vehicleImagesStep } from './demo-art/images.ts';
import { securityHeadersStep } from './security-headers-step.ts';
import { sitemapStep } from './sitemap-step.ts';
import { photoFilesStep } from './photo-files-step.ts';
import { builtPages, type BuiltPage } from './built-pages.ts';
import type { PostBuildContext, PostBuildCounts, PostBuildStep } from './types.ts';

/** What a release can make before its render (demo-art/images.ts). */
export { drawAhead } from './demo-art/images.ts';

/** Steps in the order they run. */
export const postBuildSteps: PostBuildStep[] = [sitemapStep, vehicleImagesStep, photoFilesStep, securityHeadersStep];

/** Run every post-build step in order on a tenant's output, the site's pages listed once for all of them; what they made. */
export async function runPostBuildSteps(context: Omit<PostBuildContext, 'pages' | 'made'>): Promise<PostBuildCounts> {
  let pages: readonly BuiltPage[] | undefined;
  const made: PostBuildCounts = { drawings: 0, drawingsFetched: 0, photoFilesFetched: 0 };
  const shared: PostBuildContext = { ...context, pages: () => (pages ??= builtPages(context.outDir)), made };
  for (const step of postBuildSteps) await step.run(shared);
  return made;
}
