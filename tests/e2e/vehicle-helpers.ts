/**
 * Helpers of the vehicle page browser tests (tests/e2e/vehicle*.spec.ts): tenant URLs and
 * picking cars by their data from a tenant's stock.json, never by hard-coded slugs.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4455);

/** Absolute URL of a path on a tenant's host. */
export function tenantUrl(slug: string, path: string): string {
  return `http://${slug}.localhost:${port}${path}`;
}

/** A stock record as the tests read it (raw JSON). */
export type StockCar = Record<string, unknown> & { id: number | string; slug: string; name: string; status: string; car_type: string; price?: number | null };

/** The stock.json of a tenant folder. */
export function readStock(dir: string): StockCar[] {
  return JSON.parse(readFileSync(resolve(dir, 'stock.json'), 'utf8')) as StockCar[];
}

/** The first car matching `predicate`, or a clear failure naming what was looked for. */
export function pickCar(stock: StockCar[], what: string, predicate: (car: StockCar) => boolean): StockCar {
  const car = stock.find(predicate);
  if (!car) throw new Error(`no car in the fixture stock: ${what}`);
  return car;
}

/** Entries pushed to window.dataLayer so far. */
export async function dataLayer(page: Page): Promise<{ event_id: number; [key: string]: unknown }[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as { event_id: number }[]);
}

/** How long waitForIslands waits: within a test's time (playwright.config.ts), so that its own message is what a timeout reports. */
const ISLANDS_TIMEOUT_MS = 25_000;

/**
 * Wait until the page's idle islands have hydrated (the lead modal island marks the document).
 * A wait that runs out names what was still missing: the lead modals' mark and the components
 * of the islands still static.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => ({
          leadModals: document.documentElement.dataset.leadModals ?? null,
          staticIslands: [...document.querySelectorAll('astro-island[ssr][client="idle"]')].map((island) => island.getAttribute('component-url')),
        })),
      { message: "the page's idle islands hydrated", timeout: ISLANDS_TIMEOUT_MS },
    )
    .toEqual({ leadModals: 'ready', staticIslands: [] });
}

/**
 * Scroll the page down to its end and back to the top, then wait until every shown island that
 * hydrates when seen (client:visible) has hydrated: a test that measures the settled page's
 * layout as it moves through it (a Tab walk) then never races an island hydrating as it is
 * reached. An island inside a hidden part of the page is never seen, so it is not waited for.
 */
export async function hydrateVisibleIslands(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const step = Math.max(1, Math.floor(window.innerHeight / 2));
    for (let top = 0; top < document.documentElement.scrollHeight; top += step) {
      window.scrollTo({ top, behavior: 'instant' });
      await frames();
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frames();
  });
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('astro-island[ssr][client="visible"]')]
            .filter((island) => island.getClientRects().length > 0)
            .map((island) => island.getAttribute('component-url')),
        ),
      {
        message: "the page's shown visible islands hydrated",
        timeout: ISLANDS_TIMEOUT_MS,
      },
    )
    .toEqual([]);
}
