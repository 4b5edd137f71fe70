/**
 * Ways into the garage and the brands page (audit of spec sections 1 and 6; docs/decisions.md
 * "Ways into the garage and the brands page"): on a site with the garage the header links
 * 'My Garage' to the site's garage path (its first garage route), without JavaScript too; a
 * signed-out shopper who follows it signs in and comes back there; the watchlist toast's View List
 * goes there too; My Garage signs the shopper out;
 * a group site with brands.json links its brands page from the footer.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousAxeViolations, signInWithCode, tenantUrl, uniqueMobile } from './forms-helpers.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';

const GROUP = 'sunstate-motor-group';
const NOW = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');

test.describe('without scripts (the static pages as built)', () => {
  test.use({ javaScriptEnabled: false });

  test("a garage site's header links My Garage at its garage route; a site without the garage links none", async ({ page }) => {
    await page.goto(tenantUrl(GROUP, '/about-us/'));
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'My Garage', exact: true })).toHaveAttribute('href', '/mysunstate');
    await header.getByRole('link', { name: 'My Garage', exact: true }).click();
    await expect(page).toHaveURL(/\/mysunstate\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Garage');

    await page.goto(tenantUrl('ridgeline-toyota', '/about-us/'));
    await expect(page.locator('header a', { hasText: 'My Garage' })).toHaveCount(0);
  });

  test("a group site with brands links Our Brands from the footer's dealer group; a site without brands.json does not", async ({ page }) => {
    await page.goto(tenantUrl(GROUP, '/'));
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Our Brands', exact: true }).click();
    await expect(page).toHaveURL(/\/brands\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Brands');
    await expect(page.getByRole('heading', { name: 'Car Brands' })).toBeVisible();

    await page.goto(tenantUrl('ridgeline-toyota', '/'));
    await expect(page.locator('footer a[href^="/brands"]')).toHaveCount(0);
  });
});

test('My Garage from the header: sign in, come back to the garage route, View List goes there, and sign out there', async ({ page }) => {
  test.slow(); // sign-in by SMS code, a save, several page loads
  const car = loadTenant(join('tenants', GROUP), NOW).visible.find((each) => each.status === 'in_stock')!;
  const phone = uniqueMobile();
  await page.goto(tenantUrl(GROUP, '/about-us/'));
  await page.getByRole('banner').getByRole('link', { name: 'My Garage', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe('garage');
  expect(url.searchParams.get('redirect')).toMatch(/^\/mysunstate\/?$/);
  await signInWithCode(page, GROUP, phone);
  await expect(page).toHaveURL(/\/mysunstate\/?$/);
  await expect(page.getByText(`Signed in as ${phone}.`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'main');
  /** What the API says of this browser's session cookie (200 signed in, 401 not). */
  const session = () => page.evaluate(async () => (await fetch('/api/auth/session', { credentials: 'include' })).status);
  expect(await session()).toBe(200);

  // A save on a car page: its toast's View List goes to this site's garage route, not /my-garage.
  await page.goto(tenantUrl(GROUP, `/cars/${car.slug}/`));
  await page.getByTestId('watchlist-button').click();
  const toast = page.getByTestId('watchlist-toast');
  await expect(toast).toContainText('Car Saved In Watchlist');
  await expect(toast.getByRole('link', { name: 'View List' })).toHaveAttribute('href', '/mysunstate');
  await toast.getByRole('link', { name: 'View List' }).click();
  await expect(page).toHaveURL(/\/mysunstate\/?$/);
  await expect(page.getByRole('list', { name: 'Your watchlist' }).getByRole('listitem')).toHaveCount(1);
  // The header's garage link is marked as the page shown, as the menu links are.
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Garage', exact: true })).toHaveAttribute('aria-current', 'page');

  // By keyboard: Sign out is a button that ends the session here and at the API.
  const signOut = page.getByRole('main').getByRole('button', { name: 'Sign out' });
  await signOut.focus();
  await page.keyboard.press('Enter');
  const signedOut = page.getByText('Please sign in to see your garage.');
  await expect(signedOut).toBeFocused();
  // Its 'sign in' is the way back in, the next stop of Tab: to sign-in, back to this garage.
  await page.keyboard.press('Tab');
  const signInLink = signedOut.getByRole('link', { name: 'sign in' });
  await expect(signInLink).toBeFocused();
  await expect(signInLink).toHaveAttribute('href', /^\/sign-in\?type=garage&redirect=%2Fmysunstate/);
  await expect(page.getByText(`Signed in as ${phone}.`)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('shopper_session'))).toBe('null');
  expect(await session()).toBe(401);

  // The garage is gated again: a visit now goes to sign-in.
  await page.goto(tenantUrl(GROUP, '/about-us/'));
  await page.getByRole('banner').getByRole('link', { name: 'My Garage', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?/);
});
