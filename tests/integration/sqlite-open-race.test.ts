/**
 * Several processes opening one fresh SQLite state at once (the two pipeline workers of a
 * test, or `npm start`'s pipeline beside its server) must all come up. Switching a new file to
 * WAL needs a moment alone with it: without a busy timeout set first, a process arriving in
 * that moment fails with "database is locked"; and while another sets up the file's WAL, SQLite
 * says so at once, whatever the timeout, so db.ts tries the switch again. Threads released
 * together hit that moment often.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/server-helpers.ts';

const HELPER = join(import.meta.dirname, '..', 'support', 'open-state.ts');
const THREAD = join(import.meta.dirname, '..', 'support', 'open-state-thread.ts');

/** `count` threads open one fresh data directory at the same instant; each one's outcome. */
async function openTogether(dataDir: string, count: number): Promise<string[]> {
  const start = new SharedArrayBuffer(8);
  const flag = new Int32Array(start);
  const threads = Array.from({ length: count }, () => new Worker(THREAD, { workerData: { dataDir, start } }));
  const outcomes = threads.map(
    (thread) =>
      new Promise<string>((resolve) => {
        thread.once('message', (message: string) => resolve(message));
        thread.once('error', (error: Error) => resolve(`FAIL ${error.message}`));
      }),
  );
  // Released once every thread waits at the flag.
  while (Atomics.load(flag, 1) < count) await new Promise((resolve) => setTimeout(resolve, 1));
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  const results = await Promise.all(outcomes);
  await Promise.all(threads.map((thread) => thread.terminate()));
  return results;
}

function open(dataDir: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HELPER, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', () => resolve(output.trim()));
  });
}

describe('the SQLite pipeline state opened by several processes at once', () => {
  it('six processes open one fresh data directory together, five rounds', async () => {
    const folder = tempDir('sqlite-race-');
    try {
      for (let round = 0; round < 5; round += 1) {
        const outcomes = await Promise.all(Array.from({ length: 6 }, () => open(join(folder.dir, `round-${round}`))));
        expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([]);
      }
    } finally {
      folder.remove();
    }
  }, 120_000);

  it('two openers released at the same instant, 40 rounds: the switch to WAL waits, it does not fail with "database is locked"', async () => {
    const folder = tempDir('sqlite-race-');
    try {
      const failed: string[] = [];
      for (let round = 0; round < 40; round += 1)
        failed.push(
          ...(await openTogether(join(folder.dir, `together-${round}`), 2))
            .filter((outcome) => outcome !== 'ok')
            .map((outcome) => `round ${round}: ${outcome}`),
        );
      expect(failed).toEqual([]);
    } finally {
      folder.remove();
    }
  }, 120_000);
});
