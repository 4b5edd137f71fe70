/**
 * exitWhenOrphaned: a child that watches its parent ends within a moment of the parent's death
 * (SIGKILL, no chance to clean up), and runs on while the parent lives.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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

describe('exitWhenOrphaned', () => {
  it.skipIf(process.platform !== 'linux')('ends a child whose parent was killed, and cleans up first; not while the parent lives', async () => {
    const marker = join(dir, 'cleaned');
    const child = join(dir, 'child.ts');
    writeFileSync(
      child,
      `import { writeFileSync } from 'node:fs';\n` +
        `import { exitWhenOrphaned } from ${JSON.stringify(join(import.meta.dirname, 'orphan-watch.ts'))};\n` +
        `exitWhenOrphaned(Number(process.env.PARENT), () => writeFileSync(${JSON.stringify(marker)}, 'yes'), 100);\n` +
        `setTimeout(() => {}, 60_000);\n`,
    );
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
});
