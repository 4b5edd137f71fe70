/**
 * Every vehicle page of the demo tenants (tenants/*) is checked (issue 3 "Done when"): its
 * JSON-LD parses and holds a schema.org Car, and axe finds no serious or critical violation.
 * The pages are those of the tenant's visible stock at the test clock (E2E_NOW), each of which
 * must exist in the built output (E2E_DIST, default dist-test/<slug>/cars/<slug>/).
 *
 * A full axe run costs seconds per page, so every page gets axe's data-sensitive rules (names,
 * labels, alt text, ids, ARIA values, list and heading structure: what a car's data can break),
 * and the full rule set (colour contrast and the rest) runs on every page that shows a template
 * part no earlier full run has covered (optional sections, tag style, price form, controls), so
 * each part of the template is fully checked at least once per tenant.
 * VEHICLE_AXE_ALL=1 runs the full rule set on every page.
 *
 * The data-sensitive sweep is sampled by default (issue 17: the 330-car tenant alone took
 * about 25 minutes of CI): every page still gets its JSON-LD checked and its template parts
 * listed, every page that shows a part no earlier page showed still gets the full rule set,
 * and the data-sensitive rules run on VEHICLE_AXE_SAMPLE pages per tenant (default 10, spread
 * evenly over the stock), within <main> (header and footer do not depend on the car and are
 * covered by the full runs). VEHICLE_AXE_SWEEP=all runs the data-sensitive rules on every page.
 * Images are not fetched: they do not change the markup.
 *
 * JSON-LD and template parts are read from each page's built HTML as served: fetched and parsed
 * with DOMParser inside one page with JavaScript off (no scripts run, nothing else loads), a
 * few milliseconds a page. Only the pages axe checks are loaded whole, and their parts after
 * hydration are added to what is covered. (Loading every page whole was most of the test's
 * time: 7 minutes for 172 pages; navigating a second page to each one still took 280 ms a
 * page, a third of the test.)
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { axeBuilder } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { tenantUrl } from './vehicle-helpers.ts';

const dist = resolve(process.env.E2E_DIST ?? 'dist-test');
const now = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
const everyPage = process.env.VEHICLE_AXE_ALL === '1';
/** Quick local runs only: check the first N pages of each tenant (default: all). */
const limit = Number(process.env.VEHICLE_AXE_LIMIT ?? 0) || undefined;
const sweepAll = everyPage || process.env.VEHICLE_AXE_SWEEP === 'all';
const sampleSize = Math.max(1, Number(process.env.VEHICLE_AXE_SAMPLE ?? 10) || 10);
/** Indexes of the pages the data-sensitive rules run on: all, or `sampleSize` spread evenly. */
function sampledIndexes(count: number): Set<number> {
  if (sweepAll || count <= sampleSize) return new Set(Array.from({ length: count }, (_, index) => index));
  return new Set(Array.from({ length: sampleSize }, (_, step) => Math.floor((step * count) / sampleSize)));
}
const tenants = readdirSync('tenants', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join('tenants', entry.name, 'site.json')))
  .map((entry) => entry.name);

test.describe.configure({ mode: 'parallel' });

/** Rules whose outcome depends on a car's data rather than on the template's CSS. */
const DATA_RULES = [
  'image-alt', 'link-name', 'button-name', 'label', 'select-name', 'input-button-name', 'frame-title', 'document-title', 'html-has-lang',
  'duplicate-id', 'duplicate-id-aria', 'duplicate-id-active', 'aria-valid-attr-value', 'aria-required-children', 'aria-required-parent',
  'aria-allowed-attr', 'aria-hidden-focus', 'aria-input-field-name', 'aria-toggle-field-name', 'list', 'listitem', 'definition-list', 'dlitem',
  'empty-heading', 'heading-order', 'landmark-unique', 'nested-interactive', 'role-img-alt', 'svg-img-alt', 'link-in-text-block',
];

/** Elements whose presence makes a template part (optional sections and controls). */
const PART_SELECTORS = [
  '[data-testid=price-panel]', '[data-testid=sold-panel]', '[data-testid=finance-box]', '#finance-calculator', '[data-testid=price-gauge]', '.gauge-slot',
  '.fuel-calc', '.delivery-calc', '.finance-quote', '[data-views]', '[data-phone-reveal]', '[data-testid=reserve-button]', '[data-history-report]',
  '[data-pdf]', '.media__modes', '.gallery__thumbs', '.gallery__thumbs--scroll', '.gallery iframe', '.gallery video', '#panel-features', '#dealer-comments',
  '[data-testid=similar-vehicles]', '[data-testid=market-badge]', '[data-testid=was-price]', '[data-testid=price-component]', '.bottom-bar',
  '#vehicle-announcement', '.badge--certified', '[data-testid=spec-list]', '[aria-labelledby=checks-title]', '.save-compare', '#key-info [data-collapse-toggle]',
];

/** What the test reads from a vehicle page: its JSON-LD texts and the template parts it shows. */
interface PageScan {
  url: string;
  status: number;
  jsonLd: string[];
  /** Parts present, its tag style and its price form. */
  parts: string[];
}

/**
 * In the browser: scan the loaded page (`urls` null) or fetch and parse each of `urls` as the
 * server sends it (DOMParser runs no script and loads nothing). One function for both, so the
 * built and the hydrated page are read alike.
 */
function scanPages({ urls, selectors }: { urls: string[] | null; selectors: string[] }): Promise<PageScan[]> {
  const scan = (doc: Document, url: string, status: number): PageScan => {
    const tag = doc.querySelector('[data-testid=vehicle-tag]')?.className ?? 'no-tag';
    const price = doc.querySelector('[data-price-kind]')?.getAttribute('data-price-kind') ?? 'no-price-panel';
    return {
      url,
      status,
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? ''),
      parts: [...selectors.filter((selector) => doc.querySelector(selector)), `tag:${tag}`, `price:${price}`],
    };
  };
  if (!urls) return Promise.resolve([scan(document, location.href, 200)]);
  const parser = new DOMParser();
  return Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url, { credentials: 'omit' });
      return scan(parser.parseFromString(await response.text(), 'text/html'), url, response.status);
    }),
  );
}

for (const tenant of tenants) {
  const carsDir = join(dist, tenant, 'cars');
  const slugs = loadTenant(join('tenants', tenant), now).visible.map((car) => car.slug).slice(0, limit);
  const missing = slugs.filter((slug) => !existsSync(join(carsDir, slug, 'index.html')));

  test(`${tenant}: every vehicle page has parseable Car JSON-LD and passes axe (no serious or critical)`, async ({ page, browser }) => {
    expect(slugs.length, `${tenant} has no visible stock`).toBeGreaterThan(0);
    expect(missing, `vehicle pages missing under ${carsDir} (build the demo tenants with the test clock first)`).toEqual([]);
    test.setTimeout(slugs.length * (everyPage ? 15_000 : 5_000) + 300_000);
    await page.route(/\.(webp|jpe?g|png|svg|gif)(\?|$)/, (route) => route.fulfill({ status: 204, body: '' }));
    // The built markup as served, without scripts, styles or images: JSON-LD and template parts.
    const markupContext = await browser.newContext({ javaScriptEnabled: false });
    const markup = await markupContext.newPage();
    await markup.route('**/*', (route) => (['document', 'fetch'].includes(route.request().resourceType()) ? route.continue() : route.abort()));
    const failures: string[] = [];
    const checked = new Set<string>();
    let axeRuns = 0;
    let dataRuns = 0;
    const sampled = sampledIndexes(slugs.length);
    // Every page's built HTML, read in one go from a page of the same site.
    await markup.goto(tenantUrl(tenant, '/robots.txt'));
    const scans = await markup.evaluate(scanPages, { urls: slugs.map((slug) => `/cars/${slug}/`), selectors: PART_SELECTORS });
    for (const [index, slug] of slugs.entries()) {
      const { status, jsonLd, parts } = scans[index]!;
      if (status !== 200) failures.push(`${slug}: the vehicle page answered ${status}`);
      const types: unknown[] = [];
      for (const text of jsonLd) {
        try {
          types.push((JSON.parse(text) as { '@type'?: unknown })['@type']);
        } catch (error) {
          failures.push(`${slug}: JSON-LD does not parse (${String(error)})`);
        }
      }
      if (!types.includes('Car')) failures.push(`${slug}: no schema.org Car JSON-LD`);
      if (!everyPage && !sampled.has(index) && parts.every((part) => checked.has(part))) continue;
      await page.goto(tenantUrl(tenant, `/cars/${slug}/`), { waitUntil: 'domcontentloaded' });
      // Parts drawn by the islands appear only now: a page showing a new one gets the full rule set too.
      const [hydrated] = await page.evaluate(scanPages, { urls: null, selectors: PART_SELECTORS });
      const shown = [...parts, ...hydrated!.parts];
      const full = everyPage || shown.some((part) => !checked.has(part));
      if (full) for (const part of shown) checked.add(part);
      if (full) axeRuns += 1;
      else dataRuns += 1;
      const builder = axeBuilder(page);
      const results = await (full ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']) : builder.include('main').withRules(DATA_RULES)).analyze();
      for (const violation of results.violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          failures.push(`${slug}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
        }
      }
    }
    await markupContext.close();
    const summary = `${tenant}: ${slugs.length} vehicle pages; JSON-LD on all, full axe on ${axeRuns} pages covering every template part, data-sensitive axe rules on ${dataRuns} more${sweepAll ? ' (every page)' : ' (sampled; VEHICLE_AXE_SWEEP=all checks every page)'}`;
    test.info().annotations.push({ type: 'axe', description: summary });
    console.log(summary);
    expect(failures, failures.join('\n')).toEqual([]);
  });
}
