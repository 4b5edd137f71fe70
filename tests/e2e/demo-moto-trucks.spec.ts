/**
 * Issue 14 item 8: the fourth demo tenant, a motorcycle and truck dealer on the motorcycle
 * template. Cars are chosen by their data (the same pure rules the pages use) at E2E_NOW.
 */
import { axeBuilder } from './axe.ts';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { engineSizeCc } from '../../src/lib/vehicle/spec-rows.ts';
import { formatNumber } from '../../src/lib/text/format.ts';
import { isReservable } from '../../src/lib/vehicle/vehicle-actions.ts';
import { depositTerms } from '../../src/lib/forms/deposit-terms.ts';
import { tenantUrl } from './vehicle-helpers.ts';
import { pointAtSearch } from './search-helpers.ts';

const slug = 'ironbark-moto-trucks';
const now = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
const tenant = loadTenant(join('tenants', slug), now);
const inStock = tenant.visible.filter((car) => car.status === 'in_stock' && car.variant);
const bike = inStock.find((car) => car.vehicle_kind === 'motorcycle' && engineSizeCc(car) !== null)!;
const truck = inStock.find((car) => car.vehicle_kind === 'truck' && car.variant?.grossvehiclemass && car.variant?.towingcapacitybraked)!;

async function expectAxeClean(page: Page): Promise<void> {
  test.slow(); // axe walks the whole DOM; on a loaded 2-core machine that takes a while
  const results = await axeBuilder(page).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

test('item 8: the motorcycle and truck dealer has 150+ generated bikes and trucks', () => {
  expect(tenant.site.template).toBe('motorcycle');
  expect(tenant.cars.length).toBeGreaterThanOrEqual(150);
  expect(tenant.cars.filter((car) => car.vehicle_kind === 'motorcycle').length).toBeGreaterThan(50);
  expect(tenant.cars.filter((car) => car.vehicle_kind === 'truck').length).toBeGreaterThan(30);
  expect(bike, 'an in-stock bike with an engine size').toBeTruthy();
  expect(truck, 'an in-stock truck with GVM and braked towing').toBeTruthy();
});

test('item 8: home page speaks of bikes and trucks and passes axe', async ({ page }) => {
  await page.goto(tenantUrl(slug, '/'));
  await expect(page.locator('header')).toContainText('Ironbark Motorcycles & Trucks');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sell My Bike' }).last()).toBeVisible();
  await expect(page.locator('main')).toContainText('Bikes & Trucks');
  await expect(page.locator('main a[href^="/cars/"]').first()).toBeVisible();
  await expectAxeClean(page);
});

test('issue 35: the make tiles count by the make\'s own kinds ("34 Bikes", "22 Trucks"), never "Bikes & Trucks" for a bike maker', async ({ page }) => {
  await page.goto(tenantUrl(slug, '/'));
  const tiles = page.locator('.hero-stock__tile');
  await expect(tiles.first()).toBeAttached();
  const checked: string[] = [];
  for (const tile of await tiles.all()) {
    const make = (await tile.locator('.hero-stock__tile-label').textContent())?.trim() ?? '';
    const kinds = new Set(tenant.visible.filter((car) => car.make === make).map((car) => car.vehicle_kind).filter((kind) => kind === 'motorcycle' || kind === 'truck'));
    const count = await tile.locator('.hero-stock__tile-count').textContent();
    const noun = kinds.size === 2 ? 'Bikes & Trucks' : kinds.has('truck') ? 'Trucks?' : 'Bikes?';
    expect(count, make).toMatch(new RegExp(`^\\d+ ${noun}$`));
    checked.push(make);
  }
  // Both kinds of maker are on the first tiles of the demo.
  expect(checked).toContain('Yamaha');
  expect(checked).toContain('Isuzu');
});

test('issue 35: a bike\'s similar vehicles are bikes (build-time list and engine refresh alike)', async ({ page }) => {
  await page.goto(tenantUrl(slug, `/cars/${bike.slug}/`));
  const section = page.getByTestId('similar-vehicles');
  const ids = () => section.locator('article[data-car-id]').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-car-id')));
  const isBikeOrSameModel = (id: string | null) => {
    const other = tenant.visible.find((car) => String(car.id) === id);
    return Boolean(other && (other.vehicle_kind === 'motorcycle' || (other.make === bike.make && other.model === bike.model)));
  };
  const initial = await ids();
  expect(initial.length).toBeGreaterThan(2);
  expect(initial.filter((id) => !isBikeOrSameModel(id))).toEqual([]);
  // The refresh loads the embedded index file, then answers from it.
  const indexLoaded = page.waitForResponse(/\/search-index-[^/]+\.json/);
  await section.scrollIntoViewIfNeeded();
  await indexLoaded;
  await expect(section).toHaveAttribute('data-state', 'ready');
  expect(await ids()).toEqual(initial);
});

test('issue 35: the reserve page is headed by the kind, as its buttons are ("Reserve This Bike", "Reserve This Truck")', async ({ page }) => {
  for (const [car, noun] of [[bike, 'Bike'], [truck, 'Truck']] as const) {
    expect(isReservable(car, { reserve: tenant.site.features.reserve }), car.slug).toBe(true);
    await page.goto(tenantUrl(slug, `/cars/${car.slug}/checkout`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reserve This ${noun}`);
    // The deposit terms name the vehicle itself, as the deposit step does (depositTerms).
    await expect(page.locator('main')).toContainText(depositTerms(tenant.site.reserve_deposit, car.name, tenant.site.payments));
  }
});

test('item 8: a motorcycle page shows its engine size in cc and final drive, no seats or doors', async ({ page }) => {
  await page.goto(tenantUrl(slug, `/cars/${bike.slug}/`));
  const keyInfo = page.locator('#key-info');
  await expect(keyInfo.locator('dt').nth(1)).toHaveText('Engine Size');
  await expect(keyInfo.locator('dd').nth(1)).toHaveText(engineSizeCc(bike)!);
  const details = page.getByTestId('spec-list');
  await expect(details.locator('dt', { hasText: /^Final Drive$/ })).toHaveCount(1);
  await expect(details.locator('dt', { hasText: /^(Seats|Doors|Drive Type)$/ })).toHaveCount(0);
  await expectAxeClean(page);
});

test('item 8: a truck page leads with gross vehicle mass and braked towing', async ({ page }) => {
  await page.goto(tenantUrl(slug, `/cars/${truck.slug}/`));
  const keyInfo = page.locator('#key-info');
  await expect(keyInfo.locator('dt').nth(1)).toHaveText('Gross Vehicle Mass');
  await expect(keyInfo.locator('dd').nth(1)).toHaveText(`${formatNumber(truck.variant!.grossvehiclemass as number)} kg`);
  await expect(keyInfo.locator('dt').nth(2)).toHaveText('Towing Capacity (Braked)');
  await expect(keyInfo.locator('dd').nth(2)).toHaveText(`${formatNumber(truck.variant!.towingcapacitybraked as number)} kg`);
  await expectAxeClean(page);
});

test('item 8: the search page lists bike and truck body types and passes axe', async ({ page }) => {
  await page.goto(tenantUrl(slug, '/search/new-used-and-demo-cars/'));
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1 })).toContainText('Bikes & Trucks');
  // The grid is dimmed while the search island loads its results: judge it settled.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  for (const body of ['Naked', 'Adventure', 'Light Truck', 'Medium Truck']) await expect(main.getByText(body, { exact: false }).first()).toBeAttached();
  await expectAxeClean(page);
});

test('the count names the one vehicle type chosen: "N Trucks found", not "Bikes & Trucks"', async ({ page }) => {
  await page.goto(tenantUrl(slug, '/search/new-used-and-demo-cars/'));
  await expect(page.locator('.search-count')).toContainText('Bikes & Trucks found');
  // The search goes live when the shopper comes near it; the facets answer from then on.
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.search-layout__grid')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await page.getByRole('group', { name: 'Vehicle type' }).getByRole('checkbox', { name: /^Truck/ }).check();
  await expect(page.locator('.search-count')).toHaveText(/^\d+ Trucks found$/);
  await page.getByRole('group', { name: 'Vehicle type' }).getByRole('checkbox', { name: /^Motorcycle/ }).check();
  await expect(page.locator('.search-count')).toHaveText(/^\d+ Bikes & Trucks found$/);
});
