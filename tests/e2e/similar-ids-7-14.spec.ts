/**
 * Audit 7.14: the similar-car id list call by slug. When the similar section comes into view
 * the vehicle page asks the lead API (GET /api/cars/{slug}/similar) which cars to show, then
 * the search engine for those cars, and shows them in the API's order; when the API cannot
 * answer, the engine's multi-query gives the list. On the Sunstate demo (embedded engine).
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { createSimilarIndex } from '../../src/lib/vehicle/similar-vehicles.ts';
import { tenantUrl } from './vehicle-helpers.ts';

const TENANT = 'sunstate-motor-group';
const stock = loadTenant(`tenants/${TENANT}`, Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00')).visible;
const similar = createSimilarIndex(stock);
const subject = stock.find((car) => car.status === 'in_stock' && typeof car.price === 'number' && car.price > 10_000 && similar(car).length >= 4);
if (!subject) throw new Error(`no in-stock car of ${TENANT} with 4 or more similar cars`);
const ID_LIST = `**/api/cars/${subject.slug}/similar`;

const tileIds = (page: Page) =>
  page
    .getByTestId('similar-vehicles')
    .locator('article[data-car-id]')
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-car-id')));

/** Open the car's page and bring the similar section into view; resolves with the id list answer the page got. */
async function openSimilar(page: Page) {
  await page.goto(tenantUrl(TENANT, `/cars/${subject!.slug}/`));
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/cars/${subject!.slug}/similar`);
  await page.getByTestId('similar-vehicles').scrollIntoViewIfNeeded();
  return asked;
}

test('7.14: the page asks the lead API for the similar cars by slug and shows them in its order', async ({ page }) => {
  const response = await openSimilar(page);
  expect(response.status()).toBe(200);
  const { ids, slug } = (await response.json()) as { ids: string[]; slug: string };
  expect(slug).toBe(subject.slug);
  // The API picks by the build's rule from the same stock: the same cars as the build-time list.
  expect(ids).toEqual(similar(subject).map((car) => String(car.id)));
  await expect(page.getByTestId('similar-vehicles')).toHaveAttribute('data-state', 'ready');
  expect(await tileIds(page)).toEqual(ids);
});

test('7.14: the API’s list decides the tiles: another list, another set of cars, in its order', async ({ page }) => {
  // Cars the build-time list does not hold, in an order of the API's choosing.
  const shown = new Set(similar(subject).map((car) => String(car.id)));
  const others = stock
    .filter((car) => car.status === 'in_stock' && car.id !== subject.id && !shown.has(String(car.id)))
    .slice(0, 3)
    .reverse();
  await page.route(ID_LIST, (route) => route.fulfill({ json: { success: true, slug: subject.slug, ids: others.map((car) => String(car.id)) } }));
  await openSimilar(page);
  await expect(page.getByTestId('similar-vehicles')).toHaveAttribute('data-state', 'ready');
  expect(await tileIds(page)).toEqual(others.map((car) => String(car.id)));
  for (const car of others) await expect(page.locator(`article[data-car-id="${car.id}"] a`)).toHaveAttribute('href', `/cars/${car.slug}`);
});

test('7.14 / 8.9: when the id list call fails, the engine’s multi-query gives the list', async ({ page }) => {
  await page.route(ID_LIST, (route) => route.fulfill({ status: 503, json: { success: false, error: 'down' } }));
  const response = await openSimilar(page);
  expect(response.status()).toBe(503);
  await expect(page.getByTestId('similar-vehicles')).toHaveAttribute('data-state', 'ready');
  expect(await tileIds(page)).toEqual(similar(subject).map((car) => String(car.id)));
});
