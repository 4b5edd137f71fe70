import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TenantRegistry, watchTenantsFolder } from './tenants.ts';

const root = mkdtempSync(join(tmpdir(), 'tenants-unit-'));
function tenant(slug: string, url: string, extra: Record<string, unknown> = {}) {
  mkdirSync(join(root, slug), { recursive: true });
  writeFileSync(join(root, slug, 'site.json'), JSON.stringify({ slug, template: 'used-group', name: slug, url, phone: '+61 7 3000 1234', ...extra }));
  writeFileSync(join(root, slug, 'stock.json'), '[]');
}
tenant('acme', 'https://www.acme.example');
tenant('zed', 'https://zed.example', { email: 'leads@zed.example' });
const registry = new TenantRegistry({ tenantsDir: root, hostMap: { 'cars.acme.example': 'acme' } });
const report = registry.reload();
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('TenantRegistry', () => {
  it('loads every tenant folder', () => {
    expect(report).toEqual({ loaded: ['acme', 'zed'], failed: [] });
  });
  it('resolves <slug>.localhost with any port, site URL hosts, their bare domain and mapped hosts', () => {
    expect(registry.fromHost('acme.localhost:4321')?.slug).toBe('acme');
    expect(registry.fromHost('ACME.localhost')?.slug).toBe('acme');
    expect(registry.fromHost('www.acme.example')?.slug).toBe('acme');
    expect(registry.fromHost('cars.acme.example:443')?.slug).toBe('acme');
    expect(registry.fromHost('www.zed.example')?.slug).toBe('zed');
    expect(registry.fromHost('other.example')).toBeUndefined();
    expect(registry.fromHost('nobody.localhost')).toBeUndefined();
    expect(registry.fromHost(undefined)).toBeUndefined();
  });
  it('accepts only the site own origins for CORS', () => {
    expect(registry.fromOrigin('https://www.acme.example')?.slug).toBe('acme');
    expect(registry.fromOrigin('http://www.acme.example')).toBeUndefined();
    expect(registry.fromOrigin('http://acme.localhost:4321')?.slug).toBe('acme');
    expect(registry.fromOrigin('https://cars.acme.example')?.slug).toBe('acme');
    expect(registry.fromOrigin('http://cars.acme.example')).toBeUndefined();
    expect(registry.fromOrigin('https://evil.example')).toBeUndefined();
    expect(registry.fromOrigin('null')).toBeUndefined();
    expect(registry.fromOrigin('file:///etc/passwd')).toBeUndefined();
  });
  it('defaults delivery to ADF by e-mail when the site has an address and no lead-delivery.json', () => {
    expect(registry.get('zed')!.destinations).toEqual([{ id: 'email', type: 'email', format: 'adf', to: ['leads@zed.example'] }]);
    expect(registry.get('acme')!.destinations).toEqual([]);
  });
  it('reports a bad lead-delivery.json and keeps serving the last good version', () => {
    writeFileSync(join(root, 'zed', 'lead-delivery.json'), JSON.stringify({ destinations: [{ id: 'crm', type: 'webhook', url: 'not a url' }] }));
    const second = registry.reload();
    expect(second.failed[0]!.error).toMatch(/lead-delivery.json: field destinations.0.url/);
    expect(registry.get('zed')!.destinations[0]!.type).toBe('email');
  });
  it('refuses a webhook url that is not http(s) when loading, not at the first delivery', () => {
    writeFileSync(join(root, 'zed', 'lead-delivery.json'), JSON.stringify({ destinations: [{ id: 'crm', type: 'webhook', url: 'ftp://crm.example/leads' }] }));
    const third = registry.reload();
    expect(third.failed.map((entry) => entry.error)).toEqual([
      `${join(root, 'zed', 'lead-delivery.json')}: field destinations.0.url: expected an http(s) URL, e.g. https://crm.example.com/leads (got "ftp://crm.example/leads")`,
    ]);
  });
});

describe('watchTenantsFolder (npm run api with TENANTS_WATCH, npm run serve)', () => {
  it('reloads once, half a second after a burst of writes in a tenant folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tenants-watch-'));
    mkdirSync(join(folder, 'acme'));
    let reloads = 0;
    watchTenantsFolder(folder, () => reloads++);
    for (const name of ['site.json', 'stock.json', 'lead-delivery.json']) writeFileSync(join(folder, 'acme', name), '{}');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reloads).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(reloads).toBe(1);
    rmSync(folder, { recursive: true, force: true });
  });

  it('stops following the folder when its stop function is called, a pending reload included', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tenants-unwatch-'));
    mkdirSync(join(folder, 'acme'));
    let reloads = 0;
    const stop = watchTenantsFolder(folder, () => reloads++);
    writeFileSync(join(folder, 'acme', 'stock.json'), '[]');
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    writeFileSync(join(folder, 'acme', 'site.json'), '{}');
    rmSync(folder, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(reloads).toBe(0);
  });
});

describe('TenantRegistry with the pipeline stock folder', () => {
  it('reads a tenant accepted stock from the stock folder over its stock.json (the seed)', () => {
    const stockDir = mkdtempSync(join(tmpdir(), 'tenants-stock-'));
    try {
      const fixture = join(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors/stock.json');
      writeFileSync(join(stockDir, 'acme.json'), readFileSync(fixture, 'utf8'));
      const withStock = new TenantRegistry({ tenantsDir: root, stockDir });
      expect(withStock.reload().loaded).toContain('acme');
      // The folder's stock.json is empty; the accepted stock has the fixture's cars.
      expect(withStock.fromHost('acme.localhost')?.carsBySlug.has('2018-toyota-corolla-ascent-sport-pm1')).toBe(true);
      expect(registry.fromHost('acme.localhost')?.cars).toEqual([]);
    } finally {
      rmSync(stockDir, { recursive: true, force: true });
    }
  });
});

describe('incremental tenant reloads (issue 34)', () => {
  it('L11: a write in one tenant folder reloads only that tenant, debounced and off the request path', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tenants-l11-'));
    const write = (slug: string, stock: unknown[] = []) => {
      mkdirSync(join(folder, slug), { recursive: true });
      writeFileSync(join(folder, slug, 'site.json'), JSON.stringify({ slug, template: 'used-group', name: slug, url: `https://${slug}.example`, phone: '+61 7 3000 1234' }));
      writeFileSync(join(folder, slug, 'stock.json'), JSON.stringify(stock));
    };
    try {
      for (const slug of ['one', 'two', 'three']) write(slug);
      const tenants = new TenantRegistry({ tenantsDir: folder });
      tenants.reload();
      const untouched = [tenants.get('one'), tenants.get('three')];
      // The watcher says which folders changed (a burst of writes, then one call).
      const calls: (string[] | undefined)[] = [];
      watchTenantsFolder(folder, (changed) => calls.push(changed));
      const car = { id: 7, slug: 'two-corolla-7', name: 'Corolla', status: 'in_stock', car_type: 'used', make: 'Toyota', model: 'Corolla', year: 2020, km: 1, price: 1000 };
      write('two', [car]);
      writeFileSync(join(folder, 'two', 'reservations.json'), '{}');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(calls).toEqual([['two']]);
      // Reloading that folder: the others are the same objects (not re-read), requests run in between.
      let answered = false;
      setImmediate(() => (answered = true));
      const pending = tenants.reloadSome(calls[0]!);
      expect(answered).toBe(false);
      const result = await pending;
      expect(answered).toBe(true);
      expect(result).toEqual({ loaded: ['two'], failed: [] });
      expect(tenants.get('two')!.cars.map((entry) => entry.slug)).toEqual(['two-corolla-7']);
      expect([tenants.get('one'), tenants.get('three')]).toEqual(untouched);
      expect(tenants.get('one')).toBe(untouched[0]);
      expect(tenants.fromHost('two.example')?.slug).toBe('two');
      // A folder that is gone is dropped; a broken one keeps its previous version.
      rmSync(join(folder, 'three'), { recursive: true, force: true });
      writeFileSync(join(folder, 'one', 'site.json'), '{ broken');
      const second = await tenants.reloadSome(['three', 'one']);
      expect(tenants.get('three')).toBeUndefined();
      expect(tenants.get('one')).toBe(untouched[0]);
      expect(second.failed.map((entry) => entry.dir)).toEqual([join(folder, 'one')]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
