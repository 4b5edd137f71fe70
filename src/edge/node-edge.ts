/**
 * The edge in Node (scripts/edge.ts, tests, the stack): the Fetch API handler of edge.ts
 * served by node:http, reading the bucket through an ObjectStore, so local runs and tests
 * exercise exactly the code of the Cloudflare Worker recipe.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { EDGE_DEFAULTS } from '../config/edge-settings.ts';
import { createEdgeHandler, type EdgeBucket, type EdgeOptions } from './edge.ts';
import type { ObjectStore } from '../platform/bucket/object-store.ts';

/** The edge's view of an ObjectStore. */
export function storeBucket(store: ObjectStore): EdgeBucket {
  return {
    async getText(key, signal) {
      return (await store.get(key, { signal }))?.body.toString('utf8') ?? null;
    },
    async getBody(key, signal) {
      const object = await store.getStream(key, { signal });
      return object ? { body: object.body } : null;
    },
  };
}

/**
 * The edge's `onStale` as a log line: what was served from a last good copy and why, at most
 * once per kind and host every 10 s (a stalled bucket would otherwise log every request).
 */
export function staleReporter(log: (fields: Record<string, unknown>) => void, now: () => number = Date.now): NonNullable<EdgeOptions['onStale']> {
  const last = new Map<string, number>();
  return (what, error, request) => {
    const host = request.headers.get('host') ?? '';
    const key = `${what} ${host}`;
    if ((last.get(key) ?? -Infinity) > now() - 10_000) return;
    if (last.size > 10_000) last.clear();
    last.set(key, now());
    log({ served: `last good ${what}`, host, reason: error.message });
  };
}

/** A node:http listener calling a Fetch API handler. */
export function fetchListener(handle: (request: Request) => Promise<Response>): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      let request: Request;
      try {
        if (!req.url?.startsWith('/')) throw new Error('not origin-form');
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
        // The target is a path only: `//x` stays the path `//x` (as a resolved URL, `x` would be its host).
        const host = /^[a-z0-9.-]+(?::\d+)?$|^\[[0-9a-f:.]+\](?::\d+)?$/i.test(req.headers.host ?? '') ? req.headers.host! : 'localhost';
        request = new Request(`http://${host}${req.url}`, { method: req.method, headers });
      } catch {
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' }).end('Bad Request: malformed URL');
        return;
      }
      const response = await handle(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body || req.method === 'HEAD') {
        await response.body?.cancel();
        res.end();
        return;
      }
      const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
      body.on('error', () => res.destroy());
      res.on('close', () => body.destroy());
      body.pipe(res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      if (!res.writableEnded) res.end('Internal Server Error');
    });
  };
}

/** Start the edge over a bucket; resolves once listening. */
export async function startEdge(
  options: Omit<EdgeOptions, 'bucket'> & { store: ObjectStore; port?: number; host?: string },
): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const { store, port = 0, host = EDGE_DEFAULTS.host, ...edgeOptions } = options;
  const server = createServer(fetchListener(createEdgeHandler({ ...edgeOptions, bucket: storeBucket(store) })));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
