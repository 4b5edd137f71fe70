/**
 * Issue 13 "fail fast on configuration": `npm run api` (scripts/api.ts) with
 * NODE_ENV=production and no mail transport exits non-zero naming the missing setting;
 * with every production setting given it starts and answers /api/health.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database.ts';
import { freePort } from '../support/dev-postgres.ts';
import { openStores } from '../../src/server/stores.ts';
import { tempDir, writeTestTenants } from '../support/server-helpers.ts';

const ROOT = join(import.meta.dirname, '../..');

function runApi(env: Record<string, string>, untilReady: boolean): Promise<{ code: number | null; stderr: string; stdout: string; healthy: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/api.ts'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let healthy = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout, healthy });
    });
    if (untilReady) {
      const poll = async () => {
        for (let i = 0; i < 250 && child.exitCode === null; i++) {
          const ok = await fetch(`http://127.0.0.1:${env.PORT}/api/health`).then((response) => response.status === 200, () => false);
          if (ok) {
            healthy = true;
            child.kill('SIGTERM');
            return;
          }
          await new Promise((done) => setTimeout(done, 100));
        }
        child.kill('SIGTERM');
      };
      void poll();
    }
  });
}

describe('npm run api in production (issue 13 fail fast)', () => {
  let folder: ReturnType<typeof tempDir>;
  beforeAll(() => {
    folder = tempDir('api-production-');
    writeTestTenants(join(folder.dir, 'tenants'), 'https://crm.example/hook');
  });
  afterAll(() => folder?.remove());

  const base = () => ({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    TENANTS_DIR: join(folder.dir, 'tenants'),
    TENANTS_WATCH: 'false',
    SQLITE_FILE: join(folder.dir, 'leads.sqlite'),
    SIGN_IN_SECRET: 'a-production-secret-for-this-test',
    SMS_API_URL: 'https://sms.example/api',
    TRUST_PROXY: '10.0.0.0/8',
    DELIVERY_WORKER: 'false',
    LOG_LEVEL: 'warn',
  });

  it('H4 fail fast: without a mail transport it exits non-zero naming MAIL_API_URL', async () => {
    const result = await runApi({ ...base(), PORT: String(await freePort()) }, false);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/MAIL_API_URL: required in production/);
  });

  it('H4 fail fast: with every production setting it starts and answers /api/health', async () => {
    const result = await runApi({ ...base(), MAIL_API_URL: 'https://mail.example/api', PORT: String(await freePort()) }, true);
    expect(result.healthy, result.stderr + result.stdout).toBe(true);
    expect(result.code).toBe(0);
  });

  it('M10 fail fast: two tenants on one host stop the start, naming the host and both tenants', async () => {
    const tenants = join(folder.dir, 'dup-tenants');
    writeTestTenants(tenants, 'https://crm.example/hook');
    const site = JSON.parse(readFileSync(join(tenants, 'beta', 'site.json'), 'utf8'));
    mkdirSync(join(tenants, 'gamma'));
    writeFileSync(join(tenants, 'gamma', 'site.json'), JSON.stringify({ ...site, slug: 'gamma', url: 'https://beta-cars.example' }));
    writeFileSync(join(tenants, 'gamma', 'stock.json'), '[]');
    const result = await runApi({ ...base(), MAIL_API_URL: 'https://mail.example/api', TENANTS_DIR: tenants, PORT: String(await freePort()) }, false);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/tenant gamma: site\.json url host beta-cars\.example is already the host of tenant beta/);
  });

  it('M14 npm run api logs the dead-letter deliveries it finds at start, per tenant, with the retry command', async () => {
    const file = join(folder.dir, 'dead.sqlite');
    const db = await openDatabase({ kind: 'sqlite', file });
    const store = openStores(db);
    const saved = await store.leads.save({ tenant: 'alpha', values: { name: 'Jo', email: 'jo@example.com' }, destinations: ['crm'], now: Date.now() });
    const [job] = await store.outbox.claimDeliveries(Date.now() + 1, 10, 1);
    await store.outbox.recordDeliveryOutcomes([], [{ id: job!.id, error: 'webhook refused the lead: HTTP 400', nextAttemptAt: 0, dead: true }], Date.now());
    expect(saved.status).toBe('created');
    await db.close();
    const result = await runApi({ ...base(), MAIL_API_URL: 'https://mail.example/api', SQLITE_FILE: file, PORT: String(await freePort()) }, true);
    expect(result.healthy, result.stderr).toBe(true);
    const line = result.stdout.split('\n').find((entry) => entry.includes('dead-letter'));
    expect(line, result.stdout).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 50, dead: { alpha: 1 } });
    expect(line).toContain('npm run outbox -- retry');
  });
});
