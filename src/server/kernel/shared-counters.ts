/**
 * The counters behind the rate limits and daily allowances (rate-limits.ts), shared by every
 * API process through Redis, and what they do while Redis is gone (docs/reliability.md
 * "Redis"): each process counts in its own memory until Redis answers again, so the limits
 * still hold per process (with N processes a client gets at most N times a limit) instead of
 * failing open, and no request waits for Redis: a connection that is down fails at once (no
 * offline queue), and once a command times out on a connection that is open but unanswered (a
 * hung Redis) counts stay in memory while one PING at a time asks whether Redis answers again.
 * The change is logged once each way. A give-back goes to the counter that took (a take counted
 * here while Redis was away is not Redis's to give back once it answers).
 * `windowStore` makes a counter the store of @fastify/rate-limit (its public `store` option).
 */
import type { Redis } from 'ioredis';
import { memoryCounter, redisCounter, type WindowCounter } from './rate-limits.ts';

/** What the counters say about themselves (warn when Redis goes, info when it is back). */
export interface CounterLog {
  warn(message: string): void;
  info(message: string): void;
}

/** ioredis's error for a command left unanswered past its `commandTimeout`. */
const TIMED_OUT = 'Command timed out';

/**
 * Whether Redis hangs: set by a timed-out command, cleared by the first PING it answers. While
 * set, `check` sends a PING unless one is already out, so a hung Redis gets one command at a time.
 */
function hangWatch(redis: Redis) {
  let hanging = false;
  let asking = false;
  return {
    hanging: () => hanging,
    failed(error: Error) {
      if (error.message === TIMED_OUT) hanging = true;
    },
    check() {
      if (asking) return;
      asking = true;
      redis.ping().then(
        () => {
          hanging = false;
          asking = false;
        },
        () => (asking = false),
      );
    },
  };
}

/** Counters in Redis, in this process's memory while Redis does not answer. */
export function fallbackCounter(redis: Redis, now: () => number, log: CounterLog): WindowCounter & { shared(): boolean } {
  const remote = redisCounter(redis, '');
  const local = memoryCounter(now);
  const hang = hangWatch(redis);
  let shared = true;
  const lost = (reason: string) => {
    if (!shared) return;
    shared = false;
    log.warn(`redis unavailable (${reason}): rate limits and allowances are counted in this process until it answers`);
  };
  /** Ask Redis what `use` asks, or this process's memory while Redis does not answer. */
  async function either<T>(use: (counter: WindowCounter) => Promise<T>): Promise<T> {
    // Without a connection (no offline queue) a command would only fail: count here at once.
    if (redis.status !== 'ready') {
      lost(`connection ${redis.status}`);
      return use(local);
    }
    // A count sent to a hung Redis would wait for its timeout: count here until a PING is answered.
    if (hang.hanging()) {
      hang.check();
      return use(local);
    }
    try {
      const answer = await use(remote);
      if (!shared) {
        shared = true;
        log.info('redis answers again: rate limits and allowances are shared by every API process');
      }
      return answer;
    } catch (error) {
      hang.failed(error as Error);
      lost((error as Error).message);
      return use(local);
    }
  }
  return {
    shared: () => shared,
    hit: (key, windowMs, amount) => either((counter) => counter.hit(key, windowMs, amount)),
    count: (key, windowMs, amount) => either((counter) => counter.count(key, windowMs, amount)),
    // To the counter that took: a take counted here while Redis was away is this process's, whatever Redis does now;
    // one counted in Redis is given back there only, while it answers (else nothing: the allowance stays spent, never over).
    async giveBack(counted) {
      if (counted.counter === local) return local.giveBack(counted);
      if (redis.status !== 'ready') return lost(`connection ${redis.status}`);
      if (hang.hanging()) return hang.check();
      try {
        await remote.giveBack(counted);
      } catch (error) {
        hang.failed(error as Error);
        lost((error as Error).message);
        throw error;
      }
    },
  };
}

/** A counter whose keys all start with `prefix` (a Counted names its key with the prefix already). */
export function prefixed(counter: WindowCounter, prefix: string): WindowCounter {
  return {
    hit: (key, windowMs, amount) => counter.hit(`${prefix}${key}`, windowMs, amount),
    count: (key, windowMs, amount) => counter.count(`${prefix}${key}`, windowMs, amount),
    giveBack: (counted) => counter.giveBack(counted),
  };
}

/** The record @fastify/rate-limit's `incr` answers with. */
interface RateRecord {
  current: number;
  ttl: number;
}

/**
 * A @fastify/rate-limit store over a counter: fixed windows aligned to the clock (the window's
 * index is part of the key, so its end, the `ttl` the plugin reports, needs no round trip).
 */
export function windowStore(counter: WindowCounter, now: () => number) {
  return class WindowStore {
    readonly prefix: string;
    /** The plugin constructs the store with its settings; a route's child store with its prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }
    incr(key: string, callback: (error: Error | null, record?: RateRecord) => void, timeWindow: number): void {
      const at = now();
      const index = Math.floor(at / timeWindow);
      counter.hit(`${this.prefix}${key}|${index}`, timeWindow).then(
        (current) => callback(null, { current, ttl: (index + 1) * timeWindow - at }),
        (error: Error) => callback(error),
      );
    }
    /** A route's own store: the plugin passes its merged settings with `routeInfo` (its types name the route's options). */
    child(routeOptions: unknown): WindowStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new WindowStore(`${this.prefix}${route.method ?? ''}${route.url ?? ''}-`);
    }
  };
}
