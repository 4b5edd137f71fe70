/**
 * Audit 9.6, spec §9 "Facet limits", in the browser: the search-demo site's engine is handed a
 * stock with more values in every limited facet than its limit (tests/fixtures/facet-limits.ts,
 * served in place of the site's index file), and the live search page and the home hero show
 * no more than each limit: body, colour, price range, state ("location"), fuel 30, city 20,
 * location name 40; make 7 then 100 with 'Show all makes'; a make's models 30 then 250; the
 * hero's selects their facet's limit, its makes 20 popular then 100.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { FACET_LIMITS, MAKES_SHOWN, MODELS_FOR_MAKE, POPULAR_MAKES } from '../../src/search/core/config.ts';
import { BAND_LABELS } from '../../src/schemas/price-band.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { encodeIndex } from '../../src/search/engine/embedded-index.ts';
import { facetLimitStock } from '../fixtures/facet-limits.ts';
import { pointAtSearch } from './search-helpers.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const TENANT = 'search-demo';
const url = (path: string) => `http://${TENANT}.localhost:${port}${path}`;

/** The fixture stock as search-demo's index file. */
function fixtureIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), 'facet-limits-e2e-'));
  try {
    const folder = join(dir, TENANT);
    mkdirSync(folder);
    writeFileSync(join(folder, 'site.json'), readFileSync(`tests/fixtures/tenants/${TENANT}/site.json`));
    writeFileSync(join(folder, 'stock.json'), JSON.stringify(facetLimitStock()));
    const tenant = loadTenant(folder, Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00'));
    return JSON.stringify(encodeIndex(TENANT, toSearchDocuments(tenant.visible, tenant.site)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const INDEX_BODY = fixtureIndex();

async function serveFixtureIndex(page: Page) {
  await page.route(/\/search-index-search-demo\.json/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: INDEX_BODY }));
}

/** A panel's own options (not those of a panel nested in it). */
const panelOptions = (page: Page, title: string): Locator =>
  page
    .locator('fieldset.search-facet')
    .filter({ has: page.locator(`:scope > legend.search-facet__title`, { hasText: new RegExp(`^${title}$`) }) })
    .locator(':scope > ul > li > label input[type="checkbox"]');

test('9.6: every search panel shows no more than its facet limit, on a stock with more values than each', async ({ page }) => {
  test.setTimeout(60_000);
  await serveFixtureIndex(page);
  await page.goto(url('/search/new-used-and-demo-cars'));
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  // The fixture's 360 cars, not the site's own 60.
  await expect(page.locator('.search-count')).toHaveText('360 cars found', { timeout: 20_000 });

  for (const [title, limit] of [
    ['Body type', FACET_LIMITS.body],
    ['Colour', FACET_LIMITS.colour],
    // The product's own price bands, fewer than the limit (src/schemas/price-band.ts): all of them.
    ['Price range', BAND_LABELS.length],
    ['Fuel', FACET_LIMITS.fuel],
    ['State', FACET_LIMITS.state],
    ['City', FACET_LIMITS.city],
    ['Location', FACET_LIMITS.location_name],
  ] as const) {
    await expect(panelOptions(page, title), title).toHaveCount(limit);
  }

  // Makes: 7, then all of them up to the limit (106 in stock).
  const makes = panelOptions(page, 'Make');
  await expect(makes).toHaveCount(MAKES_SHOWN);
  await page.getByRole('button', { name: 'Show all makes' }).click();
  await expect(makes).toHaveCount(FACET_LIMITS.make);

  // A make's models (Toyota has 255): 30, then up to the model limit.
  await page.getByRole('checkbox', { name: /^Toyota/ }).check();
  const models = page.getByRole('group', { name: 'Toyota models' }).getByRole('checkbox');
  await expect(models).toHaveCount(MODELS_FOR_MAKE, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Show all models' }).click();
  await expect(models).toHaveCount(FACET_LIMITS.model);
});

test('9.6: the home hero’s selects list no more than their facet limit', async ({ page }) => {
  await serveFixtureIndex(page);
  await page.goto(url('/'));
  await expect(page.locator('[data-hero-phase="live"]')).toBeVisible({ timeout: 20_000 });
  const form = page.getByRole('search', { name: 'Stock search' });
  // Each select has its 'any' option first.
  for (const [label, limit] of [
    ['Body', FACET_LIMITS.body],
    ['Colour', FACET_LIMITS.colour],
  ] as const) {
    const select = form.getByLabel(label, { exact: true });
    if ((await select.count()) === 0) continue;
    await expect(select.locator('option'), label).toHaveCount(limit + 1);
  }
  const make = form.getByLabel('Make', { exact: true });
  await expect(make.locator('optgroup[label="Popular Makes"] option')).toHaveCount(POPULAR_MAKES);
  await expect(make.locator('optgroup[label="All Makes"] option')).toHaveCount(FACET_LIMITS.make);
});
