/**
 * Every page of the forms issue is axe-clean (no serious or critical violations) as first
 * shown, on a site with several locations and on one that requires the terms box.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSeriousAxeViolations, tenantUrl } from './forms-helpers.ts';

const PAGES: [string, string][] = [
  ['forms-demo', '/contact'],
  ['forms-demo', '/contact-us/south'],
  ['forms-demo', '/book-test-drive/?car_id=501'],
  ['forms-demo', '/finance'],
  ['forms-demo', '/apply-for-finance'],
  ['forms-demo', '/trade-in'],
  ['forms-demo', '/cars/trade-in?car_id=502'],
  ['forms-demo', '/book-a-service'],
  ['forms-demo', '/sign-in?type=watchlist&redirect=%2F&back=%2F'],
  ['forms-demo', '/success'],
  ['forms-terms', '/contact-us'],
  ['forms-terms', '/sell-my-car'],
  ['forms-terms', '/service'],
];

for (const [tenant, path] of PAGES) {
  test(`${tenant}${path} has no serious axe violations`, async ({ page }) => {
    await page.goto(tenantUrl(tenant, path));
    const form = page.locator('form.dealer-form, [data-testid="success-summary"]').first();
    await form.scrollIntoViewIfNeeded();
    await expect(page.locator('form.dealer-form[data-hydrated="true"], [data-testid="success-summary"]').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}
