/**
 * Whether a process of this host runs, asked of the kernel by its pid (signal 0 sends nothing).
 * One owner for the lock breakers and folder sweeps that decide whether a pid's owner is gone:
 * a process of another user runs (EPERM); only "no such process" (ESRCH) is gone, so an
 * unexpected error keeps what the pid owns. A pid the system gave again to a new process counts
 * as running until that one ends.
 */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
