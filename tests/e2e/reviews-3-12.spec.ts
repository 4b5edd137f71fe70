/** Audit 3.12: review images and reply dates on a built demo site's home page (#reviews). */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { reviewDateLabel, reviewsToShow } from '../../src/lib/marketing/reviews.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { parseTenantFile } from '../../src/schemas/tenant-files.ts';
import { tenantUrl } from './vehicle-helpers.ts';

const slug = 'ridgeline-toyota';
// Read as the build reads it; at the default E2E clock the demo dates are not moved (item 9).
const file = parseTenantFile('reviews', JSON.parse(readFileSync(`tenants/${slug}/reviews.json`, 'utf8')));
const shown = reviewsToShow(file.reviews);
const { timezone } = loadTenant(`tenants/${slug}`, Date.now()).site;

test('3.12: a review with a photo shows it with alt text, and dealer replies show their date', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('promo_popup_dismissed', '1'));
  await page.goto(tenantUrl(slug, '/'));
  const cards = page.getByTestId('review');
  await expect(cards).toHaveCount(shown.length);
  const withImage = shown.findIndex((review) => review.image);
  expect(withImage).toBeGreaterThanOrEqual(0);
  const image = cards.nth(withImage).locator('img.review__image');
  await expect(image).toHaveAttribute('src', shown[withImage]!.image!);
  await expect(image).toHaveAttribute('alt', `Shared by ${shown[withImage]!.customer_name} with their review`);
  expect(await cards.locator('img.review__image').count()).toBe(shown.filter((review) => review.image).length);
  const replied = shown.findIndex((review) => review.reply_text && review.reply_date);
  expect(replied).toBeGreaterThanOrEqual(0);
  const reply = cards.nth(replied).getByTestId('review-reply');
  await expect(reply.locator('time')).toHaveAttribute('datetime', shown[replied]!.reply_date!);
  await expect(reply).toContainText(`Reply from the dealer on ${reviewDateLabel(shown[replied]!.reply_date, timezone)}: ${shown[replied]!.reply_text}`);
});
