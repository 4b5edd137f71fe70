/** No named function in src/pipeline or src/edge is longer than 80 lines (scripts/function-lengths.ts measures them on the TypeScript AST). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longFunctions } from '../../scripts/function-lengths.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('function lengths', () => {
  it('no function in src/pipeline or src/edge is over 80 lines', () => {
    const files = [...sources('src/pipeline'), ...sources('src/edge')];
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap((file) => longFunctions(file, readFileSync(join(root, file), 'utf8'), 80))).toEqual([]);
  });

  it('measures declarations, methods and named arrows, not anonymous callbacks', () => {
    const body = (lines: number) => Array.from({ length: lines - 2 }, (_, index) => `  const v${index} = ${index};`).join('\n');
    const text = [
      `export function declared() {\n${body(81)}\n}`,
      `const arrow = () => {\n${body(82)}\n};`,
      `class Store {\n  method() {\n${body(83)}\n  }\n}`,
      `items.forEach(() => {\n${body(90)}\n});`,
      `function short() {\n${body(80)}\n}`,
    ].join('\n');
    expect(longFunctions('sample.ts', text, 80).map(({ name, lines }) => [name, lines])).toEqual([
      ['declared', 81],
      ['arrow', 82],
      ['method', 83],
    ]);
  });
});
