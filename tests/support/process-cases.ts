/**
 * Test helper for tests whose cases each run in a process of their own: a process running a
 * module's source, its output collected, and the folders and processes a case made removed and
 * killed after it (`caseLeftovers`, registering a vitest hook where it is called); a bounded wait
 * for what the process does (`until`).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { processRuns } from '../../src/platform/process/runs.ts';

/** Folders (`roots`) removed and processes (`started`) killed after each test: push onto them; `run` starts a process (killed after the test too). */
export function caseLeftovers() {
  const roots: string[] = [];
  const started: number[] = [];
  afterEach(() => {
    for (const pid of started.splice(0)) if (processRuns(pid)) process.kill(pid, 'SIGKILL');
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  /** A Node process running `source` (an ES module): the process, its exit and its output (stdout and stderr) so far. */
  const run = (source: string) => {
    const owner = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(owner.pid!);
    let output = '';
    owner.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    owner.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => owner.on('exit', (code, signal) => done({ code, signal })));
    return { owner, exited, output: () => output };
  };
  return { roots, started, run };
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
