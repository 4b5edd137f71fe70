/**
 * Issue 13 M8 end to end: a tenant whose Markdown tries to inject script is built for real
 * (scripts/build.ts, Astro child), then served by the static server of `npm start`:
 * nothing executable from the Markdown reaches the page, and every page is served with a
 * Content-Security-Policy whose script-src lists the hash of every inline script on it
 * (and nothing like 'unsafe-inline'), plus HSTS and frame protection.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/builder/post-build/built-pages.ts';
import { serveSites } from '../support/pipeline-env.ts';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'built-site-security-'));
const out = join(work, 'out');
let served: Awaited<ReturnType<typeof serveSites>>;
let build: { code: number | null; out: string };

function pages(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) pages(join(dir, entry.name), found);
    else if (entry.name === 'index.html') found.push(join(dir, entry.name));
  }
  return found;
}

beforeAll(async () => {
  const tenant = join(work, 'tenants', 'basic-motors');
  cpSync(join(repo, 'tests/fixtures/tenants/basic-motors'), tenant, { recursive: true });
  mkdirSync(join(tenant, 'content'), { recursive: true });
  writeFileSync(
    join(tenant, 'content', 'specials.md'),
    '---\ntitle: Specials\n---\nBig sale <script>window.pwned = 1</script>\n\n<img src="x" onerror="window.pwned = 2">\n\n[Claim your prize](javascript:window.pwned=3)\n\n<iframe src="https://evil.example/"></iframe>\n',
  );
  const result = spawnSync(process.execPath, [join(repo, 'scripts/build.ts'), '--tenants', join(work, 'tenants'), '--tenant', 'basic-motors', '--out', out, '--jobs', '1'], { cwd: repo, encoding: 'utf8' });
  build = { code: result.status, out: `${result.stdout}${result.stderr}` };
  served = await serveSites(out);
}, 240_000);

afterAll(async () => {
  await served?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('M8 built pages', () => {
  it('M8 the hostile Markdown page is built without anything executable from it', async () => {
    expect(build.code, build.out).toBe(0);
    const page = await served.get('basic-motors', '/specials/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Big sale');
    expect(page.text).not.toContain('window.pwned');
    expect(page.text).not.toMatch(/<iframe[^>]+evil/);
  });

  it('M8 every page is served with a CSP listing the hash of each of its inline scripts, HSTS and frame protection', async () => {
    const files = pages(join(out, 'basic-motors'));
    expect(files.length).toBeGreaterThan(10);
    let inlineSeen = 0;
    for (const file of files) {
      const path = `/${relative(join(out, 'basic-motors'), file).replace(/index\.html$/, '')}`;
      const response = await served.getWithHeaders('basic-motors', path);
      expect(response.status, path).toBe(200);
      const csp = String(response.headers['content-security-policy'] ?? '');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      for (const hash of inlineScriptHashes(response.text)) {
        inlineSeen += 1;
        expect(scriptSrc.split(' '), `${path}: inline script ${hash}`).toContain(hash);
      }
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(response.headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
      expect(response.headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
    expect(inlineSeen).toBeGreaterThan(0);
  });
});
