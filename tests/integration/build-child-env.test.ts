/**
 * Issue 13 (low): build children (the Astro build, the kept-bundle renderer) get an
 * allow-listed environment, not every secret of the process that starts them (database
 * URL, sign-in secret, Meilisearch admin key, feed secrets, provider API keys...).
 *
 * NODE_OPTIONS (which the allow-list keeps: it tunes Node) preloads a script that writes
 * the child's environment to a file and exits at once, so no real build runs.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, renderSettings, renderTenant } from '../../src/builder/render/index.ts';
import { createBundle } from '../../src/builder/bundle/create-bundle.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';

const repo = resolve(import.meta.dirname, '../..');
const fixture = join(repo, 'tests/fixtures/tenants/basic-motors');
const work = mkdtempSync(join(tmpdir(), 'child-env-'));
const dumps = join(work, 'dumps');
const SECRETS = {
  DATABASE_URL: 'postgres://leads:pw@db/leads',
  SIGN_IN_SECRET: 'sign-in-secret-value',
  MEILI_ADMIN_KEY: 'meili-admin-key-value',
  FEED_SECRET_BASIC_MOTORS: 'feed-secret-value',
  SMTP_URL: 'smtp://user:pw@mail',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-value',
};
const saved = { ...process.env };

function childEnvironments(): Record<string, string>[] {
  return readdirSync(dumps).map((name) => JSON.parse(readFileSync(join(dumps, name), 'utf8')) as Record<string, string>);
}

beforeAll(() => {
  const preload = join(work, 'dump-env.cjs');
  writeFileSync(preload, `require('fs').mkdirSync(${JSON.stringify(dumps)}, { recursive: true }); require('fs').writeFileSync(${JSON.stringify(dumps)} + '/' + process.pid + '.json', JSON.stringify(process.env)); process.exit(0);`);
  Object.assign(process.env, SECRETS, { NODE_OPTIONS: `--require ${preload}`, MEILI_SEARCH_KEY: 'search-only-key', MEILI_SEARCH_KEY_UID: 'uid-1' });
});

afterAll(() => {
  process.env = saved;
  rmSync(work, { recursive: true, force: true });
});

describe('Low build children get an allow-listed environment', () => {
  it('Low the Astro child of a build sees none of the server secrets', async () => {
    await buildTenant({ dir: fixture, outRoot: join(work, 'out'), now: Date.now(), logProblems: false });
    const envs = childEnvironments();
    expect(envs.length).toBeGreaterThan(0);
    for (const env of envs) {
      for (const name of Object.keys(SECRETS)) expect(env[name], name).toBeUndefined();
      // What the build needs still arrives.
      expect(env.DEALER_BUNDLE).toBeTruthy();
      expect(env.PATH).toBeTruthy();
      expect(env.MEILI_SEARCH_KEY).toBe('search-only-key');
    }
  }, 60_000);

  it('Low the pipeline release child sees none of them either', async () => {
    rmSync(dumps, { recursive: true, force: true });
    const tenant = loadTenant(fixture, Date.now());
    // A release with no kept renderer on the disk: Astro's build of its tenant.
    await renderTenant({ slug: tenant.slug, bundle: createBundle(tenant, Date.now()) }, { outDir: join(work, 'release'), settings: renderSettings() });
    const envs = childEnvironments();
    expect(envs.length).toBe(1);
    for (const name of Object.keys(SECRETS)) expect(envs[0]![name], name).toBeUndefined();
    expect(envs[0]!.DEALER_OUT_DIR).toBe(join(work, 'release'));
  }, 60_000);
});
