/** Browser-test helpers for the search pages. */
import type { Page } from '@playwright/test';

/**
 * The search island loads when the shopper starts to use it (`client:interaction`,
 * src/islands/directives/interaction.ts): point at it, as a shopper's mouse does on the way
 * to a filter. Pages opened with a query string go live without it.
 */
export async function pointAtSearch(page: Page): Promise<void> {
  await page.locator('.search-layout').hover({ position: { x: 8, y: 8 } });
}
