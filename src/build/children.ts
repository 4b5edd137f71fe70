/**
 * The two child processes that render a tenant bundle into a directory:
 * scripts/astro-build.ts (a whole Astro build: compile and render) and
 * scripts/render-pages.ts (render only, with a server bundle kept from an earlier Astro build
 * of the same code: src/build/kept-renderer.ts). Each gets the bundle as a private temporary
 * file (DEALER_BUNDLE), the output directory (DEALER_OUT_DIR) and an allow-listed
 * environment (no server secret reaches a build child, issue 13). Used by the tenant build,
 * the fleet build and the pipeline's releases.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TenantBundle } from './bundle.ts';
import { writePrivateTempFile } from './atomic-file.ts';
import { buildChildEnv } from './child-env.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Exit code, the tail of the output, and the child's peak resident memory (bytes, 0 when it did not say). */
export interface ChildRun {
  code: number;
  output: string;
  peakRss: number;
}

/**
 * Start a child script with the bundle written to a temporary file. The child is spawned
 * before this returns, so the caller can work while it runs; the promise resolves when it ends.
 */
export function runBundleChild(script: string, nodeArgs: string[], bundle: TenantBundle, outDir: string, env: NodeJS.ProcessEnv): Promise<ChildRun> {
  const bundleTemp = writePrivateTempFile('dealer-bundle-', `${bundle.slug}.json`, JSON.stringify(bundle));
  mkdirSync(outDir, { recursive: true });
  return new Promise((done) => {
    const child = spawn(process.execPath, [...nodeArgs, join(REPO_ROOT, 'scripts', script)], {
      cwd: REPO_ROOT,
      env: buildChildEnv({ ...env, DEALER_BUNDLE: bundleTemp.path, DEALER_OUT_DIR: outDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let peakRss = 0;
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      // Both children end with one stats line: DEALER_BUILD_STATS / DEALER_RENDER_STATS {"maxRSS": kB, ...}.
      const stats = /DEALER_(?:BUILD|RENDER)_STATS (\{.*\})/.exec(text);
      if (stats) peakRss = ((JSON.parse(stats[1]) as { maxRSS?: number }).maxRSS ?? 0) * 1024;
      output = (output + text).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => {
      bundleTemp.remove();
      done({ code: code ?? 1, output, peakRss });
    });
  });
}

/** A whole Astro build of the bundle; `keepRenderer` keeps its compiled server bundle there. */
export function runAstroBuild(bundle: TenantBundle, outDir: string, siteUrl: string, keepRenderer?: string): Promise<ChildRun> {
  return runBundleChild('astro-build.ts', [], bundle, outDir, {
    ASTRO_TELEMETRY_DISABLED: '1',
    DEALER_SITE_URL: siteUrl,
    // Separate caches so tenants can build in parallel.
    DEALER_VITE_CACHE: join(REPO_ROOT, '.cache', 'vite', bundle.slug),
    DEALER_ASTRO_CACHE: join(REPO_ROOT, '.cache', 'astro', bundle.slug),
    ...(keepRenderer ? { DEALER_KEEP_RENDERER: resolve(keepRenderer) } : {}),
  });
}

/**
 * Render the bundle's pages with a kept server bundle (a child process: the bundle's modules
 * hold per-process state). The request origin is the tenant's site URL, as in its own Astro build.
 */
export function runKeptRender(bundle: TenantBundle, outDir: string, rendererDir: string, siteUrl: string): Promise<ChildRun> {
  // A larger young generation: rendering allocates many short-lived strings (fewer scavenges).
  return runBundleChild('render-pages.ts', ['--max-semi-space-size=64'], bundle, outDir, {
    // Node's compile cache: the bundle's modules are compiled once per code version, not per render.
    NODE_COMPILE_CACHE: join(REPO_ROOT, '.cache', 'node-compile'),
    DEALER_RENDERER: rendererDir,
    DEALER_SITE_URL: siteUrl,
  });
}
