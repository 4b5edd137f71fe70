/**
 * A location's View Our Stock (site.json `stock_url`, on the location cards and pages) leads to a
 * page the build makes: a search link names one of its stock's search routes (stockRouteTable),
 * in every demo tenant and test fixture tenant that builds, and still does with none of its stock
 * left (the pages with the link do not read the stock; a location's own search page is built
 * whether or not any car is there).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { searchPrefix } from '../../src/lib/site/search-urls.ts';
import { stockRouteTable } from '../../src/search/build-time/page-data.ts';

const root = resolve(import.meta.dirname, '../..');
const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const tenantDirs = ['tenants', 'tests/fixtures/tenants'].flatMap((parent) =>
  readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'site.json')))
    .map((entry) => join(parent, entry.name)),
);

describe("a location's stock link", () => {
  it.each(tenantDirs)('%s: each search link is a search page of its stock', (dir) => {
    let tenant: ReturnType<typeof loadTenant>;
    try {
      tenant = loadTenant(join(root, dir), NOW);
    } catch {
      return; // A fixture that does not load (built to show a refusal) builds no pages.
    }
    for (const [stock, cars] of [
      ['its stock', tenant.visible],
      ['no stock', []],
    ] as const) {
      const table = stockRouteTable(cars, tenant.site);
      const built = new Set([table.base, ...table.routes.map((route) => route.path)]);
      const prefix = `${searchPrefix(tenant.site)}/`;
      for (const location of tenant.site.locations) {
        const path = location.stock_url?.split(/[?#]/)[0]?.replace(/(.)\/+$/, '$1');
        if (path?.startsWith(prefix)) expect(built.has(path), `${location.slug}, ${stock}: ${location.stock_url}`).toBe(true);
      }
    }
  });
});
