/**
 * Per-site search options on a built site: the /used-car route form, a car-type filter
 * without 'All' (the first option is selected), the site's stock noun ('Caravans') in the
 * hero and the count, and the promo card's random 0-2 offset.
 * Fixture: tests/fixtures/tenants/search-options (12 caravans).
 */
import { expect, test } from './fixtures.ts';
import { pointAtSearch } from './search-helpers.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (path = '/') => `http://search-options.localhost:${port}${path}`;

test('search pages live under /used-car, and /search pages point their canonical there', async ({ page }) => {
  await page.goto(site('/search/used-cars'));
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', 'https://search-options.example.com.au/used-car/used-cars');
  await page.goto(site('/used-car/used-cars'));
  await expect(page.getByRole('heading', { level: 1, name: 'Used Caravans' })).toBeVisible();
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible();
  await page.getByRole('radio', { name: 'Demo', exact: true }).check();
  await expect(page).toHaveURL(site('/used-car/demo-cars'));
  await expect(page.locator('.search-count')).toHaveText('4 Caravans found');
});

test('without All, the first car type is selected when none is chosen', async ({ page }) => {
  await page.goto(site('/used-car/new-used-and-demo-cars'));
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'All' })).toHaveCount(0);
  await expect(page).toHaveURL(site('/used-car/new-cars'));
  await expect(page.getByRole('radio', { name: 'New', exact: true })).toBeChecked();
  await expect(page.locator('.search-count')).toHaveText('4 Caravans found');
});

test('the hero says Caravans, offers no All where the site has none, and its count is what the page it opens finds', async ({ page }) => {
  await page.goto(site('/'));
  await expect(page.locator('[data-hero-phase="live"]')).toBeVisible();
  const hero = page.getByRole('search', { name: 'Stock search' });
  // The site turns 'All' off: the hero starts where the search page does, on the first type with stock.
  await expect(hero.getByRole('radio', { name: 'All' })).toHaveCount(0);
  await expect(hero.getByRole('radio', { name: 'New', exact: true })).toBeChecked();
  const button = hero.getByRole('button', { name: /^Show Me/ });
  await expect(button).toHaveText('Show Me 4 Caravans');
  await hero.getByLabel('Make', { exact: true }).selectOption('Jayco');
  await expect(button).toHaveText('Show Me 2 Caravans');
  await button.click();
  await expect(page).toHaveURL(/\/used-car\//);
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'New', exact: true })).toBeChecked();
  await expect(page.locator('.search-count')).toHaveText('2 Caravans found');
});

test('the promo card moves by a random 0-2 slots on a site that asks for it', async ({ page }) => {
  const seen = new Set<number>();
  for (let visit = 0; visit < 12 && seen.size < 2; visit += 1) {
    await page.goto(site('/used-car/used-cars'));
    await pointAtSearch(page);
    await expect(page.locator('[data-search-phase="live"]')).toBeVisible();
    await expect(page.locator('.search-layout__grid')).toHaveAttribute('aria-busy', 'false');
    const slots = await page.locator('.search-grid__item').evaluateAll((items) => items.flatMap((item, index) => (item.classList.contains('search-grid__item--promo') ? [index] : [])));
    expect(slots).toHaveLength(1);
    expect([2, 3, 4]).toContain(slots[0]);
    seen.add(slots[0]);
  }
  expect(seen.size).toBeGreaterThan(1);
});
