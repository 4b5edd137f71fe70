// ESLint (issue 12): typescript-eslint, eslint-plugin-astro, react-hooks and jsx-a11y rules
// (eslint-plugin-jsx-a11y-x: the jsx-a11y rules for ESLint 10, the provider eslint-plugin-astro
// uses for .astro files). `npm run lint`; `npm test` runs it before the type check.
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['.cache/**', 'dist/**', 'dist-*/**', 'data/**', 'node_modules/**', '.astro/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'tenants/**', 'tests/fixtures/tenants/**'],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-recommended'],
  {
    // A hook module without JSX (`use-*.ts`) is held to the same hook rules.
    files: ['**/*.tsx', 'src/islands/**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y-x': jsxA11y },
    rules: {
      // The two classic hooks rules; the React Compiler rules of recommended (refs during
      // render, set-state in effect, ...) target compiler-optimised code, which this is not.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.configs.recommended.rules,
    },
  },
  {
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Inline <script is:inline> blocks ship to the browser as written (the gate guard runs
    // before anything else, in any browser): keep their `var`s; rewriting them changes the pages.
    files: ['**/*.astro/*.js', '**/*.astro/*.ts'],
    rules: { 'no-var': 'off' },
  },
);
