/**
 * The Astro adapter's upgrade test (issue 12 item 2): fails when an Astro upgrade breaks what
 * src/builder/render/astro/astro-adapter.ts relies on. It checks the installed version against the one the
 * adapter names, imports the internal modules it uses (or mirrors) and checks their exports and
 * members, and runs the behaviours that need no site build against Astro's own code: the
 * default prerenderer wrapped by keepingPrerenderer, the head elements a kept build state
 * restores, StaticPaths with its route cache, the prerender directory, the output files. The
 * whole (kept renderer against a full build) is the incremental-equals-full integration test.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, AstroPrerenderer } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ASTRO_VERSION,
  keepingPrerenderer,
  loadKeptApp,
  loadStaticPaths,
  outputFile,
  prerenderDirectory,
  prerenderEntry,
  renderPath,
  requestUrl,
  restoredInternals,
  routeCacheOf,
  staticPaths,
  type AstroBuildState,
  type AstroRoute,
  type KeptBuild,
} from './astro-adapter.ts';

const RECHECK = 'Re-check each upstream behaviour listed in src/builder/render/astro/astro-adapter.ts against the new Astro source, then update ASTRO_VERSION there.';

const astroPackage = createRequire(import.meta.url).resolve('astro/package.json');
const astroRoot = pathToFileURL(`${dirname(astroPackage)}/`);
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** An Astro module by its path in the package (internal modules are not in its exports map). */
async function astroModule<T>(path: string, exports: string[]): Promise<T> {
  const url = new URL(path, astroRoot);
  let module: Record<string, unknown>;
  try {
    module = (await import(url.href)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`node_modules/astro/${path} no longer loads (${(error as Error).message}). ${RECHECK}`);
  }
  for (const name of exports) expect(module[name], `node_modules/astro/${path} no longer exports ${name}. ${RECHECK}`).toBeDefined();
  return module as T;
}

interface BuildEnvironment {
  env: { headElements(manifest: unknown, route: { route: string; component: string }): { scripts: Set<unknown>; styles: Set<unknown>; links: Set<unknown> } };
  setInternals(value: unknown): void;
  setOptions(value: unknown): void;
}

const scratch = join(repoRoot, '.cache', `astro-adapter-test-${process.pid}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('Astro adapter (issue 12 item 2): breaks loudly on an Astro upgrade', () => {
  it('the installed Astro is the version the adapter names', () => {
    const installed = (JSON.parse(readFileSync(astroPackage, 'utf8')) as { version: string }).version;
    expect(installed, `Astro ${installed} is installed; src/builder/render/astro/astro-adapter.ts was written against ${ASTRO_VERSION}. ${RECHECK}`).toBe(ASTRO_VERSION);
    expect(readFileSync(new URL('./astro-adapter.ts', import.meta.url), 'utf8'), 'the doc comment of src/builder/render/astro/astro-adapter.ts names another version than ASTRO_VERSION').toContain(`Written against Astro ${ASTRO_VERSION} (ASTRO_VERSION below)`);
  });

  it('the project still builds the static output the request URLs and output files mirror', async () => {
    const { default: config } = (await import('../../../../astro.config.mjs')) as unknown as { default: { output?: string; base?: string; trailingSlash?: string; build?: { format?: string } } };
    expect(config.output).toBe('static');
    expect(config.build?.format, 'requestUrl and outputFile in src/builder/render/astro/astro-adapter.ts mirror the directory build format').toBe('directory');
    expect(config.trailingSlash).toBe('ignore');
    expect(config.base ?? '/').toBe('/');
  });

  it('the internal modules and members it uses still exist', async () => {
    const StaticPaths = await loadStaticPaths();
    expect(typeof StaticPaths, `astro/runtime/prerender/static-paths.js no longer exports the class StaticPaths. ${RECHECK}`).toBe('function');
    expect(typeof StaticPaths.prototype.getAll, `StaticPaths has no getAll(). ${RECHECK}`).toBe('function');

    // The prerender entry exports `app`, a BuildApp with the members the adapter calls.
    const entry = readFileSync(new URL('dist/entrypoints/prerender.js', astroRoot), 'utf8');
    expect(entry, `dist/entrypoints/prerender.js no longer exports a BuildApp named app. ${RECHECK}`).toMatch(/const app = new BuildApp\(/);
    expect(entry).toMatch(/export\s*\{[^}]*\bapp\b/);
    const { BuildApp } = await astroModule<{ BuildApp: { prototype: object } }>('dist/core/build/app.js', ['BuildApp']);
    for (const member of ['setInternals', 'setOptions', 'getOptions', 'render']) {
      expect(typeof (BuildApp.prototype as Record<string, unknown>)[member], `BuildApp has no ${member}(). ${RECHECK}`).toBe('function');
    }
    expect(typeof Object.getOwnPropertyDescriptor(BuildApp.prototype, 'routeCache')?.get, `BuildApp has no routeCache getter (the warm renderer clears it per tenant). ${RECHECK}`).toBe('function');
    const { RouteCache } = await astroModule<{ RouteCache: { prototype: { clearAll?: unknown } } }>('dist/core/render/route-cache.js', ['RouteCache', 'getRouteCache']);
    expect(typeof RouteCache.prototype.clearAll, `RouteCache has no clearAll(). ${RECHECK}`).toBe('function');

    // renderPath hands the render's locals to the app (the kept renderer's ISLAND_STYLE_BY_CALLER, read by src/middleware.ts):
    // without them a page is still right (the style, moved once, is not moved again), only read and wrapped once more.
    expect(readFileSync(new URL('dist/core/app/base.js', astroRoot), 'utf8'), `BaseApp.render no longer takes locals in its options. ${RECHECK}`).toMatch(
      /async render\(request, \{[^}]*\blocals,[^}]*\} = \{\}\)/,
    );
    // The entry file name and the function behind the prerender directory.
    for (const file of ['dist/core/build/static-build.js', 'dist/core/build/vite-build-config.js']) {
      expect(readFileSync(new URL(file, astroRoot), 'utf8'), `${file}: the prerender entry is no longer named prerender-entry.*. ${RECHECK}`).toContain('PRERENDER_ENTRY_FILENAME_PREFIX = "prerender-entry"');
    }
    // The request URL mirrors getUrlForPath (not exported: its source is checked to still be there).
    expect(readFileSync(new URL('dist/core/build/generate.js', astroRoot), 'utf8'), `generate.js no longer has getUrlForPath. ${RECHECK}`).toMatch(/function getUrlForPath\(pathname, base, origin, format, trailingSlash, routeType, isIndex\)/);
    // A compile renders no page, so its origin mirrors the one Astro's build renders with.
    expect(readFileSync(new URL('dist/core/build/index.js', astroRoot), 'utf8'), `core/build/index.js renders with another origin than the site's, or localhost and the server port. ${RECHECK}`).toContain(
      'this.origin = settings.config.site ? new URL(settings.config.site).origin : `http://localhost:${settings.config.server.port}`;',
    );
  });

  it("keepingPrerenderer wraps Astro's default prerenderer: same entry, same renders, the build state handed over at teardown", async () => {
    const { createDefaultPrerenderer } = await astroModule<{
      createDefaultPrerenderer(args: { internals: unknown; options: unknown; prerenderOutputDir: URL }): AstroPrerenderer;
    }>('dist/core/build/default-prerenderer.js', ['createDefaultPrerenderer']);
    const outDir = join(scratch, 'dist');
    const config = { outDir: pathToFileURL(`${outDir}/`) } as AstroConfig;
    const source = prerenderDirectory(config);
    mkdirSync(source, { recursive: true });
    // A stand-in prerender entry: its app records what Astro hands it. One app per module URL
    // (as one module instance per URL in Node), shared even if the test runner loads it twice.
    const entryName = 'prerender-entry.Ab12Cd.mjs';
    writeFileSync(
      join(source, entryName),
      `const apps = (globalThis.__adapterTestApps ??= new Map());
if (!apps.has(import.meta.url)) {
  const calls = [];
  apps.set(import.meta.url, {
    calls,
    setInternals(value) { calls.push(['internals', value]); },
    setOptions(value) { calls.push(['options', value]); this.options = value; },
    getOptions() { return this.options; },
    async render(request, { routeData }) { calls.push(['render', request.url, routeData.route]); return new Response('<p>' + routeData.route + '</p>'); },
  });
}
export const app = apps.get(import.meta.url);
`,
    );
    writeFileSync(join(source, 'chunk.mjs'), 'export {};');
    expect(prerenderEntry(source)).toBe(entryName);

    const internals = {
      prerenderEntryFileName: entryName,
      pagesByKeys: new Map([
        ['/cars/[slug]&src/pages/cars/[slug].astro', { styles: [{ depth: 1, order: 0, sheet: { type: 'external', src: '/_astro/slug.Xy.css' } }] }],
        ['/&src/pages/index.astro', {}],
      ]),
      entrySpecifierToBundleMap: new Map([['astro:scripts/page.js', '_astro/page.Qw.js']]),
    };
    const options = {
      settings: {
        scripts: [
          { stage: 'page', content: 'import "x";' },
          { stage: 'head-inline', content: 'window.a=1' },
          { stage: 'before-hydration', content: 'b()' },
        ],
      },
    };
    const defaults = createDefaultPrerenderer({ internals, options, prerenderOutputDir: pathToFileURL(`${source}/`) });
    const kept: KeptBuild[] = [];
    const prerenderer = keepingPrerenderer(config, (build) => kept.push(build))(defaults);
    await prerenderer.setup?.();
    const route = { route: '/cars/[slug]', component: 'src/pages/cars/[slug].astro', type: 'page' };
    const rendered = (await prerenderer.render(new Request('https://dealer.example.com.au/cars/a/'), { routeData: route } as never)) as unknown as { response: Response };
    expect(await rendered.response.text()).toBe('<p>/cars/[slug]</p>');
    await prerenderer.teardown?.();

    const app = (globalThis as unknown as { __adapterTestApps: Map<string, { calls: unknown[][] }> }).__adapterTestApps.get(pathToFileURL(join(source, entryName)).href)!;
    expect(kept, `the wrapped setInternals did not see Astro's internals (the default prerenderer loads another entry). ${RECHECK}`).toHaveLength(1);
    expect(app.calls.map(([kind]) => kind), `the default prerenderer no longer calls setInternals then setOptions on the entry's app. ${RECHECK}`).toEqual(['internals', 'options', 'render']);
    expect(kept[0]).toEqual({
      source,
      entry: entryName,
      origin: 'https://dealer.example.com.au',
      state: {
        pageStyles: [
          ['/cars/[slug]&src/pages/cars/[slug].astro', [{ depth: 1, order: 0, sheet: { type: 'external', src: '/_astro/slug.Xy.css' } }]],
          ['/&src/pages/index.astro', []],
        ],
        entrySpecifierToBundleMap: [['astro:scripts/page.js', '_astro/page.Qw.js']],
        scripts: [
          { stage: 'page', content: 'import "x";' },
          { stage: 'head-inline', content: 'window.a=1' },
        ],
      },
    });

    // The kept state restores the head elements Astro's build environment gives the page.
    const { createBuildEnvironment } = await astroModule<{ createBuildEnvironment(): BuildEnvironment }>('dist/core/build/environment.js', ['createBuildEnvironment']);
    const { PAGE_SCRIPT_ID } = await astroModule<{ PAGE_SCRIPT_ID: string }>('dist/vite-plugin-scripts/index.js', ['PAGE_SCRIPT_ID']);
    const { makePageDataKey } = await astroModule<{ makePageDataKey(route: string, component: string): string }>('dist/core/build/plugins/util.js', ['makePageDataKey']);
    expect(PAGE_SCRIPT_ID, `the page script's entry specifier changed. ${RECHECK}`).toBe('astro:scripts/page.js');
    expect(makePageDataKey(route.route, route.component), `the page key of pagesByKeys changed. ${RECHECK}`).toBe('/cars/[slug]&src/pages/cars/[slug].astro');
    const state: AstroBuildState = JSON.parse(JSON.stringify(kept[0]!.state));
    const manifest = { base: '/', assetsPrefix: undefined };
    const head = (build: unknown, scripts: unknown) => {
      const environment = createBuildEnvironment();
      environment.setInternals(build);
      environment.setOptions({ settings: { scripts } });
      const { scripts: s, styles, links } = environment.env.headElements(manifest, route);
      return { scripts: [...s], styles: [...styles], links: [...links] };
    };
    const original = head(internals, options.settings.scripts);
    expect(original.styles).toEqual([{ props: { rel: 'stylesheet', href: '/_astro/slug.Xy.css' }, children: '' }]);
    expect(original.scripts).toEqual([
      { props: { type: 'module', src: '/_astro/page.Qw.js' }, children: '' },
      { props: {}, children: 'window.a=1' },
    ]);
    expect(head(restoredInternals(state), state.scripts), `a page rendered from the kept state would get other head elements than in Astro's build. ${RECHECK}`).toEqual(original);

    // loadKeptApp gives the kept entry's app the restored internals and options, as the default prerenderer does.
    const destination = { write: () => true };
    const keptApp = await loadKeptApp(join(source, entryName), state, destination);
    expect(app.calls.slice(3)).toEqual([
      ['internals', restoredInternals(state)],
      ['options', { settings: { scripts: state.scripts }, logger: { options: { destination, level: 'warn' } } }],
    ]);
    const response = await renderPath(keptApp, new Request(requestUrl('/cars/b', route, 'https://dealer.example.com.au')), route);
    expect(await response.text()).toBe('<p>/cars/[slug]</p>');
    expect(app.calls.at(-1)).toEqual(['render', 'https://dealer.example.com.au/cars/b/', '/cars/[slug]']);
  });

  it.each([
    { case: "the configured site's origin", site: 'https://dealer.example.com.au/stock/', origin: 'https://dealer.example.com.au' },
    { case: "no site: Astro's localhost and server port", site: undefined, origin: 'http://localhost:4321' },
  ])('keepingPrerenderer of a compile (renderPages false) lists no path, yet hands over the build state, with $case', async ({ site, origin }) => {
    const { createDefaultPrerenderer } = await astroModule<{
      createDefaultPrerenderer(args: { internals: unknown; options: unknown; prerenderOutputDir: URL }): AstroPrerenderer;
    }>('dist/core/build/default-prerenderer.js', ['createDefaultPrerenderer']);
    const outDir = join(scratch, `compile-dist-${site ? 'site' : 'none'}`);
    const config = { outDir: pathToFileURL(`${outDir}/`), site, server: { port: 4321 } } as unknown as AstroConfig;
    const source = prerenderDirectory(config);
    mkdirSync(source, { recursive: true });
    const entryName = 'prerender-entry.Cm34Pl.mjs';
    writeFileSync(
      join(source, entryName),
      // Shared by module URL through globalThis, as in the test above (the runner may load it twice).
      `export const app = ((globalThis.__adapterTestApps ??= new Map()).get(import.meta.url) ?? {
  calls: [],
  setInternals(value) { this.calls.push('internals'); },
  setOptions(value) { this.calls.push('options'); this.options = value; },
  getOptions() { return this.options; },
  async render() { this.calls.push('render'); return new Response(''); },
});
globalThis.__adapterTestApps.set(import.meta.url, app);
`,
    );
    const internals = { prerenderEntryFileName: entryName, pagesByKeys: new Map([['/&src/pages/index.astro', {}]]), entrySpecifierToBundleMap: new Map() };
    const options = { settings: { scripts: [{ stage: 'page', content: 'import "y";' }] } };
    const defaults = createDefaultPrerenderer({ internals, options, prerenderOutputDir: pathToFileURL(`${source}/`) });
    let listed = 0;
    const counted: AstroPrerenderer = {
      ...defaults,
      getStaticPaths: () => {
        listed += 1;
        return defaults.getStaticPaths();
      },
    };
    const kept: KeptBuild[] = [];
    const prerenderer = keepingPrerenderer(config, (build) => kept.push(build), { renderPages: false })(counted);
    await prerenderer.setup?.();
    expect(await prerenderer.getStaticPaths()).toEqual([]);
    await prerenderer.teardown?.();

    expect(listed, "a compile asked Astro's default prerenderer for the site's paths (its pages' code ran)").toBe(0);
    const app = (globalThis as unknown as { __adapterTestApps: Map<string, { calls: string[] }> }).__adapterTestApps.get(
      pathToFileURL(join(source, entryName)).href,
    )!;
    expect(app.calls, `the default prerenderer's setup no longer hands the entry's app its internals and options. ${RECHECK}`).toEqual([
      'internals',
      'options',
    ]);
    expect(kept).toEqual([
      {
        source,
        entry: entryName,
        origin,
        state: { pageStyles: [['/&src/pages/index.astro', []]], entrySpecifierToBundleMap: [], scripts: [{ stage: 'page', content: 'import "y";' }] },
      },
    ]);
  });

  it("staticPaths lists Astro's paths, the first route winning a path; the route cache holds getStaticPaths until cleared", async () => {
    const { RouteCache } = await astroModule<{ RouteCache: new (logger: unknown, mode?: string) => { clearAll(): void } }>('dist/core/render/route-cache.js', ['RouteCache']);
    const segment = (content: string, dynamic = false) => [{ content, dynamic, spread: false }];
    const routeData = (route: string, component: string, segments: { content: string; dynamic: boolean; spread: boolean }[][], pathname?: string) => ({
      route,
      component,
      type: 'page',
      pathname,
      segments,
      params: segments.flat().filter((part) => part.dynamic).map((part) => part.content),
      prerender: true,
      fallbackRoutes: [],
      isIndex: false,
      origin: 'project',
    });
    const about = routeData('/about', 'src/pages/about.astro', [segment('about')], '/about');
    const cars = routeData('/cars/[slug]', 'src/pages/cars/[slug].astro', [segment('cars'), segment('slug', true)]);
    const other = routeData('/[page]', 'src/pages/[page].astro', [segment('page', true)]);
    let slugs = ['a', 'b'];
    let calls = 0;
    const modules: Record<string, unknown> = {
      [cars.component]: { getStaticPaths: () => (calls++, slugs.map((slug) => ({ params: { slug } }))) },
      [other.component]: { getStaticPaths: () => [{ params: { page: 'about' } }, { params: { page: 'contact' } }] },
    };
    const routeCache = new RouteCache({ warn() {} });
    const app = {
      manifest: { routes: [about, cars, other].map((r) => ({ routeData: r })), base: '/', trailingSlash: 'ignore', serverLike: false },
      routeCache,
      getComponentByRoute: async (route: AstroRoute) => modules[route.component],
    };
    const kept = { app } as unknown as Parameters<typeof staticPaths>[0];
    const list = async () => (await staticPaths(kept)).map(({ pathname, route }) => `${pathname} ${route.route}`);
    expect(await list()).toEqual(['/about /about', '/cars/a /cars/[slug]', '/cars/b /cars/[slug]', '/contact /[page]']);
    // Cached: a new bundle's paths are not seen until the cache is cleared (the warm renderer does, per job).
    slugs = ['c'];
    expect(await list()).toContain('/cars/b /cars/[slug]');
    expect(calls).toBe(1);
    routeCacheOf(kept)!.clearAll();
    expect(await list()).toEqual(['/about /about', '/cars/c /cars/[slug]', '/contact /[page]']);
  });

  it("prerenderDirectory and outputFile agree with Astro's getPrerenderOutputDirectory, getOutFolder and getOutFile", async () => {
    const { getPrerenderOutputDirectory } = await astroModule<{ getPrerenderOutputDirectory(settings: unknown): URL }>('dist/prerender/utils.js', ['getPrerenderOutputDirectory']);
    const { getOutFolder, getOutFile } = await astroModule<{
      getOutFolder(settings: unknown, pathname: string, route: unknown): URL;
      getOutFile(format: string, folder: URL, pathname: string, route: unknown): URL;
    }>('dist/core/build/common.js', ['getOutFolder', 'getOutFile', 'getOutDirWithinCwd']);
    for (const outDir of [join(process.cwd(), 'dist-x', 'site'), '/tmp/elsewhere/site']) {
      const config = { outDir: pathToFileURL(`${outDir}/`), build: { format: 'directory', server: pathToFileURL(`${outDir}/server/`), client: pathToFileURL(`${outDir}/client/`) } };
      const settings = { config, buildOutput: 'static' };
      expect(prerenderDirectory(config as unknown as AstroConfig), `Astro's prerender bundle moved (outDir ${outDir}). ${RECHECK}`).toBe(fileURLToPath(getPrerenderOutputDirectory(settings)).replace(/\/$/, ''));
      const cases: [string, string][] = [
        ['/', 'page'],
        ['/about', 'page'],
        ['/cars/2021-toyota-hilux-ab12', 'page'],
        ['/404', 'page'],
        ['/500', 'page'],
        ['/robots.txt', 'endpoint'],
        ['/search-index-demo.json', 'endpoint'],
        ['/parts/brakes', 'page'],
      ];
      for (const [pathname, type] of cases) {
        const route = { route: pathname, component: 'src/pages/x.astro', type, isIndex: pathname === '/' };
        const astro = fileURLToPath(getOutFile('directory', getOutFolder(settings, pathname, route), pathname, route));
        expect(outputFile(pathname, route, outDir), `Astro writes ${pathname} (${type}) elsewhere now. ${RECHECK}`).toBe(astro);
      }
    }
  });
});
