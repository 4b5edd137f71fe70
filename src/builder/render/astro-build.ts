/**
 * Child process of the tenant build (runAstroBuild in src/builder/render/children.ts): runs Astro's build
 * for the tenant bundle named by DEALER_BUNDLE into DEALER_OUT_DIR. Run through `npm run build`,
 * not directly.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import { buildSettings, cacheRoot } from '../../config/build.ts';
import { keepRenderer } from './astro/kept-renderer.ts';
import { exitWhenOrphaned } from './orphan-watch.ts';
import { removeTree } from '../../platform/fs/remove-tree.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// Astro writes its temporary server build to <cwd>/.astro/.prerender when outDir is outside
// the working directory; builds running in parallel (tenants, tests, the pipeline) would share
// and clobber one folder. A working directory of this process's own under the cache root keeps
// every build apart; its node_modules link lets the server chunks resolve their imports when
// the cache root is outside the repository (PIPELINE_CACHE_DIR on a worker's own disk).
const workDir = join(cacheRoot(), 'astro-build', String(process.pid));
// A build whose parent is gone (a worker's process lost) stops: nobody reads its pages. Its
// bundler threads may still be writing into the work folder then: removeTree tries until it is gone.
exitWhenOrphaned(buildSettings().parentPid, () => removeTree(workDir));
mkdirSync(workDir, { recursive: true });
if (!existsSync(join(workDir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(workDir, 'node_modules'), 'dir');
process.chdir(workDir);
try {
  // DEALER_KEEP_RENDERER: keep the compiled server bundle for the pipeline's incremental releases.
  const { keepRendererDir: keep, astroLogLevel } = buildSettings();
  await build({ root, logLevel: astroLogLevel, ...(keep ? { integrations: [keepRenderer(keep)] } : {}) });
} finally {
  process.chdir(root);
  removeTree(workDir);
}
// The parent reads this line for the benchmark's peak-memory figure.
console.log(`DEALER_BUILD_STATS ${JSON.stringify({ maxRSS: process.resourceUsage().maxRSS })}`);
