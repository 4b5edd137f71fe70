/**
 * A signed push while the pipeline state does not answer (PostgreSQL or the bucket down):
 * 503 with Retry-After, nothing applied, and the very same push (same signature) taken in
 * when it comes again after the state is back, not refused as a replay.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHandler } from './webhook.ts';

const SECRET = 'a-feed-secret-for-the-outage-test';
let server: Server;
let base = '';
let stateDown = true;
const taken: string[] = [];
const seen = new Set<string>();

beforeAll(async () => {
  const handler = createWebhookHandler({
    tenantDirOf: (slug) => (slug === 'acme' ? '/nowhere/acme' : null),
    secretOf: (slug) => (slug === 'acme' ? SECRET : undefined),
    accept: async (_slug, _dir, body) => {
      if (stateDown) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      taken.push(body);
      return { status: 202, body: { accepted: true } };
    },
    firstSeen: async (slug, signature) => !seen.has(`${slug} ${signature}`) && Boolean(seen.add(`${slug} ${signature}`)),
    forgetSeen: async (slug, signature) => void seen.delete(`${slug} ${signature}`),
    log: () => {},
  });
  server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('a feed push while the pipeline state is down', () => {
  it('is answered 503 with Retry-After, and the same push is taken in once the state is back', async () => {
    const body = JSON.stringify({ vehicles: [{ id: 'T1' }] });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'x-signature-timestamp': timestamp,
      'x-signature-256': `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`,
    };
    const first = await fetch(`${base}/feeds/acme`, { method: 'POST', headers, body });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('10');
    expect(await first.json()).toEqual({ error: 'the pipeline cannot take pushes in just now; it was not applied: send it again shortly' });
    stateDown = false;
    const again = await fetch(`${base}/feeds/acme`, { method: 'POST', headers, body });
    expect(again.status).toBe(202);
    expect(taken).toEqual([body]);
    // Taken in once: a third send is the replay it now is.
    expect((await fetch(`${base}/feeds/acme`, { method: 'POST', headers, body })).status).toBe(409);
  });
});
