/** processRuns: this process runs, an ended child's pid does not, a pid of another user (init) does. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processRuns } from './runs.ts';

describe('processRuns', () => {
  it('says this process runs and an ended child does not', () => {
    expect(processRuns(process.pid)).toBe(true);
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    expect(processRuns(ended)).toBe(false);
  });

  it("counts pid 1 as running (another user's process answers EPERM; root may signal it)", () => {
    expect(processRuns(1)).toBe(true);
  });
});
