/**
 * The search island on a Meilisearch site (issue 4 item 7), end to end: a real Meilisearch
 * server started here, the fixture's cars synced under a tenant of their own, the site
 * built with a tenant token signed at build time, pages served here. The island must load
 * instant-meilisearch (not the embedded index), follow the URL, and show the same hits as
 * the embedded engine would; a sentence typed into the hero lands with the same chips and cars
 * as on the embedded site (search-sentence.spec.ts); with Meilisearch stopped, the same page
 * must answer from the embedded index the build also wrote (docs/reliability.md "Meilisearch").
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { Meilisearch } from 'meilisearch';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { createStaticSitesHandler } from '../../src/server/static-sites.ts';
import { collapseSold } from '../../src/search/browser/results.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { createSearchEngine } from '../../src/search/engine/engine.ts';
import { syncTenant, tenantFilter } from '../../src/search/admin/meilisearch.ts';
import { startMeilisearch, type MeilisearchServer } from '../support/meilisearch-server.ts';
import { cars, searchFromHero } from './search-helpers.ts';

const SLUG = 'search-meili';
const INDEX = 'Car_e2e';
const NOW = process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00';

let meili: MeilisearchServer;
let http: Server;
let port = 0;
let work = '';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(join(tmpdir(), 'e2e-meili-'));
  meili = await startMeilisearch();
  const tenantDir = join(work, 'tenants', SLUG);
  cpSync('tests/fixtures/tenants/search-demo', tenantDir, { recursive: true });
  const site = JSON.parse(readFileSync(join(tenantDir, 'site.json'), 'utf8'));
  writeFileSync(join(tenantDir, 'site.json'), JSON.stringify({ ...site, slug: SLUG, search: { host: meili.host, index: INDEX } }));
  const tenant = loadTenant(tenantDir, Date.parse(NOW));
  const admin = new Meilisearch({ host: meili.host, apiKey: meili.masterKey });
  await syncTenant(admin, { index: INDEX, site: SLUG, filter: tenantFilter(tenant.site), documents: toSearchDocuments(tenant.visible, tenant.site) });
  const key = await admin.createKey({ actions: ['search'], indexes: [INDEX], expiresAt: null });
  const built = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', join(work, 'tenants'), '--out', join(work, 'dist'), '--now', NOW], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', MEILI_SEARCH_KEY: key.key, MEILI_SEARCH_KEY_UID: key.uid },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stdout}\n${built.stderr}`);
  // The admin and search keys never reach the pages; only the tenant token does.
  const page = readFileSync(join(work, 'dist', SLUG, 'search', 'used-cars', 'index.html'), 'utf8');
  expect(page).not.toContain(meili.masterKey);
  expect(page).not.toContain(key.key);
  http = createServer(createStaticSitesHandler({ sitesDir: join(work, 'dist') }));
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  port = (http.address() as { port: number }).port;
});

test.afterAll(async () => {
  await new Promise((done) => (http ? http.close(done) : done(undefined)));
  await meili?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a Meilisearch site searches through instant-meilisearch with the same results and URL state', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`http://${SLUG}.localhost:${port}/search/used-cars?sortBy=price-desc&refinementList[make][]=Toyota&refinementList[make][]=Mazda`);
  // The island loads and hydrates first: up to 15 s on a loaded two-core machine (as search-facets' loader).
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.search-layout__grid')).toHaveAttribute('aria-busy', 'false');

  const tenant = loadTenant('tests/fixtures/tenants/search-demo', Date.parse(NOW));
  const engine = createSearchEngine(toSearchDocuments(tenant.visible, tenant.site));
  const want = engine.search('Car_production:price:desc', { facetFilters: [['car_type:used'], ['make:Toyota', 'make:Mazda']], hitsPerPage: 21 });
  await expect(page.locator('.search-count')).toHaveText(`${cars(want.nbHits)} found`);
  const names = collapseSold(want.hits, (hit) => hit.status === 'sold').map(({ car }) => car.name);
  expect(await page.locator('.search-card__name').allTextContents()).toEqual(names);
  expect(requests.some((url) => url.startsWith(meili.host) && url.includes('/multi-search'))).toBe(true);
  expect(requests.some((url) => url.includes('/search-index-'))).toBe(false);

  await page.getByRole('group', { name: 'Body type' }).getByRole('checkbox', { name: /^SUV / }).check();
  await expect(page).toHaveURL(/\/search\/used-cars\?sortBy=price-desc&refinementList\[(make|body)\]/);
  await expect(page).toHaveURL(/refinementList\[body\]\[\]=SUV/);
  const next = engine.search('Car_production:price:desc', { facetFilters: [['car_type:used'], ['make:Toyota', 'make:Mazda'], ['body:SUV']], hitsPerPage: 21 });
  await expect(page.locator('.search-count')).toHaveText(`${cars(next.nbHits)} found`);
});

test('a sentence in the hero of a Meilisearch site lands with its chips and the cars of the same filters on the embedded engine', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const tenant = loadTenant('tests/fixtures/tenants/search-demo', Date.parse(NOW));
  const engine = createSearchEngine(toSearchDocuments(tenant.visible, tenant.site));
  // The equivalent filters, by hand, answered by the embedded engine.
  const want = engine.search('Car_production', {
    facetFilters: [['fuel:Diesel'], ['drive:AWD'], ['transmission:Automatic']],
    numericFilters: ['price<=60000'],
    hitsPerPage: 21,
  });
  expect(want.nbHits).toBeGreaterThan(1);
  await searchFromHero(page, `http://${SLUG}.localhost:${port}/`, 'diesel awd under 60k auto', ['Diesel', 'AWD', 'Under $60,000', 'Automatic'], want.nbHits);
  await expect(page).toHaveURL(
    /\/search\/new-used-and-demo-cars\?range\[price\]=:60000&refinementList\[fuel\]\[\]=Diesel&refinementList\[drive\]\[\]=AWD&refinementList\[transmission\]\[\]=Automatic$/,
  );
  await expect(page.getByRole('list', { name: 'Chosen filters' }).getByRole('button')).toHaveText([
    'Remove Diesel×',
    'Remove Automatic×',
    'Remove AWD×',
    'Remove Under $60,000×',
  ]);
  await expect(page.locator('.search-count')).toHaveText(`${cars(want.nbHits)} found`);
  expect(await page.locator('.search-card__name').allTextContents()).toEqual(
    collapseSold(want.hits, (hit) => hit.status === 'sold').map(({ car }) => car.name),
  );
  // Read from Meilisearch's own facets: no embedded index was fetched.
  expect(requests.some((url) => url.startsWith(meili.host) && url.includes('/multi-search'))).toBe(true);
  expect(requests.some((url) => url.includes('/search-index-'))).toBe(false);
});

test('with Meilisearch down the same search page answers from the embedded index its build also wrote', async ({ page }) => {
  // Last in this serial file: the server is gone for good.
  await meili.stop();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`http://${SLUG}.localhost:${port}/search/used-cars?sortBy=price-desc&refinementList[make][]=Toyota&refinementList[make][]=Mazda`);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 15_000 });
  const tenant = loadTenant('tests/fixtures/tenants/search-demo', Date.parse(NOW));
  const engine = createSearchEngine(toSearchDocuments(tenant.visible, tenant.site));
  // A change of filter is a live search: Meilisearch refuses the connection, the embedded index answers.
  await page.getByRole('group', { name: 'Body type' }).getByRole('checkbox', { name: /^SUV / }).check();
  const next = engine.search('Car_production:price:desc', { facetFilters: [['car_type:used'], ['make:Toyota', 'make:Mazda'], ['body:SUV']], hitsPerPage: 21 });
  await expect(page.locator('.search-count')).toHaveText(`${cars(next.nbHits)} found`);
  const names = collapseSold(next.hits, (hit) => hit.status === 'sold').map(({ car }) => car.name);
  expect(await page.locator('.search-card__name').allTextContents()).toEqual(names);
  expect(requests.some((url) => url.includes(`/search-index-${SLUG}.json`))).toBe(true);
});
