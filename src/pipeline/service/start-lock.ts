/**
 * npm start's hold on its sites folder (scripts/start.ts): a lock file in the folder, made
 * exclusively and holding the pid of the npm start that made it, taken before the first
 * publishing pass. A second npm start of the same folder stops at once, naming the folder and
 * the process that holds it, also when both started at the same instant (both may pass the port
 * check, start-ports.ts, before either listens). A lock whose process is gone is taken over.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processRuns } from '../../platform/process/runs.ts';

/** The lock's name inside the sites folder (a file: never a tenant's folder, never served). */
export const START_LOCK_FILE = '.npm-start.lock';

/** The sites folder, held: `release` lets it go (only a lock that is still this one's). */
export interface StartLock {
  file: string;
  release(): void;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Make `file` holding `token`, unless it exists: written beside it first, then linked to its
 * name (link(2) fails when the name exists), so a lock is never seen without its pid.
 */
async function createExclusive(file: string, token: string): Promise<boolean> {
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, token, { flag: 'wx' });
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    return false;
  } finally {
    await unlink(draft);
  }
}

/** What the lock holds, or undefined when it was let go meanwhile. */
async function holderOf(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** The pid a lock holds ("<pid> <token>"), or undefined when it holds none. */
function pidOf(holder: string): number | undefined {
  const pid = Number(holder.split(' ')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Move the lock of a process that is gone out of the way; a lock made meanwhile by another npm start is put back. */
async function setAside(file: string, holder: string): Promise<void> {
  const aside = `${file}.gone-${process.pid}-${randomBytes(3).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch {
    return; // another npm start moved it first
  }
  try {
    if ((await readFile(aside, 'utf8')) !== holder) await link(aside, file);
  } catch {
    // a newer lock stands already
  }
  await unlink(aside);
}

/** Why the folder cannot be had, in one line. */
function inUse(sitesDir: string, file: string, pid: number | undefined): string {
  const by = pid === undefined ? `its lock ${file} names no process` : `process ${pid}, its lock ${file}`;
  const remedy = pid === undefined ? 'stop it, or remove that file if no npm start runs' : 'stop it first';
  return `npm start: the sites folder ${sitesDir} is in use by another npm start (${by}): ${remedy}; nothing was built`;
}

/**
 * Hold `sitesDir` for this npm start (made when missing): its lock, or the one line saying which
 * process holds the folder. Two calls at once (in two processes or one) are never both given it.
 */
export async function takeStartLock(sitesDir: string): Promise<{ lock: StartLock } | { refused: string }> {
  await mkdir(sitesDir, { recursive: true });
  const file = join(sitesDir, START_LOCK_FILE);
  const token = `${process.pid} ${randomBytes(6).toString('hex')}`;
  let pid: number | undefined;
  // A few rounds: each either takes the lock, finds it held, or clears a gone process's lock (or sees it let go) for the next.
  for (let round = 0; round < 3; round += 1) {
    if (await createExclusive(file, token)) {
      const release = () => {
        try {
          if (readFileSync(file, 'utf8') === token) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      return { lock: { file, release } };
    }
    const holder = await holderOf(file);
    if (holder === undefined) continue;
    pid = pidOf(holder);
    if (pid === undefined || processRuns(pid)) break;
    await setAside(file, holder);
  }
  return { refused: inUse(sitesDir, file, pid) };
}
