/**
 * The rate-limit counters while Redis comes and goes, over a stand-in for the few ioredis calls
 * they make (status, the count script's SET NX PX + INCRBY): counted in Redis while it answers, in this
 * process's memory while it does not (the limits still hold), the change logged once each way;
 * and the @fastify/rate-limit store over a counter (clock-aligned windows, a route's own prefix).
 */
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { allowances, memoryCounter } from './rate-limits.ts';
import { fallbackCounter, prefixed, windowStore } from './shared-counters.ts';

/** Redis as the counters use it: keys with an expiry, a connection status, and a switch that makes commands fail. */
function standInRedis(now: () => number) {
  const keys = new Map<string, { value: number; expires: number }>();
  // hanging: the connection is open but nothing answers, so each command fails once ioredis's commandTimeout passes.
  const state = { status: 'ready', failing: false, hanging: false, execs: 0 };
  // The PINGs sent, each settled by the test (an answer, or its timeout).
  const pings: { resolve: (reply: string) => void; reject: (error: Error) => void }[] = [];
  const redis = {
    get status() {
      return state.status;
    },
    ping() {
      return new Promise<string>((resolve, reject) => pings.push({ resolve, reject }));
    },
    // The count script (rate-limits.ts COUNT): SET NX PX opens a window when none is open, INCRBY counts in it; answers the total and the window's end.
    async eval(_script: string, _keys: 1, name: string, ms: number, amount: number) {
      state.execs += 1;
      if (state.failing) throw new Error('Connection is closed.');
      if (state.hanging) throw new Error('Command timed out');
      let entry = keys.get(name);
      if (!entry || entry.expires <= now()) keys.set(name, (entry = { value: 0, expires: now() + ms }));
      entry.value += amount;
      return [entry.value, entry.expires];
    },
  };
  return { redis: redis as unknown as Redis, state, keys, pings };
}

/** A counter whose every call fails. */
const down = () => Promise.reject(new Error('down'));
const failing = { hit: down, count: down, giveBack: down };

describe('fallbackCounter', () => {
  it('counts in Redis while it answers, in memory while it does not, and logs each change once', async () => {
    let now = 1_000_000;
    const { redis, state, keys } = standInRedis(() => now);
    const log: string[] = [];
    const counter = fallbackCounter(redis, () => now, { warn: (message) => log.push(`warn ${message}`), info: (message) => log.push(`info ${message}`) });
    expect([await counter.hit('a', 60_000), await counter.hit('a', 60_000, 2)]).toEqual([1, 3]);
    expect(keys.get('a')?.value).toBe(3);
    expect(counter.shared()).toBe(true);

    state.failing = true;
    expect([await counter.hit('a', 60_000), await counter.hit('a', 60_000)]).toEqual([1, 2]);
    expect(counter.shared()).toBe(false);
    state.failing = false;
    state.status = 'reconnecting';
    expect(await counter.hit('a', 60_000)).toBe(3);
    expect(log).toEqual(['warn redis unavailable (Connection is closed.): rate limits and allowances are counted in this process until it answers']);

    state.status = 'ready';
    expect(await counter.hit('a', 60_000)).toBe(4);
    expect(counter.shared()).toBe(true);
    expect(log.at(-1)).toBe('info redis answers again: rate limits and allowances are shared by every API process');
    expect(log).toHaveLength(2);

    state.status = 'end';
    now += 60_000;
    await counter.hit('b', 1000);
    expect(log.at(-1)).toBe('warn redis unavailable (connection end): rate limits and allowances are counted in this process until it answers');
  });

  it('once a command times out (Redis hangs, its connection open) counts in memory at once, one PING at a time asking whether Redis answers again', async () => {
    const now = 0;
    const { redis, state, keys, pings } = standInRedis(() => now);
    const log: string[] = [];
    const counter = fallbackCounter(redis, () => now, { warn: (message) => log.push(`warn ${message}`), info: (message) => log.push(`info ${message}`) });
    const settled = () => new Promise((done) => setImmediate(done));
    expect(await counter.hit('a', 60_000)).toBe(1);
    state.hanging = true;
    expect(await counter.hit('a', 60_000)).toBe(1);
    expect(log).toEqual(['warn redis unavailable (Command timed out): rate limits and allowances are counted in this process until it answers']);
    // No request waits on a count sent to Redis meanwhile: none is sent, and one PING is out at a time.
    expect([await counter.hit('a', 60_000), await counter.hit('a', 60_000)]).toEqual([2, 3]);
    expect(state.execs).toBe(2);
    expect(pings).toHaveLength(1);
    pings[0]!.reject(new Error('Command timed out'));
    await settled();
    expect(await counter.hit('a', 60_000)).toBe(4);
    expect([pings.length, state.execs]).toEqual([2, 2]);
    // It answers again: counted in Redis from the next hit on (the outage's own counts are not added).
    state.hanging = false;
    pings[1]!.resolve('PONG');
    await settled();
    expect(await counter.hit('a', 60_000)).toBe(2);
    expect(keys.get('a')?.value).toBe(2);
    expect(counter.shared()).toBe(true);
    expect(log.at(-1)).toBe('info redis answers again: rate limits and allowances are shared by every API process');
  });

  it('keeps an allowance within its limit while Redis is gone', async () => {
    const now = 0;
    const { redis, state } = standInRedis(() => now);
    state.status = 'connecting';
    const take = allowances(
      fallbackCounter(redis, () => now, { warn: () => {}, info: () => {} }),
      () => {},
    );
    expect([
      await take.take('sms-client', '203.0.113.9', 2),
      await take.take('sms-client', '203.0.113.9', 2),
      await take.take('sms-client', '203.0.113.9', 2),
    ]).toEqual([true, true, false]);
  });
});

describe('allowances', () => {
  it('allows, and says so, when the counter fails (a take counted nowhere gives nothing back)', async () => {
    const warnings: string[] = [];
    const take = allowances(failing, (message) => warnings.push(message));
    expect(await take.take('valuation', 'k', 1)).toBe(true);
    const taken = await take.takeReturnable('valuation', 'k', 1);
    expect(taken.allowed).toBe(true);
    await taken.giveBack();
    expect(warnings).toEqual(['allowance counter unavailable (down); request allowed', 'allowance counter unavailable (down); request allowed']);
  });

  it('gives back what a take counted, refused takes too, once, into the window it was counted in only', async () => {
    const day = 86_400_000;
    let now = 0;
    const allowance = allowances(
      memoryCounter(() => now),
      () => {},
    );
    const take = () => allowance.takeReturnable('sms-client', '203.0.113.9', 2);
    const allowed = async (count: number) => {
      const answers: boolean[] = [];
      for (let i = 0; i < count; i++) answers.push((await take()).allowed);
      return answers;
    };
    const [, second, refused] = [await take(), await take(), await take()];
    expect([second!.allowed, refused!.allowed]).toEqual([true, false]);
    await refused!.giveBack();
    await second!.giveBack();
    await second!.giveBack();
    expect(await allowed(2)).toEqual([true, false]);
    // Taken just before its window ends, given back after a take opened the next window: nothing is given to that one.
    now = day - 1;
    const late = await take();
    now = day;
    expect(await allowed(1)).toEqual([true]);
    await late.giveBack();
    expect(await allowed(2)).toEqual([true, false]);
    // Given back after its window ended, none open: it opens none, and the next window's allowance is whole, not more.
    now = 2 * day - 1;
    const ended = await take();
    now = 2 * day + 1;
    await ended.giveBack();
    expect(await allowed(3)).toEqual([true, true, false]);
  });

  it('gives back nothing, and says so, when the counter fails', async () => {
    const warnings: string[] = [];
    const counter = { ...memoryCounter(() => 0), giveBack: down };
    await (await allowances(counter, (message) => warnings.push(message)).takeReturnable('valuation', 'k', 1)).giveBack();
    expect(warnings).toEqual(['allowance counter unavailable (down); nothing given back']);
  });
});

describe('prefixed and windowStore', () => {
  it('keeps the keys of a prefixed counter apart from the same keys unprefixed', async () => {
    const counter = memoryCounter(() => 0);
    const tenantA = prefixed(counter, 'a|');
    expect([await tenantA.hit('k', 1000), await tenantA.hit('k', 1000), await counter.hit('k', 1000)]).toEqual([1, 2, 1]);
  });

  it('counts in windows aligned to the clock, reporting the time left in the window, each route on its own key', async () => {
    let now = 10_500;
    const counter = memoryCounter(() => now);
    const Store = windowStore(counter, () => now);
    const store = new Store({ max: 5 });
    expect(store.prefix).toBe('');
    const incr = (target: InstanceType<typeof Store>, key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => target.incr(key, (error, record) => (error ? reject(error) : resolve(record!)), 1000));
    expect(await incr(store, 'client')).toEqual({ current: 1, ttl: 500 });
    now = 10_900;
    expect(await incr(store, 'client')).toEqual({ current: 2, ttl: 100 });
    now = 11_000;
    expect(await incr(store, 'client')).toEqual({ current: 1, ttl: 1000 });
    const route = store.child({ routeInfo: { method: 'POST', url: '/api/leads' } });
    expect(route.prefix).toBe('POST/api/leads-');
    expect(await incr(route, 'client')).toEqual({ current: 1, ttl: 1000 });
    expect(store.child({}).prefix).toBe('-');
  });

  it('passes a counter failure to the plugin', async () => {
    const Store = windowStore(failing, () => 0);
    const error = await new Promise<Error | null>((resolve) => new Store().incr('k', (failure) => resolve(failure), 1000));
    expect(error?.message).toBe('down');
  });
});
