/**
 * Islands render to a string on the server, not through a stream (a static build has nothing
 * to stream). @astrojs/react's `experimentalDisableStreaming` option does that, but its
 * `renderToString` call drops the island's `identifierPrefix`, so `useId` values would not match
 * the browser's. patches/@astrojs+react+<version>.patch (applied by patch-package at install,
 * `postinstall`) hands it the same render options as the stream path: pages are byte-identical.
 * Contract: streaming is turned off only when the installed renderer carries the patch, so a
 * missing patch costs speed, never output. react-string-render.test.ts fails on an upgrade.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The call in @astrojs/react's server renderer as the patch leaves it. */
export const PATCHED_CALL = 'html = ReactDOM.renderToString(vnode, renderOptions);';
/** The same call as @astrojs/react ships it (without the render options). */
export const UPSTREAM_CALL = 'html = ReactDOM.renderToString(vnode);';

/** Path of the installed @astrojs/react server renderer. */
export function reactServerFile(): string {
  return createRequire(import.meta.url).resolve('@astrojs/react/server.js');
}

/** True when the renderer's source gives `renderToString` the render options (the patch applied, once). */
export function rendersStringWithOptions(code: string): boolean {
  const at = code.indexOf(PATCHED_CALL);
  return at >= 0 && code.indexOf(PATCHED_CALL, at + 1) < 0 && !code.includes(UPSTREAM_CALL);
}

/** Whether islands may render to a string (astro.config.mjs: react({ experimentalDisableStreaming })). */
export function reactStringRender(file = reactServerFile()): boolean {
  return rendersStringWithOptions(readFileSync(file, 'utf8'));
}
