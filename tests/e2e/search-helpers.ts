/** Browser-test helpers for the search pages. */
import { expect, type Page } from '@playwright/test';
import { formatCount, type CountNouns } from '../../src/lib/text/format.ts';

/** A car-only site's stock count as the search pages print it (formatCount: '1 car', '1,012 cars'). */
export function cars(count: number, nouns: CountNouns = { one: 'car', other: 'cars' }): string {
  return formatCount(count, nouns);
}

/**
 * The search island loads when the shopper starts to use it (`client:interaction`,
 * src/islands/directives/interaction.ts): point at it, as a shopper's mouse does on the way
 * to a filter. Pages opened with a query string go live without it.
 */
export async function pointAtSearch(page: Page): Promise<void> {
  await page.locator('.search-layout').hover({ position: { x: 8, y: 8 } });
}

/**
 * Type a sentence into the home hero and check what it understood (its chips, in the order
 * typed) and its count, then press Enter and wait for the search page it opens to go live.
 */
export async function searchFromHero(page: Page, home: string, sentence: string, chips: readonly string[], count: number): Promise<void> {
  await page.goto(home);
  // The hero hydrates when visible, then counts with the engine: up to 15 s on a loaded two-core machine.
  await expect(page.locator('[data-hero-phase="live"]')).toBeVisible({ timeout: 15_000 });
  const box = page.getByLabel('What are you looking for?');
  await box.fill(sentence);
  await expect(page.getByRole('list', { name: 'Understood' }).getByRole('button')).toHaveText(chips.map((chip) => `Remove ${chip}×`));
  await expect(page.locator('.hero-stock__submit')).toHaveText(new RegExp(`^Show Me ${count} `));
  await box.press('Enter');
  await page.waitForURL(/\/search\/[^?]*\?/);
  await expect(page.locator('[data-search-phase="live"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.search-layout__grid')).toHaveAttribute('aria-busy', 'false');
}
