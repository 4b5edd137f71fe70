/**
 * A location's View Our Stock link (site.json `stock_url`, /search/{location slug}) keeps its
 * page when the location sells out: the release after its last car left publishes, and its
 * search page is still there (empty results). The Astro build is stood in for by a writer of
 * the pages as the routes make them: the location page with the link (/our-location/{slug},
 * which shows it whatever the stock) and one search page a route of the build's route table
 * (src/pages/search/[...path].astro reads the same table), besides what checkRelease asks for.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../../lib/site/tenant.ts';
import { openPipelineState, type PipelineState } from '../state/store.ts';
import { currentRelease, tenantPaths } from '../state/release-dirs.ts';
import { rebuildTenant } from './run.ts';

vi.mock('./build.ts', async (importOriginal) => {
  const { standInBuild } = await import('../../../tests/support/release-build.ts');
  const { stockRouteTable } = await import('../../search/build-time/page-data.ts');
  /** The home page, the location pages (with their link) and the search pages of the route table, and the cars. */
  const pages = (tenant: Tenant): [string, string][] => {
    const table = stockRouteTable(tenant.visible, tenant.site);
    return [
      ['index.html', ''],
      ...tenant.site.locations.map((location): [string, string] => [
        `our-location/${location.slug}/index.html`,
        location.stock_url ? `<a href="${location.stock_url}">View Our Stock</a>` : '',
      ]),
      ...[table.base, ...table.routes.map((route) => route.path)].map((path): [string, string] => [`${path.slice(1)}/index.html`, '']),
      ...tenant.visible.map((car): [string, string] => [`cars/${car.slug}/index.html`, '']),
    ];
  };
  return { ...(await importOriginal<typeof import('./build.ts')>()), ...standInBuild(pages) };
});

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const LOCATIONS = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/site-dealerships/site.json');
const SLUG = 'yard-motors';
const root = mkdtempSync(join(tmpdir(), 'location-stock-pages-'));
const tenantDir = join(root, 'tenants', SLUG);
const states: PipelineState[] = [];

beforeAll(async () => {
  cpSync(FIXTURE, tenantDir, { recursive: true });
  const site = JSON.parse(readFileSync(join(tenantDir, 'site.json'), 'utf8')) as Record<string, unknown>;
  // Newstead, whose View Our Stock is /search/newstead.
  const [newstead] = (JSON.parse(readFileSync(LOCATIONS, 'utf8')) as { locations: Record<string, unknown>[] }).locations;
  expect(newstead).toMatchObject({ slug: 'newstead', stock_url: '/search/newstead' });
  writeFileSync(join(tenantDir, 'site.json'), JSON.stringify({ ...site, slug: SLUG, url: `https://${SLUG}.example.com.au`, locations: [newstead] }));
});
afterAll(async () => {
  for (const state of states) await state.close();
  rmSync(root, { recursive: true, force: true });
});

/** The fixture's stock, its first car at Newstead or (false) at no location. */
function stock(atNewstead: boolean): void {
  const [first, ...rest] = JSON.parse(readFileSync(join(FIXTURE, 'stock.json'), 'utf8')) as Record<string, unknown>[];
  const location = { id: 1, name: 'Brisbane Cars Newstead', slug: 'newstead' };
  writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify([atNewstead ? { ...first, location } : first, ...rest]));
}

/** A pipeline of its own (sites directory and state): its `release` runs one job of the tenant. */
async function pipeline(name: string) {
  const sites = join(root, name, 'sites');
  const state = await openPipelineState({ dataDir: join(root, name, 'data') });
  states.push(state);
  return {
    release: () => rebuildTenant({ tenantDir, sitesDir: sites, state, env: {}, renderers: join(root, name, 'renderers'), log: () => {} }),
    current: () => currentRelease(sites, SLUG),
    /** Whether the live release has Newstead's search page. */
    hasNewsteadPage: () => existsSync(join(tenantPaths(sites, SLUG).releases, currentRelease(sites, SLUG) ?? '-', 'search/newstead/index.html')),
  };
}

describe("a location's View Our Stock page", () => {
  it('stays when the location sells out: the release publishes, the page is there with no cars', async () => {
    const { release, current, hasNewsteadPage } = await pipeline('sells-out');
    stock(true);
    expect(await release()).toMatchObject({ outcome: 'published' });
    expect(hasNewsteadPage()).toBe(true);
    stock(false);
    const second = await release();
    expect(second.reason).toBeUndefined();
    expect(second).toMatchObject({ outcome: 'published' });
    expect(current()).toBe(second.release);
    expect(hasNewsteadPage()).toBe(true);
  }, 120_000);

  it('is there in a first release of a location with no cars (no dead link shipped)', async () => {
    const { release, hasNewsteadPage } = await pipeline('first');
    stock(false);
    expect(await release()).toMatchObject({ outcome: 'published' });
    expect(hasNewsteadPage()).toBe(true);
  }, 120_000);
});
