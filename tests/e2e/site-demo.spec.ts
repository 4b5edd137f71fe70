/**
 * Issue 7 smoke tests on the built demo tenants (tenants/): each shows its locations by the
 * count rule, the locator orders Sunstate's yards from a postcode, and the demo pages of the
 * model range, offers, parts and group brands are there. Clock: the test runner's build clock.
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;

/** Wait until the island holding `selector` has hydrated (Astro drops the `ssr` attribute then). */
async function hydrated(page: Page, selector: string) {
  await expect(page.locator('astro-island', { has: page.locator(selector) }).first()).not.toHaveAttribute('ssr', /.*/);
}
const CLOSE_POPUP = () => sessionStorage.setItem('promo_popup_dismissed', '1');

test('Sunstate (three dealerships) shows its yards in a carousel', async ({ page }) => {
  await page.goto(site('sunstate-motor-group'));
  await expect(page.locator('section[data-layout="dealership-carousel"]')).toBeAttached();
  await expect(page.getByRole('region', { name: 'Location cards' }).getByTestId('location-card')).toHaveCount(7);
});

test('Ridgeline and Bayside (one dealership, several locations) show a grid', async ({ page }) => {
  await page.addInitScript(CLOSE_POPUP);
  await page.goto(site('ridgeline-toyota'));
  await expect(page.locator('.locations-grid')).toHaveAttribute('data-columns', '2');
  await page.goto(site('bayside-caravans'));
  await expect(page.locator('.locations-grid')).toHaveAttribute('data-columns', '3');
});

test('Sunstate dealer locator: nearest yard for Newcastle and Gold Coast postcodes', async ({ page }) => {
  await page.goto(site('sunstate-motor-group', '/dealer-locator'));
  await hydrated(page, '.dealer-locator');
  const first = page.getByTestId('locator-result').first();
  await page.getByLabel('Your postcode').fill('2300');
  await page.getByRole('button', { name: 'Find nearest' }).click();
  await expect(first.getByRole('heading')).toHaveText('Sunstate Cars Newcastle');
  await page.getByLabel('Your postcode').fill('4215');
  await page.getByRole('button', { name: 'Find nearest' }).click();
  await expect(first.getByRole('heading')).toHaveText('Sunstate Cars Southport');
});

test('Ridgeline: model range filter, service schedule, parts listing', async ({ page }) => {
  await page.addInitScript(CLOSE_POPUP);
  await page.goto(site('ridgeline-toyota', '/models'));
  const tiles = page.getByTestId('model-tile');
  await expect(tiles.first()).toBeVisible();
  const all = await tiles.count();
  await page.goto(site('ridgeline-toyota', '/models?body=ute'));
  await expect.poll(() => tiles.count()).toBeLessThan(all);
  for (const tile of await tiles.all()) await expect(tile.getByRole('link')).toHaveAttribute('href', /^\/search\/toyota\//);
  await page.goto(site('ridgeline-toyota', '/service'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Your Service at Ridgeline Toyota');
  await expect(page.getByRole('region', { name: 'Drop-off and Pick-up Times' })).toContainText('4:30pm');
  await page.goto(site('ridgeline-toyota', '/vehicle-parts-and-accessories'));
  await expect(page.getByTestId('product')).toHaveCount(21);
});

test('Sunstate: group brands page, blog cards and the gated spin-to-win page', async ({ page }) => {
  await page.goto(site('sunstate-motor-group', '/brands'));
  await expect(page.getByRole('heading', { name: 'Our Group' })).toBeVisible();
  // No brand of the demo group has a logo: each card shows its name in a wordmark badge.
  await expect(page.getByTestId('brand-wordmark').first()).toBeVisible();
  await expect(page.locator('.brand-card img')).toHaveCount(0);
  await page.goto(site('sunstate-motor-group', '/blog/vehicle-reviews'));
  await expect(page.getByTestId('blog-card')).toHaveCount(3);
  await page.goto(site('sunstate-motor-group', '/spin-to-win'));
  await expect(page).toHaveURL(/\/sign-in/);
});
