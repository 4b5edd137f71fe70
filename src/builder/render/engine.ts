/**
 * Which engine renders a tenant. The fast paths (a kept server bundle rendered in warm
 * renderers: the fleet build, the split render of a large tenant, the pipeline's incremental
 * releases) rest on Astro internals (render/astro/); DEALER_RENDER=astro turns all of them off,
 * so every tenant is rendered by Astro's own build (the plain path, public API only).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildSettings } from '../../config/build.ts';
import { environment, type Environment } from '../../config/env.ts';
import { KEPT_STATE_FILE } from './astro/kept-renderer.ts';

/** True unless DEALER_RENDER=astro. */
export function fastPathsOn(env: Environment = environment()): boolean {
  return buildSettings(env).renderEngine !== 'astro';
}

/** A kept server bundle in `dir` that may render (none under DEALER_RENDER=astro). */
export function hasKeptRenderer(dir: string, env: Environment = environment()): boolean {
  return fastPathsOn(env) && existsSync(join(dir, KEPT_STATE_FILE));
}
