/**
 * The vehicle page does not move while it arrives (issue 15: CLS <= 0.02). A phone on a slow
 * network paints the page before the whole document has come in; a block that the layout puts
 * above something already painted, but that comes later in the document, then pushes it down.
 * The test reproduces that network: a proxy in front of the test server sends the vehicle page's
 * HTML in slices with a pause after each (every other request passes straight through), and the
 * layout shifts the browser reports (Layout Instability API, the entries CLS is made of) from
 * navigation until the islands are live must add up to 0.02 or less. Fault found in Lighthouse
 * runs: the sidebar (price, call, actions) came after the content in the document while a phone
 * shows it above, so the content column jumped below the fold (CLS 0.26).
 */
import { expect, test } from './fixtures.ts';
import { evenSlices, layoutShiftSoFar, PHONE, slowDocumentProxy } from './layout-shift.ts';
import { pickCar, readStock, tenantUrl, waitForIslands } from './vehicle-helpers.ts';

const TENANT = 'vehicle-showroom';
const stock = readStock('tests/fixtures/tenants/vehicle-showroom');
const available = pickCar(
  stock,
  'available used car with 4+ photos',
  (car) => car.status === 'in_stock' && Array.isArray(car.images) && car.images.length >= 4,
);
const sold = pickCar(stock, 'sold car', (car) => car.status === 'sold');

/** Issue 15's target for the vehicle page. */
const MAX_CLS = 0.02;
/** Slices of the HTML document and the pause after each: long enough for the browser to paint in between. */
const SLICES = 12;
const PAUSE_MS = 120;

test.describe('on a phone, over a slow network', () => {
  test.use(PHONE);

  for (const car of [available, sold]) {
    test(`${car.status} car: nothing moves while the page arrives and hydrates (layout shift <= ${MAX_CLS})`, async ({ page }) => {
      // The slow document's load, then the islands' own wait (25 s, waitForIslands) within the
      // test's time: a late island is reported by that wait, with the page's log, not as a timeout.
      test.setTimeout(60_000);
      const path = `/cars/${car.slug}/`;
      const proxy = await slowDocumentProxy(tenantUrl(TENANT, '/'), path, evenSlices(SLICES), PAUSE_MS);
      try {
        await page.goto(`${proxy.origin}${path}`, { waitUntil: 'load', timeout: 20_000 });
        await waitForIslands(page);
        const { total, moved } = await layoutShiftSoFar(page);
        expect(total, `layout shift ${total.toFixed(3)}; moved: ${moved.join(', ')}`).toBeLessThanOrEqual(MAX_CLS);
      } finally {
        await proxy.close();
      }
    });
  }
});
