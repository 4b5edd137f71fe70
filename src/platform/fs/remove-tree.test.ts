/**
 * removeTree (src/platform/fs/remove-tree.ts): a folder another thread keeps writing into while
 * it is removed is found gone by one of its looks, where one recursive remove leaves it behind.
 * The writer's timing is not the test's to choose (under load a writer thread may not run at all
 * while removeTree does), so the remove's outcomes are staged through node:fs: a remove a writer
 * undoes right after it, a remove that fails (ENOTEMPTY), a folder that keeps coming back. A real
 * writer thread is run too, for what holds however it is scheduled: true only after a look.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeTree } from './remove-tree.ts';

/** What removeTree asked of node:fs, in order, and what a writer does after each of its removes. */
const fsSeen = vi.hoisted(() => ({
  calls: [] as { call: 'rm' | 'exists'; path: string; found?: boolean }[],
  removes: 0,
  /** Called after each remove of a watched folder with how many removes it has had: it may make the folder again or throw. */
  afterRemove: null as ((dir: string, removes: number) => void) | null,
  watched: null as string | null,
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    rmSync: (path: string, options?: import('node:fs').RmOptions) => {
      if (path !== fsSeen.watched) return fs.rmSync(path, options);
      fsSeen.calls.push({ call: 'rm', path });
      fsSeen.removes += 1;
      fs.rmSync(path, options);
      fsSeen.afterRemove?.(path, fsSeen.removes);
    },
    existsSync: (path: string) => {
      const found = fs.existsSync(path);
      if (path === fsSeen.watched) fsSeen.calls.push({ call: 'exists', path, found });
      return found;
    },
  };
});

const made: string[] = [];

/** A folder with files in it, watched: removeTree's calls on it are recorded. */
function watchedFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'remove-tree-'));
  mkdirSync(join(dir, 'a', 'b'), { recursive: true });
  writeFileSync(join(dir, 'a', 'b', 'c'), 'x');
  fsSeen.calls = [];
  fsSeen.removes = 0;
  fsSeen.watched = dir;
  made.push(dir);
  return dir;
}

/** removeTree on the watched folder: what it answered and what it asked of node:fs (before the test's own looks). */
function remove(dir: string, tries?: number, pauseMs?: number) {
  const gone = removeTree(dir, tries, pauseMs);
  const calls = [...fsSeen.calls];
  fsSeen.watched = null;
  return { gone, calls, removes: calls.filter((entry) => entry.call === 'rm').length, last: calls.at(-1) };
}

/** A writer that makes `dir/0/file` again, as a bundler thread writing its output. */
const writeInto = (dir: string) => {
  mkdirSync(join(dir, '0'), { recursive: true });
  writeFileSync(join(dir, '0', 'file'), 'x');
};

/** Writer threads still running: a test that fails before it ends its writer leaves it to afterEach. */
const writers: Worker[] = [];

afterEach(async () => {
  fsSeen.watched = null;
  fsSeen.afterRemove = null;
  // A writer still running would make its folder again after the remove below.
  await Promise.all(writers.splice(0).map((thread) => thread.terminate()));
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('removeTree', () => {
  it('removes a plain folder, and says so only after a look found it gone', () => {
    const dir = watchedFolder();
    const { gone, last } = remove(dir);
    expect(gone).toBe(true);
    expect(last).toEqual({ call: 'exists', path: dir, found: false });
    expect(existsSync(dir)).toBe(false);
  });

  it('a writer makes the folder again right after the first two removes: it removes again until a look finds it gone', () => {
    const dir = watchedFolder();
    fsSeen.afterRemove = (path, removes) => {
      if (removes <= 2) writeInto(path);
    };
    const { gone, removes, last } = remove(dir, 5, 0);
    expect(gone).toBe(true);
    expect(removes).toBe(3);
    expect(last).toEqual({ call: 'exists', path: dir, found: false });
    expect(existsSync(dir)).toBe(false);
  });

  it('a remove that fails while a writer adds an entry (ENOTEMPTY) is tried again', () => {
    const dir = watchedFolder();
    fsSeen.afterRemove = (path, removes) => {
      if (removes === 1) {
        writeInto(path);
        throw Object.assign(new Error(`ENOTEMPTY: directory not empty, rmdir '${path}'`), { code: 'ENOTEMPTY' });
      }
    };
    const { gone, removes, last } = remove(dir, 5, 0);
    expect(gone).toBe(true);
    expect(removes).toBe(2);
    expect(last).toEqual({ call: 'exists', path: dir, found: false });
    expect(existsSync(dir)).toBe(false);
  });

  it('a folder that comes back after every remove: false once its tries are spent, each try a remove and a look', () => {
    const dir = watchedFolder();
    fsSeen.afterRemove = (path) => writeInto(path);
    const { gone, removes, calls } = remove(dir, 3, 0);
    expect(gone).toBe(false);
    expect(removes).toBe(3);
    expect(calls.filter((entry) => entry.call === 'exists').every((entry) => entry.found)).toBe(true);
    expect(existsSync(dir)).toBe(true);
  });
});

/** A thread that makes `dir/<n>/file` over and over for `ms` (as a bundler thread writing its output); answers once it writes. */
function writer(dir: string, ms: number): Promise<Worker> {
  const source = `
    const { mkdirSync, writeFileSync } = require('node:fs');
    const { join } = require('node:path');
    const { parentPort, workerData: { dir, ms } } = require('node:worker_threads');
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) {
      try { mkdirSync(join(dir, String(n % 50)), { recursive: true }); writeFileSync(join(dir, String(n % 50), 'file'), 'x'); } catch {}
      if (n === 0) parentPort.postMessage('writing');
      n += 1;
    }`;
  const thread = new Worker(source, { eval: true, workerData: { dir, ms } });
  writers.push(thread);
  return new Promise((done) => thread.once('message', () => done(thread)));
}

describe('removeTree with a real writer thread', () => {
  it('returns true only when its last look found the folder gone, however often the writer ran inside it', async () => {
    const dir = watchedFolder();
    const thread = await writer(dir, 300);
    // Up to 1 s of tries: the writer makes the folder again for 300 ms of them (how many of its
    // writes fall inside the remove depends on the machine's load, so they are not counted here).
    const { gone, last } = remove(dir, 40, 25);
    expect(gone).toBe(true);
    // The true rests on a look: removeTree's last call on the folder found it gone. A writer still
    // running may make it again after that (the build's exit, right after removeTree, ends its
    // threads), so the folder itself is not looked at here.
    expect(last).toEqual({ call: 'exists', path: dir, found: false });
    await thread.terminate();
  });
});
