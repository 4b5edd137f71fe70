/**
 * Settings of the build and its children (the Astro build, the kept-bundle renderer), from
 * the environment (env.ts reads it). The DEALER_* variables pass to build children
 * (src/build/child-env.ts); no server secret does.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { environment, integer, parseEnvironment, type Environment } from './env.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const text = v.optional(v.string());

const BuildSchema = v.object({
  /** The bundle file of the tenant being built or rendered (set by the parent for each child). */
  DEALER_BUNDLE: text,
  /** Where a child writes the site (set by the parent). */
  DEALER_OUT_DIR: text,
  /** The kept server bundle a renderer child renders from (set by the parent). */
  DEALER_RENDERER: text,
  /** The site's public URL (the origin of rendered pages). */
  DEALER_SITE_URL: text,
  /** Cache of the drawn demo images. */
  DEALER_IMAGE_CACHE: text,
  /** Each build child writes a V8 CPU profile here (to find where a build spends its time). */
  DEALER_CPU_PROFILE_DIR: text,
  /** A render child appends one JSON line per render to this file (pages, milliseconds, the slowest pages). */
  DEALER_RENDER_TRACE: text,
  /** Warm renderers the pipeline keeps. */
  DEALER_WARM_RENDERERS: integer(2, 1, 1000),
  /** The Astro build keeps its server bundle in this folder (the fleet build). */
  DEALER_KEEP_RENDERER: text,
  /** 'info': the Astro build logs at info level (default warn). */
  DEALER_ASTRO_LOG: v.optional(v.picklist(['info', 'warn'], 'expected info or warn')),
  /** 'stand-in': the payment island loads the local stand-in (browser tests); the headers allow it. */
  PUBLIC_PAYMENT_CLIENT: text,
  NODE_ENV: text,
});

/** The variables the build reads (all of them pass to build children: src/build/child-env.ts). */
export const BUILD_VARIABLES: readonly string[] = Object.keys(BuildSchema.entries);

/** The build's settings. */
export interface BuildSettings {
  bundleFile: string | undefined;
  outDir: string | undefined;
  rendererDir: string | undefined;
  siteUrl: string | undefined;
  imageCacheDir: string;
  cpuProfileDir: string | undefined;
  renderTraceFile: string | undefined;
  warmRenderers: number;
  keepRendererDir: string | undefined;
  astroLogLevel: 'info' | 'warn';
  paymentStandIn: boolean;
  /** NODE_ENV the kept bundle renders under (production unless set). */
  nodeEnv: string;
}

/** Read and validate the build's settings; throws ConfigError naming a bad variable. */
export function buildSettings(env: Environment = environment()): BuildSettings {
  const e = parseEnvironment('build', BuildSchema, env);
  return {
    bundleFile: e.DEALER_BUNDLE,
    outDir: e.DEALER_OUT_DIR,
    rendererDir: e.DEALER_RENDERER,
    siteUrl: e.DEALER_SITE_URL,
    // Unset gives the repository's cache; set (even empty) is used as given, as before.
    imageCacheDir: env.DEALER_IMAGE_CACHE ?? join(repoRoot, '.cache', 'images'),
    cpuProfileDir: e.DEALER_CPU_PROFILE_DIR,
    renderTraceFile: e.DEALER_RENDER_TRACE,
    warmRenderers: e.DEALER_WARM_RENDERERS,
    keepRendererDir: e.DEALER_KEEP_RENDERER,
    astroLogLevel: e.DEALER_ASTRO_LOG ?? 'warn',
    paymentStandIn: e.PUBLIC_PAYMENT_CLIENT === 'stand-in',
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
