/**
 * Islands render to a string with their useId prefix (src/builder/render/astro/react-string-render.ts): the
 * installed @astrojs/react is patched at exactly the call that drops the render options, and a
 * renderer without that call stops the build instead of rendering mismatched ids. The built
 * pages' ids are checked against their islands' prefixes in tests/integration/build.test.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { patchReactServer, reactStringRender } from './react-string-render.ts';

const require = createRequire(import.meta.url);
const serverFile = require.resolve('@astrojs/react/server.js');
const installed = readFileSync(serverFile, 'utf8');

describe('react-string-render', () => {
  it('gives renderToString the render options (identifierPrefix) in the installed @astrojs/react', () => {
    expect(installed).toContain('ReactDOM.renderToString(vnode);');
    const patched = patchReactServer(installed);
    expect(patched).toContain('html = ReactDOM.renderToString(vnode, renderOptions);');
    expect(patched).not.toContain('ReactDOM.renderToString(vnode);');
    // Nothing else changes.
    expect(patched.length - installed.length).toBe(', renderOptions'.length);
  });

  it('stops the build when the renderer no longer has the call it changes', () => {
    const changed = installed.replace('html = ReactDOM.renderToString(vnode);', 'html = ReactDOM.renderToString(vnode, { identifierPrefix: prefix });');
    expect(() => patchReactServer(changed)).toThrow(/@astrojs\/react's server renderer has changed/);
    expect(() => patchReactServer(`${installed}\nhtml = ReactDOM.renderToString(vnode);`)).toThrow(/has changed/);
  });

  it('transforms only the renderer module', () => {
    const plugin = reactStringRender();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    expect(transform(installed, '/repo/src/islands/Other.tsx')).toBeUndefined();
    expect(transform(installed, serverFile)?.code).toContain('renderToString(vnode, renderOptions)');
    expect(transform(installed, `${serverFile}?v=123`)?.code).toContain('renderToString(vnode, renderOptions)');
  });
});
