/**
 * Which engine renders a tenant: the one decision of the render room, a pure function of the
 * render settings and the call (`chooseEngine`), used by `renderTenant` (render-tenant.ts).
 * The fast engines (a kept server bundle rendered in warm renderers, the compile that keeps
 * one, the split render of a large tenant) rest on Astro internals (render/astro/);
 * DEALER_RENDER=astro turns all of them off, so every tenant is rendered by Astro's own build
 * (the plain path, public API only). `renderSettings` is the only reader of that switch: a
 * command resolves the settings once and passes them down. docs/architecture.md "Render paths"
 * has the table of which engine runs when.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildSettings } from '../../config/build.ts';
import { environment, type Environment } from '../../config/env.ts';
import { thisMachine } from '../../config/machine.ts';
import { KEPT_STATE_FILE } from './astro/kept-renderer.ts';

/**
 * The engines: Astro's own build (`astro`); the split render of a large tenant (`split`: a
 * small Astro build compiles the code, then one warm renderer per core renders a share of the
 * pages); the compile (`compile`: an Astro build of the tenant cut to a few cars keeps the
 * compiled server bundle for later renders, then that kept bundle renders the tenant); a kept
 * server bundle rendered in a warm renderer (`kept`).
 */
export type RenderEngine = 'astro' | 'split' | 'compile' | 'kept';

/** What rendered a tenant's pages, as a report says it: the engine, with a fallback shown as `astro`. */
export type RenderedWith = 'astro' | 'split' | 'compile' | 'kept-renderer';

/** The render settings, resolved once per command (renderSettings) and passed down. */
export interface RenderSettings {
  /** The fast engines may run (DEALER_RENDER unset or fast); false: Astro's own build for every render. */
  fast: boolean;
  /** Cars from which a tenant is split-rendered (DEALER_SPLIT_RENDER_MIN_CARS). */
  splitRenderMinCars: number;
  /** Cores this process may render on. */
  cores: number;
  /** The process's cache root (work folders of the split render, the fleet's kept renderer). */
  cache: string;
}

/** The render settings from the environment; throws ConfigError naming a bad variable. */
export function renderSettings(env: Environment = environment()): RenderSettings {
  const settings = buildSettings(env);
  return { fast: settings.renderEngine !== 'astro', splitRenderMinCars: settings.splitRenderMinCars, cores: thisMachine().cores, cache: settings.cacheDir };
}

/**
 * Render processes for a tenant of `cars` cars: one per core (at most two) from
 * DEALER_SPLIT_RENDER_MIN_CARS cars, else 1. Below it the extra compile build and each process's
 * bundle load take most of what the second core gives (measured in docs/scale.md).
 */
export function renderProcesses(cars: number, settings: Pick<RenderSettings, 'cores' | 'splitRenderMinCars'>): number {
  return cars >= settings.splitRenderMinCars ? Math.max(1, Math.min(2, settings.cores)) : 1;
}

/** A kept server bundle in `dir` (astro/kept-renderer.ts), whatever the settings. */
export function hasKeptRenderer(dir: string): boolean {
  return existsSync(join(dir, KEPT_STATE_FILE));
}

/** What the engine choice depends on, besides the settings. */
export interface EngineCall {
  /** Visible cars of the tenant. */
  cars: number;
  /** The caller renders with the kept renderer of a code version (`keep`): from it, or compiling it. */
  keep: boolean;
  /** That kept renderer is on this disk, complete. */
  kept: boolean;
  /** Only part of the site (an incremental release's render plan) or a dry run: never worth a compile. */
  partial: boolean;
}

/** The engine that renders a call (the table in docs/architecture.md "Render paths"). */
export function chooseEngine(settings: RenderSettings, call: EngineCall): RenderEngine {
  if (!settings.fast) return 'astro';
  if (call.keep && call.kept) return 'kept';
  if (call.partial) return 'astro';
  if (call.keep) return 'compile';
  return renderProcesses(call.cars, settings) > 1 ? 'split' : 'astro';
}
