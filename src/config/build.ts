/**
 * Settings of the build and its children (the Astro build, the kept-bundle renderer), from
 * the environment (env.ts reads it). The DEALER_* variables pass to build children
 * (src/builder/render/child-env.ts); no server secret does.
 */
import { join } from 'node:path';
import * as v from 'valibot';
import { cacheRootIn } from './compile-cache.ts';
import { environment, integer, optionalInteger, readSettings, settingVariables, type Environment, type SettingsOf, type SettingSources } from './env.ts';

const text = v.optional(v.string());

/** Each build setting: the variable it is read from and that variable's schema. */
const BUILD_SETTINGS = {
  /** The bundle file of the tenant being built or rendered (set by the parent for each child). */
  bundleFile: ['DEALER_BUNDLE', text],
  /** Where a child writes the site (set by the parent). */
  outDir: ['DEALER_OUT_DIR', text],
  /** The process that started this child (set by the parent): a one-shot child ends when it is gone (render/orphan-watch.ts). */
  parentPid: ['DEALER_PARENT_PID', optionalInteger(1, 4_294_967_295)],
  /** The kept server bundle a renderer child renders from (set by the parent). */
  rendererDir: ['DEALER_RENDERER', text],
  /** The site's public URL (the origin of rendered pages). */
  siteUrl: ['DEALER_SITE_URL', text],
  /**
   * The process's cache root (read as given: cacheRoot): compiled bundles, Vite / Astro /
   * Node compile caches, photo and image caches, build work folders. Unset: <repo>/.cache.
   */
  cacheDir: ['PIPELINE_CACHE_DIR', text],
  /** Cache of the drawn demo images (read as given: buildSettings). */
  imageCacheDir: ['DEALER_IMAGE_CACHE', text],
  /** Each build child writes a V8 CPU profile here (to find where a build spends its time). */
  cpuProfileDir: ['DEALER_CPU_PROFILE_DIR', text],
  /** A render child appends one JSON line per render to this file (pages, milliseconds, the slowest pages). */
  renderTraceFile: ['DEALER_RENDER_TRACE', text],
  /** Cars from which a tenant's pages are rendered by one process per core (the split render, src/builder/render/build-tenant.ts). */
  splitRenderMinCars: ['DEALER_SPLIT_RENDER_MIN_CARS', integer(3000, 1, 10_000_000)],
  /**
   * Which engine renders: 'astro' takes every tenant down Astro's own build (no kept, warm or
   * split renderer; the fallback while an Astro upgrade is checked, docs/architecture.md); unset
   * or 'fast' uses the fast paths where they apply.
   */
  renderEngine: ['DEALER_RENDER', v.optional(v.picklist(['fast', 'astro'], 'expected astro or fast'), 'fast')],
  /** Warm renderers the pipeline keeps. */
  warmRenderers: ['DEALER_WARM_RENDERERS', integer(2, 1, 1000)],
  /** The Astro build keeps its server bundle in this folder (the fleet build). */
  keepRendererDir: ['DEALER_KEEP_RENDERER', text],
  /** 'info': the Astro build logs at info level (default warn). */
  astroLogLevel: ['DEALER_ASTRO_LOG', v.optional(v.picklist(['info', 'warn'], 'expected info or warn'), 'warn')],
  /** PUBLIC_PAYMENT_CLIENT=stand-in: the payment island loads the local stand-in (browser tests); the headers allow it. */
  paymentStandIn: [
    'PUBLIC_PAYMENT_CLIENT',
    v.optional(
      v.pipe(
        v.string(),
        v.transform((client) => client === 'stand-in'),
      ),
      '',
    ),
  ],
  /** NODE_ENV the kept bundle renders under (read as given: buildSettings). */
  nodeEnv: ['NODE_ENV', text],
} as const satisfies SettingSources;

/** The variables the build reads (all of them pass to build children: src/builder/render/child-env.ts). */
export const BUILD_VARIABLES: readonly string[] = settingVariables(BUILD_SETTINGS);

/** The build's settings. */
export interface BuildSettings extends Omit<SettingsOf<typeof BUILD_SETTINGS>, 'cacheDir' | 'imageCacheDir' | 'nodeEnv'> {
  cacheDir: string;
  imageCacheDir: string;
  /** NODE_ENV the kept bundle renders under (production unless set). */
  nodeEnv: string;
}

/**
 * Where this process keeps its caches: PIPELINE_CACHE_DIR, else <repo>/.cache. Each pipeline
 * worker of a fleet gets its own (docs/deploy.md), so no worker reads another's disk.
 */
export function cacheRoot(env: Environment = environment()): string {
  return cacheRootIn(env);
}

/** Read and validate the build's settings; throws ConfigError naming a bad variable. */
export function buildSettings(env: Environment = environment()): BuildSettings {
  return {
    ...readSettings('build', BUILD_SETTINGS, env),
    cacheDir: cacheRoot(env),
    // Unset gives the cache root's and production rendering; set (even empty) is used as given.
    imageCacheDir: env.DEALER_IMAGE_CACHE ?? join(cacheRoot(env), 'images'),
    nodeEnv: env.NODE_ENV ?? 'production',
  };
}

/**
 * The bundle file of the tenant being rendered: read on every call (a warm renderer points
 * DEALER_BUNDLE at the next tenant's file), without validating the rest (pages call it often).
 */
export function bundleFile(env: Environment = environment()): string | undefined {
  return env.DEALER_BUNDLE || undefined;
}
