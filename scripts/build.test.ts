/**
 * The build command's flags, run as the operator runs it (a child process): a bad value stops
 * the command with a message naming the flag and the value, before any tenant is built. And
 * its tenant files: a file it cannot use stops that tenant (exit 1), said once, naming the file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

/** A tenant folder of its own tenants directory, with a valid site.json and the files given. */
function tenantWith(slug: string, files: Record<string, string>): string {
  const tenants = join(work, `tenants-${slug}`);
  mkdirSync(join(tenants, slug), { recursive: true });
  const site = { slug, template: 'used-group', name: 'Acme', url: 'https://acme.example', phone: '+61 7 3000 1234', email: 'leads@acme.example' };
  writeFileSync(join(tenants, slug, 'site.json'), JSON.stringify(site));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(tenants, slug, name), text);
  return tenants;
}

const build = (tenants: string, slug: string) =>
  spawnSync(process.execPath, [script, '--tenants', tenants, '--out', join(work, `out-${slug}`)], {
    encoding: 'utf8',
    env: { ...process.env, PIPELINE_CACHE_DIR: join(work, 'cache') },
  });

describe('npm run build: tenant files it cannot use', () => {
  it('stops a tenant whose stock.json is neither an array nor { "vehicles": [...] }, naming the file (it was built empty, exit 0)', () => {
    const tenants = tenantWith('shapeless', { 'stock.json': '{"cars":[]}' });
    const run = build(tenants, 'shapeless');
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(1);
    expect(run.stdout).toContain(`✗ shapeless: ${join(tenants, 'shapeless', 'stock.json')}: expected a JSON array of Car records (or { "vehicles": [...] })`);
    expect(run.stdout).toContain('built 0 of 1 tenant(s)');
  });
});

describe('npm run build: a bad lead-delivery.json', () => {
  it('stops the tenant, naming the file once (it was a note and exit 0, and the lead API then refused the tenant)', () => {
    const tenants = tenantWith('undelivered', {
      'stock.json': '[]',
      'lead-delivery.json': JSON.stringify({ destinations: [{ id: 'crm', type: 'webhook', url: 'crm.example/leads' }] }),
    });
    const run = build(tenants, 'undelivered');
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(1);
    const file = join(tenants, 'undelivered', 'lead-delivery.json');
    expect(run.stdout).toContain(`✗ undelivered: ${file}: field destinations.0.url: expected an http(s) URL, e.g. https://crm.example.com/leads`);
    expect(`${run.stdout}${run.stderr}`.split('lead-delivery.json')).toHaveLength(2);
  });
});

describe('npm run build: a broken site.json', () => {
  it('is said once, naming site.json; no lead-delivery.json line for the failed tenant (there was one, blaming a file that does not exist)', () => {
    const tenants = tenantWith('unparsed', {});
    writeFileSync(join(tenants, 'unparsed', 'site.json'), '{ "slug": "unparsed", ');
    const run = build(tenants, 'unparsed');
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(1);
    expect(run.stdout).toContain(`✗ unparsed: ${join(tenants, 'unparsed', 'site.json')}: invalid JSON: `);
    expect(`${run.stdout}${run.stderr}`).not.toContain('lead-delivery.json');
    expect(run.stdout.split('\n').filter((line) => line.includes('unparsed:'))).toHaveLength(1);
  });
});

describe('npm run build: a tenant folder of the output that holds pipeline releases', () => {
  it('refuses that tenant, naming the folder and what to do, and leaves its releases alone (Astro emptied it: releases, current and manifests gone)', () => {
    const tenants = tenantWith('released', { 'stock.json': '[]' });
    const out = join(work, 'out-released');
    const site = join(out, 'released');
    mkdirSync(join(site, 'releases/20260101T000000000Z-aaaa'), { recursive: true });
    mkdirSync(join(site, 'manifests'), { recursive: true });
    writeFileSync(join(site, 'manifests/20260101T000000000Z-aaaa.json'), '{}');
    symlinkSync('releases/20260101T000000000Z-aaaa', join(site, 'current'));
    const run = build(tenants, 'released');
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(1);
    expect(run.stdout).toContain(`✗ released: ${site} holds the pipeline's releases (current, releases/, manifests/)`);
    expect(run.stdout).toContain('--out');
    expect(run.stdout).toContain('built 0 of 1 tenant(s)');
    expect(existsSync(join(site, 'manifests/20260101T000000000Z-aaaa.json'))).toBe(true);
    expect(readlinkSync(join(site, 'current'))).toBe('releases/20260101T000000000Z-aaaa');
    expect(readdirSync(site).sort()).toEqual(['current', 'manifests', 'releases']);
  });
});
