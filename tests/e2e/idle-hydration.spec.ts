/**
 * Islands marked `client:idle` hydrate even in a browser that never reports an idle moment
 * (src/islands/directives/idle.ts): here `requestIdleCallback` only ever calls back at its
 * timeout, as on a main thread that stays busy. Without the bound, the lead form and the
 * vehicle page's buttons stay static HTML there.
 */
import { expect, test } from './fixtures.ts';
import { pickCar, readStock, tenantUrl, waitForIslands } from './vehicle-helpers.ts';

const stock = readStock('tests/fixtures/tenants/vehicle-showroom');
const car = pickCar(stock, 'available car', (entry) => entry.status === 'in_stock');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.requestIdleCallback = ((callback: IdleRequestCallback, options?: IdleRequestOptions) =>
      options?.timeout ? window.setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options.timeout) : 0) as typeof window.requestIdleCallback;
  });
});

test('a never-idle browser still hydrates the vehicle page islands and the reserve form', async ({ page }) => {
  await page.goto(tenantUrl('vehicle-showroom', `/cars/${car.slug}/`));
  await waitForIslands(page);
  await page.goto(tenantUrl('vehicle-showroom', `/cars/${car.slug}/checkout`));
  await expect(page.locator('form.dealer-form[data-hydrated="true"]')).toBeVisible();
  await page.locator('form.dealer-form').getByLabel('First Name').fill('Dana');
  await expect(page.locator('form.dealer-form').getByLabel('First Name')).toHaveValue('Dana');
});
