/** npm start's lock on its sites folder: of two starts at the same instant only one builds; a lock whose process is gone is taken over. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { START_LOCK_FILE, takeStartLock, type StartLock } from './start-lock.ts';

const roots: string[] = [];
const locks: StartLock[] = [];
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A sites folder not made yet, as dist/ of a fresh checkout. */
function sitesFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'start-lock-'));
  roots.push(root);
  return join(root, 'dist');
}

/** The pid of a process that has ended. */
function gonePid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

const held = (results: Awaited<ReturnType<typeof takeStartLock>>[]) =>
  results.flatMap((result) => {
    if (!('lock' in result)) return [];
    locks.push(result.lock);
    return [result.lock];
  });
const refusals = (results: Awaited<ReturnType<typeof takeStartLock>>[]) => results.flatMap((result) => ('refused' in result ? [result.refused] : []));

describe("npm start's sites folder lock", () => {
  it('of two starts taking it at the same instant one holds it; the other is refused naming the folder and the process', async () => {
    const sites = sitesFolder();
    const results = await Promise.all([takeStartLock(sites), takeStartLock(sites)]);
    expect(held(results)).toHaveLength(1);
    expect(refusals(results)).toEqual([
      `npm start: the sites folder ${sites} is in use by another npm start (process ${process.pid}, its lock ${join(sites, START_LOCK_FILE)}): stop it first; nothing was built`,
    ]);
    expect(readFileSync(join(sites, START_LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    // Let go, it can be had again; nothing but the lock is left in the folder.
    held(results)[0]!.release();
    expect(existsSync(join(sites, START_LOCK_FILE))).toBe(false);
    const again = await takeStartLock(sites);
    expect(held([again])).toHaveLength(1);
    expect(readdirSync(sites)).toEqual([START_LOCK_FILE]);
  });

  it('a lock left by a process that is gone is taken over, by one of two starts at once', async () => {
    const sites = sitesFolder();
    await takeStartLock(sites).then((result) => 'lock' in result && result.lock.release());
    const dead = gonePid();
    writeFileSync(join(sites, START_LOCK_FILE), `${dead} 0123456789ab`);
    const results = await Promise.all([takeStartLock(sites), takeStartLock(sites)]);
    expect(held(results)).toHaveLength(1);
    expect(refusals(results)).toEqual([expect.stringContaining(`(process ${process.pid},`)]);
    expect(readFileSync(join(sites, START_LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    expect(readdirSync(sites)).toEqual([START_LOCK_FILE]);
  });

  it('a lock naming no process is not taken over: the line says to remove it if no npm start runs', async () => {
    const sites = sitesFolder();
    await takeStartLock(sites).then((result) => 'lock' in result && result.lock.release());
    writeFileSync(join(sites, START_LOCK_FILE), '');
    expect(await takeStartLock(sites)).toEqual({
      refused: `npm start: the sites folder ${sites} is in use by another npm start (its lock ${join(sites, START_LOCK_FILE)} names no process): stop it, or remove that file if no npm start runs; nothing was built`,
    });
  });

  it('a release lets go only of its own lock, not one another npm start took over since', async () => {
    const sites = sitesFolder();
    const first = await takeStartLock(sites);
    writeFileSync(join(sites, START_LOCK_FILE), `${process.pid} another`);
    if ('lock' in first) first.lock.release();
    expect(readFileSync(join(sites, START_LOCK_FILE), 'utf8')).toBe(`${process.pid} another`);
  });
});
