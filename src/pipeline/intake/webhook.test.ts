/**
 * The feed webhook's bound on bodies not yet authenticated, in process: bytes count as they
 * arrive (a declared length reserves nothing), so a stalled upload holds only what it sent,
 * and a body that would pass the budget is refused while a small signed push still fits.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signPush, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './read/feeds.ts';
import { createWebhookHandler } from './webhook.ts';

const SECRET = 'unit-webhook-secret-0123456789';
let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

async function start(): Promise<number> {
  const seen = new Set<string>();
  const handler = createWebhookHandler({
    tenantDirOf: () => '/nowhere',
    secretOf: (slug) => (slug === 'acme' ? SECRET : undefined),
    accept: () => ({ status: 202, body: { accepted: true } }),
    firstSeen: async (slug, signature) => !seen.has(`${slug} ${signature}`) && Boolean(seen.add(`${slug} ${signature}`)),
    forgetSeen: async (slug, signature) => void seen.delete(`${slug} ${signature}`),
    log: () => {},
    maxBodyBytes: 1000,
    maxPendingBytes: 1500,
    maxPendingPerClient: 20,
  });
  server = createServer(handler);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

/** An upload with a bogus signature that sends `bytes` of its declared 1000 and waits; resolves with what the server answered once it closes. */
function partial(port: number, bytes: number): { answer: Promise<string>; sent: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  const answer = new Promise<string>((done) => {
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => done(text));
    socket.on('error', () => {});
  });
  const sent = new Promise<void>((done) => {
    socket.write(
      `POST /feeds/acme HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n${SIGNATURE_HEADER}: sha256=${'0'.repeat(64)}\r\n${TIMESTAMP_HEADER}: ${Math.floor(Date.now() / 1000)}\r\n\r\n${'x'.repeat(bytes)}`,
      () => setTimeout(done, 100),
    );
  });
  return { answer, sent };
}

describe('M9/NEW-5 unauthenticated bytes are counted as they arrive', () => {
  it('NEW-5: a declared length reserves nothing; the bytes held are bounded; a small signed push fits beside them', async () => {
    const port = await start();
    // Ten uploads declaring 1000 bytes each (10 x the budget's share) but sending 10: all taken in.
    const small = Array.from({ length: 10 }, () => partial(port, 10));
    await Promise.all(small.map((upload) => upload.sent));
    const big = partial(port, 900);
    await big.sent;
    // 100 + 900 held; 900 more would pass the 1500 budget: refused with 429.
    const over = partial(port, 900);
    await over.sent;
    expect(await over.answer).toMatch(/^HTTP\/1\.1 429 [\s\S]*"too many pushes are being received: retry shortly"/);
    const body = JSON.stringify({ vehicles: [] });
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fetch(`http://127.0.0.1:${port}/feeds/acme`, {
      method: 'POST',
      body,
      headers: { [SIGNATURE_HEADER]: signPush(body, SECRET, timestamp), [TIMESTAMP_HEADER]: String(timestamp) },
    });
    expect(response.status).toBe(202);
  });
});
