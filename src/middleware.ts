/**
 * Every rendered page passes here (Astro middleware: at build time for the static pages, in
 * both the Astro build and the kept renderer of src/builder/render/render-pages.ts). It moves Astro's
 * island style into the head so the page is valid HTML (src/builder/render/astro/island-style.ts, beside the other reliances on Astro's version); any
 * other response goes through untouched, and so does a page whose render's caller moves the style on
 * the bytes it writes (ISLAND_STYLE_BY_CALLER, the kept renderer's render-pages.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { ISLAND_STYLE_BY_CALLER, islandStyleInHead } from './builder/render/astro/island-style.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if ((context.locals as Record<string, unknown>)[ISLAND_STYLE_BY_CALLER] === true) return response;
  if (!response.headers.get('content-type')?.includes('text/html')) return response;
  const page = new Uint8Array(await response.arrayBuffer());
  return new Response(islandStyleInHead(page), { status: response.status, statusText: response.statusText, headers: response.headers });
});
