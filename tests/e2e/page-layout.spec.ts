/**
 * Pages that use the width at 1366 px and stack at 390 px, on the built demo sites: the form
 * pages (finance, sell-my-car, book-a-service, contact) put a second column beside the form, the
 * location page puts the contact card and hours beside the map, the group sites' models
 * overview pictures every model with one of its cars, and the promotions strip and 'Buy With
 * Confidence' fill their rows. The /finance calculator works on the site's defaults. Axe is
 * clean on the new columns, the live-map button included (fixture site-live-map).
 */
import { expect, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { axeBuilder } from './axe.ts';
import { tenantUrl } from './vehicle-helpers.ts';

const GROUP = 'sunstate-motor-group';

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const container = (page: Page) => box(page.locator('main .container').first());

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

const FORM_PAGES: [string, string, RegExp][] = [
  ['/finance', 'Repayment calculator and contact', /Estimate your repayments/],
  ['/sell-my-car', 'How it works and contact', /How it works/],
  ['/contact', 'Contact details', /Talk to Sunstate Motor Group/],
];

for (const [path, aside, heading] of FORM_PAGES) {
  test(`${path}: at 1366 px a second column stands beside the form; at 390 px it follows the form`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(tenantUrl(GROUP, path));
    const form = page.locator('form.dealer-form').first();
    const side = page.getByRole('complementary', { name: aside });
    await expect(side.getByRole('heading', { name: heading })).toBeVisible();
    const [formBox, sideBox, row] = [await box(form), await box(side), await container(page)];
    expect(sideBox.x, 'beside the form').toBeGreaterThanOrEqual(formBox.x + formBox.width);
    expect(sideBox.y, 'level with the top of the form').toBeLessThan(formBox.y + 200);
    expect(sideBox.x + sideBox.width, 'out to the right edge of the page').toBeGreaterThan(row.x + row.width - 2);
    expect(sideBox.width).toBeGreaterThan(row.width * 0.3);

    await page.setViewportSize({ width: 390, height: 844 });
    const [narrowForm, narrowSide] = [await box(form), await box(side)];
    expect(narrowSide.y, 'under the form').toBeGreaterThanOrEqual(narrowForm.y + narrowForm.height);
    await noSidewaysScroll(page);
  });
}

test('/book-a-service: the features stand beside the booking form at 1366 px and under it at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(tenantUrl(GROUP, '/book-a-service'));
  const form = page.locator('#service-form .service-form__main');
  const features = page.getByRole('complementary', { name: 'Why Service With Us' });
  await expect(features.getByRole('heading', { level: 3 })).toHaveCount(2);
  const [formBox, featuresBox] = [await box(form), await box(features)];
  expect(featuresBox.x).toBeGreaterThanOrEqual(formBox.x + formBox.width);
  expect(Math.abs(featuresBox.y - formBox.y)).toBeLessThan(10);
  // The department's details beside its map.
  const details = await box(page.locator('.service-contact__details'));
  const map = await box(page.locator('.service-contact__map'));
  expect(map.x).toBeGreaterThanOrEqual(details.x + details.width);
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await box(features)).y).toBeGreaterThanOrEqual((await box(form)).y + (await box(form)).height);
  await noSidewaysScroll(page);
});

test('/finance: the calculator beside the form starts from the site defaults and answers a new price', async ({ page }) => {
  await page.goto(tenantUrl(GROUP, '/finance'));
  const calculator = page.getByRole('form', { name: 'Finance calculator' });
  await calculator.scrollIntoViewIfNeeded();
  const price = calculator.getByLabel('Purchase price');
  await expect(price).toHaveValue('30,000');
  const payment = calculator.locator('.finance-calc__payment');
  await expect(payment).toContainText(/\$\d[\d,]* per week/);
  const before = await payment.innerText();
  await price.fill('60000');
  await price.blur();
  await expect(payment).not.toHaveText(before);
  await expect(payment).toContainText(/\$\d[\d,]* per week/);
});

test('the location page: map and actions with the contact card and hours beside them at 1366 px; stacked in that order at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(tenantUrl(GROUP, '/locations/eagle-farm/'));
  const map = page.locator('#location-map');
  const side = page.getByRole('complementary', { name: 'Sunstate Cars Eagle Farm: contact and opening hours' });
  const hours = side.getByRole('table', { name: 'Opening Hours' });
  const others = page.getByRole('region', { name: 'Our Other Locations' });
  await expect(others.getByRole('listitem')).toHaveCount(5);
  const [mapBox, sideBox, othersBox, row] = [await box(map), await box(side), await box(others), await container(page)];
  expect(sideBox.x).toBeGreaterThanOrEqual(mapBox.x + mapBox.width);
  expect(Math.abs(sideBox.y - mapBox.y)).toBeLessThan(10);
  expect(mapBox.width, 'the map takes the main column').toBeGreaterThan(row.width * 0.55);
  expect(othersBox.y).toBeGreaterThan(mapBox.y + mapBox.height);
  expect(sideBox.x + sideBox.width).toBeGreaterThan(row.x + row.width - 2);

  await page.setViewportSize({ width: 390, height: 844 });
  const tops = await Promise.all([map, side.locator('.location-detail__contact'), hours, others].map(async (locator) => (await box(locator)).y));
  expect(
    [...tops].sort((a, b) => a - b),
    'map, contact, hours, other locations',
  ).toEqual(tops);
  await noSidewaysScroll(page);
});

for (const slug of [GROUP, 'ironbark-moto-trucks']) {
  test(`${slug} models overview: every tile pictures the model with one of its cars and says how many are in stock`, async ({ page }) => {
    await page.goto(tenantUrl(slug, '/models'));
    const tiles = page.getByTestId('model-tile');
    expect(await tiles.count()).toBeGreaterThan(4);
    await expect(page.locator('.model-tile__placeholder')).toHaveCount(0);
    for (const tile of (await tiles.all()).slice(0, 6)) {
      await tile.scrollIntoViewIfNeeded();
      const image = tile.locator('img.model-tile__image');
      await expect(image).toHaveAttribute('src', /^\/media\//);
      await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expect(tile.locator('.model-tile__stock')).toHaveText(/^\d+ in stock$/);
      await expect(tile.locator('.model-tile__brand')).not.toBeEmpty();
    }
  });
}

test('the promotions strip and Buy With Confidence fill their rows at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.addInitScript(() => sessionStorage.setItem('promo_popup_dismissed', '1'));
  await page.goto(tenantUrl(GROUP, '/'));
  const strip = page.getByRole('region', { name: 'Promotions' });
  const slides = strip.getByTestId('slide');
  await expect(slides).toHaveCount(2);
  const track = await box(strip.locator('.carousel__track'));
  const [first, second] = [await box(slides.nth(0)), await box(slides.nth(1))];
  expect(first.x).toBeLessThan(track.x + 2);
  expect(second.x + second.width, 'the second slide reaches the end of the row').toBeGreaterThan(track.x + track.width - 2);
  expect(Math.abs(first.width - second.width)).toBeLessThan(2);

  const guarantees = page.getByRole('region', { name: 'Buy With Confidence' });
  const cards = guarantees.locator('.guarantee');
  await expect(cards).toHaveCount(2);
  const list = await box(guarantees.locator('.guarantees__list'));
  const last = await box(cards.nth(1));
  expect(last.x + last.width).toBeGreaterThan(list.x + list.width - 2);
});

test('the new columns are axe-clean, the interactive-map button included', async ({ page }) => {
  for (const [slug, path] of [
    ['site-live-map', '/contact'],
    ['site-live-map', '/book-a-service'],
    [GROUP, '/locations/eagle-farm/'],
  ] as const) {
    await page.goto(tenantUrl(slug, path));
    const results = await axeBuilder(page).include('main').analyze();
    expect(results.violations.map((violation) => `${slug}${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  }
});
