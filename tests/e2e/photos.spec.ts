/**
 * Feed photos in the browser (issue 15), on the photo fixture tenant (photo-motors, built by
 * tests/support/photos/build-fixture.ts from its local photo host): the browser picks the
 * AVIF variant at a width that fits the phone, the first gallery photo and the first row of
 * cards load at once, later photos wait until scrolled to, nothing moves while photos load,
 * and a photo the build could not use shows the placeholder.
 */
import { expect, test } from './fixtures.ts';
import { layoutShiftSoFar, PHONE } from './layout-shift.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (path: string) => `http://photo-motors.localhost:${port}${path}`;

test.use(PHONE);

test('vehicle page: the first photo is an AVIF sized for the phone, loaded eagerly, with no layout shift', async ({ page }) => {
  // Gallery-sized photos (the thumbnails are 320w) the page fetches.
  const galleryPhotos = new Set<string>();
  page.on('request', (request) => {
    const photo = /\/media\/photos\/([0-9a-f]{24})-[0-9a-f]{6}-(480|800|1200)w\.(avif|webp)$/.exec(request.url());
    if (photo) galleryPhotos.add(photo[1]!);
  });
  await page.goto(site('/cars/2019-toyota-corolla-p1/'), { waitUntil: 'load' });
  const first = page.getByRole('img', { name: '2019 Toyota Corolla, photo 1 of 5' });
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  const loaded = await first.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth, height: img.naturalHeight }));
  // 412 CSS px at 1.75 device pixels: the 800px variant, as AVIF.
  expect(loaded.src).toMatch(/\/media\/photos\/[0-9a-f]{24}-[0-9a-f]{6}-800w\.avif$/);
  // Natural size is in CSS pixels for a srcset choice (800 / (800 / 412)): the 3:2 photo fills the 412px box.
  expect(loaded.width).toBe(412);
  expect(loaded.width / loaded.height).toBeCloseTo(1.5, 1);
  expect((await layoutShiftSoFar(page)).total).toBeLessThanOrEqual(0.02);
  // Later photos wait for the shopper (issue 15): after load and idle, only the first two gallery photos were fetched.
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client="idle"]'));
  await page.waitForTimeout(500);
  expect(galleryPhotos.size).toBe(2);
  const third = page.getByRole('img', { name: '2019 Toyota Corolla, photo 3 of 5', includeHidden: true });
  await expect(third).toHaveCount(0);
  // One swipe away: moving to the second photo brings the third.
  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(third).toHaveCount(1);
  await expect.poll(() => third.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(galleryPhotos.size).toBe(3);
});

test('search page: the first row of cards loads at once as AVIF; the photos below load when scrolled to', async ({ page }) => {
  await page.goto(site('/search/new-used-and-demo-cars/'), { waitUntil: 'load' });
  const images = page.locator('.search-card__media img');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  expect(await images.first().evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(480|800)w\.avif$/);
  const last = images.last();
  await expect(last).toHaveAttribute('loading', 'lazy');
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect((await layoutShiftSoFar(page)).total).toBeLessThanOrEqual(0.02);
});

test('a photo the build could not fetch or decode shows the placeholder', async ({ page }) => {
  await page.goto(site('/cars/2020-mazda-cx-5-p2/'), { waitUntil: 'load' });
  await expect(page.getByRole('img', { name: '2020 Mazda CX-5, photo 2 of 4', includeHidden: true })).toHaveAttribute('src', '/media/placeholders/suv.webp');
});
