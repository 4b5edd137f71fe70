import { describe, expect, it } from 'vitest';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { ASTRO_ISLAND_STYLE, islandStyleInHead, islandStyleInHeadInPlace } from './island-style.ts';

/** The function on a page's UTF-8 bytes, read back as text. */
const moved = (page: string) => Buffer.from(islandStyleInHead(Buffer.from(page))).toString('utf8');

describe('islandStyleInHead (issue 35 item 2: valid HTML)', () => {
  it('matches the style element Astro writes (fails on an Astro upgrade that changes it)', () => {
    expect(ASTRO_ISLAND_STYLE).toBe(`<style>${ISLAND_STYLES}</style>`);
  });

  it('moves the island style from the body to the end of the head, once, unchanged', () => {
    const page = `<!doctype html><html><head><title>x</title></head><body><p>a</p>${ASTRO_ISLAND_STYLE}<script>x()</script><astro-island></astro-island></body></html>`;
    expect(moved(page)).toBe(
      `<!doctype html><html><head><title>x</title>${ASTRO_ISLAND_STYLE}</head><body><p>a</p><script>x()</script><astro-island></astro-island></body></html>`,
    );
  });

  it('moves it on the bytes of a page with characters of more than one byte before and after it', () => {
    const page = `<html><head><title>Ute — 4×4 🚙</title></head><body><p>Über ${'é'.repeat(3)}</p>${ASTRO_ISLAND_STYLE}<p>“ok”</p></body></html>`;
    expect(moved(page)).toBe(`<html><head><title>Ute — 4×4 🚙</title>${ASTRO_ISLAND_STYLE}</head><body><p>Über ééé</p><p>“ok”</p></body></html>`);
  });

  it('leaves a page without islands, or with the style already in the head, as it is', () => {
    const plain = '<html><head></head><body><p>a</p></body></html>';
    expect(moved(plain)).toBe(plain);
    const done = `<html><head>${ASTRO_ISLAND_STYLE}</head><body></body></html>`;
    expect(moved(done)).toBe(done);
  });
});

describe('islandStyleInHeadInPlace (the kept renderer, on the bytes it owns)', () => {
  const pages = [
    `<!doctype html><html><head><title>x</title></head><body><p>a</p>${ASTRO_ISLAND_STYLE}<script>x()</script><astro-island></astro-island></body></html>`,
    `<html><head><title>Ute — 4×4 🚙</title></head><body><p>Über ${'é'.repeat(3)}</p>${ASTRO_ISLAND_STYLE}<p>“ok”</p></body></html>`,
    `<html><head><title>x</title></head>${ASTRO_ISLAND_STYLE}<body></body></html>`,
    `<html><head><title>x</title></head><body>${'<p>long</p>'.repeat(500)}${ASTRO_ISLAND_STYLE}</body></html>`,
    '<html><head></head><body><p>a</p></body></html>',
    `<html><head>${ASTRO_ISLAND_STYLE}</head><body></body></html>`,
    `<p>no head</p>${ASTRO_ISLAND_STYLE}`,
  ];

  it.each(pages)('gives the bytes islandStyleInHead gives, in the page it was handed (%#)', (page) => {
    const expected = Buffer.from(islandStyleInHead(Buffer.from(page)));
    // A page in the middle of a larger buffer, as a response's bytes may be.
    const around = Buffer.from(`[${page}]`);
    const bytes = around.subarray(1, around.length - 1);
    expect(islandStyleInHeadInPlace(bytes)).toBe(bytes);
    expect(Buffer.from(bytes).equals(expected)).toBe(true);
    expect([around[0], around[around.length - 1]]).toEqual([0x5b, 0x5d]);
  });
});
