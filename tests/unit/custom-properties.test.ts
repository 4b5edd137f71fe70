/**
 * Every CSS custom property the styles read (`var(--name)`) is one the project sets: the
 * theme's colours (src/lib/site/theme.ts: --colour-primary, --colour-on-primary, ...), a
 * declaration in a stylesheet or a component's style, or a script's setProperty. A misspelt
 * name (--color-primary for the theme's --colour-primary) is never set, so the rule falls back
 * to its default colour on every tenant, whatever the theme and its contrast.
 */
import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Read with a fallback that is the value meant; nothing sets them (kept as they are). */
const READ_WITH_THEIR_FALLBACK = ['--colour-link', '--border', '--radius'];

const files = globSync('src/**/*.{css,astro,ts,tsx}').filter((path) => !/\.test\.tsx?$/.test(path));
const sources = files.map((path) => readFileSync(path, 'utf8'));

/** The custom properties read, each with the files reading it. */
function reads(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  sources.forEach((text, index) => {
    for (const match of text.matchAll(/var\(\s*(--[\w-]+)/g)) found.set(match[1]!, [...(found.get(match[1]!) ?? []), files[index]!]);
  });
  return found;
}

/** Whether some source sets `name`: a declaration (`--name:`) or a quoted name (setProperty, a style object). */
function isSet(name: string): boolean {
  const escaped = name.replace(/[-]/g, '\\-');
  const declared = new RegExp(`(?<![\\w-])${escaped}\\s*:|['"\`]${escaped}['"\`]`);
  return sources.some((text) => declared.test(text));
}

describe('custom properties', () => {
  it('every one the styles read is set somewhere (the theme colours are --colour-*)', () => {
    const unset = [...reads()].filter(([name]) => !isSet(name) && !READ_WITH_THEIR_FALLBACK.includes(name));
    expect(unset).toEqual([]);
  });

  it('the ones read only with their fallback are still read and still set by nothing (the list stays true)', () => {
    const read = reads();
    expect(READ_WITH_THEIR_FALLBACK.filter((name) => !read.has(name) || isSet(name))).toEqual([]);
  });
});
