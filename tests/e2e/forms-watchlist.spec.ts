/**
 * Watchlist, sign-in and gated routes (spec §2, §4 "Watchlist", §8 toasts): a signed-out
 * save goes through /sign-in (mobile and one-time code) and comes back saved; remove and
 * save again show the spec toasts; /my-garage lists and removes; gated routes redirect
 * with redirect and back; sold cars hide the button unless saved. The car page shows one toast
 * (spec §9 toast limit 1): the share row's copy toast and the watchlist's replace each other.
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, fieldMessage, smsTo, tenantUrl, uniqueMobile, watchlistOf } from './forms-helpers.ts';

const CAR = { id: '502', slug: '2019-mazda-cx-5-maxx-f2', name: '2019 Mazda CX-5 Maxx' };

async function signInOnPage(page: Page, phone: string) {
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toBeVisible();
  await form.getByLabel('Mobile Number').fill(phone);
  await form.getByRole('button', { name: 'Send Code' }).click();
  await expect(form.getByLabel('6-digit code')).toBeVisible();
  const code = /(\d{6})/.exec(smsTo('forms-demo', phone)[0] ?? '')?.[1];
  expect(code).toBeDefined();
  await form.getByLabel('6-digit code').fill(code!);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('gated routes send a signed-out shopper to sign-in with redirect and back', async ({ page }) => {
  await page.goto(tenantUrl('forms-demo', '/contact'));
  await page.evaluate(() => location.assign('/my-garage'));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe('garage');
  expect(url.searchParams.get('redirect')).toBe('/my-garage');
  expect(url.searchParams.get('back')).toMatch(/^\/contact\/?$/);
  // Not gated on this site: stays.
  await page.goto(tenantUrl('forms-demo', '/finance-enquiry'));
  await expect(page).toHaveURL(/\/finance-enquiry\/?$/);
});

test('a gated family gates all its routes: forms-iframe lists /finance-pre-approval and /trade-in', async ({ page }) => {
  for (const [path, type] of [
    ['/finance-pre-approval?car_id=501', 'finance'],
    ['/finance-enquiry', 'finance'],
    ['/apply-for-finance', 'finance'],
    ['/cars/trade-in?car_id=502', 'trade-in'],
  ] as const) {
    await page.goto(tenantUrl('forms-iframe', path));
    await expect(page).toHaveURL(/\/sign-in\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('type'), path).toBe(type);
    expect(url.searchParams.get('redirect')?.replace(/\/(?=\?|$)/, ''), path).toBe(path);
  }
  // Another family: stays.
  await page.goto(tenantUrl('forms-iframe', '/sell-my-car'));
  await expect(page).toHaveURL(/\/sell-my-car\/?$/);
});

test('save after sign-in, remove and save again with toasts, then the garage lists and removes', async ({ page }) => {
  const phone = uniqueMobile();
  await page.goto(tenantUrl('forms-demo', `/cars/${CAR.slug}`));
  const button = page.getByTestId('watchlist-button');
  await expect(button).toHaveText(/Save to Watchlist/);
  await button.click();
  await expect(page).toHaveURL(/\/sign-in\?type=watchlist/);
  await expectNoSeriousAxeViolations(page, 'main');
  const form = page.locator('form.dealer-form');
  await form.getByRole('button', { name: 'Send Code' }).click();
  expect(await fieldMessage(form.getByLabel('Mobile Number'))).toContain('* This field is required');
  await signInOnPage(page, phone);
  await expect(page).toHaveURL(new RegExp(`/cars/${CAR.slug}/?$`));
  await expect(page.getByTestId('watchlist-button')).toHaveText(/Saved to Watchlist/);
  // The save made by the sign-in page shows its toast on the car page it went back to.
  const toast = page.getByTestId('watchlist-toast');
  await expect(toast).toContainText('Car Saved In Watchlist');
  await expect(toast).toContainText(`${CAR.name} is now available in your watchlist`);
  await expect(toast).toHaveRole('status');
  await expect.poll(() => watchlistOf('forms-demo', phone)).toEqual([CAR.id]);

  await page.getByTestId('watchlist-button').click();
  await expect(toast).toContainText('Car Removed');
  await expect(toast).toContainText(`${CAR.name} is no longer in your watchlist`);
  await expect(toast.getByRole('link', { name: 'View List' })).toHaveAttribute('href', '/my-garage');
  await expect.poll(() => watchlistOf('forms-demo', phone)).toEqual([]);
  await page.getByTestId('watchlist-button').click();
  await expect(toast).toContainText('Car Saved In Watchlist');
  await expect(toast).toContainText(`${CAR.name} is now available in your watchlist`);
  await expect.poll(() => watchlistOf('forms-demo', phone)).toEqual([CAR.id]);

  await toast.getByRole('link', { name: 'View List' }).click();
  await expect(page).toHaveURL(/\/my-garage\/?$/);
  const list = page.getByRole('list', { name: 'Your watchlist' });
  await expect(list.getByRole('link', { name: CAR.name })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'main');
  await list.getByRole('button', { name: `Remove ${CAR.name}` }).click();
  await expect(list.getByRole('link', { name: CAR.name })).toHaveCount(0);
  await expect.poll(() => watchlistOf('forms-demo', phone)).toEqual([]);
});

test('a failed save keeps the car saved locally and alerts the message', async ({ page }) => {
  const phone = uniqueMobile();
  await page.goto(tenantUrl('forms-demo', '/sign-in?type=watchlist&redirect=%2Fcars%2F2019-mazda-cx-5-maxx-f2&back=%2F'));
  await signInOnPage(page, phone);
  await expect(page).toHaveURL(new RegExp(`/cars/${CAR.slug}/?$`));
  await page.route('**/api/watchlist/save-car', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"Watchlist is down for maintenance."}' }));
  await page.getByTestId('watchlist-button').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Watchlist is down for maintenance.' })).toBeVisible();
  await expect(page.getByTestId('watchlist-button')).toHaveText(/Saved to Watchlist/);
});

test('a save that fails after sign-in alerts its message on the car page', async ({ page }) => {
  const phone = uniqueMobile();
  await page.goto(tenantUrl('forms-demo', `/cars/${CAR.slug}`));
  await page.getByTestId('watchlist-button').click();
  await expect(page).toHaveURL(/\/sign-in\?type=watchlist/);
  await page.route('**/api/watchlist/save-car', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"Watchlist is down for maintenance."}' }));
  await signInOnPage(page, phone);
  await expect(page).toHaveURL(new RegExp(`/cars/${CAR.slug}/?$`));
  await expect(page.getByRole('alert').filter({ hasText: 'Watchlist is down for maintenance.' })).toBeVisible();
  // Spec §4: no rollback on failure.
  await expect(page.getByTestId('watchlist-button')).toHaveText(/Saved to Watchlist/);
  expect(watchlistOf('forms-demo', phone)).toEqual([]);
});

test('Copy link and the watchlist share the one toast: each replaces the other, and the watchlist toast keeps working', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const phone = uniqueMobile();
  await page.goto(tenantUrl('forms-demo', '/sign-in?type=watchlist&redirect=%2Fcars%2F2019-mazda-cx-5-maxx-f2&back=%2F'));
  await signInOnPage(page, phone);
  await expect(page).toHaveURL(new RegExp(`/cars/${CAR.slug}/?$`));
  const button = page.getByTestId('watchlist-button');
  const toast = page.getByTestId('watchlist-toast');
  const copyToast = page.getByRole('status').filter({ hasText: `Copied ${CAR.name} to your clipboard!` });
  await button.click();
  await expect(toast).toContainText('Car Saved In Watchlist');

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(copyToast).toBeVisible();
  await expect(toast).toHaveCount(0);
  await expect(page.locator('.toast')).toHaveCount(1);

  await button.click();
  await expect(toast).toContainText('Car Removed');
  await expect(copyToast).toHaveCount(0);
  await expect(page.locator('.toast')).toHaveCount(1);
  await expect.poll(() => watchlistOf('forms-demo', phone)).toEqual([]);

  // The copy toast's time (about 3 s) ends without closing the toast that replaced it.
  await page.waitForTimeout(3500);
  await expect(toast).toContainText('Car Removed');
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);
  await expect(button).toHaveText(/Save to Watchlist/);
  await button.click();
  await expect(toast).toContainText('Car Saved In Watchlist');
  await expect.poll(() => watchlistOf('forms-demo', phone)).toEqual([CAR.id]);
});

test('sold cars hide the save button unless already saved', async ({ page }) => {
  await page.goto(tenantUrl('forms-demo', '/cars/2018-ford-ranger-xlt-f3'));
  await expect(page.locator('[data-testid="sold-panel"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('watchlist-button')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('watchlist', JSON.stringify(['503'])));
  await page.reload();
  await expect(page.getByTestId('watchlist-button')).toHaveText(/Saved to Watchlist/);
});

test('vehicle pages record the car in the local viewed-cars list, latest first', async ({ page }) => {
  await page.goto(tenantUrl('forms-demo', '/cars/2025-toyota-corolla-ascent-sport-f1'));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('viewed_cars'))).toContain('"501"');
  await page.goto(tenantUrl('forms-demo', `/cars/${CAR.slug}`));
  await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('viewed_cars'))) ?? '[]').map((car: { id: string }) => car.id)).toEqual(['502', '501']);
  const [latest] = JSON.parse((await page.evaluate(() => localStorage.getItem('viewed_cars'))) ?? '[]');
  expect(latest).toEqual({ id: '502', stocknum: 'F2', make: 'Mazda', model: 'CX-5', body: null, simple_body: 'SUV' });
});

test('a session the API no longer knows is dropped and /my-garage asks to sign in again', async ({ page }) => {
  await page.goto(tenantUrl('forms-demo', '/contact'));
  await page.evaluate(() => localStorage.setItem('shopper_session', JSON.stringify({ user_id: 'gone', phone: '0412000999', token: 'not-a-live-token' })));
  await page.goto(tenantUrl('forms-demo', '/my-garage'));
  await expect(page).toHaveURL(/\/sign-in\?type=garage&redirect=%2Fmy-garage/);
  expect(await page.evaluate(() => localStorage.getItem('shopper_session'))).toBe('null');
});
