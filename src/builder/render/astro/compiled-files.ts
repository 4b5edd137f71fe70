/**
 * The files an Astro build writes besides the pages, copied into a site whose pages a kept
 * renderer wrote: the repository's public/ files and the compiled client assets under `_astro/`
 * (Astro's default `build.assets` folder, a reliance on Astro's output layout).
 */
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../children.ts';

/** Hard-link (or copy, across file systems) every file of `from` into `to`; files already there are kept. */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (!existsSync(target)) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/**
 * What an Astro build writes besides the pages, for a site whose pages a kept renderer wrote:
 * the repository's public/ files and the compiled client assets (`_astro/`, hard-linked from the
 * Astro build that compiled them, `compiledOut`).
 */
export function addCompiledFiles(compiledOut: string, outDir: string): void {
  const publicDir = join(REPO_ROOT, 'public');
  if (existsSync(publicDir)) cpSync(publicDir, outDir, { recursive: true });
  const assets = join(compiledOut, '_astro');
  if (existsSync(assets)) linkTree(assets, join(outDir, '_astro'));
}

