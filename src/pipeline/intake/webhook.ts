/**
 * The feed webhook's HTTP handler (issue 8 §1 (c), hardened by issue 13 H3 / M13).
 *
 * Order of checks, so that an unauthenticated sender learns nothing and costs little:
 *  1. the request target is parsed without throwing (a malformed URL is a 400, never a crash);
 *  2. route and method; the tenant segment is decoded safely;
 *  3. signature and timestamp headers present and well-formed (`sha256=<64 hex>`), timestamp
 *     within the window (else 401, before a byte of the body is read);
 *  4. Content-Length over the cap is a 413 before reading; a body that grows past it while
 *     streaming is a 413 and the connection is closed; bodies not yet authenticated are
 *     bounded in number (per tenant and overall) and in reserved bytes: over that, a 429
 *     with Retry-After before reading (issue 34 M9);
 *  5. the MAC is computed while the body streams in, with the tenant's secret, or with a
 *     random per-process key when the tenant has none, so an unknown tenant and a bad
 *     signature give the same 401 (tenants are not revealed before authentication);
 *  6. a signature already accepted within the window is a replay (409);
 *  7. only then the tenant folder is looked up (404) and the push taken in.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './read/feeds.ts';
import type { Logger } from '../log.ts';

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
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** A request handler for the feed webhook (plus GET /healthz). Never throws. */
export function createWebhookHandler(options: WebhookOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const windowSeconds = options.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  const clock = options.now ?? Date.now;
  const seen = new SeenSignatures(100_000);
  // Stand-in key for tenants without a secret: the MAC is still computed, so timing and answer match.
  const decoyKey = randomBytes(32);
  const { log } = options;
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  const maxPerTenant = options.maxPendingPerTenant ?? DEFAULT_MAX_PENDING_PER_TENANT;
  const maxPendingBytes = options.maxPendingBytes ?? 3 * maxBytes;
  const pendingByTenant = new Map<string, number>();
  let pending = 0;
  let pendingBytes = 0;
  /** Take a receiving slot for a tenant's body, or null when the bounds are reached; the result frees it (once). */
  const reserve = (key: string, bytes: number): (() => void) | null => {
    const mine = pendingByTenant.get(key) ?? 0;
    if (pending >= maxPending || mine >= maxPerTenant || pendingBytes + bytes > maxPendingBytes) return null;
    pending += 1;
    pendingBytes += bytes;
    pendingByTenant.set(key, mine + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      pending -= 1;
      pendingBytes -= bytes;
      const left = (pendingByTenant.get(key) ?? 1) - 1;
      if (left > 0) pendingByTenant.set(key, left);
      else pendingByTenant.delete(key);
    };
  };

  return function handle(req, res) {
    req.on('error', () => {
      // An aborted or broken upload: nothing to answer, nothing to take in.
    });
    res.on('error', () => {});
    const reply = (status: number, body: unknown, close = false) => {
      if (res.headersSent || res.destroyed) return;
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...(close ? { connection: 'close' } : {}) });
      res.end(text);
    };
    try {
      let pathname: string;
      try {
        pathname = new URL(req.url ?? '/', 'http://pipeline').pathname;
      } catch {
        return reply(400, { error: 'malformed request URL' }, true);
      }
      if (req.method === 'GET' && pathname === '/healthz') return reply(200, { ok: true });
      const match = /^\/feeds\/([^/]+)\/?$/.exec(pathname);
      if (!match) return reply(404, { error: 'not found: POST /feeds/<tenant>' });
      if (req.method !== 'POST') return reply(405, { error: 'use POST' });
      let slug: string;
      try {
        slug = decodeURIComponent(match[1]!);
      } catch {
        return reply(400, { error: 'malformed tenant in the path: /feeds/<tenant slug>' }, true);
      }

      const signature = header(req, SIGNATURE_HEADER);
      const timestampText = header(req, TIMESTAMP_HEADER);
      if (!signature || !timestampText) return reply(401, UNSIGNED, true);
      // A signature that cannot be a MAC of ours is refused before the body is read.
      if (!/^sha256=[0-9a-f]{64}$/i.test(signature)) return reply(401, BAD_SIGNATURE, true);
      const timestamp = /^\d{1,12}$/.test(timestampText) ? Number(timestampText) : NaN;
      const nowSeconds = Math.floor(clock() / 1000);
      if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > windowSeconds) {
        log({ level: 'warn', event: 'feed', kind: 'webhook', outcome: 'rejected', reason: 'timestamp outside the window' });
        return reply(401, { error: `${TIMESTAMP_HEADER} is outside the accepted window of ${windowSeconds} s: sign each push when it is sent, and check the sender's clock` }, true);
      }
      const declared = header(req, 'content-length');
      if (declared !== undefined && !(Number(declared) <= maxBytes)) {
        return reply(413, { error: `body larger than ${Math.round(maxBytes / 1024 / 1024)} MB` }, true);
      }
      const release = reserve(slug.slice(0, 100), declared !== undefined ? Number(declared) : maxBytes);
      if (!release) {
        log({ level: 'warn', event: 'feed', tenant: slug.slice(0, 100), kind: 'webhook', outcome: 'rejected', reason: 'too many pushes being received' });
        res.setHeader('retry-after', '5');
        return reply(429, { error: 'too many pushes are being received for this tenant or in all: retry shortly' }, true);
      }
      req.once('close', release);
      res.once('close', release);

      let secret: string | undefined;
      try {
        secret = options.secretOf(slug);
      } catch (error) {
        log({ level: 'error', event: 'feed', kind: 'webhook', outcome: 'rejected', reason: `webhook secrets unreadable: ${(error as Error).message}` });
      }
      const mac = createHmac('sha256', secret ?? decoyKey).update(`${timestampText}.`);
      const chunks: Buffer[] = [];
      let size = 0;
      let refused = false;
      req.on('data', (chunk: Buffer) => {
        if (refused) return;
        size += chunk.length;
        if (size > maxBytes) {
          refused = true;
          chunks.length = 0;
          reply(413, { error: `body larger than ${Math.round(maxBytes / 1024 / 1024)} MB` }, true);
          res.on('finish', () => req.destroy());
          return;
        }
        mac.update(chunk);
        chunks.push(chunk);
      });
      req.on('end', async () => {
        release();
        if (refused || res.headersSent) return;
        try {
          const expected = Buffer.from(`sha256=${mac.digest('hex')}`);
          const given = Buffer.from(signature);
          const valid = secret !== undefined && given.length === expected.length && timingSafeEqual(given, expected);
          if (!valid) {
            log({ level: 'warn', event: 'feed', tenant: slug.slice(0, 100), kind: 'webhook', outcome: 'rejected', reason: secret === undefined ? 'no secret for this tenant (or no such tenant)' : 'bad signature' });
            return reply(401, BAD_SIGNATURE);
          }
          if (seen.check(`${slug}\n${signature}`, (timestamp + windowSeconds + 1) * 1000, clock())) {
            log({ level: 'warn', event: 'feed', tenant: slug, kind: 'webhook', outcome: 'rejected', reason: 'replayed push' });
            return reply(409, { error: 'this push was already accepted (same signature): sign every push afresh with a new timestamp' });
          }
          const tenantDir = options.tenantDirOf(slug);
          if (!tenantDir) return reply(404, { error: `unknown tenant "${slug}"` });
          const outcome = await options.accept(slug, tenantDir, Buffer.concat(chunks).toString('utf8'));
          reply(outcome.status, outcome.body);
        } catch (error) {
          log({ level: 'error', event: 'feed', tenant: slug, kind: 'webhook', outcome: 'failed', reason: (error as Error).message });
          reply(500, { error: 'the push could not be taken in; it was not applied' });
        }
      });
    } catch (error) {
      log({ level: 'error', event: 'webhook', outcome: 'failed', reason: (error as Error).message });
      reply(500, { error: 'internal error' });
    }
  };
}
