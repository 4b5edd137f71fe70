/**
 * A release's bucket publish is tried 5 times, with waits of 1, 2, 4 and 8 s (docs/pipeline.md
 * "Reconciler"), whatever its uploads take: a large tenant's full release uploads for minutes, and
 * a bucket that answers SlowDown at its end is still tried again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { riding } from '../transient.ts';
import { PUBLISH_RETRY } from './run.ts';

afterEach(() => vi.useRealTimers());

/** A transient bucket error (transient.ts isTransient). */
const slowDown = () => Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown' });

describe("a release's bucket publish", () => {
  it('is tried 5 times with waits of 1, 2, 4 and 8 s, though each try uploads for over a minute', async () => {
    vi.useFakeTimers();
    const waits: number[] = [];
    let tries = 0;
    const publish = async () => {
      tries += 1;
      vi.setSystemTime(Date.now() + 61_000);
      throw slowDown();
    };
    const run = riding(publish, {
      ...PUBLISH_RETRY,
      tenant: 'big-dealer',
      log: (fields) => fields.event === 'dependency-wait' && waits.push(fields.waitMs as number),
    });
    const settled = run.catch((error: Error) => error);
    await vi.runAllTimersAsync();
    expect(((await settled) as Error).name).toBe('SlowDown');
    expect(tries).toBe(5);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('goes live on the try after a failure', async () => {
    vi.useFakeTimers();
    let tries = 0;
    const run = riding(
      async () => {
        tries += 1;
        vi.setSystemTime(Date.now() + 61_000);
        if (tries < 3) throw slowDown();
        return 'live';
      },
      { ...PUBLISH_RETRY, tenant: 'big-dealer', log: () => {} },
    );
    await vi.runAllTimersAsync();
    expect(await run).toBe('live');
    expect(tries).toBe(3);
  });
});
