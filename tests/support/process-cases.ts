/**
 * Test helper for tests whose cases each run in a process of their own: the folders and
 * processes a case made, removed and killed after it (`caseLeftovers`, registering a vitest
 * hook where it is called), and a bounded wait for what the process does (`until`).
 */
import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { processRuns } from '../../src/platform/process/runs.ts';

/** Folders (`roots`) removed and processes (`started`) killed after each test: push onto them. */
export function caseLeftovers(): { roots: string[]; started: number[] } {
  const roots: string[] = [];
  const started: number[] = [];
  afterEach(() => {
    for (const pid of started.splice(0)) if (processRuns(pid)) process.kill(pid, 'SIGKILL');
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  return { roots, started };
}

/** Wait until `ready()` or `ms` have passed; whether it became true. */
export async function until(ready: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 25));
  }
  return true;
}
