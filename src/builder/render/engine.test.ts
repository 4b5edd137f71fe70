/** The engine choice (engine.ts): the settings read once, and each row of the decision, including DEALER_RENDER=astro turning every fast engine off. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseEngine, hasKeptRenderer, renderProcesses, renderSettings, type EngineCall, type RenderSettings } from './engine.ts';
import { KEPT_STATE_FILE } from './astro/kept-renderer.ts';

const dir = mkdtempSync(join(tmpdir(), 'render-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fast: RenderSettings = { fast: true, splitRenderMinCars: 3000, cores: 2, cache: dir };
const plain: RenderSettings = { ...fast, fast: false };
const call = (changes: Partial<EngineCall>): EngineCall => ({ cars: 10, keep: false, kept: false, partial: false, ...changes });

describe('render settings', () => {
  it('use the fast engines unless DEALER_RENDER=astro', () => {
    expect(renderSettings({}).fast).toBe(true);
    expect(renderSettings({ DEALER_RENDER: 'fast' }).fast).toBe(true);
    expect(renderSettings({ DEALER_RENDER: 'astro' }).fast).toBe(false);
  });

  it('a bad value names the variable', () => {
    expect(() => renderSettings({ DEALER_RENDER: 'kept' })).toThrow(/DEALER_RENDER: expected astro or fast/);
    expect(() => renderSettings({ DEALER_SPLIT_RENDER_MIN_CARS: 'many' })).toThrow(/DEALER_SPLIT_RENDER_MIN_CARS/);
  });

  it('carry the split threshold and the cache root', () => {
    const settings = renderSettings({ DEALER_SPLIT_RENDER_MIN_CARS: '50', PIPELINE_CACHE_DIR: '/var/cache/dealer' });
    expect(settings).toMatchObject({ splitRenderMinCars: 50, cache: '/var/cache/dealer' });
    expect(settings.cores).toBeGreaterThan(0);
  });
});

describe('chooseEngine', () => {
  // One case per row of docs/architecture.md "Render paths".
  it.each([
    ['a tenant of its own below the split threshold', fast, call({}), 'astro'],
    ['a tenant of its own from the split threshold, two cores', fast, call({ cars: 3000 }), 'split'],
    ['a large tenant on one core', { ...fast, cores: 1 }, call({ cars: 5000 }), 'astro'],
    ['keep, no kept renderer yet: the compile', fast, call({ keep: true }), 'compile'],
    ['keep, a large tenant: the compile, like a small one', fast, call({ keep: true, cars: 5000 }), 'compile'],
    ['keep, the kept renderer is here', fast, call({ keep: true, kept: true }), 'kept'],
    ['a partial render with the kept renderer', fast, call({ keep: true, kept: true, partial: true }), 'kept'],
    ['a partial render without it: never a compile', fast, call({ keep: true, partial: true }), 'astro'],
    ['a partial render of a large tenant without it', fast, call({ keep: true, partial: true, cars: 5000 }), 'astro'],
    ['DEALER_RENDER=astro, a large tenant', plain, call({ cars: 5000 }), 'astro'],
    ['DEALER_RENDER=astro, keep', plain, call({ keep: true }), 'astro'],
    ['DEALER_RENDER=astro, the kept renderer is here', plain, call({ keep: true, kept: true }), 'astro'],
    ['DEALER_RENDER=astro, a partial render', plain, call({ keep: true, kept: true, partial: true }), 'astro'],
  ] as const)('%s', (_name, settings, given, engine) => {
    expect(chooseEngine(settings, given)).toBe(engine);
  });

  it('renders a large tenant with one process per core, at most two', () => {
    expect(renderProcesses(2999, fast)).toBe(1);
    expect(renderProcesses(3000, fast)).toBe(2);
    expect(renderProcesses(3000, { ...fast, cores: 8 })).toBe(2);
    expect(renderProcesses(3000, { ...fast, cores: 1 })).toBe(1);
  });
});

describe('hasKeptRenderer', () => {
  it('is true once the kept state is there', () => {
    expect(hasKeptRenderer(dir)).toBe(false);
    writeFileSync(join(dir, KEPT_STATE_FILE), '{}');
    expect(hasKeptRenderer(dir)).toBe(true);
  });
});
