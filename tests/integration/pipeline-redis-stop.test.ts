/**
 * A pipeline worker told to stop (SIGTERM) ends within a bounded time when Redis is gone (idle,
 * and with a release under way) or hangs (paused). Its queue's connections reach nobody, so
 * waiting for them (BullMQ's close, a command queued for a Redis that never answers) would hold
 * the stop forever; the worker cuts the wait short and says what it cut (`queue-close-cut`). A
 * worker whose PostgreSQL is gone stops at once as well (its state's pool closes on connections
 * already lost); one whose PostgreSQL stops answering (stalled, its connections open) waits for it
 * its lock time, then leaves its job unfinished (`state-close-cut`), never done. A worker killed
 * mid-release (SIGKILL) leaves its render bundles' temporary folders: the next worker's start (in
 * the same pid namespace) removes them, never a running process's. A job stays the
 * stopping worker's until BullMQ has moved it on (completed, failed, put back): a stop that meets
 * a stalled Redis just after a handler returned, or while a job waits for its tenant lock, waits
 * out its lock time and names that job. The state's silence is counted only while a request waits:
 * a request refused while PostgreSQL was unreachable, then an idle spell, neither makes the next
 * healthy query silent nor has a close destroy its connection.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { createRedisProducer, createRedisQueue, QUEUE_NAME, type TenantHandler } from '../../src/pipeline/service/queue.ts';
import { REPO, waitFor, workspace } from '../support/pipeline-env.ts';
import { startRedis, type LocalRedis } from '../support/redis-server.ts';
import { controlPostgres, startThrowawayPostgres, type ThrowawayPostgres } from '../support/dev-postgres.ts';
import { bundleNamespace } from '../../src/builder/render/children.ts';
import { CLOSE_WAIT_MS, openDatabase } from '../../src/platform/sql/db.ts';

const ws = workspace('redis-stop');
ws.addTenant('hotel-cars');
afterAll(() => ws.remove());

interface Worker {
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}
let worker: Worker | undefined;
let redis: LocalRedis | undefined;
let postgres: ThrowawayPostgres | undefined;
let relay: StallingRelay | undefined;

/** A TCP relay to a server that can stall: from then on it passes nothing either way, and accepts connections it never answers (a PostgreSQL paused or failing over). */
interface StallingRelay {
  port: number;
  stall(): void;
  /** While on: every connection open is dropped and each new one is closed at once (the server unreachable). */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

async function stallingRelay(port: number): Promise<StallingRelay> {
  let stalled = false;
  let refusing = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    if (refusing) return void client.destroy();
    const upstream = connect(port, '127.0.0.1');
    track(upstream);
    client.on('data', (chunk) => void (stalled || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (stalled || client.write(chunk)));
    client.on('close', () => void (stalled || upstream.destroy()));
    upstream.on('close', () => void (stalled || client.destroy()));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    port: (server.address() as { port: number }).port,
    stall: () => void (stalled = true),
    refuse(on) {
      refusing = on;
      if (on) for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}

afterEach(async () => {
  if (worker && worker.child.exitCode === null && worker.child.signalCode === null) {
    try {
      process.kill(-(worker.child.pid as number), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    await worker.exited;
  }
  worker = undefined;
  await redis?.stop();
  redis = undefined;
  await relay?.close();
  relay = undefined;
  await postgres?.stop();
  postgres = undefined;
});

function startWorker(redisUrl: string, env: Record<string, string> = {}): Worker {
  // Its own process group, so the clean-up's SIGKILL takes its render children down with it.
  const child = spawn(
    process.execPath,
    [join(REPO, 'scripts/pipeline.ts'), '--role', 'worker', '--tenants', ws.tenants, '--sites', ws.sites, '--jobs', '1', '--lock-ms', '6000'],
    { cwd: REPO, detached: true, env: { ...process.env, REDIS_URL: redisUrl, TMPDIR: ws.temp, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const started: Worker = { child, output: '', exited: new Promise((done) => child.on('exit', (code) => done(code))) };
  child.stdout?.on('data', (chunk: Buffer) => (started.output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (started.output += chunk.toString()));
  onTestFailed(() => console.error(`worker ${child.pid} (exit ${child.exitCode}, signal ${child.signalCode}):\n${started.output.slice(-6000)}`));
  return started;
}

function eventsOf(of: Worker): Record<string, unknown>[] {
  return of.output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const has = (of: Worker, event: string) => eventsOf(of).some((fields) => fields.event === event);

/** The render bundles' temporary folders in the workers' temp folder (src/builder/render/children.ts). */
const bundleFolders = () => readdirSync(ws.temp).filter((name) => name.startsWith('dealer-bundle-'));

async function enqueue(redisUrl: string, slug: string): Promise<void> {
  const producer = createRedisProducer(redisUrl);
  try {
    await producer.enqueue(slug);
  } finally {
    await producer.close();
  }
}

/** Redis dies (SIGKILL: no goodbye to its clients), the worker notices, then it is told to stop: it must exit well within `boundMs`. */
async function stopWithRedisGone(of: Worker, server: LocalRedis, boundMs: number): Promise<{ code: number | null; ms: number }> {
  process.kill(server.pid as number, 'SIGKILL');
  await waitFor('the worker to see Redis gone', () => has(of, 'queue-error'), 30_000, 50);
  const told = Date.now();
  process.kill(of.child.pid as number, 'SIGTERM');
  const code = await Promise.race([of.exited, new Promise<'hung'>((done) => setTimeout(() => done('hung'), boundMs))]);
  expect(code, `the worker was still stopping ${boundMs / 1000} s after SIGTERM`).not.toBe('hung');
  return { code: code as number | null, ms: Date.now() - told };
}

describe('a worker told to stop while a dependency is gone', () => {
  it('ends at once when it runs no job, saying what it cut short', { timeout: 120_000 }, async () => {
    redis = await startRedis();
    worker = startWorker(redis.url);
    await waitFor('the worker to start', () => has(worker!, 'pipeline-started'), 90_000, 100);
    const { code, ms } = await stopWithRedisGone(worker, redis, 30_000);
    expect(code).toBe(0);
    // No job to wait for: it does not wait out its lock time (6 s) for Redis.
    expect(ms).toBeLessThan(6000);
    const cut = eventsOf(worker).find((fields) => fields.event === 'queue-close-cut');
    expect(cut).toMatchObject({ level: 'warn', running: [] });
  });

  it('ends within its bound with a release under way, naming the job it left', { timeout: 300_000 }, async () => {
    redis = await startRedis();
    worker = startWorker(redis.url);
    await waitFor('the worker to start', () => has(worker!, 'pipeline-started'), 90_000, 100);
    await enqueue(redis.url, 'hotel-cars');
    await waitFor('the release to start', () => has(worker!, 'build-start'), 120_000, 50);
    // Its job's locks lapse after 6 s (--lock-ms): it waits that long for Redis, then gives up.
    const { code } = await stopWithRedisGone(worker, redis, 30_000);
    expect(code).toBe(0);
    const cut = eventsOf(worker).find((fields) => fields.event === 'queue-close-cut');
    expect(cut).toMatchObject({ level: 'warn', running: ['hotel-cars'] });
  });

  it('ends within its bound when Redis hangs (paused) with its connections open and a release under way', { timeout: 300_000 }, async () => {
    redis = await startRedis();
    worker = startWorker(redis.url);
    await waitFor('the worker to start', () => has(worker!, 'pipeline-started'), 90_000, 100);
    await enqueue(redis.url, 'hotel-cars');
    await waitFor('the release to start', () => has(worker!, 'build-start'), 120_000, 50);
    process.kill(redis.pid as number, 'SIGSTOP');
    try {
      process.kill(worker.child.pid as number, 'SIGTERM');
      const code = await Promise.race([worker.exited, new Promise<'hung'>((done) => setTimeout(() => done('hung'), 30_000))]);
      expect(code, 'the worker was still stopping 30 s after SIGTERM').toBe(0);
      expect(eventsOf(worker).find((fields) => fields.event === 'queue-close-cut')).toMatchObject({ running: ['hotel-cars'] });
    } finally {
      process.kill(redis.pid as number, 'SIGCONT');
    }
  });

  it('ends at once when PostgreSQL is gone (Redis up)', { timeout: 300_000 }, async () => {
    redis = await startRedis();
    postgres = await startThrowawayPostgres({ fsync: false });
    worker = startWorker(redis.url, { DATABASE_URL: postgres.url });
    await waitFor('the worker to start', () => has(worker!, 'pipeline-started'), 90_000, 100);
    controlPostgres(join(postgres.dir, 'data'), 'stop');
    process.kill(worker.child.pid as number, 'SIGTERM');
    const code = await Promise.race([worker.exited, new Promise<'hung'>((done) => setTimeout(() => done('hung'), 30_000))]);
    expect(code, 'the worker was still stopping 30 s after SIGTERM').toBe(0);
    expect(has(worker, 'queue-close-cut')).toBe(false);
  });

  // Fault: a PostgreSQL that accepts connections but never answers a query in flight held the
  // stop for ever: the release under way waited on its state query, the queue's close on the
  // release, the pool's end on the connection (pg sets no query timeout; Redis still answered,
  // so the queue never cut its wait).
  it('ends within its bound when PostgreSQL stops answering (stalled) with a release under way, leaving the job unfinished', { timeout: 300_000 }, async () => {
    redis = await startRedis();
    postgres = await startThrowawayPostgres({ fsync: false });
    relay = await stallingRelay(postgres.port);
    const through = new URL(postgres.url);
    through.port = String(relay.port);
    worker = startWorker(redis.url, { DATABASE_URL: through.href });
    await waitFor('the worker to start', () => has(worker!, 'pipeline-started'), 90_000, 100);
    await enqueue(redis.url, 'hotel-cars');
    await waitFor('the release to start', () => has(worker!, 'build-start'), 120_000, 50);
    relay.stall();
    process.kill(worker.child.pid as number, 'SIGTERM');
    const code = await Promise.race([worker.exited, new Promise<'hung'>((done) => setTimeout(() => done('hung'), 90_000))]);
    expect(code, 'the worker was still stopping 90 s after SIGTERM').toBe(0);
    // Its lock time (6 s) waited for the state, then the tenant named.
    expect(eventsOf(worker).find((fields) => fields.event === 'state-close-cut')).toMatchObject({ level: 'warn', running: ['hotel-cars'] });
    expect(eventsOf(worker).some((fields) => fields.event === 'release' && fields.outcome === 'published')).toBe(false);
    // Nothing moved the job on: it is still active (another worker takes it once its lock lapses), not completed.
    const connection = new IORedis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection });
    try {
      expect(await queue.getJobCounts('completed', 'failed', 'active', 'delayed', 'waiting')).toEqual({
        completed: 0,
        failed: 0,
        active: 1,
        delayed: 0,
        waiting: 0,
      });
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});

describe('a worker killed mid-release', () => {
  it("leaves its render bundles' folders, which the next worker's start removes (a running process's stay)", { timeout: 300_000 }, async () => {
    redis = await startRedis();
    const killed = startWorker(redis.url);
    worker = killed;
    await waitFor('the worker to start', () => has(killed, 'pipeline-started'), 90_000, 100);
    await enqueue(redis.url, 'hotel-cars');
    const before = new Set(bundleFolders());
    const made = () => bundleFolders().filter((name) => !before.has(name));
    await waitFor('the release to start rendering', () => has(killed, 'build-start') && made().length > 0, 120_000, 50);
    // Its process group, render children included: nothing of it can clean up.
    process.kill(-(killed.child.pid as number), 'SIGKILL');
    await killed.exited;
    const left = made();
    expect(left.length).toBeGreaterThan(0);
    // A folder of a process that runs (this one) in the same pid namespace.
    const live = `dealer-bundle-${bundleNamespace()}-${process.pid}-Live01`;
    mkdirSync(join(ws.temp, live));
    try {
      worker = startWorker(redis.url);
      await waitFor('the next worker to start', () => has(worker!, 'pipeline-started'), 90_000, 100);
      expect(bundleFolders().filter((name) => left.includes(name))).toEqual([]);
      expect(bundleFolders()).toContain(live);
      expect(eventsOf(worker).find((fields) => fields.event === 'stale-bundles-removed')?.folders).toEqual(expect.arrayContaining(left));
    } finally {
      rmSync(join(ws.temp, live), { recursive: true, force: true });
    }
  });
});

describe("a worker's queue told to stop as Redis stalls while a job is still its own", () => {
  const lockMs = 4000;
  const pause = () => process.kill(redis!.pid as number, 'SIGSTOP');

  /** A queue runs `handler` for tenant-a; once `stalled()` (Redis is paused) it is told to stop: how long the stop took and what it said it cut. */
  async function stopWhenStalled(prefix: string, handler: TenantHandler, stalled: () => boolean): Promise<{ closeMs: number; cut?: Record<string, unknown> }> {
    redis = await startRedis();
    const server = redis;
    const events: [string, Record<string, unknown>][] = [];
    const queue = createRedisQueue(server.url, handler, { concurrency: 1, lockMs, prefix, onEvent: (event, fields) => events.push([event, fields]) });
    const producer = createRedisProducer(server.url, { prefix });
    try {
      await producer.enqueue('tenant-a');
      await waitFor('Redis to stall', stalled, 30_000, 20);
      const told = Date.now();
      await queue.close();
      return { closeMs: Date.now() - told, cut: events.find(([event]) => event === 'queue-close-cut')?.[1] };
    } finally {
      process.kill(server.pid as number, 'SIGCONT');
      await producer.close();
    }
  }

  // Fault: a job left the worker's running jobs as its handler returned, before the tenant lock's
  // release and BullMQ's move to completed: the stop cut after about a second with `running: []`
  // (the job stayed active in Redis and ran again later).
  it('just after its handler returned (BullMQ has not completed the job): waits its lock time, naming the job', { timeout: 120_000 }, async () => {
    let stalled = false;
    const { closeMs, cut } = await stopWhenStalled(
      'stall-returned',
      async () => {
        pause();
        stalled = true;
      },
      () => stalled,
    );
    expect(cut).toMatchObject({ level: 'warn', running: ['tenant-a'] });
    expect(closeMs).toBeGreaterThanOrEqual(lockMs);
  });

  // Fault: a job waiting for its tenant lock was not among the worker's running jobs either.
  it('while its job waits for the tenant lock: waits its lock time, naming the job', { timeout: 120_000 }, async () => {
    let stalled = false;
    let handled = false;
    const set = IORedis.prototype.set as (...args: unknown[]) => unknown;
    // Redis stalls just as the worker asks for the tenant lock.
    Object.defineProperty(IORedis.prototype, 'set', {
      configurable: true,
      writable: true,
      value(this: IORedis, ...args: unknown[]) {
        if (String(args[0]).includes(':tenant-lock:')) {
          pause();
          stalled = true;
        }
        return set.apply(this, args);
      },
    });
    try {
      const { closeMs, cut } = await stopWhenStalled(
        'stall-lock',
        async () => void (handled = true),
        () => stalled,
      );
      expect(handled).toBe(false);
      expect(cut).toMatchObject({ level: 'warn', running: ['tenant-a'] });
      expect(closeMs).toBeGreaterThanOrEqual(lockMs);
    } finally {
      // ioredis's set is inherited (its command table): removing this one brings it back.
      delete (IORedis.prototype as { set?: unknown }).set;
    }
  });
});

describe("the state's PostgreSQL silence (silentMs) after a request it could not take", () => {
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

  // Fault: a request failed by an unreachable server left the silence's start set once none
  // waited, and the next request kept it: 50 ms into a healthy query after an idle spell the
  // state was silent as long as the spell (a stop cut at once), and a close destroyed the
  // healthy query's connection at once (CLOSE_WAIT_MS less that silence).
  it(
    'counts only while a request waits: after a blip and an idle spell a healthy query is not silent, and a close waits for its answer',
    { timeout: 120_000 },
    async () => {
      postgres = await startThrowawayPostgres({ fsync: false });
      relay = await stallingRelay(postgres.port);
      const through = new URL(postgres.url);
      through.port = String(relay.port);
      const db = await openDatabase({ kind: 'postgres', url: through.href }, { migrations: [], table: 'silence_migrations', lockKey: 4242 });
      let closed = false;
      try {
        await db.query('SELECT 1');
        relay.refuse(true);
        await expect(db.query('SELECT 1')).rejects.toThrow();
        relay.refuse(false);
        expect(db.silentMs()).toBe(0);
        // Nothing asked for longer than a close waits.
        await pause(CLOSE_WAIT_MS + 500);
        const slow = db.query<{ ok: number }>('SELECT pg_sleep(0.5), 1 AS ok');
        const answer = slow.then(
          (rows) => rows,
          (error: Error) => error.message,
        );
        await pause(50);
        expect.soft(db.silentMs()).toBeLessThan(500);
        closed = true;
        await db.close();
        expect(await answer).toMatchObject([{ ok: 1 }]);
      } finally {
        if (!closed) await db.close();
      }
    },
  );
});
