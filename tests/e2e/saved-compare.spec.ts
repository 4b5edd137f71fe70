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
import type { Locator, Page } from '@playwright/test';
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

/**
 * A loaded photo as the page shows it: `slot`, the width its `sizes` gave (with a srcset of width
 * descriptors a photo's natural width is that slot), `shown`, the width the layout gave it, and
 * `file`, the width of the file the browser took (its `-<w>w` variant).
 */
async function shownPhoto(image: Locator): Promise<{ slot: number; shown: number; file: number }> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({
    slot: img.naturalWidth,
    shown: Math.round(img.getBoundingClientRect().width),
    file: Number(/-(\d+)w\.(?:webp|avif)$/.exec(img.currentSrc)?.[1] ?? 0),
  }));
}

/** The photo's `sizes` match the width the page shows it at (to the pixel's rounding). */
function expectSizedToLayout(photo: { slot: number; shown: number }): void {
  expect(Math.abs(photo.slot - photo.shown), `sizes gave ${photo.slot} px for a photo shown ${photo.shown} px wide`).toBeLessThanOrEqual(1);
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
  // Each photo in the cards' widths, sized to its column.
  for (const image of await table.locator('img').all()) {
    await expect(image).toHaveAttribute('srcset', /-480w\.webp 480w, .+-800w\.webp 800w$/);
    expectSizedToLayout(await shownPhoto(image));
  }
  await expectNoSeriousAxeViolations(page);

  const status = page.locator('.shortlist [role="status"]');
  await table.getByRole('button', { name: `Remove: ${first}`, exact: true }).click();
  await expect(table.getByRole('columnheader')).toHaveText([second]);
  await expect(status).toHaveText(`${first} removed from the comparison. 1 car left.`);
  await expect(table.getByRole('button', { name: `Remove: ${second}`, exact: true })).toBeFocused();
  await expect(page.getByText('Add another car to compare it side by side.')).toBeVisible();
  // One car's column is most of the page's width: its photo is the larger file, sized to the wider column.
  await expect.poll(async () => (await shownPhoto(table.locator('img'))).file).toBe(800);
  const wide = await shownPhoto(table.locator('img'));
  expectSizedToLayout(wide);
  expect(wide.shown).toBeGreaterThan(800);
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
  // Four cards a row at 1280 px: the photo sized to its card (the file is not checked here: the
  // browser may reuse the larger one the comparison loaded).
  expectSizedToLayout(await shownPhoto(list.getByRole('listitem').first().locator('img')));
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

test.describe('on a 390 px phone at 3x', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });

  test("a saved car's photo is sized to its card, the width of the window, and takes the larger file", async ({ page }) => {
    await page.goto(tenantUrl(TENANT, '/saved-cars'));
    const [car] = await page.evaluate(async () => (await (await fetch('/shortlist-cars.json')).json()) as { id: string; slug: string; name: string }[]);
    await page.evaluate(({ id, slug, name }) => localStorage.setItem('favourites', JSON.stringify([{ id, slug, name }])), car!);
    await page.reload();
    const list = page.getByRole('list', { name: 'Your saved cars' });
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([car!.name]);
    const photo = await shownPhoto(list.locator('img'));
    expectSizedToLayout(photo);
    expect(photo.file).toBe(800);
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
    // A column at its least (the table scrolls): the photo is sized to it and takes the small file.
    for (const image of await table.locator('img').all()) await expect(image).toHaveAttribute('srcset', /-480w\.webp 480w, .+-800w\.webp 800w$/);
    const narrow = await shownPhoto(table.locator('img').first());
    expectSizedToLayout(narrow);
    expect(narrow.file).toBe(480);
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
