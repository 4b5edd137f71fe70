#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in order:
 *   1. lint (ESLint), type check (astro check), then vitest (unit tests beside the code, integration
 *      tests; the fleet stack test and the fault suite each on its own after them);
 *   2. build the demo tenants and the fixture tenants into dist-test/ with a fixed clock;
 *   3. Playwright against those built sites, served with the lead API (playwright.config.ts).
 * Fails fast: a failing stage stops the run with its exit code.
 *   --skip-unit / --skip-e2e   run a part only;  --no-build reuses the last e2e build;
 *   extra args after -- go to Playwright. E2E_DIST (default dist-test), DATA_DIR (default
 *   data/e2e) and E2E_PORT let two engineers run browser tests side by side.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnvironment, environment } from '../src/config/env.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const args = process.argv.slice(2);
const passThrough = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
const flags = new Set(args.includes('--') ? args.slice(0, args.indexOf('--')) : args);

function run(label: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}) {
  // Browser-test builds take card payments through the Stripe stand-in's client (docs/payments.md).
  env = { PUBLIC_PAYMENT_CLIENT: 'stand-in', ...env };
  console.log(`\n=== ${label}: ${command} ${commandArgs.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: childEnvironment({ ASTRO_TELEMETRY_DISABLED: '1', ...env }) });
  console.log(`=== ${label}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const node = process.execPath;
if (!flags.has('--skip-unit')) {
  // The linter (eslint.config.mjs), strict TypeScript over .ts, .tsx and .astro files (astro check), then vitest.
  run('lint', node, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0']);
  run('type check', node, ['node_modules/astro/bin/astro.mjs', 'check'], { DEALER_BUNDLE: 'unused-by-astro-check' });
  // The fleet stack test (20 tenants, two workers, a SIGKILL) and the fault suite (the stack
  // under load, one infrastructure fault at a time: docs/reliability.md) each start a dozen
  // processes and build every tenant: they run on their own after the rest, so none slows another.
  const stack = 'tests/integration/stack.test.ts';
  const faults = 'tests/integration/faults.test.ts';
  run('unit and integration tests', node, ['node_modules/vitest/vitest.mjs', 'run', '--exclude', stack, '--exclude', faults]);
  run('fleet stack test', node, ['node_modules/vitest/vitest.mjs', 'run', stack]);
  run('fault suite', node, ['node_modules/vitest/vitest.mjs', 'run', faults]);
}

if (!flags.has('--skip-e2e')) {
  // One directory of every tenant the browser tests use: demo tenants + fixture tenants.
  const dist = environment().E2E_DIST ?? 'dist-test';
  const dataDir = environment().DATA_DIR ?? 'data/e2e';
  const e2eTenants = resolve(`${dist}-tenants`);
  const build = !flags.has('--no-build') || !existsSync(resolve(dist));
  if (build) rmSync(e2eTenants, { recursive: true, force: true });
  // A reserved overlay left by an interrupted payments test would mark a fixture car reserved.
  for (const name of readdirSync('tests/fixtures/tenants')) rmSync(join('tests/fixtures/tenants', name, 'reservations.json'), { force: true });
  mkdirSync(e2eTenants, { recursive: true });
  for (const source of build ? ['tenants', 'tests/fixtures/tenants'] : []) {
    if (!existsSync(source)) continue;
    for (const name of readdirSync(source)) {
      if (existsSync(join(source, name, 'site.json'))) symlinkSync(resolve(source, name), join(e2eTenants, name), 'dir');
    }
  }
  // One fixed build clock keeps the time rules (sold within 3 days, New Arrival within 8)
  // stable for every tenant; the specs judge the same rules at E2E_NOW.
  const clock = environment().E2E_NOW ?? '2026-11-21T10:00:00+10:00';
  if (build) buildAll(clock, dist);
  rmSync(resolve(dataDir), { recursive: true, force: true });
  run('browser tests', node, ['node_modules/@playwright/test/cli.js', 'test', ...passThrough], { E2E_NOW: clock, E2E_DIST: dist, DATA_DIR: dataDir });
}

/** Builds every tenant the browser tests use into `dist` at the fixed clock. */
function buildAll(clock: string, dist: string) {
  rmSync(resolve(dist), { recursive: true, force: true });
  // broken-site is meant to fail (tests/integration covers that); every other fixture must build.
  const fixtures = readdirSync('tests/fixtures/tenants').filter((name) => name !== 'broken-site' && existsSync(join('tests/fixtures/tenants', name, 'site.json')));
  const demos = readdirSync('tenants').filter((name) => existsSync(join('tenants', name, 'site.json')));
  // A tenant folder that lives outside the repository builds the same way (DESIGN §3).
  const outside = mkdtempSync(join(tmpdir(), 'outside-tenants-'));
  cpSync('tests/fixtures/tenants/basic-motors', join(outside, 'outside-motors'), { recursive: true });
  const siteFile = join(outside, 'outside-motors', 'site.json');
  writeFileSync(siteFile, JSON.stringify({ ...JSON.parse(readFileSync(siteFile, 'utf8')), slug: 'outside-motors', name: 'Outside Motors' }));
  // One fleet build (src/builder/render/fleet.ts): one compile renders the demo, fixture and outside tenants.
  const wanted = [...demos, ...fixtures, 'outside-motors'].flatMap((name) => ['--tenant', name]);
  run('build demo, fixture and outside tenants', node, ['scripts/build.ts', '--tenants', 'tenants', '--tenants', 'tests/fixtures/tenants', '--tenants', outside, ...wanted, '--out', dist, '--now', clock]);
  rmSync(outside, { recursive: true, force: true });
  // The photo fixture tenant (issue 15): its photo host runs only while it builds, so it is
  // written into the e2e tenants folder (for the server) and built by its own script.
  run('build the photo fixture tenant', node, ['tests/support/photos/build-fixture.ts', '--tenants', `${dist}-tenants`, '--out', dist, '--now', clock]);
}
