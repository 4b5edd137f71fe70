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

/**
 * What one count counted, and where (WindowCounter.count): a give-back returns it to that counter
 * and that window only. A window is named by its end: one opened after another ended ends a whole
 * window later.
 */
export interface Counted {
  /** The counter that counted it (in memory, or Redis): no other one is given it back. */
  readonly counter: WindowCounter;
  /** The counter's key (with any prefix). */
  readonly key: string;
  readonly amount: number;
  readonly windowMs: number;
  /** The window's end, epoch ms on the counter's own clock (Redis's for a Redis counter). */
  readonly window: number;
  /** The total in the window with this count. */
  readonly total: number;
}

/** A fixed-window counter: in memory, or shared through Redis. */
export interface WindowCounter {
  /** Count `amount` (default 1) on `key`; resolves to the total in the current window. */
  hit(key: string, windowMs: number, amount?: number): Promise<number>;
  /** Count as `hit` does, answering what was counted in which window (for `giveBack`). */
  count(key: string, windowMs: number, amount?: number): Promise<Counted>;
  /**
   * Give back what `counted` counted: to the counter that counted it, in the window it was
   * counted in while that is still open, never below 0; into no other window (one opened since
   * it ended) or counter, and none is opened for it.
   */
  giveBack(counted: Counted): Promise<void>;
}

/** Counters in this process only (at most 50,000 keys: ended windows go first, then the oldest). */
export function memoryCounter(now: () => number): WindowCounter {
  const windows = new Map<string, { end: number; count: number }>();
  /** Count `amount` on `key`, in its open window or a new one: the window. */
  const add = (key: string, windowMs: number, amount: number) => {
    const at = now();
    const window = windows.get(key);
    if (window && at < window.end) {
      window.count += amount;
      return window;
    }
    windows.delete(key);
    if (windows.size >= 50_000) {
      for (const [name, entry] of windows) if (entry.end <= at) windows.delete(name);
      while (windows.size >= 50_000) windows.delete(windows.keys().next().value as string);
    }
    const opened = { end: at + windowMs, count: amount };
    windows.set(key, opened);
    return opened;
  };
  const counter: WindowCounter = {
    async hit(key, windowMs, amount = 1) {
      return add(key, windowMs, amount).count;
    },
    async count(key, windowMs, amount = 1) {
      const window = add(key, windowMs, amount);
      return { counter, key, amount, windowMs, window: window.end, total: window.count };
    },
    async giveBack(counted) {
      const window = windows.get(counted.key);
      if (counted.counter !== counter || !window || window.end !== counted.window || now() >= window.end) return;
      window.count = Math.max(0, window.count - counted.amount);
    },
  };
  return counter;
}

/** Redis's clock in a script, epoch ms: with a key's PTTL, the key's expiry (its window's end), whatever the clocks of the API processes say. */
const REDIS_NOW = "local time = redis.call('TIME') local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)";

/** A count that names its window: SET NX PX opens one (with its expiry) only when none is open, INCRBY counts in it; answers the total and the window's end. */
const COUNT = `redis.call('SET', KEYS[1], '0', 'PX', ARGV[1], 'NX') local total = redis.call('INCRBY', KEYS[1], ARGV[2]) ${REDIS_NOW} return { total, now + redis.call('PTTL', KEYS[1]) }`;

/**
 * A give-back: DECRBY (keeping the expiry) of the amount, down to 0 at most, on the key only
 * while it exists and its window is the one counted in (its end ARGV[2]; TIME + PTTL may read an
 * end a millisecond off, and a window opened after it ended ends a whole window later, so ends
 * within half a window, ARGV[3], are one window's); else nothing, never a key without its expiry.
 */
const GIVE_BACK = `local count = tonumber(redis.call('GET', KEYS[1])) if not count then return 0 end ${REDIS_NOW}
if math.abs(now + redis.call('PTTL', KEYS[1]) - tonumber(ARGV[2])) > tonumber(ARGV[3]) then return count end
local back = math.min(tonumber(ARGV[1]), count) if back <= 0 then return count end return redis.call('DECRBY', KEYS[1], back)`;

/** Counters in Redis (INCRBY, with the window as the key's expiry), shared by every API process. */
export function redisCounter(redis: Redis, prefix = 'lead-api:tenant-window:'): WindowCounter {
  const counter: WindowCounter = {
    async hit(key, windowMs, amount = 1) {
      return (await counter.count(key, windowMs, amount)).total;
    },
    async count(key, windowMs, amount = 1) {
      const [total, window] = (await redis.eval(COUNT, 1, `${prefix}${key}`, windowMs, amount)) as [number, number];
      return { counter, key, amount, windowMs, window: Number(window), total: Number(total) };
    },
    async giveBack(counted) {
      if (counted.counter !== counter) return;
      await redis.eval(GIVE_BACK, 1, `${prefix}${counted.key}`, counted.amount, counted.window, Math.floor(counted.windowMs / 2));
    },
  };
  return counter;
}

/** An allowance taken (`allowed`: within its max) and the give-back of exactly what that take counted (once). */
export interface TakenAllowance {
  allowed: boolean;
  giveBack(): Promise<void>;
}

/**
 * Daily allowances per client (and per tenant) for what strangers could otherwise
 * use up for everyone: SMS, valuations, photo bytes, extra-data rows, typed opt-outs. Kept in
 * the same counters as the rate limits (Redis with REDIS_URL, so every API process shares
 * them). `take` counts first and answers whether the total is still within `max`; with Redis
 * unreachable it allows (logged), like the rate limits. `takeReturnable` takes so too, with a
 * give-back of what it counted for something not done after all (a refused take too): into the
 * window it was counted in while that is open, never into one opened since.
 */
export interface Allowances {
  take(name: string, key: string, max: number, amount?: number, windowMs?: number): Promise<boolean>;
  takeReturnable(name: string, key: string, max: number, amount?: number, windowMs?: number): Promise<TakenAllowance>;
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
    async takeReturnable(name, key, max, amount = 1, windowMs = 86_400_000) {
      let counted: Counted;
      try {
        counted = await counter.count(`${name}|${key}`, windowMs, amount);
      } catch (error) {
        warn(`allowance counter unavailable (${(error as Error).message}); request allowed`);
        // Counted nowhere: nothing to give back.
        return { allowed: true, giveBack: async () => {} };
      }
      let given = false;
      return {
        allowed: counted.total <= max,
        // Once: a take is given back at most what it counted.
        giveBack: async () => {
          if (given) return;
          given = true;
          try {
            await counter.giveBack(counted);
          } catch (error) {
            warn(`allowance counter unavailable (${(error as Error).message}); nothing given back`);
          }
        },
      };
    },
  };
}
