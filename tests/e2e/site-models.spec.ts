/**
 * Model range on a built fixture site (issue 7): body filter buttons, the models dropdown,
 * carousel arrows, NEW / COMING SOON, number-only names with the brand, description 200.
 * Fixture: tests/fixtures/tenants/site-one-location (8 Mazda models) and site-no-locations (1 model).
 */
import { expect, test } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;

test('body buttons filter the tiles and the URL carries the body', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(site('site-one-location', '/models'));
  const tiles = page.getByTestId('model-tile');
  await expect(tiles).toHaveCount(8);
  await expect(page.getByRole('heading', { name: 'Mazda 2', exact: true })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Mazda 3', exact: true })).toBeAttached();
  await expect(tiles.filter({ hasText: 'Mazda 2' })).toContainText('NEW');
  await expect(tiles.filter({ hasText: 'CX-60' })).toContainText('COMING SOON');
  await expect(tiles.filter({ hasText: 'CX-5' }).first()).toContainText('from $');
  const description = await tiles.filter({ hasText: 'Mazda 2' }).locator('.model-tile__description').textContent();
  expect(description!.endsWith('...')).toBe(true);
  expect(description!.length).toBeLessThanOrEqual(203);

  const bodies = page.getByRole('navigation', { name: 'Body types' });
  await bodies.getByRole('link', { name: 'SUV' }).click();
  await expect(page).toHaveURL(/\/models\/?\?body=suv$/);
  await expect(tiles).toHaveCount(4);
  await expect(bodies.getByRole('link', { name: 'SUV' })).toHaveAttribute('aria-current', 'true');
  await bodies.getByRole('link', { name: 'Convertible' }).click();
  await expect(tiles).toHaveCount(1);
  await expect(page.locator('.model-range__grid')).toBeVisible();
  await bodies.getByRole('link', { name: 'All Models' }).click();
  await expect(tiles).toHaveCount(8);
});

test('opening /models?body=ute shows only utes', async ({ page }) => {
  await page.goto(site('site-one-location', '/models?body=ute'));
  await expect(page.getByTestId('model-tile')).toHaveCount(1);
  await expect(page.getByTestId('model-tile')).toContainText('BT-50');
});

test('carousel arrows are disabled at the ends', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(site('site-one-location', '/models'));
  const carousel = page.getByRole('region', { name: 'Models' });
  await expect(carousel).toHaveAttribute('data-ready', 'true');
  const previous = carousel.getByRole('button', { name: 'Previous' });
  const next = carousel.getByRole('button', { name: 'Next' });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  for (let step = 0; step < 8 && (await next.isEnabled()); step += 1) await next.click();
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
});

test('models dropdown tracks the active body and closes after navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(site('site-one-location', '/models?body=hatch'));
  const toggle = page.getByRole('button', { name: /Body type:/ });
  await expect(toggle).toHaveText('Body type: Hatch');
  // The toggle works once the island has hydrated: retry until it opens.
  await expect(async () => {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
  }).toPass();
  await page.locator('#models-dropdown-list').getByRole('link', { name: 'Ute' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#models-dropdown-list')).toHaveCount(0);
  await expect(toggle).toHaveText('Body type: Ute');
  await expect(page).toHaveURL(/body=ute$/);
  await expect(page.getByTestId('model-tile')).toHaveCount(1);
});

test('one model is a grid, not a carousel; the brand overview exists', async ({ page }) => {
  await page.goto(site('site-no-locations', '/models'));
  await expect(page.getByTestId('model-tile')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await page.goto(site('site-one-location', '/mazda/overview'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mazda Overview' })).toBeVisible();
});

test('the Range menu groups the models by body and links Models Overview', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The fixture's promo popup was closed earlier in this visit.
  await page.addInitScript(() => sessionStorage.setItem('promo_popup_dismissed', '1'));
  await page.goto(site('site-one-location'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.locator('summary', { hasText: 'Range' }).click();
  for (const heading of ['SUVs', 'Utes', 'Cars', 'Hybrids', 'Sports']) await expect(nav.getByText(heading, { exact: true })).toBeVisible();
  // CX-60 has no stock, so no search page of its own: it links the make's (CX-5 has stock).
  await expect(nav.getByRole('link', { name: 'CX-60' })).toHaveAttribute('href', '/search/mazda');
  await expect(nav.getByRole('link', { name: 'CX-5' })).toHaveAttribute('href', '/search/mazda/cx-5');
  await expect(nav.getByRole('link', { name: 'Models Overview' }).first()).toHaveAttribute('href', '/models');
});

test('manufacturer-and-model directory on a multi-brand site (range derived from stock)', async ({ page }) => {
  await page.goto(site('site-dealerships', '/models'));
  const directory = page.getByRole('region', { name: 'Manufacturer and Model Directory' });
  await directory.scrollIntoViewIfNeeded();
  await expect(directory).toHaveAttribute('data-ready', 'true');
  const models = directory.getByTestId('directory-model');
  await expect(models).toHaveCount(3);
  await expect(models.first()).toContainText('BT-50');
  await directory.getByLabel('Manufacturer').selectOption('Mazda');
  await expect(models).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]make=Mazda/);
  await directory.getByLabel('Manufacturer').selectOption('');
  await directory.getByLabel('Search models').fill('corolla');
  await directory.getByRole('button', { name: 'Search' }).click();
  await expect(models).toHaveCount(1);
  await expect(models.first().getByRole('link', { name: 'Corolla' })).toHaveAttribute('href', '/search/toyota/corolla');
});
