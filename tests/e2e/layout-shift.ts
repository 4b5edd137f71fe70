/**
 * Layout shift in browser tests (the search page, the vehicle page, the photo fixture): the
 * shifts the browser reports through the Layout Instability API, the entries CLS is made of;
 * and a slow network, on which the browser paints a page before the whole document has come in.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/** A 'layout-shift' performance entry (not in TypeScript's DOM library). */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}

/** A phone as Lighthouse's mobile run sees it (Moto G Power: 412 x 823 CSS px at 1.75). */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * Sum of the page's layout shifts since navigation (those right after input excluded, as CLS
 * does) and what moved: `tag.class (value)` per shifted node; `movedIn`, those of them inside
 * (or matching) the CSS selector `region`, a text node by its element.
 */
export async function layoutShiftSoFar(page: Page, region?: string): Promise<{ total: number; moved: string[]; movedIn: string[] }> {
  return page.evaluate(
    (region) =>
      new Promise<{ total: number; moved: string[]; movedIn: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        const movedIn: string[] = [];
        const take = (entries: PerformanceEntryList) => {
          for (const entry of entries as LayoutShiftEntry[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const { node } of entry.sources) {
              const element = node instanceof Element ? node : (node?.parentElement ?? null);
              const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName);
              const named = `${name}${element && element !== node ? ` in ${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : ''} (${entry.value.toFixed(3)})`;
              moved.push(named);
              if (region && element?.closest(region)) movedIn.push(named);
            }
          }
        };
        const observer = new PerformanceObserver((list) => take(list.getEntries()));
        // buffered: every shift since the page started loading, not only those after this call.
        observer.observe({ type: 'layout-shift', buffered: true });
        // Shifts of the last rendered frame are reported after it: wait two frames, then collect.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              take(observer.takeRecords());
              observer.disconnect();
              resolve({ total, moved, movedIn });
            }),
          ),
        );
      }),
    region,
  );
}

/** How a slow network delivers a document: its parts, in order, each followed by a pause. */
export type Slicing = (body: Buffer) => Buffer[];

/** The document in `count` equal parts. */
export const evenSlices =
  (count: number): Slicing =>
  (body) => {
    const size = Math.ceil(body.length / count);
    const parts: Buffer[] = [];
    for (let at = 0; at < body.length; at += size) parts.push(body.subarray(at, at + size));
    return parts;
  };

/**
 * Everything before `marker` in one part, then `count` parts of `size` bytes, then the rest:
 * a paint can fall anywhere inside the `count * size` bytes from the marker on (a row of cards).
 */
export const finelyFrom =
  (marker: string, size: number, count: number): Slicing =>
  (body) => {
    const start = body.indexOf(marker);
    if (start < 0) throw new Error(`slow document: "${marker}" is not in the page`);
    const parts = [body.subarray(0, start)];
    let at = start;
    for (let index = 0; index < count && at < body.length; index += 1, at += size) parts.push(body.subarray(at, at + size));
    if (at < body.length) parts.push(body.subarray(at));
    return parts;
  };

/**
 * A proxy on its own port in front of the test server, for one tenant (`upstream`, its origin
 * on the test server): the page at `slowPath` is sent in the parts `slicing` makes, with a
 * pause of `pauseMs` after each, long enough for the browser to paint in between; every other
 * request is fetched from the test server and sent whole.
 */
export async function slowDocumentProxy(
  upstream: string,
  slowPath: string,
  slicing: Slicing,
  pauseMs: number,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const target = new URL(upstream);
  // Node does not resolve <slug>.localhost: ask the loopback address with the tenant's Host header.
  const get = (path: string, accept: string) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      // A connection per request (agent: false): a kept-alive socket reused just as the test
      // server closes it as idle would fail a script request and leave an island static.
      const outgoing = httpRequest({ host: '127.0.0.1', port: target.port, path, headers: { host: target.host, accept }, agent: false }, (answer) => {
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
      if (new URL(path, target).pathname !== slowPath) {
        response.writeHead(status, { ...headers, 'content-length': String(body.length) });
        response.end(body);
        return;
      }
      response.writeHead(status, headers);
      for (const part of slicing(body)) {
        response.write(part);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      response.end();
    } catch (error) {
      // Named in the test's output: a script answered 502 here leaves its island static.
      console.warn(`[slow-document-proxy] ${request.url}: ${String(error)}`);
      response.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The browser keeps its connections open: without this, close waits for them to idle out.
      server.closeAllConnections();
    });
  return { origin: `http://127.0.0.1:${port}`, close };
}
