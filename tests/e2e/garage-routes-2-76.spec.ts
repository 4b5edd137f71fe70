/** Audit 2.76: a group's garage routes (site.json garage_routes) are the /my-garage page under another path. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
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

test('2.76: signed in, /mysunstate shows My Garage like /my-garage', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('shopper_session', JSON.stringify({ user_id: 'u-276', phone: '0412000276', token: 'not-a-live-token', expires_at: Date.now() + 3_600_000 })));
  await page.goto(tenantUrl('sunstate-motor-group', '/mysunstate'));
  await expect(page).toHaveURL(/\/mysunstate\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Garage');
  const alias = await page.locator('main').innerHTML();
  await page.goto(tenantUrl('sunstate-motor-group', '/my-garage'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Garage');
  expect(await page.locator('main h1').count()).toBe(1);
  expect(alias).toContain('My Garage');
});
