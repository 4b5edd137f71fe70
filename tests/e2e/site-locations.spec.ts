/**
 * Locations on built fixture sites (issue 7): the list rule for 0, 1, several dealerships and
 * several locations; opening status and the holiday-hours dialog at a fixed clock; the
 * Sales / Service / Parts menu and 'Enquire Now'; the dealer locator's order for a postcode.
 * Fixtures: tests/fixtures/tenants/site-{no-locations,one-location,dealerships,locations}.
 * Build clock 2026-11-21T10:00:00+10:00 (a Saturday in Brisbane).
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;

/** Wait until the island holding `selector` has hydrated (Astro drops the `ssr` attribute then). */
async function hydrated(page: Page, selector: string) {
  await expect(page.locator('astro-island', { has: page.locator(selector) }).first()).not.toHaveAttribute('ssr', /.*/);
}
/** Saturday 21 November 2026, 10:00 in Brisbane: special hours 9:00am - 1:00pm apply at site-one-location. */
const SATURDAY_10AM = new Date('2026-11-21T10:00:00+10:00');

test.describe('location list by count', () => {
  test('0 locations show nothing', async ({ page }) => {
    await page.goto(site('site-no-locations'));
    await expect(page.getByRole('heading', { name: 'Our Locations' })).toHaveCount(0);
    await expect(page.getByTestId('location-card')).toHaveCount(0);
    // No location pages either.
    const response = await page.goto(site('site-no-locations', '/locations/springwood'));
    expect(response?.status()).toBe(404);
  });

  test('1 location shows a hero with the map-free panel and links', async ({ page }) => {
    await page.goto(site('site-one-location'));
    const section = page.locator('section[data-layout="hero-map"]');
    await expect(section.getByRole('heading', { name: 'Our Locations' })).toBeVisible();
    const hero = page.getByTestId('locations-hero');
    await expect(hero.getByRole('heading', { name: 'One Location Mazda Springwood' })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'View Location' })).toHaveAttribute('href', '/locations/springwood');
    await expect(hero.getByRole('link', { name: 'Get Directions to One Location Mazda Springwood (opens in a new tab)', exact: true })).toHaveAttribute('href', /google\.com\/maps\/dir\/\?api=1&destination=-27\.6126%2C153\.1294/);
    await expect(page.getByTestId('location-card')).toHaveCount(0);
  });

  test('several dealerships show a carousel with arrows disabled at the ends', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(site('site-dealerships'));
    const carousel = page.getByRole('region', { name: 'Location cards' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    // client:visible: the island hydrates once scrolled into view.
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute('data-ready', 'true');
    await expect(carousel.getByTestId('location-card')).toHaveCount(3);
    for (const name of ['Brisbane Cars', 'Sydney Cars', 'Melbourne Cars']) await expect(carousel.getByText(name, { exact: true })).toBeAttached();
    const previous = carousel.getByRole('button', { name: 'Previous' });
    const next = carousel.getByRole('button', { name: 'Next' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    // Two cards fit at 800 px: one step reaches the end.
    await next.click();
    await expect(previous).toBeEnabled();
    await expect(next).toBeDisabled();
    await previous.click();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    // View Our Stock only where the location sets it.
    await expect(carousel.getByRole('link', { name: /^View Our Stock: / })).toHaveCount(1);
  });

  test('several locations of one dealership show a grid with columns by count', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(site('site-locations'));
    const grid = page.locator('.locations-grid');
    await expect(grid).toHaveAttribute('data-columns', '3');
    await expect(grid.getByTestId('location-card')).toHaveCount(3);
    const boxes = await grid.getByTestId('location-card').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    await expect(page.locator('section.locations').getByRole('button', { name: 'Next' })).toHaveCount(0);
  });
});

test.describe('opening status and holiday hours at a fixed clock', () => {
  test('Saturday 10:00 Brisbane: open under special hours; the dialog lists Today first in 12-hour time', async ({ page }) => {
    await page.clock.install({ time: SATURDAY_10AM });
    await page.goto(site('site-one-location', '/locations/springwood'));
    await expect(page.getByRole('heading', { level: 1, name: 'One Location Mazda Springwood' })).toBeVisible();
    await expect(page.getByTestId('rating-badge')).toContainText('Based on 242 reviews');
    await expect(page.getByTestId('opening-status')).toHaveText(/Open now · closes 1:00pm/);
    const hours = page.getByRole('table', { name: 'Opening Hours' });
    const rows = hours.getByRole('row');
    await expect(rows).toHaveCount(7);
    await expect(rows.first()).toContainText('Monday');
    await expect(rows.first()).toContainText('8:00am - 5:30pm');
    await expect(rows.last()).toContainText('Sunday');
    await expect(rows.last()).toContainText('Closed');

    const dialog = page.getByRole('dialog', { name: /Holiday Hours/ });
    // The button works once its island has hydrated: retry the click until the dialog opens.
    await expect(async () => {
      await page.getByRole('button', { name: 'Holiday Hours' }).click();
      await expect(dialog).toBeVisible({ timeout: 500 });
    }).toPass();
    const dialogRows = dialog.getByRole('row');
    await expect(dialogRows).toHaveCount(3);
    await expect(dialogRows.nth(0)).toContainText('Today');
    await expect(dialogRows.nth(0)).toContainText('9:00am - 1:00pm');
    await expect(dialogRows.nth(1)).toContainText('Friday 25 December');
    await expect(dialogRows.nth(1)).toContainText('Closed');
    await expect(dialogRows.nth(2)).toContainText('10:00am - 2:30pm');
    await expect(dialog).not.toContainText('Australia Day');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Saturday 1:30pm Brisbane: closed after the special hours end', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-21T13:30:00+10:00') });
    await page.goto(site('site-one-location', '/locations/springwood'));
    await expect(page.getByTestId('opening-status')).toHaveText(/^Closed now/);
  });

  test('Monday 7:00am Brisbane: closed, opens at 8:00am (dealer time zone, not the browser zone)', async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: 'Europe/London' });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-23T07:00:00+10:00') });
    await page.goto(site('site-one-location', '/locations/springwood'));
    await expect(page.getByTestId('opening-status')).toHaveText(/Closed now · opens 8:00am/);
    // The site was built on a Saturday: the week's table marks the visitor's day, Monday, not the build's.
    const rows = page.getByRole('table', { name: 'Opening Hours' }).getByRole('row');
    await expect(rows.first()).toContainText('Monday');
    await rows.first().scrollIntoViewIfNeeded();
    await expect(rows.first()).toHaveClass('hours-table__today');
    await expect(page.locator('.hours-table__today')).toHaveCount(1);
    await context.close();
  });

  test('without scripts the page claims no opening status and marks no day: the build\'s moment is not the reader\'s', async ({ browser }) => {
    // The fixture was built at Saturday 10:00 in Brisbane, when the location was open; a page read later must not say so.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site('site-one-location', '/locations/springwood'));
    await expect(page.getByRole('heading', { level: 1, name: 'One Location Mazda Springwood' })).toBeVisible();
    await expect(page.getByTestId('opening-status')).toHaveText('');
    await expect(page.getByRole('table', { name: 'Opening Hours' }).getByRole('row')).toHaveCount(7);
    await expect(page.locator('.hours-table__today')).toHaveCount(0);
    await page.goto(site('site-locations', '/'));
    for (const status of await page.getByTestId('opening-status').all()) await expect(status).toHaveText('');
    await context.close();
  });
});

test.describe('location detail', () => {
  test('Sales / Service / Parts menu when several share an address; Enquire Now on closed service days', async ({ page }) => {
    await page.goto(site('site-locations', '/our-location/southside-sales'));
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', 'https://site-locations.example.com.au/locations/southside-sales');
    await page.getByText('Department: Sales').click();
    const menu = page.getByRole('list', { name: 'Departments at this address' });
    await expect(menu.getByRole('link')).toHaveText(['Sales', 'Service', 'Parts']);
    await menu.getByRole('link', { name: 'Service' }).click();
    await expect(page).toHaveURL(/\/locations\/southside-service\/?$/);
    const hours = page.getByRole('table', { name: 'Opening Hours' });
    await expect(hours.getByRole('row', { name: /Saturday/ }).getByRole('link', { name: 'Enquire Now' })).toHaveAttribute('href', 'https://booking.example.com/southside');
    await expect(hours.getByRole('row', { name: /Monday/ })).toContainText('8:00am - 5:30pm');
  });
});

test.describe('dealer locator', () => {
  test('orders locations by distance from a postcode', async ({ page }) => {
    await page.goto(site('site-dealerships', '/dealer-locator'));
    await hydrated(page, '.dealer-locator');
    const names = page.getByTestId('locator-result').getByRole('heading');
    const postcode = page.getByLabel('Your postcode');
    await postcode.fill('3121');
    await page.getByRole('button', { name: 'Find nearest' }).click();
    await expect(page.getByText('Nearest to')).toContainText('3121');
    await expect(names).toHaveText(['Melbourne Cars Richmond', 'Sydney Cars Alexandria', 'Brisbane Cars Newstead']);
    await expect(page.getByTestId('locator-result').first()).toContainText(/\d+(\.\d)? km away/);

    await postcode.fill('4006');
    await page.getByRole('button', { name: 'Find nearest' }).click();
    await expect(names).toHaveText(['Brisbane Cars Newstead', 'Sydney Cars Alexandria', 'Melbourne Cars Richmond']);
  });

  test('a postcode in the address (native form submit or shared link) is answered on load', async ({ page }) => {
    await page.goto(site('site-dealerships', '/dealer-locator?postcode=2000'));
    await expect(page.getByTestId('locator-result').getByRole('heading')).toHaveText(['Sydney Cars Alexandria', 'Melbourne Cars Richmond', 'Brisbane Cars Newstead']);
    await expect(page.getByLabel('Your postcode')).toHaveValue('2000');
  });

  test('rejects a malformed or unknown postcode', async ({ page }) => {
    await page.goto(site('site-dealerships', '/dealer-locator'));
    await hydrated(page, '.dealer-locator');
    await page.getByLabel('Your postcode').fill('12');
    await page.getByRole('button', { name: 'Find nearest' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid postcode. Please enter a 4-digit number.');
    await page.getByLabel('Your postcode').fill('0000');
    await page.getByRole('button', { name: 'Find nearest' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid postcode');
  });
});

test('location page: the dealership banner (dated) and the Email Us modal', async ({ page }) => {
  await page.clock.install({ time: SATURDAY_10AM });
  await page.goto(site('site-one-location', '/locations/springwood'));
  await expect(page.getByRole('heading', { name: 'Springwood Service Week' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Email One Location Mazda Springwood' });
  // The button works once its island has hydrated: retry the click until the dialog opens.
  await expect(async () => {
    await page.getByRole('button', { name: 'Email Us' }).click();
    await expect(dialog).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(dialog.getByRole('link', { name: 'sales@one-location.example.com.au' })).toHaveAttribute('href', /^mailto:sales@one-location\.example\.com\.au\?subject=/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // The banner is this dealership's own: not on the home page; and it is gone after its expiry.
  await page.goto(site('site-one-location'));
  await expect(page.getByRole('heading', { name: 'Stocktake Sale', exact: true })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Springwood Service Week' })).toHaveCount(0);
});

test('a dated banner is hidden at the visitor time after its expiry', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-24T09:00:00+10:00') });
  await page.goto(site('site-one-location', '/locations/springwood'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Springwood Service Week' })).toBeHidden();
});
