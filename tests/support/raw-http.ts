/**
 * Raw HTTP/1.1 over a socket, for requests a well-behaved client cannot send (malformed
 * request targets, lying Content-Length, bodies that never end). Used by the hardening
 * tests; the fuzz run (tests/support/fuzz-lib.ts) sends its cases the same way.
 */
import { connect } from 'node:net';

export interface RawResponse {
  /** Status code of the first response line, or 0 when the server closed without one. */
  status: number;
  head: string;
  body: string;
}

/** Send raw bytes, return the first response (status, head, body) or status 0 on close/timeout. */
export function rawRequest(port: number, bytes: string | Buffer, options: { timeoutMs?: number; host?: string; localAddress?: string } = {}): Promise<RawResponse> {
  return new Promise((done) => {
    const socket = connect({ port, host: options.host ?? '127.0.0.1', ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
    const chunks: Buffer[] = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      done({ status, head, body: split === -1 ? '' : text.slice(split + 4) });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 5000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One response is enough: stop once its head (and any Content-Length body) is in.
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1];
      if (length !== undefined && Buffer.byteLength(text.slice(split + 4), 'latin1') >= Number(length)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(bytes);
  });
}
