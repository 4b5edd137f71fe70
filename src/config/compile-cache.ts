/**
 * The cache root of a process and Node's compile cache in it (module.enableCompileCache: the
 * compiled code of the modules a process loads, type-stripped TypeScript included, kept by
 * their content, so the next start of the same code compiles only what changed). The pipeline
 * enables it for its own modules before it loads them (scripts/pipeline.ts); its build and
 * render children get the same folder (src/builder/render/children.ts). No dependencies: the
 * pipeline loads this module first.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The cache root of an environment: PIPELINE_CACHE_DIR, else <repo>/.cache (build.ts `cacheRoot`). */
export function cacheRootIn(env: Readonly<Record<string, string | undefined>>): string {
  return env.PIPELINE_CACHE_DIR || join(repoRoot, '.cache');
}

/** Node's compile cache under an environment's cache root: one folder for the pipeline and all its children. */
export function nodeCompileCacheIn(env: Readonly<Record<string, string | undefined>>): string {
  return join(cacheRootIn(env), 'node-compile');
}
