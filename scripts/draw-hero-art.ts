#!/usr/bin/env node
/**
 * Write the home pages' hero pictures (src/builder/post-build/demo-art/hero-art.ts) to public/media/hero/<template>.svg,
 * one per site template. Run after changing the drawings; src/builder/post-build/demo-art/hero-art.test.ts fails
 * while a file differs from the code.
 *
 *   node scripts/draw-hero-art.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heroArtPath, heroSvg } from '../src/builder/post-build/demo-art/hero-art.ts';
import { TEMPLATES } from '../src/schemas/site.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const template of TEMPLATES) {
  const file = join(root, 'public', heroArtPath(template));
  mkdirSync(join(file, '..'), { recursive: true });
  const svg = heroSvg(template);
  writeFileSync(file, svg);
  console.log(`✓ ${file} (${Math.round(svg.length / 1024)} KB)`);
}
