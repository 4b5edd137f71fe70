/**
 * Sentence search in the browser, embedded engine (docs/search.md "Sentences"; Meilisearch:
 * search-meilisearch.spec.ts): a sentence typed into the home hero shows what it understood as
 * chips and counts with it, then lands on the search page with its chips, the refinements in the
 * URL and the same cars as the equivalent filters chosen by hand; chips are removable by keyboard;
 * Enter in the search page's box reads a sentence too, also an Enter pressed before the island is live.
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { axeBuilder } from './axe.ts';
import { cars, searchFromHero } from './search-helpers.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { stockNounsOf } from '../../src/lib/text/template-wording.ts';
import { DEFAULT_INDEX } from '../../src/search/core/config.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { buildRouteTable } from '../../src/search/core/routes.ts';
import { searchPrefix } from '../../src/lib/site/search-urls.ts';
import { createSearchEngine } from '../../src/search/engine/engine.ts';
import { collapseSold } from '../../src/search/browser/results.ts';
import { createSearchUrl, type SearchUrlState } from '../../src/search/browser/routing.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const NOW = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');

/** A tenant of the e2e build: its address, and the engine's answer for a state (names of the first page, count). */
function tenantOf(slug: string, dir: string) {
  const tenant = loadTenant(dir, NOW);
  const documents = toSearchDocuments(tenant.visible, tenant.site);
  const engine = createSearchEngine(documents);
  const routes = buildRouteTable(documents, searchPrefix(tenant.site));
  const answer = (state: SearchUrlState) => {
    const numericFilters = Object.entries(state.range ?? {}).flatMap(([attribute, value]) => {
      const [low, high] = value.split(':');
      return [...(low ? [`${attribute}>=${low}`] : []), ...(high ? [`${attribute}<=${high}`] : [])];
    });
    const facetFilters = Object.entries(state.refinementList ?? {}).map(([attribute, values]) => values.map((value) => `${attribute}:${value}`));
    const result = engine.search(DEFAULT_INDEX, { query: state.query, facetFilters, numericFilters, hitsPerPage: tenant.site.search_page_size });
    return { names: collapseSold(result.hits, (hit) => hit.status === 'sold').map(({ car }) => car.name), nbHits: result.nbHits };
  };
  return { url: (path: string) => `http://${slug}.localhost:${port}${path}`, routes, answer, noun: stockNounsOf(tenant.site).other };
}

const cardNames = (page: Page) => page.locator('.search-card__name').allTextContents();
const chips = (page: Page) => page.getByRole('list', { name: 'Chosen filters' }).getByRole('button');

test('the example sentence in the hero lands on the search page with its chips and the cars of the same filters chosen by hand', async ({ page }) => {
  const sunstate = tenantOf('sunstate-motor-group', 'tenants/sunstate-motor-group');
  // The equivalent filters, written by hand: what a shopper would tick in four panels.
  const byHand: SearchUrlState = { range: { price: ':30000' }, refinementList: { fuel: ['Diesel'], body: ['Ute'], transmission: ['Automatic'] } };
  const want = sunstate.answer(byHand);
  expect(want.nbHits).toBeGreaterThan(1);

  await searchFromHero(page, sunstate.url('/'), 'diesel ute under 30k auto', ['Diesel', 'Ute', 'Under $30,000', 'Automatic'], want.nbHits);
  // The URL carries the refinements in the InstantSearch format, nothing of the sentence itself.
  const url = new URL(page.url());
  expect(url.searchParams.get('range[price]')).toBe(':30000');
  expect(url.searchParams.getAll('refinementList[fuel][]')).toEqual(['Diesel']);
  expect(url.searchParams.getAll('refinementList[body][]')).toEqual(['Ute']);
  expect(url.searchParams.getAll('refinementList[transmission][]')).toEqual(['Automatic']);
  expect(url.searchParams.has('query')).toBe(false);
  await expect(chips(page)).toHaveText(['Remove Ute×', 'Remove Diesel×', 'Remove Automatic×', 'Remove Under $30,000×']);
  await expect(page.locator('.search-count')).toHaveText(`${cars(want.nbHits)} found`);
  const names = await cardNames(page);
  expect(names).toEqual(want.names);
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);

  // The same filters chosen by hand (a shared link of them) show the same cars and chips.
  await page.goto(sunstate.url(createSearchUrl(byHand, sunstate.routes)));
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.search-count')).toHaveText(`${cars(want.nbHits)} found`);
  expect(await cardNames(page)).toEqual(names);
  await expect(chips(page)).toHaveText(['Remove Ute×', 'Remove Diesel×', 'Remove Automatic×', 'Remove Under $30,000×']);

  // A chip is removed by keyboard; focus stays on the chips, the filter leaves the URL and the count follows.
  await chips(page).filter({ hasText: 'Diesel' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips(page)).toHaveText(['Remove Ute×', 'Remove Automatic×', 'Remove Under $30,000×']);
  await expect(page.locator(':focus')).toHaveText('Remove Automatic×');
  await expect(page).not.toHaveURL(/fuel/);
  const wider = sunstate.answer({ range: { price: ':30000' }, refinementList: { body: ['Ute'], transmission: ['Automatic'] } });
  await expect(page.locator('.search-count')).toHaveText(`${cars(wider.nbHits)} found`);
});

test('the hero counts with the sentence, and a removed chip takes its words out of the box', async ({ page }) => {
  const demo = tenantOf('search-demo', 'tests/fixtures/tenants/search-demo');
  const want = demo.answer({ range: { price: ':60000' }, refinementList: { fuel: ['Diesel'], drive: ['AWD'], transmission: ['Automatic'] } });
  await page.goto(demo.url('/'));
  await expect(page.locator('[data-hero-phase="live"]')).toBeVisible({ timeout: 15_000 });
  const box = page.getByLabel('What are you looking for?');
  await box.fill('diesel awd under 60k auto');
  const understood = page.getByRole('list', { name: 'Understood' }).getByRole('button');
  await expect(understood).toHaveText(['Remove Diesel×', 'Remove AWD×', 'Remove Under $60,000×', 'Remove Automatic×']);
  await expect(page.locator('.hero-stock__submit')).toHaveText(`Show Me ${cars(want.nbHits)}`);
  expect((await axeBuilder(page).include('.hero-stock').analyze()).violations).toEqual([]);
  await understood.filter({ hasText: 'AWD' }).click();
  await expect(box).toHaveValue('diesel under 60k auto');
  await expect(understood).toHaveText(['Remove Diesel×', 'Remove Under $60,000×', 'Remove Automatic×']);
  const wider = demo.answer({ range: { price: ':60000' }, refinementList: { fuel: ['Diesel'], transmission: ['Automatic'] } });
  await expect(page.locator('.hero-stock__submit')).toHaveText(`Show Me ${cars(wider.nbHits)}`);
  // The dealer's own words (the fixture's site.json search_words) win.
  await box.fill('tradie ute');
  await expect(understood).toHaveText(['Remove Ute Manual×']);
  const tradie = demo.answer({ refinementList: { body: ['Ute'], transmission: ['Manual'] } });
  await expect(page.locator('.hero-stock__submit')).toHaveText(`Show Me ${cars(tradie.nbHits)}`);
  // Words it cannot place stay a keyword search, counted too.
  await box.fill('diesel zzqx');
  await expect(understood).toHaveText(['Remove Diesel×']);
  await expect(page.locator('.hero-stock__submit')).toHaveText('Show Me 0 cars');
  await box.press('Enter');
  await page.waitForURL(/query=zzqx/);
  await expect(page).toHaveURL(/refinementList\[fuel\]\[\]=Diesel/);
});

test('Enter in the search page box reads a sentence into chips and leaves the words it could not place as the query', async ({ page }) => {
  const demo = tenantOf('search-demo', 'tests/fixtures/tenants/search-demo');
  await page.goto(demo.url('/search/new-used-and-demo-cars?sortBy=price-asc'));
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 15_000 });
  const box = page.getByRole('searchbox', { name: 'Search stock' });
  await box.fill('white suv awd sport');
  await box.press('Enter');
  await expect(chips(page)).toHaveText(['Remove Sport×', 'Remove SUV×', 'Remove AWD×', 'Remove White×']);
  await expect(box).toHaveValue('');
  await expect(page).toHaveURL(/refinementList\[colour\]\[\]=White/);
  const want = demo.answer({ refinementList: { colour: ['White'], body: ['SUV'], drive: ['AWD'], badge: ['Sport'] } });
  await expect(page.locator('.search-count')).toHaveText(`${cars(want.nbHits)} found`);
  // A word it cannot place stays in the box as the keyword query.
  await box.fill('hilux zzqx');
  await box.press('Enter');
  await expect(box).toHaveValue('zzqx');
  await expect(page).toHaveURL(/\/search\/toyota\/hilux\?query=zzqx&sortBy=price-asc/);
});

test('a sentence pasted and sent with Enter at once, before the search island is live, is read as a sentence', async ({ page }) => {
  const demo = tenantOf('search-demo', 'tests/fixtures/tenants/search-demo');
  // No query string: the island loads on first use (client:interaction), so the Enter comes before it is live.
  await page.goto(demo.url('/search/new-used-and-demo-cars'));
  await expect(page.locator('[data-search-phase="static"]')).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search stock' });
  await box.fill('white suv awd sport');
  await box.press('Enter');
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 15_000 });
  await expect(chips(page)).toHaveText(['Remove Sport×', 'Remove SUV×', 'Remove AWD×', 'Remove White×']);
  await expect(box).toHaveValue('');
  await expect(page).toHaveURL(/refinementList\[colour\]\[\]=White/);
  await expect(page).not.toHaveURL(/query=/);
  const want = demo.answer({ refinementList: { colour: ['White'], body: ['SUV'], drive: ['AWD'], badge: ['Sport'] } });
  await expect(page.locator('.search-count')).toHaveText(`${cars(want.nbHits)} found`);
});
