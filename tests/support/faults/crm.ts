/**
 * A dealer's CRM as the fault suite runs it: a webhook receiver on a fixed loopback port that
 * can be `down` (nothing listens: connection refused), `slow` (answers 200 after a delay) or
 * `up`. It records every delivery it received with its Idempotency-Key and lead id, so a test
 * can tell a lead delivered once, twice under one key (a retry after a slow answer), or never.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

export type CrmMode = 'down' | 'slow' | 'up';

export interface Delivery {
  key: string;
  lead: string;
  at: number;
}

export interface Crm {
  readonly url: string;
  readonly mode: CrmMode;
  set(mode: CrmMode, slowMs?: number): Promise<void>;
  /** Every delivery received (answered or not), in order. */
  readonly deliveries: Delivery[];
  close(): Promise<void>;
}

/** A receiver on `port` (loopback), starting in `mode`. */
export async function startCrm(port: number, mode: CrmMode): Promise<Crm> {
  let current: CrmMode = 'down';
  let slowMs = 0;
  const deliveries: Delivery[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ key: String(req.headers['idempotency-key'] ?? ''), lead: String(req.headers['x-lead-id'] ?? ''), at: Date.now() });
      const answer = () => {
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      };
      if (current === 'slow') setTimeout(answer, slowMs);
      else answer();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const crm: Crm = {
    url: `http://127.0.0.1:${port}/leads`,
    get mode() {
      return current;
    },
    deliveries,
    async set(next, delay = 0) {
      slowMs = delay;
      if (next === current) return;
      if (next === 'down') {
        // Refuse new connections and cut the open ones (close() alone waits for keep-alive sockets to end).
        const closed = new Promise<void>((done) => server.close(() => done()));
        for (const socket of sockets) socket.destroy();
        await closed;
      } else if (current === 'down') {
        await new Promise<void>((done, fail) => {
          server.once('error', fail);
          server.listen(port, '127.0.0.1', () => done());
        });
      }
      current = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => (server.listening ? server.close(() => done()) : done()));
    },
  };
  await crm.set(mode);
  return crm;
}
