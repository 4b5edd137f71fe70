/**
 * The Astro adapter: the one module that reaches Astro's internals. The kept renderer
 * (kept-renderer.ts) keeps a build's prerender bundle through it, and the render child
 * (src/builder/render/render-pages.ts) renders pages with that bundle through it; the
 * architecture test fails when another file imports Astro's internals or its private members.
 * Written against Astro 7.3.4 (ASTRO_VERSION below), for the static output of astro.config.mjs
 * (output 'static', build.format 'directory', trailingSlash 'ignore', no base); the upstream
 * behaviour it relies on is listed at ASTRO_VERSION, and astro-adapter.test.ts checks it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, AstroPrerenderer } from 'astro';

/**
 * The Astro version this adapter was written against and checked with (node_modules/astro/package.json).
 * The upstream behaviour it relies on, one line each (files under node_modules/astro/), checked
 * by astro-adapter.test.ts where it can be without a build, and as a whole by the
 * incremental-equals-full test (tests/integration/pipeline-releases.test.ts):
 * - The static build writes the prerender bundle to `<outDir>/.prerender/`, or to
 *   `<cwd>/.astro/.prerender/` when outDir is outside the working directory
 *   (getPrerenderOutputDirectory in dist/prerender/utils.js, getOutDirWithinCwd in dist/core/build/common.js).
 * - Its entry file is `prerender-entry.<hash>.mjs` (PRERENDER_ENTRY_FILENAME_PREFIX in dist/core/build/static-build.js).
 * - The entry exports `app`, a BuildApp with setInternals, setOptions, getOptions and render
 *   (dist/entrypoints/prerender.js, dist/core/build/app.js).
 * - `setPrerenderer(defaults => prerenderer)` of `astro:build:start` hands in the default
 *   prerenderer (dist/integrations/hooks.js, createDefaultPrerenderer in dist/core/build/generate.js).
 * - The default prerenderer's setup imports the entry by the same URL (one module instance), then
 *   calls `app.setInternals(internals)` and `app.setOptions(options)` (dist/core/build/default-prerenderer.js).
 * - A page's render reads from the internals only `pagesByKeys` (key `route&component` ->
 *   `{ styles }`) and `entrySpecifierToBundleMap` (the page script), and from the options only
 *   `settings.scripts` of stages `page` and `head-inline` (headElements in dist/core/build/environment.js,
 *   makePageDataKey in dist/core/build/plugins/util.js).
 * - `setOptions` also sets the app logger's destination from `options.logger.options.destination` (dist/core/build/app.js).
 * - `new StaticPaths(app).getAll()` lists `{ pathname, route }` of every prerendered route
 *   (dist/runtime/prerender/static-paths.js, exported as astro/runtime/prerender/static-paths.js).
 * - Each route's getStaticPaths result is cached per app in `app.routeCache` until `clearAll()`
 *   (BuildApp.routeCache in dist/core/build/app.js, RouteCache in dist/core/render/route-cache.js).
 * - When two routes give the same path (trailing slashes removed), the first one wins
 *   (prerenderConflictBehavior in generatePages, dist/core/build/generate.js).
 * - The request URL of a path: base '/', directory format, trailing slash kept for pages, none
 *   added for endpoints (getUrlForPath in dist/core/build/generate.js).
 * - The output file of a path: `<path>/index.html` for pages, `/404.html` and `/500.html`, the
 *   path itself for endpoints (getOutFolder and getOutFile in dist/core/build/common.js).
 */
export const ASTRO_VERSION = '7.3.4';

/** A route of the prerender bundle's manifest (the fields the render reads). */
export interface AstroRoute {
  route: string;
  component: string;
  type: string;
  pathname?: string;
}

/** One static path to render: the path and the route that renders it. */
export interface AstroStaticPath {
  pathname: string;
  route: AstroRoute;
}

/** What a render with a kept bundle needs from Astro's build (serialisable as JSON). */
export interface AstroBuildState {
  /** Astro's `pagesByKeys`: page key -> the stylesheets the page links or inlines. */
  pageStyles: [string, unknown[]][];
  /** Astro's `entrySpecifierToBundleMap` (hashed client script of each entry specifier). */
  entrySpecifierToBundleMap: [string, string][];
  /** Integration scripts of the stages the render injects (`page`, `head-inline`). */
  scripts: { stage: string; content: string }[];
}

/** Where Astro's log events of a render go (`options.logger.options.destination`). */
export interface AstroLogDestination {
  write(event: { level: string; label?: string | null; message: string }): boolean;
}

interface BuildInternals {
  pagesByKeys: Map<string, { styles?: unknown[] }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

/** The prerender bundle's `app` (a BuildApp): the members this adapter uses. */
interface PrerenderApp {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  getOptions(): { settings: { scripts: { stage: string; content: string }[] } };
  render(request: Request, options: { routeData: AstroRoute; locals?: object }): Promise<Response>;
  routeCache?: { clearAll(): void };
}

/** A prerender bundle loaded for rendering: opaque outside this module. */
export interface KeptApp {
  readonly app: PrerenderApp;
}

type StaticPathsClass = new (app: PrerenderApp) => { getAll(): Promise<AstroStaticPath[]> };

/** Where Astro puts the prerender bundle (Astro's getPrerenderOutputDirectory for static output). */
export function prerenderDirectory(config: Pick<AstroConfig, 'outDir'>): string {
  const outDir = fileURLToPath(config.outDir);
  const withinCwd = outDir.startsWith(process.cwd());
  return join(withinCwd ? outDir : join(process.cwd(), '.astro'), '.prerender');
}

/** File name of the prerender entry module in a prerender bundle directory ('' when there is none). */
export function prerenderEntry(dir: string): string {
  return readdirSync(dir).find((name) => name.startsWith('prerender-entry.') && name.endsWith('.mjs')) ?? '';
}

async function importApp(file: string): Promise<PrerenderApp> {
  return ((await import(pathToFileURL(file).href)) as { app: PrerenderApp }).app;
}

/** What the keeping prerenderer hands over at teardown: the bundle directory, its entry, the request origin and the build state. */
export interface KeptBuild {
  source: string;
  entry: string;
  origin: string;
  state: AstroBuildState;
}

/**
 * A prerenderer for `setPrerenderer` of `astro:build:start` that renders exactly as Astro's
 * default one (every call is passed on) and, after the default one's teardown, hands `keep` the
 * bundle directory (still on disk) and the build state its render needs. `keep` is not called
 * when the build had no prerender entry (nothing to keep). With `renderPages: false` the build
 * only compiles: it lists no static path, so Astro renders no page (the build state comes from
 * the default prerenderer's setup, and the origin from the configured `site`, as Astro's own).
 */
export function keepingPrerenderer(
  config: AstroConfig,
  keep: (build: KeptBuild) => void,
  { renderPages = true }: { renderPages?: boolean } = {},
): (defaults: AstroPrerenderer) => AstroPrerenderer {
  return (defaults: AstroPrerenderer): AstroPrerenderer => {
    let internals: BuildInternals | undefined;
    let app: PrerenderApp | undefined;
    let origin = '';
    let entry = '';
    const source = prerenderDirectory(config);
    return {
      name: 'dealer:keep-renderer',
      async setup() {
        // Load the entry first (same URL as the default prerenderer: one module instance)
        // to see the internals Astro hands the app; the render state is taken from them.
        entry = prerenderEntry(source);
        if (entry) {
          app = await importApp(join(source, entry));
          const setInternals = app.setInternals.bind(app);
          app.setInternals = (value) => {
            internals = value as BuildInternals;
            setInternals(value);
          };
        }
        await defaults.setup?.();
      },
      getStaticPaths: async () => (renderPages ? defaults.getStaticPaths() : []),
      ...(defaults.collectStaticImages ? { collectStaticImages: () => defaults.collectStaticImages!() } : {}),
      render(request, options) {
        origin ||= new URL(request.url).origin;
        return defaults.render(request, options);
      },
      async teardown() {
        await defaults.teardown?.();
        if (!entry || !internals || !app) return; // nothing to keep: incremental releases fall back to Astro
        // No page rendered (a compile): the origin Astro's build renders with (core/build/index.js).
        origin ||= config.site ? new URL(config.site).origin : `http://localhost:${config.server.port}`;
        keep({
          source,
          entry,
          origin,
          state: {
            pageStyles: [...internals.pagesByKeys].map(([key, page]) => [key, page.styles ?? []]),
            entrySpecifierToBundleMap: [...internals.entrySpecifierToBundleMap],
            scripts: app
              .getOptions()
              .settings.scripts.filter((script) => script.stage === 'page' || script.stage === 'head-inline')
              .map(({ stage, content }) => ({ stage, content })),
          },
        });
      },
    };
  };
}

/**
 * Load a kept prerender bundle's app (the entry module `file`) and give it the build state and a
 * log destination, as Astro's default prerenderer does with the build's own internals and options.
 */
export async function loadKeptApp(file: string, state: AstroBuildState, destination: AstroLogDestination): Promise<KeptApp> {
  const app = await importApp(file);
  app.setInternals(restoredInternals(state));
  app.setOptions({ settings: { scripts: state.scripts }, logger: { options: { destination, level: 'warn' } } });
  return { app };
}

/** The internals a render reads, rebuilt from the kept state (the inverse of what keepingPrerenderer keeps). */
export function restoredInternals(state: AstroBuildState): BuildInternals {
  return {
    pagesByKeys: new Map(state.pageStyles.map(([key, styles]) => [key, { styles }])),
    entrySpecifierToBundleMap: new Map(state.entrySpecifierToBundleMap),
  };
}

let staticPathsClass: Promise<StaticPathsClass> | undefined;

/** Astro's StaticPaths class (loaded once). */
export function loadStaticPaths(): Promise<StaticPathsClass> {
  staticPathsClass ??= (import('astro/runtime/prerender/static-paths.js') as unknown as Promise<{ StaticPaths: StaticPathsClass }>).then((module) => module.StaticPaths);
  return staticPathsClass;
}

/**
 * Every static path of the bundle's prerendered routes, in Astro's order, each path once: when
 * two routes give the same path (trailing slashes removed), the first one wins, as in Astro.
 */
export async function staticPaths(kept: KeptApp): Promise<AstroStaticPath[]> {
  const StaticPaths = await loadStaticPaths();
  const seen = new Set<string>();
  const paths: AstroStaticPath[] = [];
  for (const { pathname, route } of await new StaticPaths(kept.app).getAll()) {
    const normalized = pathname.replace(/\/+$/, '');
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    paths.push({ pathname, route });
  }
  return paths;
}

/**
 * The app's cache of each route's getStaticPaths result: a warm renderer clears it before each
 * tenant bundle (new data, new paths). Undefined when this Astro version has none.
 */
export function routeCacheOf(kept: KeptApp): { clearAll(): void } | undefined {
  return kept.app.routeCache;
}

/** Render one static path with the kept app; `locals` are the render's Astro locals (what the middleware and pages read as `locals`). */
export function renderPath(kept: KeptApp, request: Request, route: AstroRoute, locals?: Record<string, unknown>): Promise<Response> {
  return kept.app.render(request, { routeData: route, ...(locals ? { locals } : {}) });
}

/** Astro's request URL for a path (getUrlForPath, base '/', directory format, trailingSlash 'ignore'). */
export function requestUrl(pathname: string, route: AstroRoute, origin: string): URL {
  if (route.type === 'endpoint') return new URL(pathname, origin);
  if (pathname === '/' || pathname === '') return new URL('/', origin);
  return new URL(`/${pathname.replace(/^\/+|\/+$/g, '')}/`, origin);
}

/** Astro's output file for a path (getOutFolder + getOutFile, directory format). */
export function outputFile(pathname: string, route: AstroRoute, outDir: string): string {
  if (route.type === 'endpoint') return join(outDir, pathname);
  if (pathname === '/404' || pathname === '/500') return join(outDir, `${pathname}.html`);
  return join(outDir, pathname, 'index.html');
}
