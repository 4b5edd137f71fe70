/**
 * Issue 14 item 10, the phone header: at 360-414 px the header is one compact sticky row
 * (name or logo, a Call button, the Menu; the header buttons are in the menu), it covers no
 * content (anchor and skip-link targets land below it), it is keyboard reachable and axe clean,
 * and its open Menu closes on Escape, on Tab past its last item and on a click outside.
 * Checked on the home, search and vehicle pages of built demo sites.
 */
import { axeBuilder } from './axe.ts';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { tenantUrl } from './vehicle-helpers.ts';

const now = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
/** The tallest header a phone may get: one row of 44 px targets plus padding (a two-line name at most). */
const MAX_HEADER = 64;

const tenants = ['sunstate-motor-group', 'ironbark-moto-trucks'];

function pagesOf(slug: string): [string, string][] {
  const car = loadTenant(join('tenants', slug), now).visible.find((each) => each.status === 'in_stock')!;
  return [['home', '/'], ['search', '/search/new-used-and-demo-cars/'], ['vehicle', `/cars/${car.slug}/`]];
}

/** Boxes of the header's visible controls, and whether any two overlap or leave the viewport. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header')!.getBoundingClientRect();
    const parts = ['.site-header__logo', '.site-header__call', '.site-nav__mobile > summary'].map((selector) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      return { selector, left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width };
    });
    const overlaps: string[] = [];
    for (const [i, a] of parts.entries()) {
      for (const b of parts.slice(i + 1)) if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) overlaps.push(`${a.selector} / ${b.selector}`);
    }
    return {
      height: header.height,
      top: header.top,
      overlaps,
      hidden: parts.filter((part) => part.width === 0).map((part) => part.selector),
      outside: parts.filter((part) => part.left < 0 || part.right > window.innerWidth + 0.5).map((part) => part.selector),
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    };
  });
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const results = await axeBuilder(page).include('.site-header').analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${what}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const slug of tenants) {
  const site = loadTenant(join('tenants', slug), now).site;
  for (const [name, path] of pagesOf(slug)) {
    test(`item 10: ${slug} ${name} page: compact sticky header at 360, 390 and 414 px, nothing overlapping`, async ({ page }) => {
      test.slow(); // three widths of a full page on a loaded 2-core machine
      for (const width of [360, 390, 414]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(tenantUrl(slug, path));
        const layout = await headerLayout(page);
        expect(layout.height, `${width}px header height`).toBeLessThanOrEqual(MAX_HEADER);
        expect(layout.overlaps, `${width}px`).toEqual([]);
        expect(layout.hidden, `${width}px`).toEqual([]);
        expect(layout.outside, `${width}px`).toEqual([]);
        expect(layout.scrollWidth, `${width}px: no sideways scrolling`).toBeLessThanOrEqual(layout.innerWidth);
        // The desktop phone number and header buttons are not in the bar; the Call button is.
        await expect(page.locator('.site-header__top .header-button').first()).toBeHidden();
        await expect(page.locator('.site-header').getByRole('link', { name: /^Call / })).toBeVisible();
        // Sticky: still at the top after scrolling.
        await page.mouse.wheel(0, 1500);
        await expect.poll(async () => (await headerLayout(page)).top).toBe(0);
      }
    });
  }

  test(`item 10: ${slug}: skip link and anchor targets are not hidden under the sticky header`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const [, , [, vehicle]] = pagesOf(slug);
    await page.goto(tenantUrl(slug, `${vehicle}#details-title`));
    const target = await page.locator('#details-title').boundingBox();
    const header = await page.locator('.site-header').boundingBox();
    expect(target!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await page.goto(tenantUrl(slug, vehicle));
    // From further down the page: the skip link brings main into view below the header.
    await page.mouse.wheel(0, 1200);
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    const main = await page.locator('main').boundingBox();
    const headerAfter = await page.locator('.site-header').boundingBox();
    expect(main!.y).toBeGreaterThanOrEqual(headerAfter!.y + headerAfter!.height - 1);
  });

  test(`item 10: ${slug}: keyboard reaches Call and Menu, the menu holds the header buttons, axe clean`, async ({ page }) => {
    test.slow(); // axe twice
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(tenantUrl(slug, '/'));
    await page.addStyleTag({ content: '.promo-popup { display: none !important; }' });
    await expectAxeClean(page, 'closed');
    const order: string[] = [];
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => (document.activeElement as HTMLElement).textContent?.trim().replace(/\s+/g, ' ') ?? ''));
    }
    expect(order[0]).toBe('Skip to content');
    expect(order[2]).toMatch(/^Call /);
    expect(order[3]).toBe('Menu');
    await page.keyboard.press('Enter');
    const menu = page.locator('.site-nav__list--mobile');
    await expect(menu).toBeVisible();
    for (const button of site.menus.header_buttons) await expect(menu.getByRole('link', { name: button.label })).toBeVisible();
    // The open menu sits below the bar and fits the screen.
    const bar = await page.locator('.site-header').boundingBox();
    const list = await menu.boundingBox();
    expect(list!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await expectAxeClean(page, 'menu open');
  });

  test(`${slug}: the open Menu closes on Escape (focus back on Menu), on Tab past its last item and on a click outside`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(tenantUrl(slug, '/'));
    const summary = page.locator('.site-nav__mobile > summary');
    const menu = page.locator('.site-nav__list--mobile');
    const items = menu.getByRole('link');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(summary).toBeFocused();
    // Tab past the last item: the menu closes, so the control that takes focus is not under it.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    const count = await items.count();
    for (let step = 0; step < count; step++) await page.keyboard.press('Tab');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))), 'focus moved on to the page').toBe(true);
    // A click on the page below the open menu (on nothing that acts on a click) closes it.
    await summary.click();
    await expect(menu).toBeVisible();
    const panel = (await menu.boundingBox())!;
    const outside = { x: 8, y: panel.y + panel.height + 16 };
    expect(outside.y, 'the open menu leaves some page below it').toBeLessThan(800);
    const plain = await page.evaluate(
      ({ x, y }) => !document.elementFromPoint(x, y)?.closest('a, button, input, select, textarea, summary, label, [tabindex]:not([tabindex="-1"]), header'),
      outside,
    );
    expect(plain).toBe(true);
    await page.mouse.click(outside.x, outside.y);
    await expect(menu).toBeHidden();
  });
}
