/**
 * Issue 13 H2: with REDIS_URL two API processes share their rate-limit counters, so a
 * client cannot double its allowance by alternating between them. Needs Debian's
 * redis-server (started here on a loopback port); skipped with the reason otherwise.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { allowances, redisCounter } from '../../src/server/kernel/rate-limits.ts';
import { fallbackCounter, prefixed } from '../../src/server/kernel/shared-counters.ts';
import { freePort } from '../support/dev-postgres.ts';
import { tempDir, testApp, testDatabase, waitFor, writeTestTenants } from '../support/server-helpers.ts';

const SKIP = spawnSync('redis-server', ['--version']).status === 0 ? undefined : 'redis-server not found: install the Debian package `redis-server` to run this test';
if (SKIP) console.warn(`skipping the shared rate-limit test: ${SKIP}`);

describe.skipIf(SKIP !== undefined)('rate limits shared through Redis', () => {
  let redis: ChildProcess;
  let redisUrl: string;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const apps: LeadApi[] = [];

  beforeAll(async () => {
    const port = await freePort();
    folder = tempDir('redis-limits-');
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder.dir], { stdio: 'ignore' });
    redisUrl = `redis://127.0.0.1:${port}`;
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 100 });
    probe.on('error', () => {});
    for (let i = 0; i < 100; i++) {
      if ((await probe.connect().then(() => probe.ping(), () => '')) === 'PONG') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    probe.disconnect();
    writeTestTenants(`${folder.dir}/tenants`);
    database = await testDatabase('sqlite', folder.dir);
  }, 30_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.stop();
    redis?.kill('SIGCONT');
    redis?.kill('SIGTERM');
    folder?.remove();
  });

  it('H2 two API processes with REDIS_URL share the sign-in limit and the per-tenant limit', async () => {
    const options = { redisUrl, rateLimit: { signInMax: 4, tenantMax: 1000 } };
    const first = await testApp(database.db, `${folder.dir}/tenants`, options);
    const second = await testApp(database.db, `${folder.dir}/tenants`, options);
    apps.push(first, second);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? first : second;
      statuses.push((await app.inject({ method: 'POST', url: '/api/auth/request-code', headers: { host: 'alpha.localhost' }, payload: { phone: `0412 80${i} 000` } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // The per-tenant window is shared too.
    const tenantLimited = await testApp(database.db, `${folder.dir}/tenants`, { redisUrl, rateLimit: { tenantMax: 3 } });
    const other = await testApp(database.db, `${folder.dir}/tenants`, { redisUrl, rateLimit: { tenantMax: 3 } });
    apps.push(tenantLimited, other);
    const geo: number[] = [];
    for (let i = 0; i < 5; i++) geo.push((await (i % 2 ? other : tenantLimited).inject({ method: 'GET', url: '/api/geocode?postcode=4000', headers: { host: 'beta.localhost' }, remoteAddress: `10.9.0.${i}` })).statusCode);
    expect(geo).toEqual([200, 200, 200, 429, 429]);
  });

  it('N5: two API processes with REDIS_URL share the per-client SMS allowance and the per-phone cap on every tenant', async () => {
    const options = { redisUrl, sms: { perClientPerDay: 3, perPhoneAllTenantsPerDay: 2 } };
    const first = await testApp(database.db, `${folder.dir}/tenants`, options);
    const second = await testApp(database.db, `${folder.dir}/tenants`, options);
    apps.push(first, second);
    const code = (app: LeadApi, host: string, phone: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/auth/request-code', remoteAddress, headers: { host }, payload: { phone } });
    // One client, alternating processes and tenants: its third text is its last.
    const client = [];
    for (let i = 0; i < 4; i++) client.push((await code(i % 2 ? second : first, i % 2 ? 'beta.localhost' : 'alpha.localhost', `0413 90${i} 000`, '203.0.113.90')).statusCode);
    expect(client).toEqual([200, 200, 200, 429]);
    // One phone, from different clients, processes and tenants: two texts in all.
    const phone = [];
    for (let i = 0; i < 3; i++) phone.push((await code(i % 2 ? second : first, i % 2 ? 'beta.localhost' : 'alpha.localhost', '0413 909 999', `198.51.100.9${i}`)).statusCode);
    expect(phone).toEqual([200, 200, 429]);
  });

  it("gives back an allowance's count in Redis: in the window it was counted in (its expiry kept), never below 0, never a key without an expiry", async () => {
    const client = new Redis(redisUrl);
    try {
      const counter = redisCounter(client, 'give-back-test:');
      const first = await counter.count('a', 60_000);
      const second = await counter.count('a', 60_000, 2);
      expect([first.total, second.total, await counter.hit('a', 60_000)]).toEqual([1, 3, 4]);
      // The window is named by its end, on Redis's clock (here the machine's).
      expect(second.window).toBe(first.window);
      expect(Math.abs(first.window - (Date.now() + 60_000))).toBeLessThan(5_000);
      await counter.giveBack(second);
      expect(await client.get('give-back-test:a')).toBe('2');
      expect(await client.pttl('give-back-test:a')).toBeGreaterThan(50_000);
      await client.set('give-back-test:a', '0', 'KEEPTTL');
      await counter.giveBack(first);
      expect(await client.get('give-back-test:a')).toBe('0');
      const gone = await counter.count('gone', 60_000);
      await client.del('give-back-test:gone');
      await counter.giveBack(gone);
      expect(await client.exists('give-back-test:gone')).toBe(0);
    } finally {
      client.disconnect();
    }
  });

  it('gives back only into the window a take was counted in, never into one opened since (a take just before its window ended, refused later)', async () => {
    const client = new Redis(redisUrl);
    try {
      const allowance = allowances(redisCounter(client, 'give-back-window-test:'), () => {});
      const take = () => allowance.takeReturnable('sms-client', '203.0.113.130', 2, 1, 1000);
      // The second take (text A) is the window's last; its text is still being recorded as the window ends.
      expect((await take()).allowed).toBe(true);
      const textA = await take();
      expect(textA.allowed).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // Text B opens the next window; then A is refused after all and its take given back.
      expect((await take()).allowed).toBe(true);
      await textA.giveBack();
      expect([(await take()).allowed, (await take()).allowed]).toEqual([true, false]);
    } finally {
      client.disconnect();
    }
  });

  it('gives a take back to the counter that took it: one counted in memory while Redis was away, not to Redis once it answers again', async () => {
    const client = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      const allowance = allowances(prefixed(fallbackCounter(client, Date.now, { warn: () => {}, info: () => {} }), 'fallback-give-back-test:'), () => {});
      const take = () => allowance.takeReturnable('sms-client', '203.0.113.140', 2);
      // Two texts counted in Redis.
      expect([(await take()).allowed, (await take()).allowed]).toEqual([true, true]);
      // Redis goes: text C is counted in this process's memory; Redis answers again before C is refused after all.
      client.disconnect();
      while (client.status !== 'end') await new Promise((resolve) => setTimeout(resolve, 10));
      const textC = await take();
      expect(textC.allowed).toBe(true);
      await client.connect();
      await textC.giveBack();
      // Redis never counted C: its two texts stand, and the next is refused.
      expect((await take()).allowed).toBe(false);
      expect(await client.get('fallback-give-back-test:sms-client|203.0.113.140')).toBe('3');
    } finally {
      client.disconnect();
    }
  });

  const geocode = (app: LeadApi, remoteAddress: string) => app.inject({ method: 'GET', url: '/api/geocode?postcode=4000', headers: { host: 'alpha.localhost' }, remoteAddress });
  /** Two API processes on the Redis, 3 requests per client a window. */
  const twoProcesses = async () => {
    const options = { redisUrl, rateLimit: { tenantMax: 1000, max: 3 } };
    const both = [await testApp(database.db, `${folder.dir}/tenants`, options), await testApp(database.db, `${folder.dir}/tenants`, options)] as const;
    apps.push(...both);
    return both;
  };
  /** Whether one new client (`address`) alternating the two processes gets 3 in all: the limits are shared through Redis. */
  const shared = async ([first, second]: readonly [LeadApi, LeadApi], address: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await geocode(i % 2 ? second : first, address)).statusCode);
    return statuses.join() === '200,200,200,429';
  };

  it('Redis gone: each process counts its own limits (never fail open, never wait), and they are shared again once it is back', async () => {
    const [first, second] = await twoProcesses();
    const port = new URL(redisUrl).port;
    redis.kill('SIGKILL');
    await new Promise((done) => redis.once('exit', done));
    // One client alternating the two processes: each lets 3 through, then refuses (6 in all, not unlimited).
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await geocode(i % 2 ? second : first, '203.0.113.77')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    // Nothing waited for Redis.
    expect(Date.now() - started).toBeLessThan(5000);
    // Back: counted in Redis again, shared by both processes (a new client's fourth request is refused).
    redis = spawn('redis-server', ['--port', port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder.dir], { stdio: 'ignore' });
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 100 });
    probe.on('error', () => {});
    for (let i = 0; i < 100 && (await probe.connect().then(() => probe.ping(), () => '')) !== 'PONG'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    probe.disconnect();
    // Once both processes have reconnected, one new client alternating them gets 3 in all.
    let attempt = 1;
    while (!(await shared([first, second], `198.51.100.${attempt}`))) {
      expect(attempt, 'the limits were not shared again within 15 s of Redis coming back').toBeLessThan(150);
      attempt += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('Redis hangs (paused, its connection open): no request waits for it, each process counts its own limits, shared again once it answers', async () => {
    const [first, second] = await twoProcesses();
    // An answer, or a failure once the request has waited 10 s (today's hang would hold it for ever).
    const answered = (app: LeadApi, remoteAddress: string) =>
      Promise.race([geocode(app, remoteAddress), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s while Redis hangs')), 10_000).unref())]);
    // Both processes are connected (createApp waits for Redis) and count there before it hangs.
    expect([(await geocode(first, '203.0.113.60')).statusCode, (await geocode(second, '203.0.113.60')).statusCode]).toEqual([200, 200]);
    redis.kill('SIGSTOP');
    const statuses: number[] = [];
    const started = Date.now();
    try {
      for (let i = 0; i < 10; i++) statuses.push((await answered(i % 2 ? second : first, '203.0.113.61')).statusCode);
    } finally {
      redis.kill('SIGCONT');
    }
    // Counted in each process meanwhile (3 each, never unlimited), and at most one command's timeout waited for in each.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expect(Date.now() - started).toBeLessThan(5000);
    // Answering again: counted in Redis, shared by both processes (a new client's fourth request is refused).
    let attempt = 0;
    await waitFor(() => shared([first, second], `2001:db8:${(attempt += 1)}::1`));
  });
});
