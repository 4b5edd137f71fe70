/**
 * Islands render to a string on the server, not through a stream (issue 17: build speed).
 *
 * @astrojs/react renders each island with `renderToReadableStream` and reads the stream back
 * into a string: per island a web stream, its chunks encoded to bytes and decoded again, and a
 * promise turn per chunk. A static build has nothing to stream (the page is written whole), and
 * a vehicle page has ten islands. The renderer's `experimentalDisableStreaming` option renders
 * with `renderToString` instead, but calls it without the island's `identifierPrefix`, so
 * `useId` values on the server would differ from the browser's (hydration mismatches). This
 * Vite plugin hands the same render options to `renderToString` as the stream path gets; the
 * page HTML is byte for byte the same (docs/scale.md, "Thirteenth session").
 *
 * If a new @astrojs/react no longer has the line this changes, the build stops with a message
 * (`patchReactServer` throws) rather than rendering islands with mismatched ids.
 */
import type { Plugin } from 'vite';

/** The call in @astrojs/react's server renderer that drops the render options. */
const STRING_RENDER = 'html = ReactDOM.renderToString(vnode);';
const WITH_OPTIONS = 'html = ReactDOM.renderToString(vnode, renderOptions);';

/** @astrojs/react's server renderer module (dist/server.js). */
const SERVER_MODULE = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;

/** The renderer's source with `renderToString` given the island's render options; throws if the call is not there once. */
export function patchReactServer(code: string): string {
  const at = code.indexOf(STRING_RENDER);
  if (at < 0 || code.indexOf(STRING_RENDER, at + 1) >= 0 || !code.includes('const renderOptions = {')) {
    throw new Error(
      `react-string-render: @astrojs/react's server renderer has changed (expected "${STRING_RENDER}" once after its render options); ` +
        'check whether renderToString now gets identifierPrefix, then update or remove src/builder/render/astro/react-string-render.ts',
    );
  }
  return code.slice(0, at) + WITH_OPTIONS + code.slice(at + STRING_RENDER.length);
}

/** The Vite plugin (astro.config.mjs, with react({ experimentalDisableStreaming: true })). */
export function reactStringRender(): Plugin {
  return {
    name: 'dealer:react-string-render',
    enforce: 'pre',
    transform(code, id) {
      if (!SERVER_MODULE.test(id.split('?')[0]!)) return undefined;
      return { code: patchReactServer(code), map: null };
    },
  };
}
