import { describe, expect, it } from 'vitest';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { ASTRO_ISLAND_STYLE, islandStyleInHead } from './island-style.ts';

describe('islandStyleInHead (issue 35 item 2: valid HTML)', () => {
  it('matches the style element Astro writes (fails on an Astro upgrade that changes it)', () => {
    expect(ASTRO_ISLAND_STYLE).toBe(`<style>${ISLAND_STYLES}</style>`);
  });

  it('moves the island style from the body to the end of the head, once, unchanged', () => {
    const page = `<!doctype html><html><head><title>x</title></head><body><p>a</p>${ASTRO_ISLAND_STYLE}<script>x()</script><astro-island></astro-island></body></html>`;
    expect(islandStyleInHead(page)).toBe(`<!doctype html><html><head><title>x</title>${ASTRO_ISLAND_STYLE}</head><body><p>a</p><script>x()</script><astro-island></astro-island></body></html>`);
  });

  it('leaves a page without islands, or with the style already in the head, as it is', () => {
    const plain = '<html><head></head><body><p>a</p></body></html>';
    expect(islandStyleInHead(plain)).toBe(plain);
    const done = `<html><head>${ASTRO_ISLAND_STYLE}</head><body></body></html>`;
    expect(islandStyleInHead(done)).toBe(done);
  });
});
