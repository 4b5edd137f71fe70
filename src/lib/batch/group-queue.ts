/**
 * Group writes the way a database groups commits: the first item is
 * written at once; items that arrive while a write is running wait and go together in the
 * next write, at most `max` per write. Each caller's promise settles only when the write
 * that carried its item has finished, with that item's own result, so "answered" still
 * means "written". Under light load every item is written alone without any added delay;
 * under heavy load one write (one statement, one commit) carries many items.
 */
export interface GroupQueue<In, Out> {
  /** Queue one item; resolves to its result once its group is written. */
  push(item: In): Promise<Out>;
  /** Items waiting or being written (tests, shutdown). */
  readonly size: number;
  /** Resolves when nothing is waiting or being written. */
  idle(): Promise<void>;
}

/**
 * `write` receives a group in arrival order and resolves to one result per item (same
 * order); when it throws, every item of that group is rejected with the error and later
 * groups are still written.
 */
export function groupQueue<In, Out>(write: (items: In[]) => Promise<Out[]>, max = 256): GroupQueue<In, Out> {
  const waiting: { item: In; resolve(value: Out): void; reject(error: unknown): void }[] = [];
  let writing: Promise<void> | undefined;
  let inFlight = 0;

  const drain = async () => {
    while (waiting.length > 0) {
      const group = waiting.splice(0, Math.max(1, max));
      inFlight = group.length;
      try {
        const results = await write(group.map((entry) => entry.item));
        if (results.length !== group.length) throw new Error(`group write returned ${results.length} results for ${group.length} items`);
        group.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
      inFlight = 0;
    }
  };

  return {
    push(item) {
      return new Promise<Out>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        writing ??= drain().finally(() => {
          writing = undefined;
        });
      });
    },
    get size() {
      return waiting.length + inFlight;
    },
    async idle() {
      while (writing) await writing;
    },
  };
}
