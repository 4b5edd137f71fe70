/**
 * The interactive location map (site.json maps.tiles, spec §7 "a maps service for location
 * maps") against a local tile server: a tiny HTTP server here draws a PNG for every
 * /{z}/{x}/{y}.png it is asked for and counts the requests. The fixture's tile URL names the
 * host tiles.live-map.test, which the browser cannot resolve; the test routes that host to the
 * local server (nothing leaves the machine). It proves that no tile and no map script is
 * requested before the shopper opens the map, that opening it by keyboard loads tiles and shows
 * the provider's attribution, that the map takes the keyboard, and that a site without a tile
 * source has no map script at all. Fixture: tests/fixtures/tenants/site-live-map; the demo
 * dealer Sunstate sets OpenStreetMap's tiles, routed to the same local server here.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { axeBuilder } from './axe.ts';
import { tenantUrl } from './vehicle-helpers.ts';

const TILE_HOST = 'https://tiles.live-map.test';
const fixture = JSON.parse(readFileSync('tests/fixtures/tenants/site-live-map/site.json', 'utf8')) as { maps: { tiles: { zoom: number } } };

/** Tile paths the local server was asked for. */
const served: string[] = [];
let server: Server;
let tilePort = 0;

test.beforeAll(async () => {
  const cache = new Map<string, Buffer>();
  server = createServer(async (request, response) => {
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    served.push(request.url!);
    const [, z, x, y] = match.map(Number);
    const key = request.url!;
    // A checker of two greens, so the tiles are told apart on screen.
    const png =
      cache.get(key) ??
      (await sharp({ create: { width: 256, height: 256, channels: 3, background: (x! + y! + z!) % 2 ? '#cfe8c9' : '#b9dcb1' } })
        .png()
        .toBuffer());
    cache.set(key, png);
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, 'Cache-Control': 'no-store' });
    response.end(png);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  tilePort = (server.address() as AddressInfo).port;
});

// A tile still on its way when a test ends must not be answered into a closed page: let the handlers finish first.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'wait' });
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

/** Send the fixture's tile host to the local tile server; record every request the page makes. */
async function withTiles(page: Page): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.route(`${TILE_HOST}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${tilePort}${pathname}` });
    await route.fulfill({ response });
  });
  return requested;
}

const tileRequests = (urls: string[]) => urls.filter((url) => url.startsWith(TILE_HOST));
const mapScripts = (urls: string[]) => urls.filter((url) => /leaflet/i.test(url));

test('no tile and no map script before the map is opened; by keyboard it loads tiles, shows the attribution and takes the keyboard', async ({ page }) => {
  served.length = 0;
  const requested = await withTiles(page);
  await page.goto(tenantUrl('site-live-map', '/locations/springwood/'));
  const box = page.locator('#location-map');
  await box.scrollIntoViewIfNeeded();
  const open = box.getByRole('button', { name: 'Show interactive map' });
  await expect(box.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
  await page.waitForLoadState('networkidle');

  // Before: the drawn map, the button, and not one request for a tile or the map library.
  await expect(box.locator('svg[data-testid="location-map"]')).toBeVisible();
  expect(tileRequests(requested)).toEqual([]);
  expect(served).toEqual([]);
  expect(mapScripts(requested)).toEqual([]);
  await expect(page.locator('.leaflet-container')).toHaveCount(0);

  // Opened from the keyboard.
  await open.focus();
  await page.keyboard.press('Enter');
  const map = page.getByRole('region', { name: 'Street map of Live Map Motors Springwood' });
  await expect(map).toBeFocused();
  await expect(box.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  const tiles = await box
    .locator('img.leaflet-tile-loaded')
    .evaluateAll((images) => images.map((image) => [(image as HTMLImageElement).naturalWidth, (image as HTMLImageElement).src]));
  expect(tiles.length).toBeGreaterThan(0);
  for (const [width, src] of tiles) {
    expect(width).toBe(256);
    expect(String(src)).toMatch(new RegExp(`^${TILE_HOST}/${fixture.maps.tiles.zoom}/\\d+/\\d+\\.png$`));
  }
  expect(served.length).toBeGreaterThanOrEqual(tiles.length);
  expect(mapScripts(requested).length).toBeGreaterThan(0);

  // The provider's attribution, linked to its page, and the pin on the spot.
  const attribution = box.locator('.leaflet-control-attribution');
  await expect(attribution).toBeVisible();
  await expect(attribution.getByRole('link', { name: '© Test Tiles contributors' })).toHaveAttribute('href', `${TILE_HOST}/copyright`);
  await expect(box.locator('.live-map__pin svg')).toBeVisible();
  // The drawn map steps aside; its button is gone.
  await expect(box.locator('svg[data-testid="location-map"]')).toBeHidden();
  await expect(open).toHaveCount(0);

  // Keyboard: + zooms in one level, which asks the server for the next zoom's tiles.
  await map.press('Equal');
  await expect.poll(() => served.some((path) => path.startsWith(`/${fixture.maps.tiles.zoom + 1}/`))).toBe(true);
  await expect(box.getByRole('button', { name: 'Zoom in' })).toBeVisible();

  const results = await axeBuilder(page).include('#location-map').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the one-location home hero shows the drawn map and its button, and asks the tile server for nothing', async ({ page }) => {
  served.length = 0;
  const requested = await withTiles(page);
  await page.goto(tenantUrl('site-live-map', '/'));
  const hero = page.getByTestId('locations-hero');
  await hero.scrollIntoViewIfNeeded();
  const open = hero.getByRole('button', { name: 'Show interactive map' });
  await expect(hero.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
  await page.waitForLoadState('networkidle');
  await expect(hero.locator('svg[data-testid="location-map"]')).toBeVisible();
  expect(tileRequests(requested)).toEqual([]);
  expect(mapScripts(requested)).toEqual([]);
  expect(served).toEqual([]);
  await open.click();
  await expect(hero.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(hero.locator('.leaflet-control-attribution')).toContainText('© Test Tiles contributors');
});

test('a site without a tile source keeps the drawn map and ships no map island or script', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const response = await page.goto(tenantUrl('site-one-location', '/locations/springwood/'));
  const html = await response!.text();
  expect(html).not.toContain('LiveMap');
  await expect(page.locator('#location-map svg[data-testid="location-map"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show interactive map' })).toHaveCount(0);
  await page.locator('#location-map').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(mapScripts(requested)).toEqual([]);
});

test('the demo dealer Sunstate opens a street map of OpenStreetMap tiles on a location page (spec 7.24)', async ({ page }) => {
  const osm = 'https://tile.openstreetmap.org';
  served.length = 0;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  // OpenStreetMap is not reachable from the tests: its host is answered by the local tile server.
  await page.route(`${osm}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `http://127.0.0.1:${tilePort}${pathname}` }) });
  });
  await page.goto(tenantUrl('sunstate-motor-group', '/locations/eagle-farm/'));
  const box = page.locator('#location-map');
  await box.scrollIntoViewIfNeeded();
  await expect(box.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => url.startsWith(osm))).toEqual([]);
  await box.getByRole('button', { name: 'Show interactive map' }).click();
  await expect(box.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(await box.locator('img.leaflet-tile-loaded').first().getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);
  await expect(box.locator('.leaflet-control-attribution').getByRole('link', { name: '© OpenStreetMap contributors' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
  expect(served.length).toBeGreaterThan(0);
});
