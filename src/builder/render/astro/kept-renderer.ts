/**
 * Kept renderer: an Astro build (the compile, src/builder/render/split-render.ts compileBuild)
 * keeps its compiled server (prerender) bundle, so later renders of the same code (incremental
 * releases, fleet tenants, the split render) skip Vite's builds. The integration wraps Astro's
 * default prerenderer (`setPrerenderer` of `astro:build:start`, through astro-adapter.ts): it
 * renders no page (a compile's pages would be thrown away), and at teardown copies the bundle and
 * the little build state its render needs (each page's stylesheets, page scripts, the site
 * origin) into a directory of ours. Contract: a kept bundle is valid only for the code and
 * config it was built with (the pipeline keys it to the config hash);
 * tests/integration/pipeline-releases.test.ts guards the equivalence.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { buildSettings } from '../../../config/build.ts';
import { keepingPrerenderer, type AstroBuildState } from './astro-adapter.ts';

/** File name of the build state written beside the kept bundle. */
export const KEPT_STATE_FILE = 'kept-renderer.json';
/** Format version of the kept state: bump when its shape or meaning changes. */
export const KEPT_STATE_VERSION = 1;

/** What the kept bundle's render needs from Astro's build (JSON): Astro's build state (pageStyles, entrySpecifierToBundleMap, scripts) and ours. */
export interface KeptRendererState extends AstroBuildState {
  version: number;
  /** File name of the prerender entry module inside the kept directory. */
  entry: string;
  /** Origin of the request URLs Astro rendered with (the site's origin). */
  origin: string;
  /** NODE_ENV of the build: the compiled JSX calls React's runtime of that mode, so the render must load the same one. */
  nodeEnv: string;
}

/** Astro integration that keeps the prerender bundle of this build in `target`. */
export function keepRenderer(target: string): AstroIntegration {
  let config: AstroConfig;
  return {
    name: 'dealer:keep-renderer',
    hooks: {
      'astro:config:done': ({ config: resolved }) => {
        config = resolved;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer(
          keepingPrerenderer(
            config,
            ({ source, entry, origin, state: build }) => {
              const state: KeptRendererState = {
                version: KEPT_STATE_VERSION,
                entry,
                origin,
                ...build,
                nodeEnv: buildSettings().nodeEnv,
              };
              // Copied whole, then renamed into place: a reader sees a complete bundle or none.
              const staging = `${target}.tmp-${process.pid}`;
              rmSync(staging, { recursive: true, force: true });
              cpSync(source, staging, { recursive: true });
              writeFileSync(join(staging, KEPT_STATE_FILE), JSON.stringify(state));
              linkNodeModules(staging);
              rmSync(target, { recursive: true, force: true });
              mkdirSync(resolve(target, '..'), { recursive: true });
              renameSync(staging, target);
            },
            // A keeping build is a compile (split-render.ts compileBuild): its pages would be thrown away.
            { renderPages: false },
          ),
        );
      },
    },
  };
}

/**
 * The bundle imports its dependencies by bare name (react, astro/...), which Node resolves
 * from the importing file's folder upwards; a kept bundle outside the repository (a sites
 * directory elsewhere) finds them through a node_modules link to the repository's.
 */
export function linkNodeModules(dir: string): void {
  const repoModules = fileURLToPath(new URL('../../../../node_modules', import.meta.url));
  const link = join(dir, 'node_modules');
  if (!existsSync(link)) symlinkSync(repoModules, link, 'dir');
}
