/**
 * Remove a folder that other threads of this process may still be writing into (an Astro
 * build's bundler threads when its process stops early): a recursive remove fails (ENOTEMPTY)
 * or leaves a folder a writer makes again while it runs, so it is tried again, briefly, until
 * the folder is gone. Synchronous: callers run it just before the process exits.
 */
import { existsSync, rmSync } from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Remove `dir` and everything in it; true once it is gone (false if it kept coming back for `tries` tries). */
export function removeTree(dir: string, tries = 20, pauseMs = 25): boolean {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // A writer added an entry while the remove ran: look again after a pause.
    }
    if (!existsSync(dir)) return true;
    Atomics.wait(pause, 0, 0, pauseMs);
  }
  return !existsSync(dir);
}
