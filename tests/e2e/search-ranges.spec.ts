/**
 * Issue 35 item 5 on a built site: range filters are one track with two thumbs (Radix Slider)
 * whose shown values always equal the applied filter; moved by keyboard, the URL says what the
 * label says; an answer with no results never shows a made-up '0 – 1' range.
 * Fixture: tests/fixtures/tenants/search-demo (60 cars), expected values from the same rules.
 */
import { expect, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { cars, pointAtSearch } from './search-helpers.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { DEFAULT_INDEX } from '../../src/search/core/config.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { createSearchEngine } from '../../src/search/engine/engine.ts';
import { moveThumb, unitBounds, unitStep } from '../../src/search/browser/price-slider.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const NOW = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
const site = (path: string) => `http://search-demo.localhost:${port}${path}`;
const tenant = loadTenant('tests/fixtures/tenants/search-demo', NOW);
const engine = createSearchEngine(toSearchDocuments(tenant.visible, tenant.site));
const km = (value: number) => `${value.toLocaleString('en-AU')} km`;

async function openLive(page: Page, path: string) {
  await page.goto(site(path));
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.search-layout__grid')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
}

/** The applied km range of the address bar ('19000:' or '19000:120000'). */
const appliedKm = (page: Page) => new URL(page.url()).searchParams.get('range[km]');

async function press(thumb: Locator, key: string, times: number) {
  await thumb.focus();
  for (let count = 0; count < times; count += 1) await thumb.press(key);
}

test('issue35-5: a two-thumb slider moved by keyboard shows in its label the range the URL applies', async ({ page }) => {
  // Two page loads and two debounced searches on a shared 2-core machine.
  test.setTimeout(90_000);
  await openLive(page, '/search/new-used-and-demo-cars');
  const stats = engine.search(DEFAULT_INDEX, { facets: ['km'], hitsPerPage: 0 }).facets_stats.km!;
  const bounds = unitBounds(stats, 1000)!;
  const step = unitStep(bounds, 1000);
  const panel = page.getByRole('group', { name: 'Kilometres' });
  const low = panel.getByRole('slider', { name: 'Minimum kilometres' });
  const high = panel.getByRole('slider', { name: 'Maximum kilometres' });
  // One control: two thumbs on one track, no native range inputs left.
  await expect(panel.getByRole('slider')).toHaveCount(2);
  await expect(panel.locator('input[type="range"]')).toHaveCount(0);

  // Three presses: each moves a step and rests on a whole 1,000 (spec §5), as the rules say.
  let values: [number, number] = [bounds.min, bounds.max];
  for (let count = 0; count < 3; count += 1) values = moveThumb(values, 'min', values[0] + step, bounds)!;
  await press(low, 'ArrowRight', 3);
  await expect(page).toHaveURL(new RegExp(`range\\[km\\]=${values[0]}:$`));
  await expect(low).toHaveAttribute('aria-valuenow', String(values[0]));
  await expect(low).toHaveAttribute('aria-valuetext', km(values[0]));
  await expect(panel.locator('.search-price__values')).toHaveText(`${km(values[0])} – ${km(bounds.max)}`);

  // The other thumb: both sides applied, label and URL still say the same.
  await press(high, 'ArrowLeft', 2);
  await expect(page).toHaveURL(/range\[km\]=\d+:\d+$/);
  const [from, to] = appliedKm(page)!.split(':').map(Number);
  expect(from).toBe(values[0]);
  await expect(panel.locator('.search-price__values')).toHaveText(`${km(from!)} – ${km(to!)}`);
  await expect(high).toHaveAttribute('aria-valuetext', km(to!));
  await expect(panel.getByLabel('Max kilometres')).toHaveValue(String(to));
  await expect(page.locator('.search-count')).toHaveText(`${cars(engine.search(DEFAULT_INDEX, { hitsPerPage: 0, numericFilters: [`km>=${from}`, `km<=${to}`] }).nbHits)} found`);

  // Reloaded from the URL: the same label.
  await page.reload();
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(panel.locator('.search-price__values')).toHaveText(`${km(from!)} – ${km(to!)}`);
});

test('issue35-5: no results show the last good range of an applied filter, and no made-up 0 – 1', async ({ page }) => {
  test.setTimeout(60_000);
  await openLive(page, '/search/new-used-and-demo-cars');
  const panel = page.getByRole('group', { name: 'Kilometres' });
  await press(panel.getByRole('slider', { name: 'Minimum kilometres' }), 'ArrowRight', 2);
  await expect(page).toHaveURL(/range\[km\]=\d+:$/);
  const label = await panel.locator('.search-price__values').textContent();

  await page.locator('.search-box input[type="search"]').fill('zzzzqqq');
  await expect(page.getByText('No results found for your search at this time.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/query=zzzzqqq/);
  // The filtered range keeps its last good bounds and values; unfiltered ranges are not shown.
  await expect(panel.locator('.search-price__values')).toHaveText(label!);
  await expect(page.getByRole('group', { name: 'Year', exact: true })).toHaveCount(0);
  await expect(page.locator('.search-filters')).not.toContainText(/\b0 – 1\b|0 km – 1,000 km/);
});
