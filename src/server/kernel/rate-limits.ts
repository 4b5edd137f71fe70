/**
 * Rate-limit keys and counters. Every limit is keyed on the tenant the
 * request resolves to (not the raw Host / X-Site text, which an attacker varies freely:
 * another port, a random Host plus ?site=) and on the client address Fastify derives
 * (X-Forwarded-For only from the configured proxies), as one client key
 * (src/platform/net/client-address.ts: an IPv6 /64 is one client). With REDIS_URL the counters live in Redis so several
 * API processes share them.
 */
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { TenantRegistry } from './tenants.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client this request counts against (clientAddress of request.ip): every per-client limit and allowance keys on it. */
    readonly client: string;
  }
}

/**
 * The tenant a request will resolve to, from what is known before the body is read: the
 * Host, else X-Site, else the `site` query parameter. Unknown names share one bucket.
 */
export function rateLimitTenant(tenants: TenantRegistry, request: FastifyRequest): string {
  const fromHost = tenants.fromHost(request.headers.host);
  if (fromHost) return fromHost.slug;
  const header = request.headers['x-site'];
  if (typeof header === 'string' && tenants.get(header)) return header;
  const query = request.query as Record<string, unknown> | undefined;
  const site = query && typeof query.site === 'string' ? query.site : undefined;
  if (site && tenants.get(site)) return site;
  return '(unknown)';
}

/** The key of one client of one tenant. */
export const clientKey = (tenants: TenantRegistry, request: FastifyRequest): string => `${rateLimitTenant(tenants, request)}|${request.client}`;

/** A fixed-window counter: in memory, or shared through Redis. */
export interface WindowCounter {
  /**
   * Count `amount` (default 1) on `key`; resolves to the total in the current window. A negative
   * amount gives back what was counted: in a window still open only (none is opened for it), and
   * never below 0.
   */
  hit(key: string, windowMs: number, amount?: number): Promise<number>;
}

/** Counters in this process only (at most 50,000 keys: ended windows go first, then the oldest). */
export function memoryCounter(now: () => number): WindowCounter {
  const windows = new Map<string, { end: number; count: number }>();
  return {
    async hit(key, windowMs, amount = 1) {
      const at = now();
      const window = windows.get(key);
      if (amount < 0 && (!window || at >= window.end)) return 0;
      if (!window || at >= window.end) {
        windows.delete(key);
        if (windows.size >= 50_000) {
          for (const [name, entry] of windows) if (entry.end <= at) windows.delete(name);
          while (windows.size >= 50_000) windows.delete(windows.keys().next().value as string);
        }
        windows.set(key, { end: at + windowMs, count: amount });
        return amount;
      }
      window.count = Math.max(0, window.count + amount);
      return window.count;
    },
  };
}

/** A give-back: INCRBY (keeping the expiry) on the key only while it exists (its window open), down to 0 at most; else 0, never a key without its expiry. */
const GIVE_BACK =
  "local count = tonumber(redis.call('GET', KEYS[1])) if not count then return 0 end return redis.call('INCRBY', KEYS[1], math.max(tonumber(ARGV[1]), -count))";

/** Counters in Redis (INCRBY, with the window as the key's expiry), shared by every API process. */
export function redisCounter(redis: Redis, prefix = 'lead-api:tenant-window:'): WindowCounter {
  return {
    async hit(key, windowMs, amount = 1) {
      const name = `${prefix}${key}`;
      if (amount < 0) return Number(await redis.eval(GIVE_BACK, 1, name, amount));
      // SET NX PX starts a window (with its expiry) only when none is open; INCRBY counts in it.
      const results = (await redis.multi().set(name, '0', 'PX', windowMs, 'NX').incrby(name, amount).exec()) ?? [];
      const [error, count] = results[1] ?? [new Error('no reply from Redis'), 0];
      if (error) throw error;
      return Number(count);
    },
  };
}

/**
 * Daily allowances per client (and per tenant) for what strangers could otherwise
 * use up for everyone: SMS, valuations, photo bytes, extra-data rows, typed opt-outs. Kept in
 * the same counters as the rate limits (Redis with REDIS_URL, so every API process shares
 * them). `take` counts first and answers whether the total is still within `max`; with Redis
 * unreachable it allows (logged), like the rate limits. `giveBack` returns what a take counted
 * for something that was not done after all (a refused take too), in the window still open.
 */
export interface Allowances {
  take(name: string, key: string, max: number, amount?: number, windowMs?: number): Promise<boolean>;
  giveBack(name: string, key: string, amount?: number, windowMs?: number): Promise<void>;
}

/** Allowances over `counter`; `warn` hears of a counter failure. */
export function allowances(counter: WindowCounter, warn: (message: string) => void): Allowances {
  return {
    async take(name, key, max, amount = 1, windowMs = 86_400_000) {
      try {
        return (await counter.hit(`${name}|${key}`, windowMs, amount)) <= max;
      } catch (error) {
        warn(`allowance counter unavailable (${(error as Error).message}); request allowed`);
        return true;
      }
    },
    async giveBack(name, key, amount = 1, windowMs = 86_400_000) {
      try {
        await counter.hit(`${name}|${key}`, windowMs, -amount);
      } catch (error) {
        warn(`allowance counter unavailable (${(error as Error).message}); nothing given back`);
      }
    },
  };
}
