/**
 * Work given a bounded time, shared by the islands' bounded wait (src/islands/ui/bounded-wait.ts)
 * and the edge's bucket reads (src/edge/edge.ts). Pure and browser-safe: no Node imports.
 * Contract: past `ms` the work's signal is aborted with the error `late()` makes and the promise
 * rejects with that error, whether or not the work heeds the abort; `signal` (the caller's)
 * aborts the work's signal too, with its reason. The timer and the listener are cleared once the
 * work settles.
 */
export async function within<T>(ms: number, late: () => Error, work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = late();
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', follow);
  }
}
