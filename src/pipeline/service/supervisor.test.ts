/** Issue 13 H3: under `npm start` a pipeline process that dies is started again (it was not). */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { superviseChild } from './supervisor.ts';

describe('H3 npm start restarts a pipeline that exits', () => {
  it('H3 a child that exits unexpectedly is started again, with backoff, until stopped', { timeout: 30_000 }, async () => {
    const starts: number[] = [];
    const lines: string[] = [];
    const supervised = superviseChild(
      () => {
        starts.push(Date.now());
        return spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
      },
      { name: 'pipeline', log: (line) => lines.push(line), initialBackoffMs: 50, maxBackoffMs: 200 },
    );
    // Wait for a third start (a loaded machine starts Node slowly), at most 20 s.
    for (const deadline = Date.now() + 20_000; starts.length < 3 && Date.now() < deadline; ) await new Promise((done) => setTimeout(done, 50));
    await supervised.stop('SIGTERM');
    const count = starts.length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(lines.join('\n')).toMatch(/pipeline stopped \(exit 3\); starting it again in \d+ ms/);
    await new Promise((done) => setTimeout(done, 400));
    expect(starts.length).toBe(count);
  });

  it('H3 a stop signal ends the child and is not followed by a restart', async () => {
    let starts = 0;
    const supervised = superviseChild(
      () => {
        starts += 1;
        return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      },
      { name: 'pipeline', log: () => {}, initialBackoffMs: 10 },
    );
    await new Promise((done) => setTimeout(done, 300));
    const code = await supervised.stop('SIGTERM');
    expect(code).toBe('SIGTERM');
    await new Promise((done) => setTimeout(done, 200));
    expect(starts).toBe(1);
  });

  it('a child that exits with a code that says a restart cannot help (a port in use: exit 2) is not started again, and the caller is told', { timeout: 30_000 }, async () => {
    let starts = 0;
    const lines: string[] = [];
    const given = new Promise<string>((done) => {
      superviseChild(
        () => {
          starts += 1;
          return spawn(process.execPath, ['-e', 'process.exit(2)'], { stdio: 'ignore' });
        },
        { name: 'the pipeline', log: (line) => lines.push(line), initialBackoffMs: 10, finalExitCodes: [2], onGiveUp: (how) => done(how) },
      );
    });
    expect(await given).toBe('exit 2');
    await new Promise((done) => setTimeout(done, 300));
    expect(starts).toBe(1);
    expect(lines).toEqual(['the pipeline stopped (exit 2) and is not started again: what it said above needs a change first']);
  });
});
