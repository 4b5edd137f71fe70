/**
 * The work a process begins and does not await where it begins it (a background scan, a cache
 * trim, a prefetch): `track` each promise, and `idle` resolves once none is left, also those
 * tracked while it waits, so a caller that stops or settles never leaves such work running
 * under it. Track only work that handles its own failure (a rejection would be unhandled).
 */
export interface InFlight {
  track(work: Promise<unknown>): void;
  /** Promises tracked and not yet settled. */
  readonly size: number;
  idle(): Promise<void>;
}

export function inFlight(): InFlight {
  const pending = new Set<Promise<unknown>>();
  return {
    track(work) {
      const tracked = work.finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    get size() {
      return pending.size;
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
