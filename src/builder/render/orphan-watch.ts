/**
 * A render child whose parent died stops. An Astro build or a one-bundle render would
 * otherwise run its batch to the end, writing pages nobody reads into a disk that may be going
 * away (a pipeline worker's process lost while its machine lives on). An orphan gets a new parent
 * (init or a subreaper), so a `process.ppid` other than the pid the parent passed
 * (DEALER_PARENT_PID, children.ts) means the parent is gone, even one that died before the child
 * looked. So does a broken output pipe (EPIPE on stdout or stderr: the parent's end closed when
 * it died, possibly before `ppid` says so): a child that writes a line then (an Astro build's
 * warning) cleans up and exits as well, instead of dying of the write error with its work
 * folder left behind. A warm renderer is watched too, from before its kept bundle loads, besides
 * its IPC channel's `disconnect` (render-pages.ts).
 */

/** Exit (code 1, after `cleanup`) once the parent `parent` (default: the parent now) is gone or the output pipe breaks; looked at at once, then every `everyMs`. */
export function exitWhenOrphaned(parent: number = process.ppid, cleanup: () => void = () => {}, everyMs = 1000): void {
  const stop = () => {
    try {
      cleanup();
    } finally {
      process.exit(1);
    }
  };
  const look = () => {
    if (process.ppid !== parent) stop();
  };
  const broken = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stop();
  };
  for (const stream of [process.stdout, process.stderr]) stream.on('error', broken);
  look();
  setInterval(look, everyMs).unref();
}
