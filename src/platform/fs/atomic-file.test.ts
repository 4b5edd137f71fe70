/**
 * Issue 13 (low): atomic writes are durable (the data and the rename are fsynced) and their
 * temporary files have unpredictable names opened exclusively (a file or symlink planted at
 * a guessed name is never followed or overwritten).
 */
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ fsync: 0, opens: [] as { path: string; flags: unknown }[] }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    fsyncSync: (fd: number) => {
      calls.fsync += 1;
      return real.fsyncSync(fd);
    },
    openSync: (path: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
      calls.opens.push({ path: String(path), flags });
      return real.openSync(path, flags ?? "r", mode);
    },
  };
});

const { copyFileAtomic, writeFileAtomic, writePrivateTempFile } = await import('./atomic-file.ts');

const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  calls.fsync = 0;
  calls.opens.length = 0;
});

describe('Low atomic writes: fsync and unpredictable temporary names', () => {
  it('Low writeFileAtomic fsyncs the data and the directory, through an exclusive temp file with a 128-bit random name', () => {
    const target = join(dir, 'stock.json');
    writeFileAtomic(target, '[1]');
    expect(readFileSync(target, 'utf8')).toBe('[1]');
    expect(calls.fsync).toBeGreaterThanOrEqual(2);
    const temp = calls.opens.find((open) => open.path !== target && open.path.startsWith(join(dir, '.stock.json.')));
    expect(temp, JSON.stringify(calls.opens)).toBeTruthy();
    expect(temp!.flags).toBe('wx');
    expect(/[0-9a-f]{32}/.test(temp!.path)).toBe(true);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('gives a new file the mode asked for (a private upload: 0600), 0644 by default', () => {
    writeFileAtomic(join(dir, 'private.bin'), 'x', { mode: 0o600 });
    writeFileAtomic(join(dir, 'public.txt'), 'x');
    expect(fs.statSync(join(dir, 'private.bin')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(join(dir, 'public.txt')).mode & 0o777).toBe(0o644 & ~process.umask());
  });

  it('Low copyFileAtomic fsyncs and never writes through a symlink planted at the target', () => {
    const source = join(dir, 'source.webp');
    const victim = join(dir, 'victim.txt');
    writeFileSync(source, 'image');
    writeFileSync(victim, 'keep me');
    const target = join(dir, 'car.webp');
    symlinkSync(victim, target);
    copyFileAtomic(source, target);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(readFileSync(target, 'utf8')).toBe('image');
    expect(calls.fsync).toBeGreaterThanOrEqual(2);
  });

  it('Low temporary bundle files live in a private directory (mode 0700), not at a guessable /tmp path', () => {
    const file = writePrivateTempFile('dealer-bundle-', 'bundle.json', '{}');
    try {
      expect(readFileSync(file.path, 'utf8')).toBe('{}');
      expect(fs.statSync(file.dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(file.path).mode & 0o077).toBe(0);
    } finally {
      file.remove();
    }
    expect(fs.existsSync(file.dir)).toBe(false);
  });
});
