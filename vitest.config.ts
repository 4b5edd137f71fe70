import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code (src/**/x.test.ts); integration tests under tests/integration.
// Playwright specs (tests/e2e/*.spec.ts) are not vitest's.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
