/**
 * exitWhenOrphaned: a child that watches its parent ends within a moment of the parent's death
 * (SIGKILL, no chance to clean up), and runs on while the parent lives. A child that writes to
 * its parent's pipe after the parent died (an Astro build's warning) gets EPIPE: it cleans up
 * and exits then too, instead of dying of the error with its work folder left behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { exitWhenOrphaned } from './orphan-watch.ts';

const dir = mkdtempSync(join(tmpdir(), 'orphan-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Running and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    return readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A child script that watches `parent` (an expression) every `everyMs`, writes `marker` when it cleans up, then runs `body`; its path. */
function watchingChild(name: string, parent: string, everyMs: number, marker: string, body: string): string {
  const child = join(dir, name);
  writeFileSync(
    child,
    `import { writeFileSync } from 'node:fs';\n` +
      `import { exitWhenOrphaned } from ${JSON.stringify(join(import.meta.dirname, 'orphan-watch.ts'))};\n` +
      `exitWhenOrphaned(${parent}, () => writeFileSync(${JSON.stringify(marker)}, 'yes'), ${everyMs});\n` +
      `${body}\n`,
  );
  return child;
}

describe('exitWhenOrphaned', () => {
  // The next look is far off (and unref'd): only the look at once runs within these tests.
  const NEVER = 2_000_000_000;

  it('looks at once: a parent other than the pid given means it is gone, so it cleans up and exits with 1', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    const cleanup = vi.fn();
    try {
      exitWhenOrphaned(process.ppid + 1, cleanup, NEVER);
      expect(cleanup).toHaveBeenCalledOnce();
      expect(exit).toHaveBeenCalledWith(1);
    } finally {
      exit.mockRestore();
    }
  });

  it('exits even when the cleanup throws, and does nothing while the parent is the one given', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    try {
      exitWhenOrphaned(
        process.ppid,
        () => {
          throw new Error('never called');
        },
        NEVER,
      );
      expect(exit).not.toHaveBeenCalled();
      expect(() =>
        exitWhenOrphaned(
          process.ppid + 1,
          () => {
            throw new Error('the work folder is busy');
          },
          NEVER,
        ),
      ).toThrow('the work folder is busy');
      expect(exit).toHaveBeenCalledWith(1);
    } finally {
      exit.mockRestore();
    }
  });

  it.skipIf(process.platform !== 'linux')('ends a child whose parent was killed, and cleans up first; not while the parent lives', async () => {
    const marker = join(dir, 'cleaned');
    const child = watchingChild('child.ts', 'Number(process.env.PARENT)', 100, marker, 'setTimeout(() => {}, 60_000);');
    const parentScript = `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(child)}], { stdio: 'ignore', env: { ...process.env, PARENT: String(process.pid) } }); console.log(c.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', parentScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((done) => parent.stdout!.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim()))));
    try {
      await sleep(700);
      expect(running(pid)).toBe(true);
      expect(existsSync(marker)).toBe(false);
      parent.kill('SIGKILL');
      const deadline = Date.now() + 10_000;
      while (running(pid) && Date.now() < deadline) await sleep(50);
      expect(running(pid)).toBe(false);
      expect(readFileSync(marker, 'utf8')).toBe('yes');
    } finally {
      parent.kill('SIGKILL');
      if (running(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it.skipIf(process.platform !== 'linux')('cleans up and exits when its output pipe breaks (EPIPE), before it looks again', async () => {
    const marker = join(dir, 'cleaned-on-epipe');
    // Its parent (this process) lives on, and the next look is far off: only the broken pipe can end it.
    const child = watchingChild('writer.ts', 'process.ppid', NEVER, marker, "setInterval(() => process.stdout.write('[WARN] a warning\\n'), 20);");
    const writer = spawn(process.execPath, [child], { stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = new Promise<number | null>((done) => writer.once('exit', (code) => done(code)));
    try {
      await new Promise((done) => writer.stdout!.once('data', done));
      // The reader's end goes, as when the parent is killed.
      writer.stdout!.destroy();
      expect(await exited).toBe(1);
      expect(readFileSync(marker, 'utf8')).toBe('yes');
    } finally {
      writer.kill('SIGKILL');
    }
  });
});
