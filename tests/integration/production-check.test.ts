/**
 * Security review 2026-12-01 NEW-4: one production check shared by every process. The real
 * entry points (scripts/edge.ts, scripts/pipeline.ts, scripts/api.ts and each operator command
 * that opens the production database, bucket or search engine) are started as children with
 * NODE_ENV=production and the review's misconfigurations; each must exit with code 2 before
 * listening or opening anything, naming every unsafe setting.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/dev-postgres.ts';
import { tempDir, writeTestTenants } from '../support/server-helpers.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Run a script until it exits, or until `started` matches its output (then it is stopped): its exit code (null: it started), stdout and stderr. */
function run(script: string, args: string[], env: Record<string, string>, started: RegExp): Promise<{ code: number | null; started: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let up = false;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!up && started.test(output)) {
        up = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: up ? null : code, started: up, output });
    });
  });
}

describe('NEW-4: production refuses unsafe settings in every process', () => {
  let folder: ReturnType<typeof tempDir>;
  beforeAll(() => {
    folder = tempDir('production-check-');
    writeTestTenants(join(folder.dir, 'tenants'), 'https://crm.example/hook');
    mkdirSync(join(folder.dir, 'feeds'), { recursive: true });
  });
  afterAll(() => folder?.remove());

  /** The stack's bucket settings: the s3rver stand-in's keys over plain http. */
  const standInBucket = {
    S3_BUCKET: 'sites',
    S3_ENDPOINT: 'http://127.0.0.1:9',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };

  it('NEW-4: the edge refuses the S3 stand-in keys and a plain-http bucket endpoint', async () => {
    const port = await freePort();
    const result = await run('scripts/edge.ts', ['--port', String(port)], { NODE_ENV: 'production', ...standInBucket }, /edge-started/);
    expect(result.started, result.output).toBe(false);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/AWS_ACCESS_KEY_ID: the local stand-in's credential/);
    expect(result.output).toMatch(/AWS_SECRET_ACCESS_KEY: the local stand-in's credential/);
    expect(result.output).toMatch(/S3_ENDPOINT: plain http/);
  }, 120_000);

  it('NEW-4: the pipeline refuses a passwordless database, the photo guard off-switch, stand-in keys, a weak operator token and a shared operator port', async () => {
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
      ...standInBucket,
      DATABASE_URL: `postgresql://leads@db.example.com:5432/postgres`,
      REDIS_URL: 'redis://cache.example.com:6379',
      DEALER_PHOTO_ALLOW_PRIVATE: '1',
      PIPELINE_OPERATOR_TOKEN: 'a'.repeat(32),
      FEED_SECRET_ALPHA: 'aaaaaaaaaaaaaaaa',
    };
    const args = ['--tenants', join(folder.dir, 'tenants'), '--sites', join(folder.dir, 'sites'), '--inbox', join(folder.dir, 'feeds'), '--port', String(port)];
    const result = await run('scripts/pipeline.ts', args, env, /pipeline-started|webhook-listening/);
    expect(result.started, result.output).toBe(false);
    expect(result.code).toBe(2);
    for (const problem of [
      /AWS_ACCESS_KEY_ID: the local stand-in's credential/,
      /S3_ENDPOINT: plain http/,
      /DATABASE_URL: no password/,
      /REDIS_URL: no password/,
      /REDIS_URL: plain redis:\/\//,
      /DEALER_PHOTO_ALLOW_PRIVATE: switches the outbound-address guard off/,
      /PIPELINE_OPERATOR_TOKEN: it repeats one character/,
      /FEED_SECRET_ALPHA: it repeats one character/,
      /PIPELINE_OPERATOR_PORT: required in production/,
    ])
      expect(result.output).toMatch(problem);
  }, 120_000);

  it('NEW-4: every operator command run with the production settings refuses the same unsafe settings before it opens anything', async () => {
    const tenants = join(folder.dir, 'tenants');
    const feed = join(folder.dir, 'feed.json');
    writeFileSync(feed, '[]');
    // What an operator shell of a misconfigured production would hold: the stand-in's bucket keys over http, a passwordless database, a test-service override.
    const shell = {
      NODE_ENV: 'production',
      ...standInBucket,
      DATABASE_URL: 'postgresql://leads@127.0.0.1:9/leads',
      STRIPE_API_URL: 'http://127.0.0.1:4540',
      TENANTS_DIR: tenants,
    };
    const commands: [script: string, args: string[], area: string, extra?: Record<string, string>][] = [
      [
        'scripts/rollback.ts',
        ['--tenant', 'alpha', '--tenants', tenants, '--sites', join(folder.dir, 'sites'), '--publisher', 's3', '--list'],
        'operator command',
      ],
      ['scripts/refund.ts', ['--tenant', 'alpha', '--list'], 'lead API'],
      ['scripts/invoice.ts', ['--tenant', 'alpha', '--list'], 'lead API'],
      ['scripts/outbox.ts', ['status'], 'operator command'],
      ['scripts/purge.ts', ['--dry-run'], 'operator command'],
      ['scripts/export-leads.ts', ['--tenant', 'alpha'], 'operator command'],
      ['scripts/feed-check.ts', ['--tenant', 'alpha', '--tenants', tenants, '--sites', join(folder.dir, 'sites'), feed], 'operator command'],
      [
        'scripts/sync-search.ts',
        ['--tenants', tenants],
        'operator command',
        { MEILI_ADMIN_KEY: 'mk-2f9c1e7a5b3d8f0a6c4e2b9d7f1a3c5e', MEILI_ADMIN_HOST: 'http://search.example.com' },
      ],
    ];
    for (const [script, args, area, extra] of commands) {
      const result = await run(script, args, { ...shell, ...extra }, /^$ never/);
      expect(result.code, `${script}\n${result.output}`).toBe(2);
      expect(result.output, script).toContain(`Invalid ${area} configuration:`);
      for (const problem of [
        /AWS_ACCESS_KEY_ID: the local stand-in's credential/,
        /S3_ENDPOINT: plain http/,
        /DATABASE_URL: no password/,
        /STRIPE_API_URL: a test-service override/,
      ])
        expect(result.output, script).toMatch(problem);
      if (extra) expect(result.output, script).toMatch(/MEILI_ADMIN_HOST: plain http \(search\.example\.com\)/);
    }
  }, 240_000);

  it('NEW-4: the lead API refuses STRIPE_API_URL, a SIGN_IN_SECRET of 16 identical characters and plain-http providers outside a private network', async () => {
    const base = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      TENANTS_DIR: join(folder.dir, 'tenants'),
      TENANTS_WATCH: 'false',
      SQLITE_FILE: join(folder.dir, 'leads.sqlite'),
      TRUST_PROXY: 'none',
      DELIVERY_WORKER: 'false',
      LOG_LEVEL: 'info',
    };
    const port = String(await freePort());
    const result = await run(
      'scripts/api.ts',
      [],
      {
        ...base,
        PORT: port,
        SIGN_IN_SECRET: 'aaaaaaaaaaaaaaaa',
        MAIL_API_URL: 'http://mail.example.com/send',
        SMS_API_URL: 'http://127.0.0.1:9/sms',
        STRIPE_API_URL: 'http://127.0.0.1:4540',
        STRIPE_SECRET_KEY: 'sk_test_standin',
      },
      /lead API ready/,
    );
    expect(result.started, result.output).toBe(false);
    expect(result.code).toBe(2);
    for (const problem of [
      /STRIPE_API_URL: a test-service override/,
      /SIGN_IN_SECRET: it repeats one character/,
      /MAIL_API_URL: plain http \(mail\.example\.com\)/,
      /SMS_API_URL: plain http/,
    ])
      expect(result.output).toMatch(problem);
    // The named setting allows plain http inside a private network only (the loopback SMS stand-in), never to a public host.
    const allowed = await run(
      'scripts/api.ts',
      [],
      {
        ...base,
        PORT: port,
        SIGN_IN_SECRET: 'a-production-secret-for-this-test',
        MAIL_API_URL: 'http://mail.example.com/send',
        SMS_API_URL: 'http://127.0.0.1:9/sms',
        PRIVATE_NETWORK_PLAIN_HTTP: 'true',
      },
      /lead API ready/,
    );
    expect(allowed.code).toBe(2);
    expect(allowed.output).toMatch(/MAIL_API_URL: plain http/);
    expect(allowed.output).not.toMatch(/SMS_API_URL/);
    const ready = await run(
      'scripts/api.ts',
      [],
      {
        ...base,
        PORT: port,
        SIGN_IN_SECRET: 'a-production-secret-for-this-test',
        MAIL_API_URL: 'https://mail.example.com/send',
        SMS_API_URL: 'http://sms.internal:9/sms',
        PRIVATE_NETWORK_PLAIN_HTTP: 'true',
      },
      /lead API ready/,
    );
    expect(ready.started, ready.output).toBe(true);
  }, 180_000);
});
