/**
 * Vitest global setup (vitest.config.ts): a test run's temporary files go under one folder of
 * its own in the system temp folder (TMPDIR, which the test workers and every process they start
 * inherit), removed when the run ends, so what a test or a child leaves behind does not stay.
 * What was left is named on the way out: each test removes its own folders, and a name here is
 * a test to fix. The folder of a run whose process is gone (a killed vitest) goes at the next
 * run's start.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processRuns } from '../../src/platform/process/runs.ts';

const PREFIX = 'vitest-run-';

export default function setup(): () => void {
  const system = tmpdir();
  for (const name of readdirSync(system)) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid && !processRuns(Number(pid))) rmSync(join(system, name), { recursive: true, force: true });
  }
  // Short (a PostgreSQL socket sits two folders below it, within the 107-byte limit of a socket
  // path), and open to all like the system temp folder: a throw-away PostgreSQL runs as its own user.
  const root = mkdtempSync(join(system, `${PREFIX}${process.pid}-`));
  chmodSync(root, 0o1777);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    let left: string[] = [];
    try {
      left = readdirSync(root);
    } catch {
      // Already gone.
    }
    if (left.length > 0) console.warn(`tests left ${left.length} temporary entries behind (removed): ${left.slice(0, 20).join(' ')}`);
    rmSync(root, { recursive: true, force: true });
  };
}
