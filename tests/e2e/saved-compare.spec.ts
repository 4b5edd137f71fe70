/**
 * Saved cars and the comparison (docs/decisions.md "Saved cars and the comparison") on a demo
 * tenant: a shopper saves and compares two cars from the search results, the shortlist bar
 * (hidden until a list holds a car) leads to /compare, which lines them up, and to /saved-cars,
 * which lists them; Remove takes them out one by one (the status says so, focus stays in the
 * list), and the empty states lead back to the stock. Each page is axe clean. A vehicle page's
 * Save shows the bar too. In a 320 px window the comparison keeps its words whole and scrolls
 * sideways in its own region, not the page.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, tenantUrl } from './forms-helpers.ts';
import { pointAtSearch } from './search-helpers.ts';
import { hydrateVisibleIslands, waitForIslands } from './vehicle-helpers.ts';
import { loadSite } from '../../src/lib/site/tenant.ts';
import { allStockPath } from '../../src/lib/site/search-urls.ts';

const TENANT = 'sunstate-motor-group';
const allStock = allStockPath(loadSite(join('tenants', TENANT)));

/** The names of the first two cards that offer both Save and Compare. */
async function twoCars(page: Page): Promise<[string, string]> {
  const cards = page
    .locator('.search-card')
    .filter({ has: page.getByRole('button', { name: /^Compare: / }) })
    .filter({ has: page.getByRole('button', { name: /^Save: / }) });
  const names = await cards.locator('.search-card__name').allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(2);
  return [names[0]!.trim(), names[1]!.trim()];
}

test('save and compare two cars from the results, see them side by side and saved, then remove them', async ({ page }) => {
  await page.goto(tenantUrl(TENANT, allStock));
  const bar = page.getByRole('navigation', { name: 'Your shortlist' });
  await expect(bar).toBeHidden();
  const [first, second] = await twoCars(page);
  await pointAtSearch(page);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 15_000 });
  for (const name of [first, second]) {
    await page.getByRole('button', { name: `Save: ${name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Saved: ${name}`, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Compare: ${name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Comparing: ${name}`, exact: true })).toBeVisible();
  }
  // The bar follows the toggles on this page.
  await expect(bar.getByRole('link', { name: 'Saved Cars (2)' })).toHaveAttribute('href', '/saved-cars');
  await expect(bar.getByRole('link', { name: 'Compare Cars (2)' })).toHaveAttribute('href', '/compare');
  await expectNoSeriousAxeViolations(page);

  await bar.getByRole('link', { name: 'Compare Cars (2)' }).click();
  await expect(page).toHaveURL(/\/compare\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare Cars');
  const table = page.getByRole('table', { name: 'The cars you chose, side by side' });
  await expect(table.getByRole('columnheader')).toHaveText([first, second]);
  await expect(table.getByRole('columnheader', { name: first, exact: true }).getByRole('link')).toHaveAttribute('href', /^\/cars\/[^/]+$/);
  for (const fact of ['Price', 'Year', 'Odometer', 'Transmission', 'Fuel Type', 'Body Type'])
    await expect(table.getByRole('rowheader', { name: fact, exact: true })).toBeVisible();
  // The demo's names start with the model year, which the Year row repeats.
  await expect(table.getByRole('row', { name: /^Year / }).getByRole('cell')).toHaveText([first.slice(0, 4), second.slice(0, 4)]);
  await expectNoSeriousAxeViolations(page);

  const status = page.locator('.shortlist [role="status"]');
  await table.getByRole('button', { name: `Remove: ${first}`, exact: true }).click();
  await expect(table.getByRole('columnheader')).toHaveText([second]);
  await expect(status).toHaveText(`${first} removed from the comparison. 1 car left.`);
  await expect(table.getByRole('button', { name: `Remove: ${second}`, exact: true })).toBeFocused();
  await expect(page.getByText('Add another car to compare it side by side.')).toBeVisible();
  await table.getByRole('button', { name: `Remove: ${second}`, exact: true }).click();
  await expect(table).toHaveCount(0);
  const empty = page.getByText('You have not chosen any cars to compare. Press Compare on up to 3 cars to see them side by side here.');
  await expect(empty).toBeFocused();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse our stock' })).toHaveAttribute('href', allStock);
  await expectNoSeriousAxeViolations(page);

  // The saved cars are kept apart from the comparison.
  await page.getByRole('main').getByRole('link', { name: 'Saved Cars', exact: true }).click();
  await expect(page).toHaveURL(/\/saved-cars\/?$/);
  const list = page.getByRole('list', { name: 'Your saved cars' });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([first, second]);
  await expect(list.getByRole('link', { name: first, exact: true })).toHaveAttribute('href', /^\/cars\/[^/]+$/);
  // The cards' smallest photo (480 px wide), not the full card photo.
  await expect(list.getByRole('listitem').first().locator('img')).toHaveAttribute('src', /^\/media\/.+-480w\.webp$/);
  await expectNoSeriousAxeViolations(page);
  await list.getByRole('button', { name: `Remove: ${first}`, exact: true }).click();
  await expect(status).toHaveText(`${first} removed from your saved cars. 1 car left.`);
  await expect(list.getByRole('button', { name: `Remove: ${second}`, exact: true })).toBeFocused();
  // Kept on this device: still there after a reload.
  await page.reload();
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([second]);
  await list.getByRole('button', { name: `Remove: ${second}`, exact: true }).click();
  await expect(page.getByText('You have no saved cars yet. Press Save on a car to keep it here.')).toBeFocused();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse our stock' })).toHaveAttribute('href', allStock);

  // Both lists are empty: the results show no bar.
  await page.getByRole('main').getByRole('link', { name: 'Browse our stock' }).click();
  await expect(page.getByRole('button', { name: `Save: ${first}`, exact: true })).toBeVisible();
  await expect(bar).toBeHidden();
});

test("a vehicle page's Save shows the shortlist bar, which leads to the saved car", async ({ page }) => {
  await page.goto(tenantUrl(TENANT, allStock));
  const [name] = await twoCars(page);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const bar = page.getByRole('navigation', { name: 'Your shortlist' });
  await expect(bar).toBeHidden();
  await waitForIslands(page);
  await page.getByRole('button', { name: `Save: ${name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Saved: ${name}`, exact: true })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Saved Cars (1)' })).toBeVisible();
  await expect(bar.getByRole('link', { name: /^Compare Cars/ })).toBeHidden();
  await bar.getByRole('link', { name: 'Saved Cars (1)' }).click();
  await expect(page.getByRole('list', { name: 'Your saved cars' }).getByRole('link', { name, exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a control that takes focus by Tab is never under the shown bar, which stays above the bottom bar', async ({ page }) => {
    test.slow(); // a Tab through the whole page, two frames a stop
    await page.goto(tenantUrl(TENANT, allStock));
    const [name] = await twoCars(page);
    const href = (await page.getByRole('link', { name, exact: true }).getAttribute('href'))!;
    const slug = href.split('/').filter(Boolean).at(-1)!;
    await page.evaluate(
      (car) => {
        localStorage.setItem('favourites', JSON.stringify([{ id: 'x1', slug: car.slug, name: car.name }]));
        localStorage.setItem('compare', JSON.stringify([{ id: 'x1', slug: car.slug, name: car.name }]));
      },
      { slug, name },
    );
    await page.goto(tenantUrl(TENANT, href));
    const bar = page.getByRole('navigation', { name: 'Your shortlist' });
    await expect(bar.getByRole('link', { name: 'Saved Cars (1)' })).toBeVisible();
    // A settled page: an island hydrating as the Tab walk reaches it could move the control just focused.
    await waitForIslands(page);
    await hydrateVisibleIslands(page);
    const bottomBar = page.getByRole('region', { name: 'Quick actions' });
    await expect(bottomBar).toBeVisible();
    expect((await bar.boundingBox())!.y + (await bar.boundingBox())!.height).toBeLessThanOrEqual((await bottomBar.boundingBox())!.y);
    const under: string[] = [];
    let controls = 0;
    for (let step = 0; step < 300; step++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(async () => {
        // Two frames: the page has scrolled to the control and the bars have taken their state for that scroll.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const focused = document.activeElement;
        if (focused?.closest('footer')) return 'end';
        if (!focused || focused === document.body || focused.closest('[data-bottom-bar], [data-sticky-header], [data-shortlist-bar]')) return 'skip';
        const box = focused.getBoundingClientRect();
        const barTop = document.querySelector('[data-shortlist-bar]')!.getBoundingClientRect().top;
        const room = barTop - Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
        const clear = box.height > room ? box.top < barTop : box.bottom <= barTop + 0.5;
        const label = (focused.getAttribute('aria-label') ?? (focused.id ? `#${focused.id}` : null) ?? focused.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        return clear
          ? 'clear'
          : `${focused.tagName.toLowerCase()} "${label}": ${Math.round(box.top)}-${Math.round(box.bottom)} px, bar from ${Math.round(barTop)} px`;
      });
      if (stop === 'end') break;
      if (stop === 'skip') continue;
      controls += 1;
      if (stop !== 'clear') under.push(stop);
    }
    expect(controls, 'Tab reached the controls of the page').toBeGreaterThan(20);
    expect(under).toEqual([]);
  });
});

test.describe('in a 320 px window', () => {
  test.use({ viewport: { width: 320, height: 740 } });

  test('three cars compared: no word broken, the table scrolls sideways in a named region that Tab reaches, a focused Remove clear of the labels', async ({
    page,
  }) => {
    await page.goto(tenantUrl(TENANT, '/compare'));
    const cars = await page.evaluate(async () =>
      ((await (await fetch('/shortlist-cars.json')).json()) as { id: string; slug: string; name: string }[]).slice(0, 3),
    );
    expect(cars).toHaveLength(3);
    await page.evaluate((list) => localStorage.setItem('compare', JSON.stringify(list.map(({ id, slug, name }) => ({ id, slug, name })))), cars);
    await page.reload();
    const table = page.getByRole('table', { name: 'The cars you chose, side by side' });
    await expect(table.getByRole('columnheader')).toHaveText(cars.map((car) => car.name));
    const region = page.getByRole('region', { name: 'The cars you chose, side by side' });
    await expect(region).toHaveAttribute('tabindex', '0');
    for (const image of await table.locator('img').all()) await expect(image).toHaveAttribute('src', /^\/media\/.+-480w\.webp$/);
    const layout = await page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('.compare-scroll')!;
      // A word the browser had to break shows on more than one line.
      const broken: string[] = [];
      const walker = document.createTreeWalker(scroller.querySelector('table')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement!.closest('.visually-hidden')) continue;
        for (const word of node.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) broken.push(word[0]);
        }
      }
      return { broken, page: document.documentElement.scrollWidth, scrolls: scroller.scrollWidth > scroller.clientWidth };
    });
    expect(layout).toEqual({ broken: [], page: 320, scrolls: true });
    // Tab from the first Remove to the third: the region scrolls it into view beside the labels, not under them.
    await table.getByRole('button', { name: `Remove: ${cars[0]!.name}`, exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const third = table.getByRole('button', { name: `Remove: ${cars[2]!.name}`, exact: true });
    await expect(third).toBeFocused();
    const labels = (await table.getByRole('rowheader', { name: 'Price', exact: true }).boundingBox())!;
    const button = (await third.boundingBox())!;
    const shown = (await region.boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(labels.x + labels.width - 0.5);
    expect(button.x + button.width).toBeLessThanOrEqual(shown.x + shown.width + 0.5);
    await expectNoSeriousAxeViolations(page);
  });
});
