/**
 * `npm run rollback` with REDIS_URL waits for a release job of the same tenant that holds the
 * tenant's Redis lock (src/pipeline/service/queue.ts), so neither its pointer move nor its hold
 * lands while the job runs; a job still holding the lock after PIPELINE_ROLLBACK_WAIT_SECONDS
 * fails the command with a message naming the tenant and the job, and nothing moves. The job
 * here is a worker of the real queue (local redis-server) whose handler holds the lock while it
 * watches the state's live pointer and hold; the two releases rolled between are made by the
 * release job with its Astro build stood in for (tests/support/release-build.ts).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { rebuildTenant } from '../../src/pipeline/release/run.ts';
import { createRedisProducer, createRedisQueue, withTenantLock, type RebuildQueue } from '../../src/pipeline/service/queue.ts';
import { withState } from '../../src/pipeline/state/store.ts';
import { REPO, waitFor, workspace } from '../support/pipeline-env.ts';
import { startRedis, type LocalRedis } from '../support/redis-server.ts';

vi.mock('../../src/pipeline/release/build.ts', async (importOriginal) => {
  const { checkedPages, standInBuild } = await import('../support/release-build.ts');
  return { ...(await importOriginal<typeof import('../../src/pipeline/release/build.ts')>()), ...standInBuild(checkedPages) };
});

const SLUG = 'lock-motors';
const ws = workspace('rollback-lock');
const tenantDir = ws.addTenant(SLUG);
let redis: LocalRedis;
const releases: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  for (const minutes of [1, 2]) {
    const result = await rebuildTenant({
      tenantDir,
      sitesDir: ws.sites,
      env: {},
      renderers: join(ws.root, 'renderers'),
      full: true,
      now: Date.now() + minutes * 60_000,
    });
    expect(result.outcome).toBe('published');
    releases.push(result.release!);
  }
});
afterAll(async () => {
  await redis?.stop();
  ws.remove();
});

/** The tenant's live release and hold in the state (the command's default data directory). */
const pointers = () =>
  withState(undefined, ws.sites, async (state) => ({ live: await state.tenants.live(SLUG), hold: (await state.tenants.hold(SLUG))?.release ?? null }));

/** scripts/rollback.ts with REDIS_URL as its own process: its output and exit code. */
function rollbackCommand(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [join(REPO, 'scripts/rollback.ts'), '--tenant', SLUG, '--sites', ws.sites, ...args], {
    cwd: REPO,
    env: { ...process.env, REDIS_URL: redis.url, TMPDIR: ws.temp, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  let ended = false;
  void exited.then(() => (ended = true));
  return { output: () => output, exited, ended: () => ended };
}

/**
 * A job of the tenant runs on a worker (it holds the tenant lock) while the command runs: the job
 * holds on until the command says it waits for the lock or has ended, and a second more (a command
 * that did not wait would land in it), watching the state's pointers all along. What the job saw,
 * and the command's exit code and output.
 */
async function commandDuringJob(args: string[], env: Record<string, string> = {}) {
  const seen: { live: string | null; hold: string | null }[] = [];
  let command: ReturnType<typeof rollbackCommand> | undefined;
  let jobs = 0;
  let jobEnded = false;
  const queue: RebuildQueue = createRedisQueue(
    redis.url,
    async () => {
      jobs += 1;
      if (jobs > 1) return;
      command = rollbackCommand(args, env);
      const watch = async () => seen.push(await pointers());
      await watch();
      await waitFor(
        'the command to wait for the lock or end',
        async () => (await watch(), command!.ended() || command!.output().includes('tenant-lock-wait')),
        60_000,
        100,
      );
      const until = Date.now() + 1000;
      while (Date.now() < until) await watch();
      jobEnded = true;
    },
    { concurrency: 1, lockMs: 3000 },
  );
  const producer = createRedisProducer(redis.url);
  try {
    await producer.enqueue(SLUG);
    await waitFor('the job to start the command', () => command, 30_000, 50);
    const code = await command!.exited;
    return { seen, code, output: command!.output(), jobEnded };
  } finally {
    await producer.close();
    await queue.close();
  }
}

describe('a rollback while a release job of the tenant runs (REDIS_URL)', () => {
  it('waits for the job to give up the tenant lock: nothing moves while the job runs, then the rollback lands', { timeout: 120_000 }, async () => {
    const before = await pointers();
    expect(before).toEqual({ live: releases[1], hold: null });
    const { seen, code, output, jobEnded } = await commandDuringJob(['--to', releases[0]!]);
    expect(seen.filter((pointer) => pointer.live !== before.live || pointer.hold !== null)).toEqual([]);
    expect(seen.length).toBeGreaterThan(5);
    expect(code, output).toBe(0);
    expect(jobEnded).toBe(true);
    expect(output).toContain('"event":"tenant-lock-wait"');
    expect(await pointers()).toEqual({ live: releases[0], hold: releases[0] });
  });

  it('--release-hold waits for it too: the hold stays while the job runs', { timeout: 120_000 }, async () => {
    expect((await pointers()).hold).toBe(releases[0]);
    const { seen, code, output } = await commandDuringJob(['--release-hold']);
    expect(code, output).toBe(0);
    expect(seen.filter((pointer) => pointer.hold !== releases[0])).toEqual([]);
    expect((await pointers()).hold).toBeNull();
  });

  it(
    'fails once PIPELINE_ROLLBACK_WAIT_SECONDS pass with the job still holding the lock, naming the tenant and the job; nothing moves',
    { timeout: 120_000 },
    async () => {
      const before = await pointers();
      let release: (() => void) | undefined;
      const held = new Promise<void>((done) => (release = done));
      let jobId: string | undefined;
      const queue = createRedisQueue(
        redis.url,
        async () => {
          await held;
        },
        { concurrency: 1, lockMs: 3000, onEvent: (event, fields) => event === 'job-start' && (jobId = String(fields.job)) },
      );
      const producer = createRedisProducer(redis.url);
      try {
        await producer.enqueue(SLUG);
        await waitFor('the job to start', () => jobId, 30_000, 50);
        const command = rollbackCommand(['--to', releases[1]!], { PIPELINE_ROLLBACK_WAIT_SECONDS: '1' });
        const code = await command.exited;
        expect(code).toBe(1);
        expect(command.output()).toMatch(new RegExp(`${SLUG}.*job ${jobId}\\b`));
        expect(await pointers()).toEqual(before);
        expect(command.output()).toContain('PIPELINE_ROLLBACK_WAIT_SECONDS');
      } finally {
        release!();
        await producer.close();
        await queue.close();
      }
    },
  );

  it("a job of the tenant that starts during the rollback's move goes back to the queue until the move is done", { timeout: 60_000 }, async () => {
    const order: string[] = [];
    const events: string[] = [];
    const queue = createRedisQueue(redis.url, async () => void order.push('job'), { concurrency: 1, lockMs: 3000, onEvent: (event) => events.push(event) });
    const producer = createRedisProducer(redis.url);
    try {
      await withTenantLock(redis.url, SLUG, { waitMs: 1000, lockMs: 3000 }, async () => {
        await producer.enqueue(SLUG);
        await waitFor('the job to meet the lock', () => events.includes('tenant-busy'), 30_000, 50);
        order.push('move');
      });
      await waitFor('the job to run', () => order.includes('job'), 30_000, 50);
      expect(order).toEqual(['move', 'job']);
    } finally {
      await producer.close();
      await queue.close();
    }
  });
});
