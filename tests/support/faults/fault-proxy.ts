/**
 * An HTTP proxy in front of the bucket (s3rver) that the fault suite turns into a failing
 * bucket: `pass` forwards every request as it is (S3 signatures stay valid: the Host header and
 * the bytes are passed through), `fail` answers every request 500 InternalError as S3 does,
 * `stall` accepts requests and holds them unanswered (they go on, late, when the stall ends,
 * as a SIGSTOPped server's would), `down` refuses connections (the listener is closed and open
 * connections are cut). Counts what each mode did, so a test can say how a client behaved.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type BucketMode = 'pass' | 'fail' | 'stall' | 'down';

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: what the stack is given as its bucket endpoint. */
  readonly endpoint: string;
  readonly mode: BucketMode;
  set(mode: BucketMode): Promise<void>;
  /** Requests answered 500, held by a stall, and forwarded, by method (PUT, GET, HEAD, ...). */
  readonly counts: Record<'failed' | 'stalled' | 'forwarded', Record<string, number>>;
  close(): Promise<void>;
}

const S3_INTERNAL_ERROR =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>';

/** Start the proxy in `pass` mode in front of `target` (`http://127.0.0.1:<port>`). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let mode: BucketMode = 'pass';
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const counts: FaultProxy['counts'] = { failed: {}, stalled: {}, forwarded: {} };
  const count = (kind: keyof FaultProxy['counts'], method: string) => (counts[kind][method] = (counts[kind][method] ?? 0) + 1);

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    count('forwarded', req.method ?? '?');
    const outgoing = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    outgoing.on('error', () => res.destroy());
    outgoing.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (mode === 'fail') {
        count('failed', req.method ?? '?');
        res.writeHead(500, { 'content-type': 'application/xml' }).end(S3_INTERNAL_ERROR);
      } else if (mode === 'stall') {
        count('stalled', req.method ?? '?');
        held.push(() => forward(req, res, body));
      } else forward(req, res, body);
    });
  });
  server.keepAliveTimeout = 5000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    counts,
    async set(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'down') {
        // Refuse new connections and cut the open ones (close() alone waits for keep-alive sockets to end).
        const closed = new Promise<void>((done) => server.close(() => done()));
        for (const socket of sockets) socket.destroy();
        await closed;
      } else if (previous === 'down') {
        await new Promise<void>((done, fail) => {
          server.once('error', fail);
          server.listen(port, '127.0.0.1', () => done());
        });
      }
      // A stall that ends lets the requests it held go on (late), as a resumed server answers them.
      if (previous === 'stall') for (const release of held.splice(0)) release();
    },
    async close() {
      mode = 'pass';
      for (const release of held.splice(0)) release();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => (server.listening ? server.close(() => done()) : done()));
    },
  };
}
