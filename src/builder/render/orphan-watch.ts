/**
 * A one-shot render child whose parent died stops. An Astro build or a one-bundle render would
 * otherwise run its batch to the end, writing pages nobody reads into a disk that may be going
 * away (a pipeline worker's process lost while its machine lives on). An orphan gets a new parent
 * (init or a subreaper), so a `process.ppid` other than the pid the parent passed
 * (DEALER_PARENT_PID, children.ts) means the parent is gone, even one that died before the child
 * looked. Warm renderers need none: their IPC channel's `disconnect` ends them (render-pages.ts).
 */

/** Exit (code 1, after `cleanup`) once the parent `parent` (default: the parent now) is gone; looked at at once, then every `everyMs`. */
export function exitWhenOrphaned(parent: number = process.ppid, cleanup: () => void = () => {}, everyMs = 1000): void {
  const look = () => {
    if (process.ppid === parent) return;
    try {
      cleanup();
    } finally {
      process.exit(1);
    }
  };
  look();
  setInterval(look, everyMs).unref();
}
