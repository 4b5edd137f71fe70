import { describe, expect, it } from 'vitest';
import { limiter, slotCount } from './limiter.ts';

/** A task whose end the test controls; `started` says whether it began. */
function controlled() {
  let end!: () => void;
  let fail!: (error: Error) => void;
  const task = { started: false, end: () => end(), fail: (error: Error) => fail(error) };
  const run = () => {
    task.started = true;
    return new Promise<string>((resolve, reject) => {
      end = () => resolve('done');
      fail = reject;
    });
  };
  return { task, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('limiter (a counting semaphore)', () => {
  it('runs at most its slots at once, and the waiting tasks in the order they came', async () => {
    const limit = limiter(2);
    const tasks = Array.from({ length: 4 }, controlled);
    const results = tasks.map(({ run }) => limit(run));
    await tick();
    expect(tasks.map(({ task }) => task.started)).toEqual([true, true, false, false]);
    tasks[1]!.task.end();
    await tick();
    expect(tasks.map(({ task }) => task.started)).toEqual([true, true, true, false]);
    tasks[0]!.task.end();
    await tick();
    expect(tasks[3]!.task.started).toBe(true);
    tasks[2]!.task.end();
    tasks[3]!.task.end();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('frees the slot of a task that fails, and gives the failure to its caller', async () => {
    const limit = limiter(1);
    const [first, second] = [controlled(), controlled()];
    const failed = limit(first.run);
    const next = limit(second.run);
    await tick();
    expect(second.task.started).toBe(false);
    first.task.fail(new Error('disk full'));
    await expect(failed).rejects.toThrow('disk full');
    await tick();
    expect(second.task.started).toBe(true);
    second.task.end();
    expect(await next).toBe('done');
  });

  it('takes a whole number of slots, at least one, and names the setting it was given otherwise', async () => {
    expect(await limiter(1)(async () => 'ran')).toBe('ran');
    // 1.5 or NaN never reached 0 free slots, so every task ran at once; 0 was quietly made 1.
    for (const slots of [1.5, 0.5, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => limiter(slots, { setting: 'DEALER_PHOTO_TRANSFORMS' }), String(slots)).toThrow(
        `DEALER_PHOTO_TRANSFORMS: expected a whole number of at least 1 (got ${slots})`,
      );
    }
    expect(() => limiter(2.5)).toThrow('slots: expected a whole number of at least 1 (got 2.5)');
  });

  it('slotCount is that rule alone, for a count of workers that takes no limiter (photo downloads)', () => {
    expect(slotCount(6, 'DEALER_PHOTO_DOWNLOADS')).toBe(6);
    expect(() => slotCount(0.5, 'DEALER_PHOTO_DOWNLOADS')).toThrow(new RangeError('DEALER_PHOTO_DOWNLOADS: expected a whole number of at least 1 (got 0.5)'));
  });
});

describe('limiter with a signal', () => {
  it('refuses the waiting tasks and later calls once the signal aborts, and lets the running ones finish', async () => {
    const stop = new AbortController();
    const limit = limiter(1, { signal: stop.signal });
    const [running, waiting] = [controlled(), controlled()];
    const ran = limit(running.run);
    const refused = limit(waiting.run);
    await tick();
    stop.abort(new Error('stopping'));
    await expect(refused).rejects.toThrow('stopping');
    await expect(limit(async () => 'late')).rejects.toThrow('stopping');
    running.task.end();
    expect(await ran).toBe('done');
    expect(waiting.task.started).toBe(false);
  });
});
