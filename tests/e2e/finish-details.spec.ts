/**
 * Finish details a shopper notices, on built sites: Home and End move only the focused thumb of
 * a two-thumb slider (search filters and the home hero); the dealer's name is never cut in the
 * phone header; the vehicle tabs make an even grid on a phone; the sales counter counts up from
 * the number already on the page; the open filter panel on a phone ends with a 'Show Me N'
 * button that closes it. Fixtures: tests/fixtures/tenants/search-demo, site-one-location and the
 * four demo tenants.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { cars, pointAtSearch } from './search-helpers.ts';
import { tenantUrl } from './vehicle-helpers.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { DEFAULT_INDEX, HOME_PRICE_SLIDER } from '../../src/search/core/config.ts';
import { toSearchDocuments } from '../../src/search/core/documents.ts';
import { createSearchEngine } from '../../src/search/engine/engine.ts';
import { moveThumb, unitBounds, unitStep } from '../../src/search/browser/price-slider.ts';

const NOW = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
const DEMOS = ['sunstate-motor-group', 'ridgeline-toyota', 'bayside-caravans', 'ironbark-moto-trucks'];
const searchDemo = loadTenant('tests/fixtures/tenants/search-demo', NOW);
const engine = createSearchEngine(toSearchDocuments(searchDemo.visible, searchDemo.site));

async function openLiveSearch(page: Page, path: string) {
  await page.goto(tenantUrl('search-demo', path));
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.search-layout__grid')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
}

test('Home on the maximum thumb moves the maximum, never the minimum; End on it restores it', async ({ page }) => {
  test.setTimeout(60_000);
  await openLiveSearch(page, '/search/new-used-and-demo-cars');
  const bounds = unitBounds(engine.search(DEFAULT_INDEX, { facets: ['km'], hitsPerPage: 0 }).facets_stats.km!, 1000)!;
  const panel = page.getByRole('group', { name: 'Kilometres' });
  const low = panel.getByRole('slider', { name: 'Minimum kilometres' });
  const high = panel.getByRole('slider', { name: 'Maximum kilometres' });
  let values: [number, number] = [bounds.min, bounds.max];
  for (let count = 0; count < 3; count += 1) values = moveThumb(values, 'min', values[0] + unitStep(bounds, 1000), bounds)!;
  await low.focus();
  for (let count = 0; count < 3; count += 1) await low.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`range\\[km\\]=${values[0]}:$`));

  // Home on the maximum: the maximum goes as low as it may (the rules' own answer); the minimum stays.
  const lowest = moveThumb(values, 'max', bounds.min, bounds)!;
  await high.press('Home');
  await expect(page).toHaveURL(new RegExp(`range\\[km\\]=${values[0]}:${lowest[1]}$`));
  await expect(low).toHaveAttribute('aria-valuenow', String(values[0]));
  await expect(high).toHaveAttribute('aria-valuenow', String(lowest[1]));
  await expect(high).toBeFocused();

  // End on the maximum: back to the top; the minimum still stays.
  await high.press('End');
  await expect(page).toHaveURL(new RegExp(`range\\[km\\]=${values[0]}:$`));
  await expect(low).toHaveAttribute('aria-valuenow', String(values[0]));

  // Home on the minimum: the minimum goes to the bottom; the maximum is untouched.
  await low.press('Home');
  await expect(low).toHaveAttribute('aria-valuenow', String(bounds.min));
  await expect(high).toHaveAttribute('aria-valuenow', String(bounds.max));
  await expect.poll(() => new URL(page.url()).searchParams.get('range[km]')).toBeNull();
});

test('the home price slider: End on the minimum and Home on the maximum move only that thumb', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('promo_popup_dismissed', '1'));
  await page.goto(tenantUrl('sunstate-motor-group', '/'));
  const form = page.getByRole('form', { name: 'Search by price' });
  const low = form.getByRole('slider', { name: 'Minimum price' });
  const high = form.getByRole('slider', { name: 'Maximum price' });
  await form.scrollIntoViewIfNeeded();
  await expect(form.locator('.range-slider[data-orientation] [data-radix-collection-item]').first()).toBeAttached({ timeout: 15_000 });
  const { min, max, step } = HOME_PRICE_SLIDER;
  await low.focus();
  await low.press('ArrowRight');
  await expect(low).toHaveAttribute('aria-valuenow', String(min + step));
  await high.focus();
  await high.press('Home');
  await expect(low).toHaveAttribute('aria-valuenow', String(min + step));
  await expect(high).toHaveAttribute('aria-valuenow', String(min + 2 * step));
  await high.press('End');
  await low.press('End');
  await expect(low).toHaveAttribute('aria-valuenow', String(max - step));
  await expect(high).toHaveAttribute('aria-valuenow', String(max));
});

for (const width of [360, 390]) {
  test(`the dealer's name is whole in the phone header at ${width} px (two lines at most, nothing cut)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const slug of DEMOS) {
      await page.goto(tenantUrl(slug, '/contact'));
      const mark = page.locator('.site-header .wordmark');
      const name = loadTenant(join('tenants', slug), NOW).site.name;
      await expect(mark).toHaveText(name);
      const box = await mark.evaluate((element) => {
        const style = getComputedStyle(element);
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        const header = element.closest('.site-header')!.getBoundingClientRect();
        const text = range.getBoundingClientRect();
        const call = document.querySelector('.site-header__call')!.getBoundingClientRect();
        return {
          clipped: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
          clamp: style.webkitLineClamp,
          overflow: style.textOverflow,
          lines: lines.size,
          fontSize: parseFloat(style.fontSize),
          inside: text.left >= header.left && text.right <= call.left && text.top >= header.top && text.bottom <= header.bottom,
        };
      });
      expect(box.clipped, `${slug}: text cut`).toBe(false);
      expect(box.clamp === 'none' || box.clamp === '', `${slug}: line clamp ${box.clamp}`).toBe(true);
      expect(box.overflow, slug).not.toBe('ellipsis');
      expect(box.lines, `${slug}: lines`).toBeLessThanOrEqual(2);
      expect(box.inside, `${slug}: the name stays in the bar, left of Call`).toBe(true);
      // Readable: not shrunk below 12 px.
      expect(box.fontSize, slug).toBeGreaterThanOrEqual(12);
      await expect(page.locator('.site-header').getByRole('link', { name: /^Call / })).toBeVisible();
    }
  });
}

test('vehicle tabs at 390 px: an even two-column grid, every tab the same width, no ragged row', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const car = loadTenant(join('tenants', 'sunstate-motor-group'), NOW).visible.find((each) => each.status === 'in_stock')!;
  await page.goto(tenantUrl('sunstate-motor-group', `/cars/${car.slug}/`));
  const tabs = page.getByRole('tablist', { name: 'More about this vehicle' }).getByRole('tab');
  const boxes = await tabs.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect()).map(({ left, top, width, height }) => ({ left, top, width, height })),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(5);
  const paired = boxes.length % 2 === 0 ? boxes : boxes.slice(0, -1);
  const columns = new Set(paired.map((box) => Math.round(box.left)));
  expect(columns.size, 'two columns').toBe(2);
  const widths = paired.map((box) => Math.round(box.width));
  expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
  for (let index = 0; index < paired.length; index += 2) {
    expect(Math.round(paired[index]!.top), `row ${index / 2 + 1}: both tabs on one line`).toBe(Math.round(paired[index + 1]!.top));
    expect(Math.round(paired[index]!.height)).toBe(Math.round(paired[index + 1]!.height));
  }
  if (boxes.length % 2 === 1) {
    const last = boxes[boxes.length - 1]!;
    expect(Math.round(last.left)).toBe(Math.min(...columns));
    expect(last.width).toBeGreaterThan(widths[0]! * 1.9);
  }
  // Still a tab list: arrows move along it and the chosen tab shows its panel.
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: await tabs.nth(1).innerText() })).toBeVisible();
});

test('the sales counter counts up from the number on the page and never shows less', async ({ page }) => {
  // Built on the 21st (3,840 at the start of that day); the shopper's clock is the 25th at noon, Brisbane time (4,704).
  await page.addInitScript(() => sessionStorage.setItem('promo_popup_dismissed', '1'));
  await page.clock.install({ time: new Date('2026-11-25T12:00:00+10:00') });
  await page.goto(tenantUrl('site-one-location', '/'));
  const value = page.locator('.sales-counter__value');
  await expect(value).toHaveText('3,840');
  // Every number the counter shows, from before it wakes up until it settles.
  await value.evaluate((element) => {
    const seen: number[] = [];
    (window as unknown as { salesSeen: number[] }).salesSeen = seen;
    new MutationObserver(() => seen.push(Number(element.textContent!.replace(/,/g, '')))).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await value.scrollIntoViewIfNeeded();
  await expect(value).toHaveAttribute('data-target', '4704');
  await page.clock.runFor(1000);
  const midway = Number((await value.textContent())!.replace(/,/g, ''));
  expect(midway).toBeGreaterThan(3840);
  expect(midway).toBeLessThan(4704);
  await page.clock.runFor(1100);
  await expect(value).toHaveText('4,704');
  const seen = await page.evaluate(() => (window as unknown as { salesSeen: number[] }).salesSeen);
  expect(seen.length).toBeGreaterThan(2);
  expect(Math.min(...seen), 'never below the number the page showed').toBeGreaterThanOrEqual(3840);
  expect(
    [...seen].sort((a, b) => a - b),
    'only ever counting up',
  ).toEqual(seen);
});

test('at 390 px the open filter panel ends with Show Me N cars, which closes it and shows the results', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLiveSearch(page, '/search/new-used-and-demo-cars');
  const filters = page.locator('.search-filters');
  await filters.locator('summary').click();
  await expect(filters).toHaveAttribute('open', '');
  const make = 'Toyota';
  await page.getByRole('checkbox', { name: new RegExp(`^${make}\\b`) }).check();
  const expected = engine.search(DEFAULT_INDEX, { hitsPerPage: 0, facetFilters: [[`make:${make}`]] }).nbHits;
  const show = page.getByRole('button', { name: `Show Me ${cars(expected)}` });
  // In view at the bottom of the screen while the long panel is open.
  await expect(show).toBeInViewport();
  await page.mouse.wheel(0, 600);
  await expect(show).toBeInViewport();
  await show.click();
  await expect(filters).not.toHaveAttribute('open', '');
  await expect(filters.locator('summary')).toBeFocused();
  await expect(page.locator('.search-count')).toHaveText(`${cars(expected)} found`);
  await expect(page.locator('.search-count')).toBeInViewport();
  // Wide screens keep the filters beside the results, with no such button.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(show).toBeHidden();
});
