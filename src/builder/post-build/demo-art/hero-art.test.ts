import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../schemas/site.ts';
import { heroArtPath, heroSvg } from './hero-art.ts';

const publicDir = join(import.meta.dirname, '../../../../public');

describe('hero pictures (issue 35 item 7)', () => {
  it.each(TEMPLATES)('the %s picture in public/ is what the code draws (node scripts/draw-hero-art.ts)', (template) => {
    expect(readFileSync(join(publicDir, heroArtPath(template)), 'utf8')).toBe(heroSvg(template));
  });

  it('each template has its own picture, a small standalone SVG whose gradient ids do not collide', () => {
    const pictures = TEMPLATES.map((template) => heroSvg(template));
    expect(new Set(pictures).size).toBe(TEMPLATES.length);
    for (const svg of pictures) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.length).toBeLessThan(60_000);
      const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map(([, id]) => id);
      expect(new Set(ids).size).toBe(ids.length);
      // Every gradient a shape uses is defined in the same picture.
      for (const [, used] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(used);
    }
  });
});
