import { globSync, readFileSync } from 'node:fs';
import { getViteConfig } from 'astro/config';
import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code (src/**/x.test.ts); integration tests under tests/integration.
// Playwright specs (tests/e2e/*.spec.ts) are not vitest's.
const unitFiles = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'];
// Tests of .astro components (src/components/**/x.test.ts) render them with Astro's container
// (experimental_AstroContainer), which needs Astro's own Vite plugins: project "astro".
const astroFiles = ['src/components/**/*.test.ts'];
const integrationFiles = ['tests/integration/**/*.test.ts'];
// Project "unit" shares its workers between files (isolate: false), which spares a worker's
// start per file; a unit file that replaces modules or globals (vi.mock, stubbed env or
// globals, fake timers, spies, chdir) would leak that into the next file, so it runs in project
// "isolated" with the integration tests, a fresh worker per file as before.
const replacesGlobals = /\bvi\.(?:mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\(|process\.chdir\(/;
const isolatedUnitFiles = globSync(unitFiles, { exclude: astroFiles }).filter((file) => replacesGlobals.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: unitFiles, exclude: ['node_modules', 'dist', ...astroFiles, ...isolatedUnitFiles], isolate: false } },
      { extends: true, test: { name: 'isolated', include: [...isolatedUnitFiles, ...integrationFiles] } },
      getViteConfig({ test: { name: 'astro', include: astroFiles } }),
    ],
    // `npm run test:coverage`: the unit tests beside src/lib, src/server, src/pipeline, src/builder
    // and src/search, measured over those folders, each with its own floor (the measured figure
    // less a margin, docs/decisions.md "Coverage floor"): coverage may grow, not shrink. CI runs
    // it as its own step after `npm test` (.ci/run).
    coverage: {
      provider: 'v8',
      include: ['src/lib/**/*.ts', 'src/server/**/*.ts', 'src/pipeline/**/*.ts', 'src/builder/**/*.ts', 'src/search/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: {
        'src/lib/**': { statements: 94, branches: 88, functions: 94, lines: 95 },
        'src/server/**': { statements: 46, branches: 42, functions: 50, lines: 48 },
        'src/pipeline/**': { statements: 54, branches: 48, functions: 58, lines: 55 },
        'src/builder/**': { statements: 71, branches: 56, functions: 69, lines: 72 },
        'src/search/**': { statements: 92, branches: 84, functions: 90, lines: 94 },
      },
    },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One temp folder per run (TMPDIR), removed at its end: tests/support/temp-root.ts.
    globalSetup: ['tests/support/temp-root.ts'],
  },
});
