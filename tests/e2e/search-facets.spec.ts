/**
 * Issue 14 on built sites: the new search facets (item 1: year and kilometre ranges, drive,
 * seats, certified, tag, badge, make > model, weekly repayments, subscription price), timed
 * promos in result grids (item 2, audit 3.13 / 4.15), the loader's 5 s messages (audit 9.36)
 * and the hero's every-make select (audit 2.96).
 * Fixtures: tests/fixtures/tenants/search-demo (60 cars), search-options (certified-only
 * caravan site with promo nodes), and the sunstate-motor-group demo tenant (subscriptions).
 */
import { axeBuilder } from './axe.ts';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { cars, pointAtSearch } from './search-helpers.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { DEFAULT_INDEX, LOADER_MESSAGES } from '../../src/search/core/config.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { createSearchEngine, type EngineSearchParams } from '../../src/search/engine/engine.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const NOW = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
const url = (slug: string, path: string) => `http://${slug}.localhost:${port}${path}`;
const demo = loadTenant('tests/fixtures/tenants/search-demo', NOW);
const demoEngine = createSearchEngine(toSearchDocuments(demo.visible, demo.site));
const hitsOf = (params: EngineSearchParams) => demoEngine.search(DEFAULT_INDEX, { hitsPerPage: 0, ...params }).nbHits;

async function openLive(page: Page, target: string) {
  await page.goto(target);
  await pointAtSearch(page);
  // The shared CI machine is slow to load the engine: allow it more than the default 7 s.
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.search-layout__grid')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
}

const count = (page: Page) => page.locator('.search-count');

test('issue14-1 drive, badge, tag and certified panels filter by keyboard, with the counts of the engine', async ({ page }) => {
  await openLive(page, url('search-demo', '/search/new-used-and-demo-cars'));
  // The fixture's one tagged car ('Runout Sale').
  await expect(page.getByRole('group', { name: 'Offers and tags' }).getByRole('checkbox', { name: /^Runout Sale/ })).toHaveCount(1);
  const drive = page.getByRole('group', { name: 'Drive', exact: true });
  await expect(drive.getByRole('checkbox')).toHaveCount(2);
  await drive.getByRole('checkbox', { name: /^AWD/ }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/refinementList\[drive\]\[\]=AWD/);
  await expect(count(page)).toHaveText(`${cars(hitsOf({ facetFilters: [['drive:AWD']] }))} found`);
  // The fixture has no certified car: only 'Not certified' is offered, and it matches every car.
  const certified = page.getByRole('group', { name: 'Certified', exact: true });
  await expect(certified.getByRole('checkbox')).toHaveCount(1);
  await expect(certified.getByRole('checkbox', { name: /^Not certified/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Badge', exact: true }).getByRole('checkbox')).not.toHaveCount(0);
  // No subscription prices on this site: no subscription slider.
  await expect(page.getByRole('group', { name: 'Subscription price' })).toHaveCount(0);
});

test('issue14-1 year and kilometre ranges: kilometres in whole thousands (§5), sent as range[km]', async ({ page }) => {
  await openLive(page, url('search-demo', '/search/new-used-and-demo-cars'));
  const km = page.getByRole('group', { name: 'Kilometres' });
  const minKm = km.getByLabel('Min kilometres');
  expect(Number(await minKm.inputValue()) % 1000).toBe(0);
  expect(Number(await km.getByLabel('Max kilometres').inputValue()) % 1000).toBe(0);
  await minKm.fill('20400');
  await minKm.press('Enter');
  await expect(page).toHaveURL(/range\[km\]=20000:/);
  await expect(count(page)).toHaveText(`${cars(hitsOf({ numericFilters: ['km>=20000'] }))} found`);
  const year = page.getByRole('group', { name: 'Year', exact: true });
  await year.getByRole('slider', { name: 'Minimum year' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/range\[year\]=\d{4}:/);
  const chosen = Number(/range\[year\]=(\d{4}):/.exec(decodeURIComponent(page.url()))![1]);
  await expect(count(page)).toHaveText(`${cars(hitsOf({ numericFilters: ['km>=20000', `year>=${chosen}`] }))} found`);
});

test('issue14-1 make > model: models open under their chosen make and lead to the model route', async ({ page }) => {
  // Two page loads and an axe run on a shared 2-core machine.
  test.setTimeout(90_000);
  await openLive(page, url('search-demo', '/search/new-used-and-demo-cars'));
  const makes = page.getByRole('group', { name: 'Make', exact: true });
  await expect(page.getByRole('group', { name: 'Toyota models' })).toHaveCount(0);
  await makes.getByRole('checkbox', { name: /^Toyota/ }).check();
  await expect(page).toHaveURL(url('search-demo', '/search/toyota'));
  const models = page.getByRole('group', { name: 'Toyota models' });
  await expect(models.getByRole('checkbox')).toHaveCount(3);
  await models.getByRole('checkbox', { name: /^Corolla/ }).check();
  await expect(page).toHaveURL(url('search-demo', '/search/toyota/corolla'));
  await expect(count(page)).toHaveText(`${cars(hitsOf({ facetFilters: [['make:Toyota'], ['model:Corolla']] }))} found`);
  // A deep link to a model route opens the hierarchy at that make.
  await openLive(page, url('search-demo', '/search/toyota/corolla'));
  await expect(page.getByRole('group', { name: 'Toyota models' }).getByRole('checkbox', { name: /^Corolla/ })).toBeChecked();
  const results = await axeBuilder(page).include('main').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('issue14-1 §5.4 a certified-only site never offers Not certified', async ({ page }) => {
  await openLive(page, url('search-options', '/used-car/used-cars'));
  await expect(page.getByText(/Not certified/)).toHaveCount(0);
});

test('issue14-1 subscription site: subscription price, weekly repayments and seats panels, axe-clean', async ({ page }) => {
  // axe over a 340-car demo's search page takes a while on a shared 2-core machine.
  test.setTimeout(120_000);
  await openLive(page, url('sunstate-motor-group', '/search/new-used-and-demo-cars'));
  const subscription = page.getByRole('group', { name: 'Subscription price' });
  await expect(subscription.getByRole('slider', { name: 'Minimum subscription price' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Weekly repayments' }).getByRole('checkbox')).not.toHaveCount(0);
  const seats = page.getByRole('group', { name: 'Seats', exact: true });
  await expect(seats.getByRole('checkbox').first()).toHaveAccessibleName(/^\d+ seats? \(\d+\)$/);
  const results = await axeBuilder(page).include('main').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('audit F9 weekly repayments: a band lists only cars whose own page prints a repayment in it', async ({ page }) => {
  test.setTimeout(180_000);
  await openLive(page, url('sunstate-motor-group', '/search/new-used-and-demo-cars'));
  await page
    .getByRole('group', { name: 'Weekly repayments' })
    .getByRole('checkbox', { name: /^\$200 - \$250/ })
    .focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/refinementList\[weekly_price_range\]\[\]=/);
  await expect(page.locator('.search-layout__grid')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  const filtered = page.url();
  // Every result of the band, page by page (the pagination's links name the last page).
  const pages = Math.max(
    1,
    ...(await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link').allTextContents()).map(Number).filter(Number.isFinite),
  );
  const hrefs: string[] = [];
  for (let number = 1; number <= pages; number += 1) {
    if (number > 1) await openLive(page, `${filtered}&page=${number}`);
    const cards = page.locator('.search-card:not(.search-card--sold) a.button', { hasText: 'Explore Vehicle' });
    hrefs.push(...(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))));
  }
  const outside: string[] = [];
  let boxes = 0;
  for (const href of hrefs) {
    // The built page as served (Chromium resolves the tenant's *.localhost host; Node does not).
    const html = await page.evaluate(async (path) => (await fetch(path)).text(), href);
    const box = /data-finance-text="payment">\$([\d,.]+)<\/span>[\s\S]*?data-finance-text="period">week</.exec(html);
    if (!box) continue;
    boxes += 1;
    const amount = Number(box[1]!.replace(/,/g, ''));
    if (amount < 200 || amount >= 250) outside.push(`${href}: $${amount} per week`);
  }
  expect(boxes).toBeGreaterThan(0);
  expect(outside).toEqual([]);
});

test('audit 3.13 / 4.15 timed promos: shown between start and expiry, by car type, strictDisplay honoured', async ({ page }) => {
  await openLive(page, url('search-options', '/used-car/used-cars'));
  const items = page.locator('.search-grid__item');
  const nodes = () =>
    items.evaluateAll((elements) =>
      elements.flatMap((element, index) => {
        const id = element.querySelector('[data-promo-node]')?.getAttribute('data-promo-node');
        return id ? [`${id}@${index}`] : [];
      }),
    );
  // Expired and not-yet-started nodes never show; the strict new-only node not on the used page.
  expect(await nodes()).toEqual(['evergreen-used@0']);
  await expect(items.nth(0)).toContainText('Used caravan trade-in bonus');
  await expect(items.nth(0).getByRole('link', { name: 'Value My Caravan' })).toHaveAttribute('href', '/sell-my-car');
  // The We Want Your Car! card keeps its slot (2 + a random 0-2 offset on this site).
  const promo = await items.evaluateAll((elements) =>
    elements.flatMap((element, index) => (element.classList.contains('search-grid__item--promo') ? [index] : [])),
  );
  expect(promo).toHaveLength(1);
  expect([2, 3, 4]).toContain(promo[0]);
  await openLive(page, url('search-options', '/used-car/new-cars'));
  expect(await nodes()).toEqual(['new-strict@1']);
});

test('audit 3.13 / 4.15 the demo shows its evergreen trade-in promo among used cars', async ({ page }) => {
  await openLive(page, url('sunstate-motor-group', '/search/used-cars'));
  const node = page.locator('.search-grid__item').nth(5);
  await expect(node.locator('[data-promo-node="trade-in-bonus"]')).toBeVisible();
  await expect(node).toContainText('Trade-in bonus: $500 more for your car');
});

test('audit 9.36 loader messages change every 5 s while a search is slow', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route('**/search-index-search-demo.json*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    await route.continue();
  });
  await page.goto(url('search-demo', '/search/new-used-and-demo-cars'));
  await pointAtSearch(page);
  const loader = page.locator('.search-loader');
  // The first message waits for the island to load and hydrate (seconds on a loaded CI machine:
  // it failed twice at 5 s in one fresh-clone run of 2026-11-25); the 5 s cadence is timed after it.
  await expect(loader).toHaveText(LOADER_MESSAGES[0], { timeout: 15_000 });
  await expect(loader).toHaveAttribute('role', 'status');
  const first = Date.now();
  await expect(loader).toHaveText(LOADER_MESSAGES[1], { timeout: 7_000 });
  const second = Date.now();
  expect(second - first).toBeGreaterThan(3_500);
  await expect(loader).toHaveText(LOADER_MESSAGES[2], { timeout: 7_000 });
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 15_000 });
  await expect(loader).toHaveCount(0);
});

test('audit 2.96 the hero make select offers every make in stock after the 20 popular ones', async ({ page }) => {
  const sunstate = loadTenant('tenants/sunstate-motor-group', NOW);
  const makes = [...new Set(toSearchDocuments(sunstate.visible, sunstate.site).flatMap((document) => (document.make ? [document.make] : [])))];
  expect(makes.length).toBeGreaterThan(20);
  await page.goto(url('sunstate-motor-group', '/'));
  await expect(page.locator('[data-hero-phase="live"]')).toBeVisible();
  const select = page.getByRole('search', { name: 'Stock search' }).getByLabel('Make', { exact: true });
  await expect(select.locator('optgroup[label="Popular Makes"] option')).toHaveCount(20);
  const all = await select.locator('optgroup[label="All Makes"] option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect([...all].sort()).toEqual([...makes].sort());
});
