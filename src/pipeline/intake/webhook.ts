/**
 * The feed webhook's HTTP handler. Its checks run in an order that lets an unauthenticated
 * sender learn nothing and cost little: 1 the target parses (else 400); 2 route, method,
 * tenant segment; 3 signature and timestamp headers well-formed and in the window (401 before
 * a byte of the body is read); 4 a body over the cap is a 413; a body not yet authenticated
 * holds no slot of any tenant: each client (an IPv6 /64 is one) may have two being received,
 * their bytes count as they arrive against one budget, and one arriving slower than a minimum
 * pace is cut (408); 5 the MAC, computed as the body streams in (a random key for a tenant
 * without a secret, so an unknown tenant and a bad signature give the same 401); 6 a replayed
 * signature is a 409 (the state's seen pushes); 7 the tenant folder (404), then the push is taken in.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './read/feeds.ts';
import { megabytes } from './read/inbox-file.ts';
import type { Logger } from '../log.ts';
import { clientAddress } from '../../platform/net/client-address.ts';
import { isTransient } from '../transient.ts';
import { PIPELINE_DEFAULTS } from '../../config/pipeline.ts';

/** Default largest accepted push body (bytes): the inbox's default cap, as PIPELINE_INBOX_MAX_BYTES sets both. */
export const DEFAULT_MAX_BODY_BYTES = PIPELINE_DEFAULTS.inboxMaxBytes;
/** Default accepted clock difference between sender and receiver (seconds, either way). */
export const DEFAULT_WINDOW_SECONDS = 300;
/** Default bounds on bodies being received before their signature is checked: in all, and per client. */
export const DEFAULT_MAX_PENDING = 256;
export const DEFAULT_MAX_PENDING_PER_CLIENT = 2;
/** Default slowest pace of a body being received before its signature is checked (bytes a second, over each window). */
export const DEFAULT_MIN_BYTES_PER_SECOND = 16 * 1024;
/** The window the pace is measured over (ms). */
export const PACE_WINDOW_MS = 2000;

/** What taking in an authenticated push answered. */
export interface PushOutcome {
  status: number;
  body: unknown;
}

export interface WebhookOptions {
  /** The tenant folder of a slug, or null when there is none. */
  tenantDirOf(slug: string): string | null;
  /** The tenant's webhook secret (server side), or undefined. */
  secretOf(slug: string): string | undefined;
  /** Take in an authenticated push for an existing tenant. */
  accept(slug: string, tenantDir: string, body: string): PushOutcome | Promise<PushOutcome>;
  /**
   * Record an authenticated push's signature until `expiresAt` (ms): true the first time, false
   * for a replay. The pipeline state's seen pushes (state/pushes.ts), shared by every intake.
   */
  firstSeen(slug: string, signature: string, expiresAt: number): Promise<boolean>;
  /** Forget a push's signature: it was not applied (the state did not answer), so the sender may send it again. */
  forgetSeen(slug: string, signature: string): Promise<void>;
  log: Logger;
  maxBodyBytes?: number;
  windowSeconds?: number;
  /** Bodies received at once before authentication: in all, and per client. */
  maxPending?: number;
  maxPendingPerClient?: number;
  /** Bytes held at once by those bodies (counted as they arrive); default 3 x the cap. */
  maxPendingBytes?: number;
  /** Slowest pace of those bodies (bytes a second over each PACE_WINDOW_MS); default DEFAULT_MIN_BYTES_PER_SECOND. */
  minBytesPerSecond?: number;
  /** The client a request counts against (default: its peer address, an IPv6 /64 as one). */
  clientOf?: (req: IncomingMessage) => string;
  /** Clock in ms (tests). */
  now?: () => number;
}

/** The answer to every authentication failure that could otherwise tell tenants apart. */
const BAD_SIGNATURE = { error: 'bad signature' };

const UNSIGNED = {
  error: `unsigned push: send ${TIMESTAMP_HEADER}: <Unix seconds> and ${SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the tenant's secret>`,
};

/** Retry-After (seconds) of a push refused because the pipeline state does not answer. */
const PUSH_RETRY_AFTER_SECONDS = 10;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** One body being received before its signature is checked. */
interface Receiving {
  /** Count `bytes` more as held; false when the budget would be exceeded (nothing counted). */
  hold(bytes: number): boolean;
  /** Free its slot and bytes (once). */
  release(): void;
}

/** Bodies being received before their signature is checked: bounded in number (in all and per client) and in bytes held. */
class PendingBodies {
  private readonly byClient = new Map<string, number>();
  private count = 0;
  private bytes = 0;
  private readonly limits: { total: number; perClient: number; bytes: number };

  constructor(limits: { total: number; perClient: number; bytes: number }) {
    this.limits = limits;
  }

  /** A receiving slot for a client's body, or why there is none. */
  open(client: string): Receiving | 'client' | 'all' {
    const mine = this.byClient.get(client) ?? 0;
    if (mine >= this.limits.perClient) return 'client';
    if (this.count >= this.limits.total) return 'all';
    this.count += 1;
    this.byClient.set(client, mine + 1);
    let held = 0;
    let freed = false;
    return {
      hold: (more) => {
        if (freed) return true;
        if (this.bytes + more > this.limits.bytes) return false;
        this.bytes += more;
        held += more;
        return true;
      },
      release: () => {
        if (freed) return;
        freed = true;
        this.count -= 1;
        this.bytes -= held;
        const left = (this.byClient.get(client) ?? 1) - 1;
        if (left > 0) this.byClient.set(client, left);
        else this.byClient.delete(client);
      },
    };
  }
}

/** What every request of one webhook handler shares. */
interface Webhook {
  options: WebhookOptions;
  maxBytes: number;
  windowSeconds: number;
  clock: () => number;
  /** Stand-in key for tenants without a secret: the MAC is still computed, so timing and answer match. */
  decoyKey: Buffer;
  pending: PendingBodies;
  minBytesPerSecond: number;
  clientOf: (req: IncomingMessage) => string;
  log: Logger;
}

type Reply = (status: number, body: unknown, close?: boolean, headers?: Record<string, string>) => void;

/** Answer and stop: the check found the request wanting. */
function stop(reply: Reply, status: number, body: unknown, close = false): null {
  reply(status, body, close);
  return null;
}

/** A JSON answer, sent once. */
function replier(res: ServerResponse): Reply {
  return (status, body, close = false, headers = {}) => {
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...(close ? { connection: 'close' } : {}), ...headers });
    res.end(text);
  };
}

/** Checks 1-2: the route, the method and the tenant segment; the slug, or null once answered. */
function routeOf(req: IncomingMessage, reply: Reply): string | null {
  let pathname: string;
  try {
    pathname = new URL(req.url ?? '/', 'http://pipeline').pathname;
  } catch {
    return stop(reply, 400, { error: 'malformed request URL' }, true);
  }
  if (req.method === 'GET' && pathname === '/healthz') return stop(reply, 200, { ok: true });
  const match = /^\/feeds\/([^/]+)\/?$/.exec(pathname);
  if (!match) return stop(reply, 404, { error: 'not found: POST /feeds/<tenant>' });
  if (req.method !== 'POST') return stop(reply, 405, { error: 'use POST' });
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return stop(reply, 400, { error: 'malformed tenant in the path: /feeds/<tenant slug>' }, true);
  }
}

/** A push's signing headers and declared length. */
interface Signed {
  signature: string;
  timestampText: string;
  timestamp: number;
  declared: string | undefined;
}

/** Checks 3-4: signature and timestamp present, well-formed and in the window, the declared length under the cap; null once answered. */
function signedHeaders(webhook: Webhook, req: IncomingMessage, reply: Reply): Signed | null {
  const { maxBytes, windowSeconds, log } = webhook;
  const signature = header(req, SIGNATURE_HEADER);
  const timestampText = header(req, TIMESTAMP_HEADER);
  if (!signature || !timestampText) return stop(reply, 401, UNSIGNED, true);
  // A signature that cannot be a MAC of ours is refused before the body is read.
  if (!/^sha256=[0-9a-f]{64}$/i.test(signature)) return stop(reply, 401, BAD_SIGNATURE, true);
  const timestamp = /^\d{1,12}$/.test(timestampText) ? Number(timestampText) : NaN;
  const nowSeconds = Math.floor(webhook.clock() / 1000);
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > windowSeconds) {
    log({ level: 'warn', event: 'feed', kind: 'webhook', outcome: 'rejected', reason: 'timestamp outside the window' });
    return stop(reply, 401, { error: `${TIMESTAMP_HEADER} is outside the accepted window of ${windowSeconds} s: sign each push when it is sent, and check the sender's clock` }, true);
  }
  const declared = header(req, 'content-length');
  if (declared !== undefined && !(Number(declared) <= maxBytes)) return stop(reply, 413, { error: `body larger than the limit of ${megabytes(maxBytes)} (PIPELINE_INBOX_MAX_BYTES)` }, true);
  return { signature, timestampText, timestamp, declared };
}

const BUSY = { error: 'too many pushes are being received: retry shortly' };

/** Check 4 (bodies being received): a slot of the client's and the overall bounds, freed when the request or response closes; null once answered (429). */
function reserveSlot(webhook: Webhook, req: IncomingMessage, res: ServerResponse, slug: string, reply: Reply): Receiving | null {
  const client = webhook.clientOf(req);
  const slot = webhook.pending.open(client);
  if (typeof slot === 'string') {
    webhook.log({ level: 'warn', event: 'feed', tenant: slug.slice(0, 100), kind: 'webhook', outcome: 'rejected', reason: slot === 'client' ? 'too many pushes being received from one client' : 'too many pushes being received' });
    res.setHeader('retry-after', '5');
    reply(429, slot === 'client' ? { error: 'too many pushes are being received from your address: send one at a time' } : BUSY, true);
    return null;
  }
  req.once('close', slot.release);
  res.once('close', slot.release);
  return slot;
}

/** Refuse the rest of a body being received: answer, then close the connection once the answer is out. */
function cutOff(req: IncomingMessage, res: ServerResponse, reply: Reply, status: number, body: unknown): void {
  if (status === 429) res.setHeader('retry-after', '5');
  reply(status, body, true);
  res.on('finish', () => req.destroy());
}

/** A body slower than the minimum pace over a window is cut (408); returns the timer's stop. */
function pace(webhook: Webhook, req: IncomingMessage, res: ServerResponse, reply: Reply, received: () => number, stopped: () => void): () => void {
  const floor = (webhook.minBytesPerSecond * PACE_WINDOW_MS) / 1000;
  let last = 0;
  const timer = setInterval(() => {
    const now = received();
    if (now - last < floor) {
      clearInterval(timer);
      stopped();
      cutOff(req, res, reply, 408, { error: `the push body arrived slower than ${Math.round(webhook.minBytesPerSecond / 1024)} KiB/s: send the whole body at once` });
    }
    last = now;
  }, PACE_WINDOW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Check 5 begins: the MAC over the body as it streams in, with the tenant's secret or the decoy key. */
function macOf(webhook: Webhook, slug: string, timestampText: string): { mac: ReturnType<typeof createHmac>; secret: string | undefined } {
  let secret: string | undefined;
  try {
    secret = webhook.options.secretOf(slug);
  } catch (error) {
    webhook.log({ level: 'error', event: 'feed', kind: 'webhook', outcome: 'rejected', reason: `webhook secrets unreadable: ${(error as Error).message}` });
  }
  return { mac: createHmac('sha256', secret ?? webhook.decoyKey).update(`${timestampText}.`), secret };
}

/** Checks 5-7 once the body is in: the MAC, replays, the tenant folder; then the push is taken in. */
async function acceptBody(webhook: Webhook, slug: string, signed: Signed, verified: { mac: ReturnType<typeof createHmac>; secret: string | undefined }, body: Buffer, reply: Reply): Promise<void> {
  const { log, options } = webhook;
  const { secret } = verified;
  try {
    const expected = Buffer.from(`sha256=${verified.mac.digest('hex')}`);
    const given = Buffer.from(signed.signature);
    const valid = secret !== undefined && given.length === expected.length && timingSafeEqual(given, expected);
    if (!valid) {
      log({ level: 'warn', event: 'feed', tenant: slug.slice(0, 100), kind: 'webhook', outcome: 'rejected', reason: secret === undefined ? 'no secret for this tenant (or no such tenant)' : 'bad signature' });
      return reply(401, BAD_SIGNATURE);
    }
    let first: boolean;
    try {
      first = await options.firstSeen(slug, signed.signature.toLowerCase(), (signed.timestamp + webhook.windowSeconds + 1) * 1000);
    } catch (error) {
      log({ level: 'error', event: 'feed', tenant: slug, kind: 'webhook', outcome: 'failed', reason: `seen pushes unavailable: ${(error as Error).message}` });
      return reply(503, { error: 'the pipeline state is unavailable: retry shortly; the push was not applied' }, false, { 'retry-after': String(PUSH_RETRY_AFTER_SECONDS) });
    }
    if (!first) {
      log({ level: 'warn', event: 'feed', tenant: slug, kind: 'webhook', outcome: 'rejected', reason: 'replayed push' });
      return reply(409, { error: 'this push was already accepted (same signature): sign every push afresh with a new timestamp' });
    }
    const tenantDir = options.tenantDirOf(slug);
    if (!tenantDir) return reply(404, { error: `unknown tenant "${slug}"` });
    const outcome = await options.accept(slug, tenantDir, body.toString('utf8'));
    reply(outcome.status, outcome.body);
  } catch (error) {
    if (isTransient(error)) {
      // The pipeline state does not answer (PostgreSQL or the bucket down): nothing was applied, and the very same push may come again.
      await options.forgetSeen(slug, signed.signature.toLowerCase()).catch(() => undefined);
      log({ level: 'warn', event: 'feed', tenant: slug, kind: 'webhook', outcome: 'failed', reason: `pipeline state unavailable: ${(error as Error).message}` });
      return reply(503, { error: 'the pipeline cannot take pushes in just now; it was not applied: send it again shortly' }, false, { 'retry-after': String(PUSH_RETRY_AFTER_SECONDS) });
    }
    log({ level: 'error', event: 'feed', tenant: slug, kind: 'webhook', outcome: 'failed', reason: (error as Error).message });
    reply(500, { error: 'the push could not be taken in; it was not applied' });
  }
}

/** Receive the body within the cap, the budget and the pace (else 413, 429 or 408, and the connection closes), then accept it. */
function receive(webhook: Webhook, req: IncomingMessage, res: ServerResponse, slug: string, signed: Signed, slot: Receiving, reply: Reply): void {
  const verified = macOf(webhook, slug, signed.timestampText);
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  const refuse = (status: number, body: unknown) => {
    refused = true;
    chunks.length = 0;
    slot.release();
    cutOff(req, res, reply, status, body);
  };
  const stopPace = pace(webhook, req, res, reply, () => size, () => {
    refused = true;
    chunks.length = 0;
    slot.release();
  });
  req.once('close', stopPace);
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > webhook.maxBytes) return refuse(413, { error: `body larger than the limit of ${megabytes(webhook.maxBytes)} (PIPELINE_INBOX_MAX_BYTES)` });
    if (!slot.hold(chunk.length)) return refuse(429, BUSY);
    verified.mac.update(chunk);
    chunks.push(chunk);
  });
  req.on('end', async () => {
    stopPace();
    slot.release();
    if (refused || res.headersSent) return;
    await acceptBody(webhook, slug, signed, verified, Buffer.concat(chunks), reply);
  });
}

/** A request handler for the feed webhook (plus GET /healthz). Never throws. */
export function createWebhookHandler(options: WebhookOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const webhook: Webhook = {
    options,
    maxBytes,
    windowSeconds: options.windowSeconds ?? DEFAULT_WINDOW_SECONDS,
    clock: options.now ?? Date.now,
    decoyKey: randomBytes(32),
    pending: new PendingBodies({ total: options.maxPending ?? DEFAULT_MAX_PENDING, perClient: options.maxPendingPerClient ?? DEFAULT_MAX_PENDING_PER_CLIENT, bytes: options.maxPendingBytes ?? 3 * maxBytes }),
    minBytesPerSecond: options.minBytesPerSecond ?? DEFAULT_MIN_BYTES_PER_SECOND,
    clientOf: options.clientOf ?? ((req) => clientAddress(req.socket.remoteAddress ?? '')),
    log: options.log,
  };
  return function handle(req, res) {
    req.on('error', () => {
      // An aborted or broken upload: nothing to answer, nothing to take in.
    });
    res.on('error', () => {});
    const reply = replier(res);
    try {
      const slug = routeOf(req, reply);
      if (slug === null) return;
      const signed = signedHeaders(webhook, req, reply);
      if (!signed) return;
      const slot = reserveSlot(webhook, req, res, slug, reply);
      if (slot) receive(webhook, req, res, slug, signed, slot, reply);
    } catch (error) {
      webhook.log({ level: 'error', event: 'webhook', outcome: 'failed', reason: (error as Error).message });
      reply(500, { error: 'internal error' });
    }
  };
}
