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
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { layoutShiftSoFar, PHONE } from './layout-shift.ts';
import { pickCar, readStock, tenantUrl, waitForIslands } from './vehicle-helpers.ts';

const TENANT = 'vehicle-showroom';
const stock = readStock('tests/fixtures/tenants/vehicle-showroom');
const available = pickCar(stock, 'available used car with 4+ photos', (car) => car.status === 'in_stock' && Array.isArray(car.images) && car.images.length >= 4);
const sold = pickCar(stock, 'sold car', (car) => car.status === 'sold');

/** Issue 15's target for the vehicle page. */
const MAX_CLS = 0.02;
/** Slices of the HTML document and the pause after each: long enough for the browser to paint in between. */
const SLICES = 12;
const PAUSE_MS = 120;

/**
 * A proxy on its own port for one tenant host: the page at `slowPath` is sent in SLICES parts
 * with a pause after each; everything else is fetched from the test server and sent whole.
 */
async function slowDocumentProxy(slowPath: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const upstream = new URL(tenantUrl(TENANT, '/'));
  // Node does not resolve <slug>.localhost: ask the loopback address with the tenant's Host header.
  const get = (path: string, accept: string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      // A connection per request (agent: false): a kept-alive socket reused just as the test
      // server closes it as idle would fail a script request and leave an island static.
      const outgoing = httpRequest({ host: '127.0.0.1', port: upstream.port, path, headers: { host: upstream.host, accept }, agent: false }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) headers[name] = String(value);
          }
          resolve({ status: answer.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
        });
        answer.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  const server: Server = createServer(async (request, response) => {
    try {
      const path = request.url ?? '/';
      const { status, headers, body } = await get(path, request.headers.accept ?? '*/*');
      if (new URL(path, upstream).pathname !== slowPath) {
        response.writeHead(status, { ...headers, 'content-length': String(body.length) });
        response.end(body);
        return;
      }
      response.writeHead(status, headers);
      const size = Math.ceil(body.length / SLICES);
      for (let at = 0; at < body.length; at += size) {
        response.write(body.subarray(at, at + size));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      response.end();
    } catch (error) {
      response.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.describe('on a phone, over a slow network', () => {
  test.use(PHONE);

  for (const car of [available, sold]) {
    test(`${car.status} car: nothing moves while the page arrives and hydrates (layout shift <= ${MAX_CLS})`, async ({ page }) => {
      const path = `/cars/${car.slug}/`;
      const proxy = await slowDocumentProxy(path);
      try {
        await page.goto(`${proxy.origin}${path}`, { waitUntil: 'load' });
        await waitForIslands(page);
        const { total, moved } = await layoutShiftSoFar(page);
        expect(total, `layout shift ${total.toFixed(3)}; moved: ${moved.join(', ')}`).toBeLessThanOrEqual(MAX_CLS);
      } finally {
        await proxy.close();
      }
    });
  }
});
