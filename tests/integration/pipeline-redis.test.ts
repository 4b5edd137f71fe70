/**
 * Operations pipeline beyond one machine (issue 8 §7): with a local Redis server (Debian's
 * redis-server, started here on a loopback port), two pipeline worker processes share a
 * burst of rebuild requests across tenants through BullMQ without ever building one tenant
 * twice at once, killing a worker mid-job still gets its tenant published, and a worker
 * that stalls mid-job long enough to lose its job never publishes over the worker that took it.
 * An intake that stops while a feed push is under way takes the push in and asks for no
 * rebuild after it has stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import IORedis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { signPush, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../src/pipeline/intake/read/feeds.ts';
import type { LogFields } from '../../src/pipeline/log.ts';
import { createRedisProducer, type RebuildQueue } from '../../src/pipeline/service/queue.ts';
import { startPipeline } from '../../src/pipeline/service/service.ts';
import { REPO, serveSites, waitFor, workspace } from '../support/pipeline-env.ts';

const TENANTS = ['delta-cars', 'echo-cars', 'foxtrot-cars'];
const ws = workspace('redis');
const redisDir = mkdtempSync(join(tmpdir(), 'pipeline-redis-data-'));
let redis: ChildProcess;
let redisUrl: string;
let producer: RebuildQueue;
let served: Awaited<ReturnType<typeof serveSites>>;

interface Worker {
  child: ChildProcess;
  output: string;
  exited: Promise<void>;
}
const workers: Worker[] = [];

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

function startWorker(lockMs = 6000): Worker {
  // Its own process group, so SIGKILL takes its Astro build down with it (as a crash would). A
  // killed worker's temporary bundle file stays in its temp folder: the workspace's.
  const child = spawn(
    process.execPath,
    [join(REPO, 'scripts/pipeline.ts'), '--role', 'worker', '--tenants', ws.tenants, '--sites', ws.sites, '--jobs', '1', '--lock-ms', String(lockMs)],
    {
      cwd: REPO,
      detached: true,
      env: { ...process.env, REDIS_URL: redisUrl, TMPDIR: ws.temp },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const worker: Worker = { child, output: '', exited: new Promise((done) => child.on('exit', () => done())) };
  child.stdout?.on('data', (chunk: Buffer) => (worker.output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (worker.output += chunk.toString()));
  workers.push(worker);
  return worker;
}

/** Structured events of a worker's log. */
function eventsOf(worker: Worker): Record<string, unknown>[] {
  return worker.output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Each worker's pid, exit and log, printed when a test fails: what a worker did (or why it died) is otherwise lost. */
function reportWorkersOnFailure(): void {
  onTestFailed(() => {
    for (const worker of workers)
      console.error(`worker ${worker.child.pid} (exit ${worker.child.exitCode}, signal ${worker.child.signalCode}):\n${worker.output.slice(-6000)}`);
  });
}

/** Both workers up and taking jobs (their first log line), so a slow start does not leave the burst to one of them. */
async function started(...pair: Worker[]): Promise<void> {
  await waitFor('both workers started', () => pair.every((worker) => eventsOf(worker).some((event) => event.event === 'pipeline-started')), 120_000, 100);
}

beforeAll(async () => {
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', redisDir], {
    stdio: 'ignore',
  });
  redisUrl = `redis://127.0.0.1:${port}`;
  const probe = new IORedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  probe.on('error', () => {}); // refused until the server is up
  await waitFor(
    'redis',
    async () => {
      try {
        if (probe.status !== 'ready') await probe.connect().catch(() => {});
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    30_000,
  );
  probe.disconnect();
  for (const slug of TENANTS) ws.addTenant(slug);
  producer = createRedisProducer(redisUrl);
  served = await serveSites(ws.sites);
}, 60_000);

afterAll(async () => {
  for (const worker of workers) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) {
      try {
        process.kill(-(worker.child.pid as number), 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([worker.exited, new Promise((done) => setTimeout(done, 10_000))]);
      // A worker whose stop still waits (on its job, on the Redis server stopped next) would outlive the run.
      try {
        if (worker.child.exitCode === null && worker.child.signalCode === null) process.kill(-(worker.child.pid as number), 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
  await producer?.close();
  redis?.kill('SIGTERM');
  await served?.close();
  ws.remove();
  rmSync(redisDir, { recursive: true, force: true });
});

describe('two workers on one Redis queue', () => {
  it('share a burst of requests across tenants without building one tenant twice at once', { timeout: 600_000 }, async () => {
    reportWorkersOnFailure();
    const first = startWorker();
    const second = startWorker();
    await started(first, second);
    for (let round = 0; round < 3; round += 1) for (const slug of TENANTS) await producer.enqueue(slug);
    await waitFor('every tenant published', () => TENANTS.every((slug) => ws.current(slug)), 480_000, 500);
    // Let the duplicate requests of the burst drain (they find nothing to do).
    await waitFor(
      'the burst to drain',
      () => {
        const ends = [first, second].flatMap(eventsOf).filter((event) => event.event === 'job-end').length;
        return ends >= TENANTS.length * 3;
      },
      240_000,
      500,
    );
    const all: Record<string, unknown>[] = [first, second].flatMap((worker) => eventsOf(worker).map((event) => ({ ...event, worker: worker.child.pid })));
    for (const slug of TENANTS) {
      const runs: { start: number; end: number; worker: unknown }[] = [];
      for (const start of all.filter((event) => event.event === 'job-start' && event.tenant === slug)) {
        const end = all.find((event) => event.event === 'job-end' && event.job === start.job && event.worker === start.worker);
        runs.push({ start: start.at as number, end: (end?.at as number) ?? Infinity, worker: start.worker });
      }
      runs.sort((a, b) => a.start - b.start);
      for (let index = 1; index < runs.length; index += 1) expect(runs[index].start, `${slug} built twice at once`).toBeGreaterThanOrEqual(runs[index - 1].end);
      // Exactly one of the three requests built the tenant; the others found it up to date.
      expect(all.filter((event) => event.event === 'release' && event.tenant === slug && event.outcome === 'published')).toHaveLength(1);
    }
    const published = (worker: Worker) => eventsOf(worker).filter((event) => event.event === 'release' && event.outcome === 'published').length;
    expect(published(first) + published(second)).toBe(TENANTS.length);
    // Both workers took part.
    expect(eventsOf(first).some((event) => event.event === 'job-start')).toBe(true);
    expect(eventsOf(second).some((event) => event.event === 'job-start')).toBe(true);
  });

  it("hands a killed worker's job to the other worker, which publishes the tenant", { timeout: 600_000 }, async () => {
    reportWorkersOnFailure();
    const [first, second] = workers;
    // Both still alive: the job of the one killed below needs the other.
    expect([first, second].map((worker) => worker!.child.exitCode ?? worker!.child.signalCode)).toEqual([null, null]);
    const live = ws.current('delta-cars');
    const stock = ws.stock('delta-cars').map((car) => (car.id === 101 ? { ...car, price: 22222 } : car));
    writeFileSync(join(ws.tenants, 'delta-cars', 'stock.json'), JSON.stringify(stock));
    const marks = new Map(workers.map((worker) => [worker, worker.output.length]));
    await producer.enqueue('delta-cars');
    const busy = await waitFor(
      'a worker to start building delta-cars',
      () =>
        [first, second].find(
          (worker) =>
            worker.output.slice(marks.get(worker)).includes('"event":"build-start"') &&
            worker.output.slice(marks.get(worker)).includes('"tenant":"delta-cars"'),
        ),
      120_000,
      50,
    );
    process.kill(-(busy.child.pid as number), 'SIGKILL');
    await busy.exited;
    expect(ws.current('delta-cars')).toBe(live);
    const other = busy === first ? second : first;
    await waitFor('delta-cars published by the other worker', () => ws.current('delta-cars') !== live, 480_000, 500);
    // The release is live before its log line is written and piped to this process: wait for the line too.
    await waitFor(
      'the other worker to log the published release',
      () => /"event":"release".*"tenant":"delta-cars".*"outcome":"published"/.test(other.output.slice(marks.get(other))),
      30_000,
      100,
    );
    expect((await served.get('delta-cars', '/cars/2018-toyota-corolla-ascent-sport-pm1/')).text).toContain('22,222');
  });

  it('D1: a worker that stalls mid-job and loses its lock does not publish over the worker that took the job over', { timeout: 600_000 }, async () => {
    // Fresh workers with a short lock, so a stall of a few seconds loses the job (at load 50
    // the renewals of a 30 s lock arrived too late the same way: docs/scale.md).
    for (const worker of workers.splice(0)) {
      if (worker.child.exitCode !== null || worker.child.signalCode !== null) continue;
      process.kill(-(worker.child.pid as number), 'SIGTERM');
      await Promise.race([worker.exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (worker.child.exitCode === null && worker.child.signalCode === null) process.kill(-(worker.child.pid as number), 'SIGKILL');
    }
    reportWorkersOnFailure();
    const pair = [startWorker(2000), startWorker(2000)];
    await started(...pair);
    const stock = ws.stock('echo-cars').map((car) => (car.id === 101 ? { ...car, price: 33333 } : car));
    writeFileSync(join(ws.tenants, 'echo-cars', 'stock.json'), JSON.stringify(stock));
    await producer.enqueue('echo-cars');
    const building = await waitFor(
      'a worker to start building echo-cars',
      () => pair.find((worker) => eventsOf(worker).some((event) => event.event === 'build-start' && event.tenant === 'echo-cars')),
      240_000,
      50,
    );
    const job = eventsOf(building).find((event) => event.event === 'job-start' && event.tenant === 'echo-cars')!.job;
    // Stalled (as a process starved of CPU is): no lock renewal, no progress, until SIGCONT.
    process.kill(-(building.child.pid as number), 'SIGSTOP');
    const other = pair.find((worker) => worker !== building)!;
    try {
      await waitFor(
        'the other worker to publish the job it took over',
        () => eventsOf(other).some((event) => event.event === 'release' && event.tenant === 'echo-cars' && event.outcome === 'published'),
        240_000,
        200,
      );
      expect(eventsOf(other).some((event) => event.event === 'job-start' && event.job === job)).toBe(true);
    } finally {
      process.kill(-(building.child.pid as number), 'SIGCONT');
    }
    const taken = eventsOf(other).find((event) => event.event === 'release' && event.tenant === 'echo-cars' && event.outcome === 'published')!.release;
    expect(ws.current('echo-cars')).toBe(taken);
    // The stalled run goes on once resumed and reaches the point of going live: it must stop there.
    const own = await waitFor(
      'the stalled worker to finish its run',
      () => eventsOf(building).find((event) => event.event === 'release' && event.tenant === 'echo-cars'),
      240_000,
      200,
    );
    expect(own.outcome).toBe('superseded');
    expect(eventsOf(building).some((event) => event.event === 'lock-lost' && event.job === job)).toBe(true);
    expect(ws.current('echo-cars')).toBe(taken);
    expect((await served.get('echo-cars', '/cars/2018-toyota-corolla-ascent-sport-pm1/')).text).toContain('33,333');
  });
});

describe('an intake that stops while a feed push is under way', () => {
  it('asks for no rebuild once it has stopped, and the push under way is taken in', { timeout: 120_000 }, async () => {
    const slug = 'golf-cars';
    ws.addTenant(slug);
    process.env.FEED_SECRET_GOLF_CARS = 'golf-cars-webhook-secret';
    onTestFinished(() => void delete process.env.FEED_SECRET_GOLF_CARS);
    const events: LogFields[] = [];
    const intake = await startPipeline({
      tenantsDir: ws.tenants,
      sitesDir: ws.sites,
      redisUrl,
      role: 'intake',
      webhookPort: 0,
      debounceMs: 300,
      log: (fields) => events.push(fields),
    });
    const port = Number(new URL(intake.webhookUrl!).port);
    const body = JSON.stringify([
      { id: 'G1', slug: '2020-toyota-corolla-g1', make: 'Toyota', model: 'Corolla', price: 21000, status: 'in_stock', car_type: 'used' },
    ]);
    const timestamp = Math.floor(Date.now() / 1000);
    // The push's head and half its body, then the stop, then the rest: the request is under way while the intake stops.
    const socket = connect({ port, host: '127.0.0.1' });
    const answer = new Promise<string>((done) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => done(text));
      socket.on('error', () => done(text));
    });
    await new Promise<void>((done) => socket.on('connect', () => done()));
    const head = [
      `POST /feeds/${slug} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `${SIGNATURE_HEADER}: ${signPush(body, 'golf-cars-webhook-secret', timestamp)}`,
      `${TIMESTAMP_HEADER}: ${timestamp}`,
      'Connection: close',
    ].join('\r\n');
    // The server has the request (its head read) before the stop begins: a connection without one is closed as idle.
    const requestStarted = new Promise<void>((done) =>
      subscribe('http.server.request.start', function started() {
        unsubscribe('http.server.request.start', started);
        done();
      }),
    );
    socket.write(`${head}\r\n\r\n${body.slice(0, 20)}`);
    await requestStarted;
    const closing = intake.close();
    // Once the webhook server takes no new connection, the stop has gone past everything before it.
    await waitFor(
      'the webhook server to stop listening',
      () =>
        new Promise<boolean>((done) => {
          const probe = connect({ port, host: '127.0.0.1' });
          probe.on('connect', () => (probe.destroy(), done(false)));
          probe.on('error', () => done(true));
        }),
      10_000,
      20,
    );
    socket.write(body.slice(20));
    expect(await answer).toMatch(/^HTTP\/1\.1 20\d/);
    await closing;
    const stoppedAt = events.length;
    // Longer than the debounce: a rebuild asked for after the stop would have been sent (or failed) by now.
    await new Promise((done) => setTimeout(done, 1_500));
    expect(events.slice(stoppedAt)).toEqual([]);
    expect(events.filter((event) => event.event === 'enqueue')).toEqual([]);
    // Taken in all the same: the accepted stock holds the pushed car.
    expect(ws.stock(slug).map((car) => car.id)).toContain('G1');
  });
});
