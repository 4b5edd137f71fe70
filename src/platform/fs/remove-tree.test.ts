/**
 * removeTree (src/platform/fs/remove-tree.ts): a folder another thread keeps writing into while
 * it is removed is found gone by one of its looks, where one recursive remove leaves it behind.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { removeTree } from './remove-tree.ts';

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
  return new Promise((done) => thread.once('message', () => done(thread)));
}

describe('removeTree', () => {
  it('removes a plain folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'remove-tree-'));
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'a', 'b', 'c'), 'x');
    expect(removeTree(dir)).toBe(true);
    expect(existsSync(dir)).toBe(false);
  });

  it('keeps at it while another thread writes into the folder, until a look finds it gone (one remove alone finds it made again)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'remove-tree-'));
    const thread = await writer(dir, 300);
    // Up to 1 s of tries: the writer makes the folder again for 300 ms of them (how many of its
    // writes fall inside the remove depends on the machine's load, so they are not counted here).
    expect(removeTree(dir, 40, 25)).toBe(true);
    // Gone when removeTree looked last; a writer still running may make it again after that (the
    // build's exit, right after removeTree, ends its threads), so the folder is not looked at here.
    await thread.terminate();
    rmSync(dir, { recursive: true, force: true });
  });
});
