/**
 * The pipeline's stop when its state stops answering (service.ts stateSilenceCut): a state whose
 * requests are never answered (a PostgreSQL that accepts connections and then stays silent) holds
 * the stop its lock time at most; the stop then says which jobs it left, none of them done. A job
 * trying again a state that never answers a connection is given back at once (transient.ts).
 * tests/integration/pipeline-redis-stop.test.ts does the same to a worker process on a real
 * PostgreSQL behind a relay that stalls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogFields } from '../log.ts';
import type { PipelineState } from '../state/store.ts';
import { startPipeline } from './service.ts';

const TENANTS = resolve(import.meta.dirname, '../../../tests/fixtures/tenants');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A state whose every store call waits for ever, and which says how long it has left a request unanswered. */
function silentState(dataDir: string): PipelineState & { asked(): number } {
  let asked = 0;
  let since: number | undefined;
  const never = () => {
    asked += 1;
    since ??= Date.now();
    return new Promise<never>(() => {});
  };
  // Any method of any store; `then` stays undefined so a store is never taken for a promise.
  const store = new Proxy({}, { get: (_target, key) => (key === 'then' ? undefined : never) });
  return {
    stock: store,
    releases: store,
    tenants: store,
    heldFeeds: store,
    reservations: store,
    codeVersions: store,
    pushes: store,
    hosts: store,
    dataDir,
    silentMs: () => (since === undefined ? 0 : Date.now() - since),
    close: async () => {},
    asked: () => asked,
  } as unknown as PipelineState & { asked(): number };
}

/**
 * A state whose every store call fails unanswered after `ms` (a connection that is never
 * answered and times out), and whose silence, as SqlDatabase.silentMs counts it, lasts only while
 * a call waits: a job trying it again and again never builds a silence as long as the stop's cut.
 */
function unreachableState(dataDir: string, ms: number): PipelineState & { asked(): number } {
  let asked = 0;
  let waiting = 0;
  let since: number | undefined;
  const timesOut = () => {
    asked += 1;
    waiting += 1;
    since ??= Date.now();
    return new Promise<never>((_done, fail) =>
      setTimeout(() => {
        waiting -= 1;
        if (waiting === 0) since = undefined;
        fail(Object.assign(new Error('timeout exceeded when trying to connect'), { code: 'ETIMEDOUT' }));
      }, ms),
    );
  };
  const store = new Proxy({}, { get: (_target, key) => (key === 'then' ? undefined : timesOut) });
  return {
    stock: store,
    releases: store,
    tenants: store,
    heldFeeds: store,
    reservations: store,
    codeVersions: store,
    pushes: store,
    hosts: store,
    dataDir,
    silentMs: () => (waiting > 0 && since !== undefined ? Date.now() - since : 0),
    close: async () => {},
    asked: () => asked,
  } as unknown as PipelineState & { asked(): number };
}

describe('a pipeline told to stop while its state does not answer', () => {
  // Fault: each try failed alone (a connection never answered, then timed out), so the state's
  // silence never reached the stop's cut, and the stop waited for the job's whole wait for its
  // state (a minute) instead of giving the job back.
  it('gives back a job waiting for its state to answer a connection, without waiting out its retries', { timeout: 30_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'stop-unreachable-state-'));
    roots.push(root);
    const state = unreachableState(join(root, 'data'), 300);
    const logged: LogFields[] = [];
    const results: unknown[] = [];
    const lockMs = 5000;
    const pipeline = await startPipeline({
      tenantsDir: TENANTS,
      sitesDir: join(root, 'sites'),
      state,
      role: 'worker',
      concurrency: 1,
      lockMs,
      warmRenderers: false,
      log: (fields) => void logged.push(fields),
      onResult: (result) => void results.push(result),
    });
    await pipeline.queue.enqueue('pipeline-motors');
    const deadline = Date.now() + 10_000;
    while (!logged.some((fields) => fields.event === 'dependency-wait') && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    expect(logged.some((fields) => fields.event === 'dependency-wait')).toBe(true);

    const told = Date.now();
    const closed = await Promise.race([pipeline.close().then(() => 'closed'), new Promise((done) => setTimeout(() => done('hung'), 15_000))]);
    expect(closed).toBe('closed');
    // The try under way, not the lock time nor the job's wait for its state.
    expect(Date.now() - told).toBeLessThan(lockMs);
    // Given back: neither a result nor a failure recorded or logged.
    expect(results).toEqual([]);
    expect(logged.filter((fields) => fields.event === 'release')).toEqual([]);
  });

  // Fault: the stop waited for the job under way, and the job for its state query, for ever.
  it('ends after its lock time, naming the job it left, which is not done', { timeout: 30_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'stop-silent-state-'));
    roots.push(root);
    const state = silentState(join(root, 'data'));
    const logged: LogFields[] = [];
    const results: unknown[] = [];
    const lockMs = 1500;
    const pipeline = await startPipeline({
      tenantsDir: TENANTS,
      sitesDir: join(root, 'sites'),
      state,
      role: 'worker',
      concurrency: 1,
      lockMs,
      warmRenderers: false,
      log: (fields) => void logged.push(fields),
      onResult: (result) => void results.push(result),
    });
    await pipeline.queue.enqueue('pipeline-motors');
    const deadline = Date.now() + 10_000;
    while (state.asked() === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    expect(state.asked()).toBeGreaterThan(0);

    const told = Date.now();
    const closed = await Promise.race([pipeline.close().then(() => 'closed'), new Promise((done) => setTimeout(() => done('hung'), 15_000))]);
    expect(closed).toBe('closed');
    // Its lock time for the state (counted from the request), and no more than a few probes beyond it.
    expect(Date.now() - told).toBeLessThan(lockMs + 3000);
    expect(logged.find((fields) => fields.event === 'state-close-cut')).toMatchObject({ level: 'warn', running: ['pipeline-motors'] });
    expect(results).toEqual([]);
  });
});
