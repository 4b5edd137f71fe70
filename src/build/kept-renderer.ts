/**
 * Kept renderer (issue 8 §4): a full Astro build keeps its compiled server (prerender) bundle
 * so that later incremental releases of the same tenant and code version render only the
 * pages that change, without paying Vite's server and client builds again.
 *
 * Astro's static build compiles every route into a prerender bundle, renders every path
 * with it, then deletes it. The integration below wraps Astro's default prerenderer
 * (`setPrerenderer` of `astro:build:start`): it renders exactly as the default one does, and
 * at teardown copies the bundle into a directory of ours together with the little build state
 * the bundle's render needs from Astro's build (each page's stylesheets, page scripts, the
 * site origin). scripts/render-pages.ts then loads that bundle in a fresh process and renders
 * the static paths of a new tenant bundle (per-car routes honour `renderCars`).
 *
 * The kept bundle is only valid for the code, Astro config and tenant config it was built
 * with; the pipeline keys it to the release's config hash (src/pipeline/config-hash.ts), which
 * changes with any of them, and an incremental release falls back to a normal Astro build
 * when no matching bundle exists. The byte-for-byte test of incremental against full
 * releases (tests/integration/pipeline*.test.ts) guards the equivalence.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, AstroIntegration, AstroPrerenderer } from 'astro';
import { buildSettings } from '../config/build.ts';

/** File name of the build state written beside the kept bundle. */
export const KEPT_STATE_FILE = 'kept-renderer.json';
/** Format version of the kept state: bump when its shape or meaning changes. */
export const KEPT_STATE_VERSION = 1;

/** What the kept bundle's render needs from Astro's build (JSON). */
export interface KeptRendererState {
  version: number;
  /** File name of the prerender entry module inside the kept directory. */
  entry: string;
  /** Origin of the request URLs Astro rendered with (the site's origin). */
  origin: string;
  /** Astro's `pagesByKeys`: page key -> the stylesheets the page links or inlines. */
  pageStyles: [string, unknown[]][];
  /** Astro's `entrySpecifierToBundleMap` (hashed client script of each entry specifier). */
  entrySpecifierToBundleMap: [string, string][];
  /** Integration scripts of the stages the render injects (`page`, `head-inline`). */
  scripts: { stage: string; content: string }[];
  /** NODE_ENV of the build: the compiled JSX calls React's runtime of that mode, so the render must load the same one. */
  nodeEnv: string;
}

interface BuildInternalsLike {
  pagesByKeys: Map<string, { styles?: unknown[] }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

interface PrerenderAppLike {
  setInternals(internals: unknown): void;
  getOptions(): { settings: { scripts: { stage: string; content: string }[] } };
}

/** Where Astro puts the prerender bundle (Astro's getPrerenderOutputDirectory for static output). */
function prerenderDirectory(config: AstroConfig): string {
  const outDir = fileURLToPath(config.outDir);
  const withinCwd = outDir.startsWith(process.cwd());
  return join(withinCwd ? outDir : join(process.cwd(), '.astro'), '.prerender');
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
        setPrerenderer((defaults: AstroPrerenderer): AstroPrerenderer => {
          let internals: BuildInternalsLike | undefined;
          let app: PrerenderAppLike | undefined;
          let origin = '';
          let entry = '';
          const source = prerenderDirectory(config);
          return {
            name: 'dealer:keep-renderer',
            async setup() {
              // Load the entry first (same URL as the default prerenderer: one module instance)
              // to see the internals Astro hands the app; the render state is taken from them.
              entry = readdirSync(source).find((name) => name.startsWith('prerender-entry.') && name.endsWith('.mjs')) ?? '';
              if (entry) {
                const module = (await import(pathToFileURL(join(source, entry)).href)) as { app: PrerenderAppLike };
                app = module.app;
                const setInternals = app.setInternals.bind(app);
                app.setInternals = (value) => {
                  internals = value as BuildInternalsLike;
                  setInternals(value);
                };
              }
              await defaults.setup?.();
            },
            getStaticPaths: () => defaults.getStaticPaths(),
            ...(defaults.collectStaticImages ? { collectStaticImages: () => defaults.collectStaticImages!() } : {}),
            render(request, options) {
              origin ||= new URL(request.url).origin;
              return defaults.render(request, options);
            },
            async teardown() {
              await defaults.teardown?.();
              if (!entry || !internals || !app) return; // nothing to keep: incremental releases fall back to Astro
              const state: KeptRendererState = {
                version: KEPT_STATE_VERSION,
                entry,
                origin,
                pageStyles: [...internals.pagesByKeys].map(([key, page]) => [key, page.styles ?? []]),
                entrySpecifierToBundleMap: [...internals.entrySpecifierToBundleMap],
                scripts: app
                  .getOptions()
                  .settings.scripts.filter((script) => script.stage === 'page' || script.stage === 'head-inline')
                  .map(({ stage, content }) => ({ stage, content })),
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
          };
        });
      },
    },
  };
}

/**
 * The bundle imports its dependencies by bare name (react, astro/...), which Node resolves
 * from the importing file's folder upwards; a kept bundle outside the repository (a sites
 * directory elsewhere) finds them through a node_modules link to the repository's.
 */
function linkNodeModules(dir: string): void {
  const repoModules = fileURLToPath(new URL('../../node_modules', import.meta.url));
  const link = join(dir, 'node_modules');
  if (!existsSync(link)) symlinkSync(repoModules, link, 'dir');
}
