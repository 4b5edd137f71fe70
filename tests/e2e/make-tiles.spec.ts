/**
 * Spec §2 "Facet tiles with label, count, logo" (2.97) on built sites: a make tile shows the
 * manufacturer's logo where the tenant's data gives one (site-one-location's models.json names a
 * logo for Mazda, a plain test mark of the fixture, no trademark), else the make's wordmark badge,
 * never a single letter. The demo dealers ship no logo, so every tile there is a wordmark.
 */
import { expect, test } from './fixtures.ts';
import { wordmarkLines } from '../../src/lib/range/make-logos.ts';
import { tenantUrl } from './vehicle-helpers.ts';

test('2.97: a make the tenant gives a logo for shows that logo; another make shows its wordmark', async ({ page }) => {
  await page.goto(tenantUrl('site-one-location', '/'));
  const mazda = page.locator('.hero-stock__tile', { has: page.locator('.hero-stock__tile-label', { hasText: /^Mazda$/ }) });
  const logo = mazda.locator('.hero-stock__logo img');
  await expect(logo).toHaveAttribute('src', '/fixture-brands/mazda-logo.svg');
  await expect(logo).toHaveAttribute('alt', '');
  await logo.scrollIntoViewIfNeeded();
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  const toyota = page.locator('.hero-stock__tile', { has: page.locator('.hero-stock__tile-label', { hasText: /^Toyota$/ }) });
  await expect(toyota.locator('.hero-stock__logo img')).toHaveCount(0);
  await expect(toyota.locator('svg.make-badge text')).toHaveText(['TOYOTA']);
});

test('2.97: the bike and truck dealer’s tiles are wordmark badges of each make, with the label and the count beside them', async ({ page }) => {
  await page.goto(tenantUrl('ironbark-moto-trucks', '/'));
  await expect(page.getByRole('search', { name: 'Stock search' }).getByRole('group', { name: 'Condition', exact: true })).toBeAttached();
  const tiles = page.locator('.hero-stock__tile');
  await expect(tiles.first()).toBeVisible();
  for (const tile of (await tiles.all()).slice(0, 4)) {
    const make = (await tile.locator('.hero-stock__tile-label').textContent())!.trim();
    const badge = tile.locator('.hero-stock__logo svg.make-badge');
    await expect(badge).toBeVisible();
    await expect(badge.locator('text')).toHaveText(wordmarkLines(make));
    expect((await badge.boundingBox())!.width, make).toBeGreaterThan(60);
    await expect(tile.locator('.hero-stock__tile-count')).toHaveText(/^\d+ (Bikes?|Trucks?|Bikes & Trucks)$/);
  }
});
