/**
 * The opening status and the Opening Hours table are filled in by their islands (the server
 * renders the status as an empty line and marks no day): on a phone, nothing moves when they
 * hydrate, on a location page, a contact page and a grid of location cards read top to bottom.
 * Fixtures: site-one-location, site-locations; the visitor's clock Saturday 10:00 in Brisbane,
 * when the longest status shows ('Open now · closes 1:00pm (holiday hours)').
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { layoutShiftSoFar, PHONE } from './layout-shift.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (slug: string, path: string) => `http://${slug}.localhost:${port}${path}`;
/**
 * What a page may shift in all. One-line statuses (the cards): a small allowance for the bold
 * mark on today's row, which nudges its cells, and well under what a status line growing from
 * nothing moves a grid of cards by (the figures: e48ee8e's commit message). A status with the
 * holiday note takes a second line on a phone, which the empty line does not reserve: there
 * the vehicle page's target (issue 15).
 */
const ONE_LINE_CLS = 0.005;
const TWO_LINE_CLS = 0.02;

/** Scroll to the bottom a screen at a time, so that every `client:visible` island wakes, then wait until none is left static. */
async function readDown(page: Page) {
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
  }
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('astro-island[ssr]:has([data-testid^="opening-"])').length)).toBe(0);
}

test.describe('opening status and hours on a phone', () => {
  test.use(PHONE);

  for (const [slug, path, max] of [
    ['site-one-location', '/locations/springwood', TWO_LINE_CLS],
    ['site-one-location', '/contact-us', TWO_LINE_CLS],
    ['site-locations', '/', ONE_LINE_CLS],
  ] as const) {
    test(`${slug}${path}: filled in without moving the page (layout shift <= ${max})`, async ({ page }) => {
      await page.addInitScript(() => sessionStorage.setItem('promo_popup_dismissed', '1'));
      await page.clock.install({ time: new Date('2026-11-21T10:00:00+10:00') });
      await page.goto(site(slug, path));
      await readDown(page);
      await expect(page.getByTestId('opening-status').first()).not.toHaveText('');
      const { total, moved } = await layoutShiftSoFar(page);
      expect(total, `layout shift ${total.toFixed(3)}; moved: ${moved.join(', ')}`).toBeLessThanOrEqual(max);
    });
  }
});
