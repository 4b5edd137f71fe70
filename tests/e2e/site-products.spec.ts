/**
 * Parts and accessories listing on the embedded search engine (issue 7): categories with
 * counts, 21 a page, query, price range, URL state; pages exist only with products.json.
 * Fixture: tests/fixtures/tenants/site-one-location (36 products).
 */
import { expect, test } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;

test('lists 21 a page with categories, and filters by category, query and price', async ({ page }) => {
  await page.goto(site('site-one-location', '/vehicle-parts-and-accessories'));
  const products = page.getByTestId('product');
  await expect(products).toHaveCount(21);
  await expect(page.getByText('36 products')).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(products).toHaveCount(15);

  const categories = page.getByRole('navigation', { name: 'Categories' });
  await categories.getByRole('link', { name: /Towing/ }).click();
  await expect(page).toHaveURL(/\?category=Towing$/);
  await expect(products).toHaveCount(6);
  await expect(categories.getByRole('link', { name: /Servicing \(10\)/ })).toBeVisible();

  await page.getByLabel('Search parts and accessories').fill('tow ball');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(products).toHaveCount(2);
  await expect(products.first()).toContainText('Mazda Tow Ball');

  await page.goto(site('site-one-location', '/vehicle-parts-and-accessories?price=:100'));
  await expect(products).toHaveCount(4);
  await expect(page.getByLabel('Max price')).toHaveValue('100');
});

test('an empty search offers Clear Filters', async ({ page }) => {
  await page.goto(site('site-one-location', '/parts/search?query=spaceship'));
  await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
  await page.getByRole('link', { name: 'Clear Filters' }).click();
  await expect(page.getByTestId('product')).toHaveCount(21);
});

test('/accessories shows the Accessories category only; no listing without products.json', async ({ page }) => {
  await page.goto(site('site-one-location', '/accessories'));
  await expect(page.getByTestId('product')).toHaveCount(10);
  expect((await page.goto(site('site-locations', '/vehicle-parts-and-accessories')))?.status()).toBe(404);
});
