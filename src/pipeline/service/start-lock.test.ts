/**
 * npm start's lock on its sites folder: of two starts at the same instant only one builds; it is
 * held while the start or a child it names runs; a lock none of whose processes runs (gone, its
 * pid given again, or this process's pid from an earlier start) is taken over, leftovers cleared.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processStartTime, START_LOCK_FILE, takeStartLock, type StartLock } from './start-lock.ts';

const roots: string[] = [];
const locks: StartLock[] = [];
const sleepers: ChildProcess[] = [];
afterEach(() => {
  for (const sleeper of sleepers.splice(0)) sleeper.kill('SIGKILL');
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

/** A running process unrelated to any npm start. */
function sleeper(): ChildProcess {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  sleepers.push(child);
  return child;
}

const exited = (child: ChildProcess) => new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(null) : child.once('exit', done)));

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
      `npm start: the sites folder ${sites} is in use by another npm start (process ${process.pid}, its lock ${join(sites, START_LOCK_FILE)}): stop it, or remove ${join(sites, START_LOCK_FILE)} if no npm start runs; nothing was built`,
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
      refused: `npm start: the sites folder ${sites} is in use by another npm start (its lock ${join(sites, START_LOCK_FILE)} names no process): stop it, or remove ${join(sites, START_LOCK_FILE)} if no npm start runs; nothing was built`,
    });
  });

  it('a release lets go only of its own lock, not one another npm start took over since', async () => {
    const sites = sitesFolder();
    const first = await takeStartLock(sites);
    writeFileSync(join(sites, START_LOCK_FILE), `${process.pid} another`);
    if ('lock' in first) first.lock.release();
    expect(readFileSync(join(sites, START_LOCK_FILE), 'utf8')).toBe(`${process.pid} another`);
  });

  it('a lock naming this very pid with an id this process never made (an earlier start, container restarted) is taken over', async () => {
    const sites = sitesFolder();
    await takeStartLock(sites).then((result) => 'lock' in result && result.lock.release());
    writeFileSync(join(sites, START_LOCK_FILE), `${process.pid} deadbeef0000`);
    expect(held([await takeStartLock(sites)])).toHaveLength(1);
    expect(readFileSync(join(sites, START_LOCK_FILE), 'utf8')).not.toContain('deadbeef0000');
  });

  it.runIf(processStartTime(process.pid) !== undefined)(
    'a pid given again to an unrelated process (another start time) is taken over; the same process is refused with both remedies',
    async () => {
      const sites = sitesFolder();
      const file = join(sites, START_LOCK_FILE);
      await takeStartLock(sites).then((result) => 'lock' in result && result.lock.release());
      const unrelated = sleeper();
      const since = processStartTime(unrelated.pid!)!;
      writeFileSync(file, `${unrelated.pid} deadbeef0000 since=${since}`);
      expect(await takeStartLock(sites)).toEqual({
        refused: `npm start: the sites folder ${sites} is in use by another npm start (process ${unrelated.pid}, its lock ${file}): stop it, or remove ${file} if no npm start runs; nothing was built`,
      });
      writeFileSync(file, `${unrelated.pid} deadbeef0000 since=${Number(since) - 1}`);
      expect(held([await takeStartLock(sites)])).toHaveLength(1);
    },
  );

  it('a lock whose start is gone but whose child (the pipeline) still runs is refused, naming the child; taken over once it ends', async () => {
    const sites = sitesFolder();
    await takeStartLock(sites).then((result) => 'lock' in result && result.lock.release());
    const child = sleeper();
    const since = processStartTime(child.pid!);
    writeFileSync(join(sites, START_LOCK_FILE), `${gonePid()} deadbeef0000 child=${child.pid}${since ? `@${since}` : ''}`);
    expect(refusals([await takeStartLock(sites)])).toEqual([expect.stringContaining(`(process ${child.pid},`)]);
    child.kill('SIGKILL');
    await exited(child);
    expect(held([await takeStartLock(sites)])).toHaveLength(1);
  });

  it('a child named by holdChild keeps the folder held: release leaves the lock while it runs, lets go once it exited', async () => {
    const sites = sitesFolder();
    const file = join(sites, START_LOCK_FILE);
    const taken = await takeStartLock(sites);
    if (!('lock' in taken)) throw new Error(taken.refused);
    const child = sleeper();
    taken.lock.holdChild(child);
    expect(readFileSync(file, 'utf8')).toContain(` child=${child.pid}`);
    taken.lock.release();
    expect(readFileSync(file, 'utf8')).toContain(` child=${child.pid}`);
    child.kill('SIGKILL');
    await exited(child);
    expect(readFileSync(file, 'utf8')).not.toContain('child=');
    taken.lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it("leftover drafts and set-aside locks of killed starts are cleared when the lock is taken; others' files and one in flight stay", async () => {
    const sites = sitesFolder();
    await takeStartLock(sites).then((result) => 'lock' in result && result.lock.release());
    const dead = gonePid();
    const running = sleeper();
    const leftovers = [`${START_LOCK_FILE}.0123456789ab`, `${START_LOCK_FILE}.${dead}-0123456789ab`, `${START_LOCK_FILE}.gone-${dead}-abcdef`];
    const old = `${START_LOCK_FILE}.gone-${running.pid}-fedcba`;
    const inFlight = `${START_LOCK_FILE}.${running.pid}-0123456789ab`;
    const others = ['notes.txt', `${START_LOCK_FILE}.keep`];
    for (const name of [...leftovers, old, inFlight, ...others]) writeFileSync(join(sites, name), `${dead} 0123456789ab`);
    // An hour old: its pid runs, but no draft lives that long (the pid was given again).
    utimesSync(join(sites, old), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    expect(held([await takeStartLock(sites)])).toHaveLength(1);
    expect(readdirSync(sites).sort()).toEqual([START_LOCK_FILE, inFlight, ...others].sort());
  });
});
