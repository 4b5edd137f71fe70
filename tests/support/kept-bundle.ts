/**
 * Stand-in kept renderer bundles for the render tests (src/builder/render): a folder whose kept
 * state (astro/kept-renderer.ts) names an entry module the test writes, such as one that never
 * finishes loading, and the ending of the children such an entry left running.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEPT_STATE_FILE, KEPT_STATE_VERSION } from '../../src/builder/render/astro/kept-renderer.ts';

/** A kept bundle in `rendererDir` (made when missing) whose entry module is `entrySource`. */
export function writeKeptBundle(rendererDir: string, entrySource: string): void {
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, KEPT_STATE_FILE), JSON.stringify({ version: KEPT_STATE_VERSION, entry: 'stalled.mjs', nodeEnv: 'production' }));
  writeFileSync(join(rendererDir, 'stalled.mjs'), entrySource);
}

/** End the renderer children that wrote their pids into `dir` (as `child-<pid>` files). */
export function endStalledChildren(dir: string): void {
  for (const name of readdirSync(dir).filter((entry) => entry.startsWith('child-'))) {
    try {
      process.kill(Number(name.slice('child-'.length)));
    } catch {
      // already gone
    }
  }
}
