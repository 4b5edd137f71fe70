/**
 * Several processes opening one fresh SQLite state at once (the two pipeline workers of a
 * test, or `npm start`'s pipeline beside its server) must all come up. Switching a new file to
 * WAL needs a moment alone with it; without a busy timeout set first, a process arriving in
 * that moment fails with "database is locked" and the worker does not start.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/server-helpers.ts';

const HELPER = join(import.meta.dirname, '..', 'support', 'open-state.ts');

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
});
