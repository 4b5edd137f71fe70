/**
 * Feed text is untrusted: the broken-stock fixture publishes cars whose text fields hold
 * <script> and <img onerror>. On every page they reach, nothing may run.
 */
import { expect, test } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 4455);
const site = (path: string) => `http://broken-stock.localhost:${port}${path}`;

test('script and onerror text in feed fields never runs, on the car page, the home page and search', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  // Node's resolver does not know *.localhost; the browser does, so the sitemap is read from the page.
  await page.goto(site('/'));
  const sitemap = await page.evaluate(() => fetch('/sitemap.xml').then((response) => response.text()));
  const stock = [...new Set(sitemap.match(/\/cars\/[a-z0-9-]+(?=<)/g) ?? [])].filter((path) => path !== '/cars/trade-in');
  expect(stock.length).toBe(5);
  for (const path of ['/', '/search/new-used-and-demo-cars', ...stock]) {
    await page.goto(site(path));
    await page.waitForLoadState('networkidle');
  }
  expect(dialogs).toEqual([]);
  // The text is shown as text.
  await page.goto(site('/cars/2019-ford-ranger-xlt-bs2'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('<script>');
});
