/**
 * Host claims in the pipeline state (hosts.ts), on real tenant folders and SQLite: a tenant is
 * refused a host another tenant's url names, takes it once that url names it no more, drops its
 * former hosts once live; and a release refused its host fails before it renders.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimSiteHost, settleSiteHost } from './hosts.ts';
import { rebuildTenant } from './run.ts';
import { openPipelineState, type PipelineState } from '../state/store.ts';
import type { Publisher } from '../publish/types.ts';

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
let root = '';
let tenants = '';
let state: PipelineState;

function tenant(slug: string, url: string): string {
  const dir = join(tenants, slug);
  cpSync(FIXTURE, dir, { recursive: true });
  setUrl(slug, url);
  return dir;
}
function setUrl(slug: string, url: string): void {
  const file = join(tenants, slug, 'site.json');
  writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), slug, url }));
}
const claim = (slug: string, url: string) => claimSiteHost(state, slug, url, tenants);

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'host-claims-'));
  tenants = join(root, 'tenants');
  state = await openPipelineState({ dataDir: join(root, 'data') });
});
afterEach(async () => {
  await state.close();
  rmSync(root, { recursive: true, force: true });
});

describe('NEW-1 host claims in the pipeline state', () => {
  it("NEW-1: a host is refused to a second tenant while the holder's url names it (www and apex are one host), and taken once it does not", async () => {
    tenant('alpha', 'https://www.alpha.example.com.au');
    tenant('beta', 'https://www.beta.example.com.au');
    expect(await claim('alpha', 'https://www.alpha.example.com.au')).toEqual({
      hosts: { serve: ['www.alpha.example.com.au'], drop: [] },
      host: { name: 'www.alpha.example.com.au', key: 'alpha.example.com.au' },
    });
    expect(await claim('beta', 'https://www.alpha.example.com.au')).toEqual({
      refused: 'tenant beta: site.json url host www.alpha.example.com.au is already the host of tenant alpha; give each tenant its own host',
    });
    expect(await claim('beta', 'https://ALPHA.example.com.au./')).toMatchObject({
      refused: expect.stringMatching(/host alpha\.example\.com\.au is already the host of tenant alpha/),
    });
    // alpha moves away: its claim no longer holds, beta may take the host (the publisher then rewrites the alias).
    setUrl('alpha', 'https://www.alpha-cars.example.com.au');
    expect(await claim('beta', 'https://www.alpha.example.com.au')).toMatchObject({ hosts: { serve: ['www.alpha.example.com.au'], drop: [] } });
    expect(await claim('alpha', 'https://www.alpha-cars.example.com.au')).toMatchObject({ hosts: { serve: ['www.alpha-cars.example.com.au'], drop: [] } });
  });

  it('NEW-1/NEW-10: a tenant whose url changed drops its former host once live; the host is then free', async () => {
    tenant('alpha', 'https://www.alpha.example.com.au');
    const first = await claim('alpha', 'https://www.alpha.example.com.au');
    await settleSiteHost(state, 'alpha', 'host' in first ? first.host : undefined);
    setUrl('alpha', 'https://www.alpha-cars.example.com.au');
    const moved = await claim('alpha', 'https://www.alpha-cars.example.com.au');
    expect(moved).toMatchObject({ hosts: { serve: ['www.alpha-cars.example.com.au'], drop: ['www.alpha.example.com.au'] } });
    // Until the new release is live the former claim stays (its alias still names alpha); then it goes.
    expect((await state.hosts.claimsOf('alpha')).map((row) => row.host)).toEqual(['alpha-cars.example.com.au', 'alpha.example.com.au']);
    await settleSiteHost(state, 'alpha', 'host' in moved ? moved.host : undefined);
    expect(await state.hosts.claimsOf('alpha')).toEqual([{ host: 'alpha-cars.example.com.au', tenant: 'alpha', name: 'www.alpha-cars.example.com.au' }]);
    tenant('gamma', 'https://www.alpha.example.com.au');
    expect(await claim('gamma', 'https://www.alpha.example.com.au')).toMatchObject({ hosts: { serve: ['www.alpha.example.com.au'] } });
  });

  it("NEW-1: a release whose url names another tenant's host fails before it renders, naming both; nothing is published", async () => {
    tenant('alpha', 'https://www.alpha.example.com.au');
    const beta = tenant('beta', 'https://www.alpha.example.com.au');
    await claim('alpha', 'https://www.alpha.example.com.au');
    const published: string[] = [];
    const publisher: Publisher = { name: 'recording', publish: async ({ slug }) => void published.push(slug) };
    const result = await rebuildTenant({ tenantDir: beta, sitesDir: join(root, 'sites'), state, publisher, env: {} });
    expect(result).toMatchObject({
      outcome: 'failed',
      reason: 'tenant beta: site.json url host www.alpha.example.com.au is already the host of tenant alpha; give each tenant its own host',
    });
    expect(result.seconds).toBeLessThan(30);
    expect(published).toEqual([]);
    expect((await state.tenants.status('beta'))?.lastFailure?.reason).toMatch(/already the host of tenant alpha/);
  });
});
