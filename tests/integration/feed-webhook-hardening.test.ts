/**
 * Issue 13, findings H3 and M13: the feed-webhook server of `npm run pipeline` (run here as
 * the real script, in a child process, so a crash is seen as a crash) against malformed
 * requests, replays, stale signatures, oversized bodies and tenant probing.
 *
 * The tenant folder holds a site.json that does not validate, so the rebuild a push asks for
 * stops at once (no Astro build runs): these tests are about the webhook, not releases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPush, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../src/pipeline/intake/read/feeds.ts';
import { rawRequest } from '../support/raw-http.ts';

const REPO = resolve(import.meta.dirname, '../..');
const SLUG = 'hook-motors';
const SECRET = 'hook-motors-webhook-secret';
const root = mkdtempSync(join(tmpdir(), 'webhook-hardening-'));
let child: ChildProcess;
let port = 0;
let exited: string | null = null;
const output: string[] = [];

const car = (id: string, price: number) => ({ id, slug: `2020-toyota-corolla-${id.toLowerCase()}`, make: 'Toyota', model: 'Corolla', price, status: 'in_stock', car_type: 'used' });
const now = () => Math.floor(Date.now() / 1000);

function push(slug: string, body: string, headers: Record<string, string>) {
  return fetch(`http://127.0.0.1:${port}/feeds/${slug}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
}
function signed(body: string, timestamp = now(), secret = SECRET) {
  return { [SIGNATURE_HEADER]: signPush(body, secret, timestamp), [TIMESTAMP_HEADER]: String(timestamp) };
}
/** The accepted stock: the pipeline state's copy (docs/pipeline.md "State"), else the tenant folder's seed. */
function acceptedStock(): { id: string }[] {
  const mirror = join(root, 'sites', '.pipeline', 'stock', `${SLUG}.json`);
  return JSON.parse(readFileSync(existsSync(mirror) ? mirror : join(root, 'tenants', SLUG, 'stock.json'), 'utf8')) as { id: string }[];
}
async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/** Start `npm run pipeline` as a child over the test's tenants and sites (`dir`: its own workspace); resolves with its webhook port. */
async function startPipelineChild(dir: string, lines: string[]): Promise<{ child: ChildProcess; port: number }> {
  const started = spawn(process.execPath, [join(REPO, 'scripts/pipeline.ts'), '--tenants', join(root, 'tenants'), '--sites', join(dir, 'sites'), '--inbox', join(dir, 'inbox'), '--port', '0', '--debounce', '60000'], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, FEED_SECRET_HOOK_MOTORS: SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the pipeline did not start:\n${lines.join('')}`)), 30_000);
    const read = (chunk: Buffer) => {
      lines.push(chunk.toString());
      const match = /"event":"webhook-listening"[^\n]*"url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(lines.join(''));
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    };
    started.stdout?.on('data', read);
    started.stderr?.on('data', read);
  });
  return { child: started, port: listening };
}

beforeAll(async () => {
  const tenants = join(root, 'tenants');
  mkdirSync(join(tenants, SLUG), { recursive: true });
  writeFileSync(join(tenants, SLUG, 'site.json'), JSON.stringify({ slug: SLUG }));
  writeFileSync(join(tenants, SLUG, 'stock.json'), JSON.stringify([car('A1', 20000)]));
  ({ child, port } = await startPipelineChild(root, output));
  child.on('exit', (code, signal) => (exited = `exit ${code} ${signal ?? ''}`));
}, 60_000);

afterAll(() => {
  if (child && exited === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('H3 the feed webhook survives malformed requests', () => {
  it('H3 webhook server survives a malformed URL (GET http://[/x)', async () => {
    const response = await rawRequest(port, 'GET http://[/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(response.status).toBe(400);
    await new Promise((done) => setTimeout(done, 200));
    expect(exited).toBeNull();
    expect(await healthy()).toBe(true);
  });

  it('H3 webhook server survives a malformed percent-encoding in the tenant (POST /feeds/%E0%A4%A)', async () => {
    const response = await rawRequest(port, 'POST /feeds/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}');
    expect(response.status).toBe(400);
    await new Promise((done) => setTimeout(done, 200));
    expect(exited).toBeNull();
    expect(await healthy()).toBe(true);
  });

  it('H3 webhook server survives a client that aborts mid-body', async () => {
    const response = await rawRequest(port, `POST /feeds/${SLUG} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n${SIGNATURE_HEADER}: sha256=${'0'.repeat(64)}\r\n${TIMESTAMP_HEADER}: ${now()}\r\n\r\n{"vehicles":`, { timeoutMs: 300 });
    expect(response.status).toBe(0);
    await new Promise((done) => setTimeout(done, 200));
    expect(exited).toBeNull();
    expect(await healthy()).toBe(true);
  });
});

describe('M13 feed webhook replay protection, body cap, tenant probing', () => {
  it('M13 a correctly signed push is accepted once and its replay is refused', async () => {
    const body = JSON.stringify({ vehicles: [car('B2', 31000)] });
    const headers = signed(body);
    const first = await push(SLUG, body, headers);
    expect(first.status).toBe(202);
    expect(acceptedStock().map((record: { id: string }) => record.id)).toEqual(['A1', 'B2']);
    const replay = await push(SLUG, body, headers);
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { error: string }).error).toMatch(/already/);
  });

  it('M13 a push signed without the timestamp (the old scheme) is refused', async () => {
    const body = JSON.stringify({ vehicles: [car('C3', 32000)] });
    const { createHmac } = await import('node:crypto');
    const legacy = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const response = await push(SLUG, body, { [SIGNATURE_HEADER]: legacy });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toMatch(new RegExp(TIMESTAMP_HEADER, 'i'));
  });

  it('M13 a push signed outside the time window is refused (a captured push replayed later)', async () => {
    const body = JSON.stringify({ vehicles: [car('D4', 33000)] });
    const stale = await push(SLUG, body, signed(body, now() - 3600));
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { error: string }).error).toMatch(/window|clock/);
    const future = await push(SLUG, body, signed(body, now() + 3600));
    expect(future.status).toBe(401);
    expect(acceptedStock().some((record: { id: string }) => record.id === 'D4')).toBe(false);
  });

  it('M13 an oversized body is refused from its Content-Length before any of it is read', async () => {
    const started = Date.now();
    const response = await rawRequest(port, `POST /feeds/${SLUG} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${25 * 1024 * 1024}\r\n${SIGNATURE_HEADER}: sha256=${'0'.repeat(64)}\r\n${TIMESTAMP_HEADER}: ${now()}\r\n\r\n[`, { timeoutMs: 3000 });
    expect(response.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await healthy()).toBe(true);
  });

  it('M13 an unsigned push is refused before its body is read', async () => {
    const response = await rawRequest(port, `POST /feeds/${SLUG} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\n[`, { timeoutMs: 3000 });
    expect(response.status).toBe(401);
  });

  it('M13 an unknown tenant answers exactly like a known tenant with a bad signature', async () => {
    const body = JSON.stringify({ vehicles: [car('E5', 34000)] });
    const unknown = await push('nobody-motors', body, signed(body));
    const badSignature = await push(SLUG, body, signed(body, now(), 'not-the-secret'));
    expect(unknown.status).toBe(401);
    expect(badSignature.status).toBe(401);
    expect(await unknown.text()).toBe(await badSignature.text());
  });

  it('M13 the webhook process is still up after all of the above', async () => {
    expect(exited).toBeNull();
    expect(await healthy()).toBe(true);
  });
});

/** A push with a bogus signature whose body never finishes, from a loopback address of its own (`from`): the socket stays open until the server or the test closes it. */
function hold(slug: string, from = '127.0.0.1'): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((done) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write(`POST /feeds/${slug} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n${SIGNATURE_HEADER}: sha256=${'0'.repeat(64)}\r\n${TIMESTAMP_HEADER}: ${now()}\r\n\r\n[`);
      // Let the server take the request in before the next one is opened.
      setTimeout(() => done({ socket, answer }), 100);
    });
    const answer = new Promise<string>((got) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => got(text));
      socket.on('error', () => {});
    });
  });
}

describe('NEW-5 slow unauthenticated uploads cannot block other dealers\' pushes', () => {
  it('NEW-5: sixteen slow uploads with a bogus signature, two of them on the dealer\'s own path, do not stop its signed push', async () => {
    const held: Awaited<ReturnType<typeof hold>>[] = [];
    try {
      // Eight other clients (loopback addresses of their own), two uploads each.
      for (let client = 2; client <= 9; client += 1) {
        const from = `127.0.0.${client}`;
        held.push(await hold(client === 2 ? SLUG : `junk-${client}a`, from), await hold(client === 2 ? SLUG : `junk-${client}b`, from));
      }
      const body = JSON.stringify({ vehicles: [car('N5', 35500)] });
      const started = Date.now();
      const response = await push(SLUG, body, signed(body));
      expect(response.status).toBe(202);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });

  it('NEW-5: one client has at most two bodies being received at once, and a stalled body is cut within seconds (408)', async () => {
    const from = '127.0.0.20';
    const started = Date.now();
    const held = [await hold('junk-one', from), await hold('junk-two', from)];
    const third = await rawRequest(port, `POST /feeds/junk-three HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n${SIGNATURE_HEADER}: sha256=${'0'.repeat(64)}\r\n${TIMESTAMP_HEADER}: ${now()}\r\n\r\n[`, {
      timeoutMs: 3000,
      localAddress: from,
    });
    expect(third.status).toBe(429);
    expect(third.body).toMatch(/from your address/);
    const answers = await Promise.all(held.map(({ answer }) => answer));
    for (const text of answers) expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it('NEW-5: a request whose headers never end is closed within seconds', async () => {
    const started = Date.now();
    const response = await rawRequest(port, `POST /feeds/${SLUG} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `, { timeoutMs: 15_000, localAddress: '127.0.0.21' });
    expect(response.status === 408 || response.status === 0).toBe(true);
    expect(Date.now() - started).toBeLessThan(9000);
  }, 20_000);
});

describe('M9 unauthenticated push bodies are bounded', () => {
  it('M9: a signature that is not sha256=<64 hex> is refused before the body is read', async () => {
    const started = Date.now();
    const response = await rawRequest(port, `POST /feeds/${SLUG} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 19000000\r\n${SIGNATURE_HEADER}: sha256=forged\r\n${TIMESTAMP_HEADER}: ${now()}\r\n\r\n[`, { timeoutMs: 3000 });
    expect(response.status).toBe(401);
    expect(response.body).toBe('{"error":"bad signature"}');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('M9: bodies still being received are bounded per client (429 before reading), and freed when they end', async () => {
    const held = [await hold(SLUG), await hold('probe-a')];
    const third = await rawRequest(port, `POST /feeds/probe-b HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n${SIGNATURE_HEADER}: sha256=${'0'.repeat(64)}\r\n${TIMESTAMP_HEADER}: ${now()}\r\n\r\n[`, { timeoutMs: 3000 });
    expect(third.status).toBe(429);
    expect(third.head).toMatch(/\r\nretry-after: 5/i);
    for (const { socket } of held) socket.destroy();
    const answers = await Promise.all(held.map(({ answer }) => answer));
    expect(answers.every((text) => text === '')).toBe(true);
    await new Promise((done) => setTimeout(done, 200));
    // The slots are free again: a signed push goes through.
    const body = JSON.stringify({ vehicles: [car('F6', 35000)] });
    expect((await push(SLUG, body, signed(body))).status).toBe(202);
    expect(exited).toBeNull();
  });
});

describe('NEW-9 a push is accepted once, whatever intake it reaches and across restarts', () => {
  /** A second pipeline over the same sites directory (so the same state), stopped by SIGTERM. */
  async function otherIntake() {
    const lines: string[] = [];
    const started = await startPipelineChild(root, lines);
    const stop = () =>
      new Promise<void>((done) => {
        started.child.once('exit', () => done());
        started.child.kill('SIGTERM');
      });
    const send = (body: string, headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${started.port}/feeds/${SLUG}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
    return { send, stop };
  }

  it('NEW-9: a push replayed on another intake, or on an intake started after it, is refused (409) from the state', async () => {
    const body = JSON.stringify({ vehicles: [car('N9', 39000)] });
    const headers = signed(body);
    expect((await push(SLUG, body, headers)).status).toBe(202);
    const second = await otherIntake();
    try {
      const replay = await second.send(body, headers);
      expect(replay.status).toBe(409);
      expect(((await replay.json()) as { error: string }).error).toMatch(/already accepted/);
    } finally {
      await second.stop();
    }
    // A restart: a fresh process over the same state.
    const restarted = await otherIntake();
    try {
      expect((await restarted.send(body, headers)).status).toBe(409);
      // A new push is still taken in by it.
      const fresh = JSON.stringify({ vehicles: [car('N9B', 39500)] });
      expect((await restarted.send(fresh, signed(fresh))).status).toBe(202);
    } finally {
      await restarted.stop();
    }
  }, 120_000);
});
