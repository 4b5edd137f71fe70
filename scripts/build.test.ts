/**
 * The build command's flags, run as the operator runs it (a child process): a bad value stops
 * the command with a message naming the flag and the value, before any tenant is built.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = resolve(import.meta.dirname, 'build.ts');
const work = mkdtempSync(join(tmpdir(), 'build-flags-'));
mkdirSync(join(work, 'tenants/acme'), { recursive: true });
writeFileSync(join(work, 'tenants/acme/site.json'), '{}');

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run build -- --jobs', () => {
  it.each(['two', '0', '1.5'])('refuses --jobs %s with exit 2, naming the flag and the value, and builds nothing', (jobs) => {
    const out = join(work, `out-${jobs}`);
    const run = spawnSync(process.execPath, [script, '--tenants', join(work, 'tenants'), '--out', out, '--jobs', jobs], { encoding: 'utf8' });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(2);
    expect(run.stderr).toContain(`--jobs: "${jobs}"`);
    expect(run.stdout).not.toMatch(/built \d+ of/);
    expect(existsSync(out)).toBe(false);
  });
});
