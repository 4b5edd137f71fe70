/**
 * Every `client:idle` island has a bound on its wait (src/islands/directives/idle.ts): an
 * island added with a bare `client:idle` could stay static HTML in a browser that never
 * reports idle (tests/e2e/idle-hydration.spec.ts shows that browser).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(astro|tsx|mdx)$/.test(entry.name) ? [path] : [];
  });
}

describe('client:idle islands', () => {
  it('all wait at most IDLE_HYDRATION for an idle moment', () => {
    const uses = sources('src').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/client:idle(=\{[^}]*\}|\b)/g)].map((match) => ({ file, directive: match[0] })));
    expect(uses.length).toBeGreaterThan(10);
    expect(uses.filter((use) => use.directive !== 'client:idle={IDLE_HYDRATION}')).toEqual([]);
  });
});
