/**
 * A counting semaphore: at most `slots` tasks run at once, the others wait in the order they
 * came. Used where a process bounds work that takes a core (the photos' transforms, a worker's
 * releases: src/pipeline/release/run.ts). A task's failure frees its slot and reaches its caller.
 */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** A limiter of `slots` tasks at once (at least one). */
export function limiter(slots: number): Limiter {
  let free = Math.max(1, slots);
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (free === 0) await new Promise<void>((go) => waiting.push(go));
    else free -= 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}
