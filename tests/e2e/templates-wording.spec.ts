/**
 * Issue 35 item 3 on the demo sites: the bikes-and-trucks dealer speaks of bikes and trucks
 * (menus, footer, banner, promo card, hero with a vehicle-type select), and the caravan dealer
 * shows caravan specifications and filters by sleeps and length. Expected counts come from the
 * same engine over the tenant's own stock.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { DEFAULT_INDEX } from '../../src/search/core/config.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { createSearchEngine, type EngineSearchParams } from '../../src/search/engine/engine.ts';
import { cars, pointAtSearch } from './search-helpers.ts';
import { tenantUrl } from './vehicle-helpers.ts';
import { priceBand } from '../../src/schemas/price-band.ts';

const now = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
const moto = loadTenant(join('tenants', 'ironbark-moto-trucks'), now);
const motoEngine = createSearchEngine(toSearchDocuments(moto.visible, moto.site));
const vans = loadTenant(join('tenants', 'bayside-caravans'), now);
const vanEngine = createSearchEngine(toSearchDocuments(vans.visible, vans.site));
const sunstate = loadTenant(join('tenants', 'sunstate-motor-group'), now);
const hits = (engine: typeof vanEngine, params: EngineSearchParams) => engine.search(DEFAULT_INDEX, { hitsPerPage: 0, ...params }).nbHits;

test('issue35-3: the bikes-and-trucks site speaks of bikes and trucks, and its hero chooses the vehicle type', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(tenantUrl('ironbark-moto-trucks', '/'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sell My Bike or Truck', exact: true }).first()).toBeAttached();
  // The Range menu groups bikes and trucks under their own headings, none under 'Cars'.
  const headings = await nav.locator('.site-nav__heading').allTextContents();
  expect(headings).toEqual(expect.arrayContaining(['Motorcycles', 'Trucks']));
  expect(headings).not.toContain('Cars');
  await expect(page.getByRole('navigation', { name: 'Bikes & Trucks' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Sell Your Bike or Truck' })).toBeVisible();
  await expect(page.getByText('Get an instant offer for your bike or truck today.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Sell Your Car|Sell My Car\b/);

  // The hero's fourth select is the vehicle type; its count is the engine's.
  const hero = page.getByRole('search', { name: 'Stock search' });
  await expect(page.locator('[data-hero-phase="live"]')).toBeVisible({ timeout: 20_000 });
  const type = hero.getByLabel('Type', { exact: true });
  const trucks = moto.visible.filter((car) => car.vehicle_kind === 'truck').length;
  await expect(type.locator('option')).toHaveText([
    'Any type',
    `Motorcycle (${moto.visible.filter((car) => car.vehicle_kind === 'motorcycle').length})`,
    `Truck (${trucks})`,
  ]);
  await expect(hero.getByLabel('Colour', { exact: true })).toHaveCount(0);
  await type.selectOption('truck');
  const want = hits(motoEngine, { facetFilters: ['item_type:truck'] });
  // Every truck is a Truck, the feed records without item_type too (their make says so).
  expect(want).toBe(trucks);
  expect(moto.visible.filter((car) => car.vehicle_kind === 'truck' && !car.item_type).length).toBeGreaterThan(0);
  await expect(hero.getByRole('button', { name: /^Show Me/ })).toHaveText(`Show Me ${cars(want, { one: 'Truck', other: 'Trucks' })}`);
  await hero.getByRole('button', { name: /^Show Me/ }).click();
  await expect(page).toHaveURL(/refinementList\[item_type\]\[\]=truck/);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.search-count')).toHaveText(`${cars(want, { one: 'Truck', other: 'Trucks' })} found`);
  await expect(page.getByRole('group', { name: 'Vehicle type' }).getByRole('checkbox', { name: /^Truck/ })).toBeChecked();
  // The sell card between results speaks of bikes and trucks too.
  await expect(page.locator('.search-grid__item--promo').first()).toContainText('We Want Your Bike or Truck!');
});

test('issue35-3: protection and the instant offer name the bike or truck, not a car', async ({ page }) => {
  test.setTimeout(60_000);
  for (const [kind, noun] of [
    ['motorcycle', 'Bike'],
    ['truck', 'Truck'],
  ] as const) {
    const vehicle = moto.visible.find((car) => car.vehicle_kind === kind && car.status === 'in_stock')!;
    await page.goto(tenantUrl('ironbark-moto-trucks', `/cars/${vehicle.slug}/`));
    await expect(page.getByRole('tab', { name: `Protect Your ${noun}`, exact: true })).toBeAttached();
    await expect(page.getByRole('tab', { name: 'Protect Your Car' })).toHaveCount(0);
  }
  await page.goto(tenantUrl('ironbark-moto-trucks', '/trade-in'));
  await expect(page.getByText('Enter your registration to get an instant offer on your bike or truck.')).toBeVisible();
  await expect(page.getByText('Can every bike or truck get an online estimate?')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\byour car\b|\bmy car\b|every car\b/i);
});

test('issue35-3: a caravan shows its specifications in key information', async ({ page }) => {
  const van = vans.visible.find(
    (car) => car.status === 'in_stock' && car.specifications?.sleeps && car.specifications.tare_weight && car.specifications.body_length,
  )!;
  await page.goto(tenantUrl('bayside-caravans', `/cars/${van.slug}/`));
  const keyInfo = page.locator('#key-info');
  await expect(keyInfo.locator('dt').first()).toHaveText('Body Length');
  for (const label of ['Body Width', 'Tare Weight', 'Aggregate Trailer Mass', 'Axle Type', 'Sleeps'])
    await expect(keyInfo.locator('dt', { hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
  await expect(keyInfo.locator('dt', { hasText: /^(Odometer|Transmission)$/ })).toHaveCount(0);
});

test('issue35-3: caravan search filters by sleeps and by length', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(tenantUrl('bayside-caravans', '/search/new-used-and-demo-cars'));
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  // No colour-or-fuel style noise: the caravan panels are there.
  const sleeps = page.getByRole('group', { name: 'Sleeps', exact: true });
  const counts = vanEngine.search(DEFAULT_INDEX, { hitsPerPage: 0, facets: ['sleeps'] }).facets.sleeps!;
  const [most] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  await sleeps.getByRole('checkbox', { name: new RegExp(`^Sleeps ${most}\\b`) }).check();
  await expect(page).toHaveURL(new RegExp(`refinementList\\[sleeps\\]\\[\\]=${most}`));
  await expect(page.locator('.search-count')).toHaveText(`${cars(hits(vanEngine, { facetFilters: [`sleeps:${most}`] }), { one: 'Caravan', other: 'Caravans' })} found`);

  const length = page.getByRole('group', { name: 'Length', exact: true });
  const low = length.getByRole('slider', { name: 'Minimum length' });
  await low.focus();
  for (let press = 0; press < 2; press += 1) await low.press('ArrowRight');
  await expect(page).toHaveURL(/range\[body_length\]=\d+:/);
  const from = Number(/range\[body_length\]=(\d+):/.exec(decodeURIComponent(page.url()))![1]);
  await expect(length.locator('.search-price__values')).toContainText(`${from} ft`);
  await expect(page.locator('.search-count')).toHaveText(
    `${cars(hits(vanEngine, { facetFilters: [`sleeps:${most}`], numericFilters: [`body_length>=${from}`] }), { one: 'Caravan', other: 'Caravans' })} found`,
  );
});

test('1.9: a feed record without item_type on the bike and truck site is drawn and named as a bike, with no car words', async ({ page }) => {
  const scooter = moto.visible.find((car) => car.make === 'Yamaha' && car.model === 'NMAX' && !car.item_type && car.status === 'in_stock')!;
  expect(scooter.vehicle_kind).toBe('motorcycle');
  await page.goto(tenantUrl('ironbark-moto-trucks', `/cars/${scooter.slug}/`));
  const main = page.locator('main');
  await expect(main.locator('img[src*="/media/placeholders/"]').first()).toHaveAttribute('src', /\/media\/placeholders\/motorcycle[-.]/);
  await expect(main.locator('img[src*="/media/placeholders/sedan"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Reserve This Bike' }).first()).toBeAttached();
  await page.getByRole('tab', { name: 'Why Buy From Us?' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Why Buy From Us?' })).toContainText('Every bike inspected before sale');
  await expect(page.getByRole('tabpanel', { name: 'Why Buy From Us?' })).toContainText('get a valuation for your current bike');
  await page.getByRole('tab', { name: 'Reserve Online' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Reserve Online' })).toContainText('Secure this bike online');
  await expect(page.getByRole('tab', { name: 'Protect Your Bike', exact: true })).toBeAttached();
  await expect(main).not.toContainText(/\bcars?\b/i);
  // A truck of the same feed without item_type is a truck.
  const truck = moto.visible.find((car) => car.make === 'Hino' && !car.item_type && car.status === 'in_stock')!;
  await page.goto(tenantUrl('ironbark-moto-trucks', `/cars/${truck.slug}/`));
  await expect(page.getByRole('tab', { name: 'Protect Your Truck', exact: true })).toBeAttached();
  await expect(page.locator('main img[src*="/media/placeholders/"]').first()).toHaveAttribute('src', /\/media\/placeholders\/light-truck[-.]/);
});

test('1.9: the caravan site names its records without item_type caravans, labels New/Used "Condition" and offers no test drive', async ({ page }) => {
  test.setTimeout(60_000);
  const van = vans.visible.find((car) => car.make === 'Jayco' && car.model === 'Crosstrak' && !car.item_type)!;
  await page.goto(tenantUrl('bayside-caravans', `/search/${van.car_type === 'used' ? 'used' : 'new'}-cars?query=Crosstrak`));
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  const card = page.locator('article', { hasText: van.name }).first();
  await expect(card.getByRole('link', { name: /^Reserve This Caravan/ })).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/media\/placeholders\/caravan[-.]/);
  await expect(page.locator('main')).not.toContainText(/Reserve This Car\b/);
  await expect(page.getByRole('group', { name: 'Condition', exact: true }).first()).toBeAttached();
  await expect(page.getByRole('group', { name: 'Car type' })).toHaveCount(0);

  // The dealer takes no test-drive bookings (site.json features.test_drive false): the footer does not offer one.
  expect(vans.site.features.test_drive).toBe(false);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Finance', exact: true })).toBeAttached();
  await expect(footer.getByRole('link', { name: 'Book a Test Drive' })).toHaveCount(0);
  await page.goto(tenantUrl('bayside-caravans', '/book-test-drive/'));
  await expect(page.getByText('Test drives are not booked online at Bayside Caravan Centre.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('form')).toHaveCount(0);
});

test('price range and drive facets from feed data: no overlapping price bands, no Chain or Belt among drive types', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(tenantUrl('sunstate-motor-group', '/search/used-cars'));
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  const values = (name: string) => page.getByRole('group', { name, exact: true }).locator('.search-facet__option > span:not(.search-facet__count)').allTextContents();
  const drives = await values('Drive');
  expect(drives.length).toBeGreaterThan(1);
  expect(drives.filter((value) => /chain|belt|shaft/i.test(value))).toEqual([]);
  const bands = await values('Price range');
  expect(bands.length).toBeGreaterThan(3);
  // Every band is a band of the one scheme (the band its own lower limit falls in), so no two overlap.
  for (const band of bands) expect(priceBand(Number(band.match(/\$([\d,]+)/)![1]!.replace(/,/g, '')) + 100), band).toBe(band);
  // The car dealer's bikes keep their final drive on their own page.
  const bike = sunstate.visible.find((car) => car.final_drive && car.status === 'in_stock')!;
  await page.goto(tenantUrl('sunstate-motor-group', `/cars/${bike.slug}/`));
  await expect(page.locator('#key-info dt', { hasText: /^Final Drive$/ })).toHaveCount(1);
  await expect(page.locator('#key-info dt', { hasText: /^Drive Type$/ })).toHaveCount(0);
});
