/**
 * What besides the stock shapes a tenant's pages: its site.json and other files (content
 * pages, models, offers, public assets) and the platform code. When any of it changed since
 * the live release, the pipeline makes a full release instead of an incremental one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../../builder/render/index.ts';
import { walkFiles } from '../../platform/fs/walk.ts';
import { environment, type Environment } from '../../config/env.ts';
import { pipelineSettings } from '../../config/pipeline.ts';
import { OVERLAY_FILE } from '../../lib/vehicle/reservation-overlay.ts';

function hashTree(hash: ReturnType<typeof createHash>, root: string, dir: string, skip: (name: string) => boolean, byContent: boolean): void {
  if (!existsSync(dir)) return;
  for (const { path, stats } of walkFiles(dir, { sorted: true, followLinks: true, skip: ({ name }) => skip(name) })) {
    hash.update(relative(root, path));
    // Code and config are hashed by content; big assets by size and mtime (fast, and a rewrite with the same bytes is harmless).
    hash.update(byContent && stats!.size < 1_000_000 ? readFileSync(path) : `${stats!.size}:${stats!.mtimeMs}`);
  }
}

/**
 * Hash of the platform code that renders pages (src/, astro.config.mjs, public/), or the
 * PIPELINE_CODE_VERSION a deployment sets. Computed
 * for every job (tens of ms), so a deploy or an edit under a running pipeline makes the next
 * release a full one instead of mixing pages of two code versions.
 */
export function codeHash(env: Environment = environment()): string {
  // A deployment names its code version (e.g. the commit) instead of hashing the sources.
  const { codeVersion } = pipelineSettings(env);
  if (codeVersion) return `version:${codeVersion}`;
  const hash = createHash('sha256');
  const skipTests = (name: string) => name.endsWith('.test.ts') || name === 'node_modules' || name.startsWith('.');
  hashTree(hash, REPO_ROOT, join(REPO_ROOT, 'src'), skipTests, true);
  for (const file of ['astro.config.mjs', 'package-lock.json']) {
    const path = join(REPO_ROOT, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  hashTree(hash, REPO_ROOT, join(REPO_ROOT, 'public'), (name) => name.startsWith('.'), false);
  return hash.digest('hex').slice(0, 24);
}

/** Hash of a tenant folder except its stock and the reserved overlay (stock changes are what incremental releases handle). */
export function tenantConfigHash(tenantDir: string, env: Environment = environment()): string {
  const hash = createHash('sha256');
  hash.update(codeHash(env));
  const skip = (name: string) => name === 'stock.json' || name === 'feed-mapping.json' || name === OVERLAY_FILE || name.startsWith('.') || name.includes('.tmp-');
  hashTree(hash, tenantDir, tenantDir, skip, true);
  return hash.digest('hex').slice(0, 24);
}
