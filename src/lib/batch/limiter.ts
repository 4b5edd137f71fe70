/**
 * A counting semaphore: at most `slots` tasks run at once, the others wait in the order they
 * came. Used where a process bounds work that takes a core (the photos' transforms, a worker's
 * releases: src/pipeline/release/run.ts). A task's failure frees its slot and reaches its caller.
 * With a `signal`: once it aborts, no task starts any more; the waiting ones and later calls are
 * refused with its reason, and the running ones go on (a worker that stops finishes what it began).
 */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** What a limiter is given besides its slots. */
export interface LimiterOptions {
  /** Once it aborts, no task starts any more. */
  signal?: AbortSignal;
  /** The setting the slots come from, named in the error a bad count throws (e.g. DEALER_PHOTO_TRANSFORMS). */
  setting?: string;
}

/**
 * `slots`, a count of tasks at once (or of workers), when it is a whole number of at least 1;
 * anything else throws a RangeError naming `setting`: the one rule for such counts (a fraction
 * or NaN never runs out of free slots, so it would bound nothing; 0 would run nothing).
 */
export function slotCount(slots: number, setting = 'slots'): number {
  if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`${setting}: expected a whole number of at least 1 (got ${slots})`);
  return slots;
}

/** A limiter of `slots` tasks at once (a slotCount), closed for new starts when `signal` aborts. */
export function limiter(slots: number, options: LimiterOptions = {}): Limiter {
  slotCount(slots, options.setting);
  const { signal } = options;
  let free = slots;
  const waiting: { go: () => void; refuse: (reason: unknown) => void }[] = [];
  signal?.addEventListener('abort', () => {
    for (const waiter of waiting.splice(0)) waiter.refuse(signal.reason);
  });
  return async (task) => {
    if (signal?.aborted) throw signal.reason;
    if (free === 0) await new Promise<void>((go, refuse) => waiting.push({ go, refuse }));
    else free -= 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next.go();
      else free += 1;
    }
  };
}
