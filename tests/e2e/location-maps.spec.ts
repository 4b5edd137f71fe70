/**
 * Issue 35 item 4 on built fixture sites: location pages and cards show a map of where the
 * dealer is, drawn at build time, with Get Directions, and with every request to another host
 * blocked (no network): the map needs none. Fixtures: tests/fixtures/tenants/site-one-location,
 * site-locations (positions in site.json, no maps key).
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;

/** Only the test server answers; every other request is aborted and recorded. */
async function offline(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === 'localhost' || host.endsWith('.localhost')) return route.continue();
    blocked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return blocked;
}

test('issue35-4: a location page shows its drawn map with the marker and Get Directions, with no network', async ({ page }) => {
  const blocked = await offline(page);
  await page.goto(site('site-one-location', '/locations/springwood'));
  const map = page.locator('#location-map svg[data-testid="location-map"]');
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute('aria-label', /^Map of /);
  await expect(map).toHaveAttribute('data-lat', '-27.6126');
  await expect(map.locator('.location-map__marker')).toBeVisible();
  // Land drawn from the map data: a real path, and the marker in the middle of the map.
  expect((await map.locator('.location-map__land').getAttribute('d'))!.length).toBeGreaterThan(100);
  const [box, marker] = await Promise.all([map.boundingBox(), map.locator('.location-map__marker').boundingBox()]);
  expect(Math.abs(marker!.x + marker!.width / 2 - (box!.x + box!.width / 2))).toBeLessThan(box!.width * 0.05);
  await expect(page.getByRole('link', { name: 'Get Directions' }).first()).toHaveAttribute('href', /destination=-27\.6126%2C153\.1294|maps/);
  expect(blocked.filter((url) => /map/i.test(url))).toEqual([]);
});

test('issue35-4: every location card shows its map, with no network', async ({ page }) => {
  await offline(page);
  await page.goto(site('site-locations'));
  const cards = page.getByTestId('location-card');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) {
    await expect(card.locator('svg[data-testid="location-map"] .location-map__marker')).toBeAttached();
    await expect(card.getByRole('link', { name: /^Get Directions to .+ \(opens in a new tab\)$/ })).toBeAttached();
  }
});
