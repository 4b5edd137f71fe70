/**
 * `npm run meili` (issue 17 item 4): the packaged Meilisearch runs from the README, with a kept
 * master key and database, and the settings it prints work for the sync and the build's
 * tenant tokens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Meilisearch } from 'meilisearch';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/meilisearch-server.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { mintTenantToken, syncTenant, tenantFilter } from '../../src/search/admin/meilisearch.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const INDEX = 'Car_meili_command_test';
const dir = mkdtempSync(join(tmpdir(), 'meili-command-'));
const running: ChildProcess[] = [];

/** Start `scripts/meili.ts` and resolve with the variables it prints. */
function startCommand(port: number): Promise<{ child: ChildProcess; settings: Record<string, string> }> {
  const child = spawn(process.execPath, ['scripts/meili.ts', '--port', String(port), '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`meili printed no settings in time:\n${out}\n${err}`)), 90_000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (!out.includes('MEILI_SEARCH_KEY_UID=') || !out.includes('site.json')) return;
      clearTimeout(timer);
      const settings = Object.fromEntries([...out.matchAll(/^export (MEILI_[A-Z_]+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
      done({ child, settings });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`meili exited with ${code}:\n${out}\n${err}`));
    });
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done(child.exitCode);
    child.once('exit', (code) => done(code));
    child.kill('SIGINT');
  });
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run meili', () => {
  it('prints settings that sync a tenant and sign its browser token, and keeps key and data across restarts', async () => {
    const port = await freePort();
    const first = await startCommand(port);
    const { MEILI_ADMIN_HOST, MEILI_ADMIN_KEY, MEILI_SEARCH_KEY, MEILI_SEARCH_KEY_UID } = first.settings;
    expect(MEILI_ADMIN_HOST).toBe(`http://127.0.0.1:${port}`);
    expect(statSync(join(dir, 'master-key')).mode & 0o777).toBe(0o600);

    const tenant = loadTenant('tests/fixtures/tenants/search-demo', NOW);
    const documents = toSearchDocuments(tenant.visible, tenant.site);
    const admin = new Meilisearch({ host: MEILI_ADMIN_HOST, apiKey: MEILI_ADMIN_KEY });
    const report = await syncTenant(admin, { index: INDEX, site: tenant.site.slug, documents });
    expect(report.added).toBe(documents.length);

    const token = await mintTenantToken({ searchKey: { uid: MEILI_SEARCH_KEY_UID, key: MEILI_SEARCH_KEY }, index: INDEX, filter: tenantFilter(tenant.site), expiresAt: new Date(Date.now() + 86_400_000) });
    const browser = new Meilisearch({ host: MEILI_ADMIN_HOST, apiKey: token });
    const result = await browser.index(INDEX).search('', { limit: 1 });
    expect(result.estimatedTotalHits).toBe(documents.length);
    // The search key cannot write.
    await expect(new Meilisearch({ host: MEILI_ADMIN_HOST, apiKey: MEILI_SEARCH_KEY }).index(INDEX).deleteAllDocuments()).rejects.toThrow();

    expect(await stop(first.child)).toBe(0);
    const second = await startCommand(port);
    expect(second.settings).toEqual(first.settings);
    const again = await new Meilisearch({ host: MEILI_ADMIN_HOST, apiKey: MEILI_ADMIN_KEY }).index(INDEX).search('', { limit: 1 });
    expect(again.estimatedTotalHits).toBe(documents.length);
    expect(await stop(second.child)).toBe(0);
  }, 240_000);
});
