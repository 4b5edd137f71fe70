/**
 * The feed webhook's HTTP handler. Its checks run in an order that lets an unauthenticated
 * sender learn nothing and cost little: 1 the target parses (else 400); 2 route, method,
 * tenant segment; 3 signature and timestamp headers well-formed and in the window (401 before
 * a byte of the body is read); 4 a body over the cap is a 413, and bodies not yet authenticated
 * are bounded in number and bytes (429 with Retry-After); 5 the MAC, computed as the body
 * streams in (with a random key for a tenant without a secret, so an unknown tenant and a bad
 * signature give the same 401); 6 a replayed signature is a 409; 7 then the tenant folder is
 * looked up (404) and the push taken in.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './read/feeds.ts';
import type { Logger } from '../log.ts';
import { isTransient } from '../transient.ts';

/** Default largest accepted push body (bytes). */
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;
/** Default accepted clock difference between sender and receiver (seconds, either way). */
export const DEFAULT_WINDOW_SECONDS = 300;
/** Default bounds on bodies being received before their signature is checked. */
export const DEFAULT_MAX_PENDING = 16;
export const DEFAULT_MAX_PENDING_PER_TENANT = 2;

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
  log: Logger;
  maxBodyBytes?: number;
  windowSeconds?: number;
  /** Bodies received at once before authentication: overall, and per tenant in the path. */
  maxPending?: number;
  maxPendingPerTenant?: number;
  /** Bytes reserved at once by those bodies (Content-Length, or the cap when chunked); default 3 x the cap. */
  maxPendingBytes?: number;
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

/** Signatures accepted recently, each kept until its timestamp leaves the window. */
class SeenSignatures {
  private readonly expiries = new Map<string, number>();
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  /** True when the signature was seen before; records it otherwise. */
  check(signature: string, expiresAt: number, now: number): boolean {
    if (this.expiries.size >= this.limit) {
      for (const [key, at] of this.expiries) if (at <= now) this.expiries.delete(key);
    }
    const previous = this.expiries.get(signature);
    if (previous !== undefined && previous > now) return true;
    // Still full of live entries: the oldest go first (Map keeps insertion order).
    while (this.expiries.size >= this.limit) this.expiries.delete(this.expiries.keys().next().value as string);
    this.expiries.set(signature, expiresAt);
    return false;
  }
  /** Forget a signature (its push was not applied: the sender may send it again). */
  forget(signature: string): void {
    this.expiries.delete(signature);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** Bodies being received before their signature is checked: bounded in number (overall and per tenant) and in reserved bytes. */
class PendingBodies {
  private readonly byTenant = new Map<string, number>();
  private count = 0;
  private bytes = 0;
  private readonly limits: { total: number; perTenant: number; bytes: number };

  constructor(limits: { total: number; perTenant: number; bytes: number }) {
    this.limits = limits;
  }

  /** Take a receiving slot for a tenant's body, or null when the bounds are reached; the result frees it (once). */
  reserve(key: string, bytes: number): (() => void) | null {
    const mine = this.byTenant.get(key) ?? 0;
    if (this.count >= this.limits.total || mine >= this.limits.perTenant || this.bytes + bytes > this.limits.bytes) return null;
    this.count += 1;
    this.bytes += bytes;
    this.byTenant.set(key, mine + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.count -= 1;
      this.bytes -= bytes;
      const left = (this.byTenant.get(key) ?? 1) - 1;
      if (left > 0) this.byTenant.set(key, left);
      else this.byTenant.delete(key);
    };
  }
}

/** What every request of one webhook handler shares. */
interface Webhook {
  options: WebhookOptions;
  maxBytes: number;
  windowSeconds: number;
  clock: () => number;
  seen: SeenSignatures;
  /** Stand-in key for tenants without a secret: the MAC is still computed, so timing and answer match. */
  decoyKey: Buffer;
  pending: PendingBodies;
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
  if (declared !== undefined && !(Number(declared) <= maxBytes)) return stop(reply, 413, { error: `body larger than ${Math.round(maxBytes / 1024 / 1024)} MB` }, true);
  return { signature, timestampText, timestamp, declared };
}

/** Check 4 (bodies being received): a slot of the pending bounds, freed when the request or response closes; false once answered (429). */
function reserveSlot(webhook: Webhook, req: IncomingMessage, res: ServerResponse, slug: string, declared: string | undefined, reply: Reply): (() => void) | null {
  const release = webhook.pending.reserve(slug.slice(0, 100), declared !== undefined ? Number(declared) : webhook.maxBytes);
  if (!release) {
    webhook.log({ level: 'warn', event: 'feed', tenant: slug.slice(0, 100), kind: 'webhook', outcome: 'rejected', reason: 'too many pushes being received' });
    res.setHeader('retry-after', '5');
    reply(429, { error: 'too many pushes are being received for this tenant or in all: retry shortly' }, true);
    return null;
  }
  req.once('close', release);
  res.once('close', release);
  return release;
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
    if (webhook.seen.check(`${slug}\n${signed.signature}`, (signed.timestamp + webhook.windowSeconds + 1) * 1000, webhook.clock())) {
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
      webhook.seen.forget(`${slug}\n${signed.signature}`);
      log({ level: 'warn', event: 'feed', tenant: slug, kind: 'webhook', outcome: 'failed', reason: `pipeline state unavailable: ${(error as Error).message}` });
      return reply(503, { error: 'the pipeline cannot take pushes in just now; it was not applied: send it again shortly' }, false, { 'retry-after': String(PUSH_RETRY_AFTER_SECONDS) });
    }
    log({ level: 'error', event: 'feed', tenant: slug, kind: 'webhook', outcome: 'failed', reason: (error as Error).message });
    reply(500, { error: 'the push could not be taken in; it was not applied' });
  }
}

/** Receive the body within the cap (a body growing past it is a 413 and the connection closes), then accept it. */
function receive(webhook: Webhook, req: IncomingMessage, res: ServerResponse, slug: string, signed: Signed, release: () => void, reply: Reply): void {
  const verified = macOf(webhook, slug, signed.timestampText);
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > webhook.maxBytes) {
      refused = true;
      chunks.length = 0;
      reply(413, { error: `body larger than ${Math.round(webhook.maxBytes / 1024 / 1024)} MB` }, true);
      res.on('finish', () => req.destroy());
      return;
    }
    verified.mac.update(chunk);
    chunks.push(chunk);
  });
  req.on('end', async () => {
    release();
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
    seen: new SeenSignatures(100_000),
    decoyKey: randomBytes(32),
    pending: new PendingBodies({ total: options.maxPending ?? DEFAULT_MAX_PENDING, perTenant: options.maxPendingPerTenant ?? DEFAULT_MAX_PENDING_PER_TENANT, bytes: options.maxPendingBytes ?? 3 * maxBytes }),
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
      const release = reserveSlot(webhook, req, res, slug, signed.declared, reply);
      if (release) receive(webhook, req, res, slug, signed, release, reply);
    } catch (error) {
      webhook.log({ level: 'error', event: 'webhook', outcome: 'failed', reason: (error as Error).message });
      reply(500, { error: 'internal error' });
    }
  };
}
