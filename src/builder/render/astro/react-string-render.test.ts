/**
 * Islands render to a string with their useId prefix (react-string-render.ts): the installed
 * @astrojs/react carries patches/@astrojs+react+<version>.patch, the patch is written for the
 * installed version, and an unpatched or changed renderer turns string rendering off. The built
 * pages' ids are checked against their islands' prefixes in tests/integration/build.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PATCHED_CALL, reactServerFile, reactStringRender, rendersStringWithOptions, UPSTREAM_CALL } from './react-string-render.ts';

const require = createRequire(import.meta.url);
const installed = readFileSync(reactServerFile(), 'utf8');
const patchesDir = new URL('../../../../patches/', import.meta.url);
const RECHECK = 'check whether the new @astrojs/react gives renderToString identifierPrefix; then re-create the patch (npx patch-package @astrojs/react) or delete it';

describe('react-string-render', () => {
  it('the patch is written for the installed @astrojs/react', () => {
    const { version } = require('@astrojs/react/package.json') as { version: string };
    const patches = readdirSync(patchesDir).filter((name) => name.startsWith('@astrojs+react+'));
    expect(patches, `patches/ holds ${patches.join(', ')} but @astrojs/react ${version} is installed: ${RECHECK}`).toEqual([`@astrojs+react+${version}.patch`]);
    const patch = readFileSync(new URL(patches[0]!, patchesDir), 'utf8');
    expect(patch).toContain(`-    ${UPSTREAM_CALL}`);
    expect(patch).toContain(`+    ${PATCHED_CALL}`);
  });

  it('the installed renderer carries the patch (npm install ran patch-package)', () => {
    expect(rendersStringWithOptions(installed), `${reactServerFile()} lacks "${PATCHED_CALL}": run npx patch-package, or ${RECHECK}`).toBe(true);
    expect(reactStringRender()).toBe(true);
  });

  it('an unpatched or changed renderer keeps streaming (same pages, slower)', () => {
    expect(rendersStringWithOptions(installed.replace(PATCHED_CALL, UPSTREAM_CALL))).toBe(false);
    expect(rendersStringWithOptions(installed.replace(PATCHED_CALL, 'html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });'))).toBe(false);
    expect(rendersStringWithOptions(`${installed}\n${PATCHED_CALL}`)).toBe(false);
  });
});
