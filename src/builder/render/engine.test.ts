/** DEALER_RENDER=astro turns the fast paths off (engine.ts): no kept renderer is used, whatever is on disk. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fastPathsOn, hasKeptRenderer } from './engine.ts';
import { KEPT_STATE_FILE } from './astro/kept-renderer.ts';

const dir = mkdtempSync(join(tmpdir(), 'render-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('render engine switch', () => {
  it('uses the fast paths unless DEALER_RENDER=astro', () => {
    expect(fastPathsOn({})).toBe(true);
    expect(fastPathsOn({ DEALER_RENDER: 'fast' })).toBe(true);
    expect(fastPathsOn({ DEALER_RENDER: 'astro' })).toBe(false);
  });

  it('a bad value names the variable', () => {
    expect(() => fastPathsOn({ DEALER_RENDER: 'kept' })).toThrow(/DEALER_RENDER: expected astro or fast/);
  });

  it('a kept renderer on disk is used only on the fast paths', () => {
    expect(hasKeptRenderer(dir, {})).toBe(false);
    writeFileSync(join(dir, KEPT_STATE_FILE), '{}');
    expect(hasKeptRenderer(dir, {})).toBe(true);
    expect(hasKeptRenderer(dir, { DEALER_RENDER: 'astro' })).toBe(false);
  });
});
