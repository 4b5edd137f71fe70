/**
 * Riding out a dependency that is briefly gone (docs/reliability.md): a job whose pipeline
 * state (PostgreSQL, the bucket's `_state/` files) does not answer waits for it instead of
 * failing at once, and a release whose bucket publish fails is published again with backoff.
 * Only outages are waited out (`isTransient`): a refused connection, a reset, a timeout, a
 * 5xx from the bucket, PostgreSQL starting or stopping; anything else fails at once. What
 * outlasts the wait fails the job, and the intake's reconciler asks for the tenant again.
 */
import { isDatabaseUnavailable } from '../platform/sql/unavailable.ts';
import type { Logger } from './log.ts';

/** S3 error names of a bucket that is failing or too busy, not of a bad request. */
const BUCKET_ERRORS = new Set(['InternalError', 'ServiceUnavailable', 'SlowDown', 'TimeoutError', 'RequestTimeout', 'RequestTimeTooSkewed', 'AbortError']);

/** Whether `error` says a dependency is unavailable for now (worth waiting for), not that the work is wrong. */
export function isTransient(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number }; code?: string };
  return BUCKET_ERRORS.has(candidate?.name ?? '') || (candidate?.$metadata?.httpStatusCode ?? 0) >= 500 || candidate?.code === 'ETIMEDOUT';
}

export interface WaitOptions {
  log: Logger;
  tenant: string;
  /** What waits, for the log line (`the pipeline state`, `the bucket publish`). */
  what: string;
  /** Give up after this long (ms). */
  maxWaitMs: number;
  /** First wait (ms), doubled after each failure up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts at most (default: as many as fit in maxWaitMs). */
  attempts?: number;
  /**
   * The worker's stop: once it aborts, an outage is no longer waited out (a failure, or the wait
   * after one, throws the signal's reason), so a stop is not held by the retries of a job whose
   * dependency never answers a connection (each try fails alone, so the state's silence,
   * SqlDatabase.silentMs, never builds up to the stop's cut).
   */
  signal?: AbortSignal;
  /**
   * Whether the stop is still honoured (read at each failure and each wait; default: always): a
   * bucket publish whose live pointer switched is tried again to its end despite a stop.
   */
  stoppable?: () => boolean;
}

/**
 * `work`, tried again after a doubling wait while it fails with a transient error, until it
 * succeeds, fails otherwise, runs out of attempts or would outlast `maxWaitMs`. Each wait is
 * logged (warn), and the success after one (info), so an outage shows in the logs.
 */
export async function riding<T>(work: () => Promise<T>, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.maxWaitMs;
  let delay = options.firstDelayMs ?? 500;
  let waited = 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await work();
      if (waited > 0)
        options.log({ event: 'dependency-back', tenant: options.tenant, what: options.what, attempts: attempt, waitedSeconds: Math.round(waited / 100) / 10 });
      return result;
    } catch (error) {
      if (!isTransient(error) || attempt >= (options.attempts ?? Infinity) || Date.now() + delay > deadline) throw error;
      const signal = options.stoppable?.() === false ? undefined : options.signal;
      if (signal?.aborted) throw signal.reason;
      options.log({
        level: 'warn',
        event: 'dependency-wait',
        tenant: options.tenant,
        what: options.what,
        attempt,
        waitMs: delay,
        reason: (error as Error).message,
      });
      await pause(delay, signal);
      waited += delay;
      delay = Math.min(delay * 2, options.maxDelayMs ?? 8000);
    }
  }
}

/** Wait `ms`; rejects with the signal's reason as soon as it aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done, fail) => {
    const stop = () => {
      clearTimeout(timer);
      fail(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      done();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
