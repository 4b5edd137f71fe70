/** The security-headers post-build step (finding M8): one `_headers` file whose policy lists every page's inline scripts. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../../schemas/site.ts';
import { parseHeadersFile } from '../../site-policy/security-headers.ts';
import { inlineScriptHashes } from './built-pages.ts';
import { securityHeadersStep } from './security-headers-step.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const site = (extra: Record<string, unknown> = {}) =>
  v.parse(SiteSchema, {
    slug: 'csp-motors',
    template: 'used-group',
    name: 'CSP Motors',
    url: 'https://csp.example.com.au',
    phone: '+61 7 3555 0100',
    ...extra,
  });

describe('M8 inline script hashes', () => {
  it('M8 hashes executable inline scripts exactly as written, skipping external scripts and JSON data blocks', () => {
    const html = `<script>(()=>{a()})();</script><script type="module">b()</script><script type="module" src="/_astro/x.js"></script><script type="application/ld+json">{"@type":"Car"}</script><script type="text/javascript">\n c()\n</script>`;
    expect(inlineScriptHashes(html).sort()).toEqual([hash('(()=>{a()})();'), hash('b()'), hash('\n c()\n')].sort());
  });
});

describe('M8 the post-build step writes a _headers file covering every page', () => {
  const out = mkdtempSync(join(tmpdir(), 'csp-step-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  it('M8 collects the inline scripts of all pages into one policy for the site', async () => {
    mkdirSync(join(out, 'cars', 'one'), { recursive: true });
    writeFileSync(join(out, 'index.html'), '<html><head><script>home()</script></head></html>');
    writeFileSync(join(out, 'cars', 'one', 'index.html'), '<html><head><script>home()</script><script type="module">car()</script></head></html>');
    await securityHeadersStep.run({ outDir: out, bundle: { site: site() }, tenant: {} } as never);
    const rules = parseHeadersFile(readFileSync(join(out, '_headers'), 'utf8'));
    expect(rules[0]!.pattern).toBe('/*');
    expect(rules.slice(1).every((rule) => Object.keys(rule.headers).join() === 'Cross-Origin-Opener-Policy')).toBe(true);
    const csp = rules[0]!.headers['Content-Security-Policy']!;
    expect(csp).toContain(hash('home()'));
    expect(csp).toContain(hash('car()'));
    expect(rules[0]!.headers['Strict-Transport-Security']).toBeTruthy();
  });
});
