/** Audit 2.76: a group's garage routes (site.json garage_routes) are the /my-garage page under another path. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures.ts';
import { tenantUrl } from './vehicle-helpers.ts';

const dist = resolve(process.env.E2E_DIST ?? 'dist-test');

test('2.76: /mysunstate is a static garage page (no redirect page) only on the site that lists it', () => {
  expect(existsSync(join(dist, 'sunstate-motor-group', 'mysunstate', 'index.html'))).toBe(true);
  expect(existsSync(join(dist, 'ridgeline-toyota', 'mysunstate', 'index.html'))).toBe(false);
});

test('2.76: signed out, /mysunstate sends the shopper to sign-in as the garage does', async ({ page }) => {
  await page.goto(tenantUrl('sunstate-motor-group', '/about-us'));
  await page.evaluate(() => location.assign('/mysunstate'));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe('garage');
  expect(url.searchParams.get('redirect')).toMatch(/^\/mysunstate\/?$/);
  expect(url.searchParams.get('back')).toMatch(/^\/about-us\/?$/);
});

test.describe('without scripts (the static pages as built)', () => {
  test.use({ javaScriptEnabled: false });
  test('2.76: /mysunstate is the same garage page as /my-garage', async ({ page }) => {
    const main = async (path: string) => {
      await page.goto(tenantUrl('sunstate-motor-group', path));
      const html = await page.locator('main').evaluate((element) => element.outerHTML);
      // Astro's per-page ids differ between two pages; the content must not.
      return html.replace(/ (data-astro-cid-\w+|uid|component-url|renderer-url|before-hydration-url)(="[^"]*")?/g, '');
    };
    const alias = await main('/mysunstate/');
    expect(alias).toContain('My Garage');
    expect(alias).toBe(await main('/my-garage/'));
  });
});
