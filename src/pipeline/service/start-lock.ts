/**
 * npm start's hold on its sites folder (scripts/start.ts): a lock file in the folder, made
 * exclusively and naming the npm start that made it (its pid and, on Linux, its start time),
 * taken before the first publishing pass. The children that write into the folder (the pipeline)
 * are named in it too, and it is held while one of them runs, also after npm start was killed.
 * A second npm start of the same folder stops at once, naming the folder and the process that
 * holds it, also when both started at the same instant (both may pass the port check,
 * start-ports.ts, before either listens). A lock none of whose processes runs is taken over: a
 * pid gone, given again to another process (its start time differs) or this process's own from
 * an earlier start (a container restarted); leftover drafts of the lock are cleared then.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processRuns } from '../../platform/process/runs.ts';

/** The lock's name inside the sites folder (a file: never a tenant's folder, never served). */
export const START_LOCK_FILE = '.npm-start.lock';

/** A child process that writes into the held folder (the pipeline): its pid while it runs. */
export interface LockChild {
  pid?: number;
  exitCode: number | null;
  signalCode: NodeJS.Signals | null;
  once(event: 'exit', listener: () => void): unknown;
}

/** The sites folder, held: `release` lets it go (only a lock that is still this one's, once no named child runs). */
export interface StartLock {
  file: string;
  /** Name `child` in the lock: the folder stays held while it runs (dropped from the lock when it exits); returns it. */
  holdChild<Child extends LockChild>(child: Child): Child;
  release(): void;
}

/** A process named in a lock: its pid and, where the system tells it, when it started. */
interface Named {
  pid: number;
  since?: string;
}

/** A lock's content: "<pid> <id> [since=<start time>] [child=<pid>@<start time>]…". */
interface Holder {
  id: string;
  owner?: Named;
  children: Named[];
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The ids of the locks this process holds: a lock naming this pid with another id is an earlier start's. */
const ownIds = new Set<string>();
/** Drafts and set-aside locks this process is making or moving now (not leftovers). */
const inFlight = new Set<string>();

/** Process `pid`'s fields after its command name in /proc/<pid>/stat (Linux), or undefined where not known. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When process `pid` started (Linux: /proc/<pid>/stat, field 22), or undefined where not known. */
export function processStartTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

const named = (pid: number): Named => ({ pid, ...withSince(processStartTime(pid)) });
const withSince = (since: string | undefined) => (since ? { since } : {});
const word = (entry: Named) => `${entry.pid}${entry.since ? `@${entry.since}` : ''}`;

function format(holder: Holder): string {
  const owner = holder.owner!;
  return [`${owner.pid} ${holder.id}`, ...(owner.since ? [`since=${owner.since}`] : []), ...holder.children.map((child) => `child=${word(child)}`)].join(' ');
}

function parse(content: string): Holder {
  const [first = '', id = '', ...rest] = content.trim().split(/\s+/);
  const pidOf = (text: string) => {
    const pid = Number(text);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  };
  const ownerPid = pidOf(first);
  const since = rest.find((field) => field.startsWith('since='))?.slice('since='.length);
  const children = rest.flatMap((field) => {
    if (!field.startsWith('child=')) return [];
    const [pid, childSince] = field.slice('child='.length).split('@');
    const childPid = pidOf(pid ?? '');
    return childPid === undefined ? [] : [{ pid: childPid, ...withSince(childSince) }];
  });
  return { id, owner: ownerPid === undefined ? undefined : { pid: ownerPid, ...withSince(since) }, children };
}

/** Whether the process a lock names still runs: the same pid, not a zombie, the same start time where both are known. */
function stillRuns(entry: Named): boolean {
  if (!processRuns(entry.pid)) return false;
  const fields = statFields(entry.pid);
  // Ended but not reaped (an orphan where nothing reaps them): it writes nothing any more.
  if (fields?.[0] === 'Z') return false;
  return entry.since === undefined || fields?.[19] === undefined || fields[19] === entry.since;
}

/** The first process of `holder` that runs (the start, then its children), or undefined when none does. */
function runningOf(holder: Holder): number | undefined {
  const { owner } = holder;
  // This pid with an id this process never made: an earlier start that had the same pid.
  const ownerRuns = owner !== undefined && (owner.pid === process.pid ? ownIds.has(holder.id) : stillRuns(owner));
  if (ownerRuns) return owner.pid;
  return holder.children.find((child) => child.pid !== process.pid && stillRuns(child))?.pid;
}

/** A draft or set-aside name beside the lock, carrying this process's pid (leftovers are told by it). */
function besideName(file: string, kind: '' | 'gone-'): string {
  const name = `${file}.${kind}${process.pid}-${randomBytes(6).toString('hex')}`;
  inFlight.add(name);
  return name;
}

/**
 * Make `file` holding `content`, unless it exists: written beside it first, then linked to its
 * name (link(2) fails when the name exists), so a lock is never seen without its pid.
 */
async function createExclusive(file: string, content: string): Promise<boolean> {
  const draft = besideName(file, '');
  try {
    await writeFile(draft, content, { flag: 'wx' });
    await link(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    return false;
  } finally {
    await unlink(draft).catch(() => {});
    inFlight.delete(draft);
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

/** Move the lock of a start that is gone out of the way; a lock made meanwhile by another npm start is put back. */
async function setAside(file: string, holder: string): Promise<void> {
  const aside = besideName(file, 'gone-');
  try {
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
    await unlink(aside).catch(() => {});
  } finally {
    inFlight.delete(aside);
  }
}

/** Leftover drafts (".npm-start.lock.<pid>-<hex>", before them ".npm-start.lock.<hex>") and set-aside locks (".gone-<pid>-<hex>"). */
const LEFTOVER = new RegExp(`^${START_LOCK_FILE.replaceAll('.', '\\.')}\\.(?:(?:gone-)?(\\d+)-[0-9a-f]+|[0-9a-f]{12})$`);
/** A draft or set-aside lock lives for a few calls: one this old whose pid runs is a leftover all the same (the pid given again). */
const LEFTOVER_AGE_MS = 60_000;

/** Remove the leftovers of starts killed while making or moving the lock (only files of the lock's own naming). */
function clearLeftovers(sitesDir: string): void {
  for (const name of readdirSync(sitesDir)) {
    const match = LEFTOVER.exec(name);
    const path = join(sitesDir, name);
    if (!match || inFlight.has(path)) continue;
    const pid = match[1] === undefined ? undefined : Number(match[1]);
    try {
      const old = Date.now() - statSync(path).mtimeMs > LEFTOVER_AGE_MS;
      if (pid === undefined || pid === process.pid || !processRuns(pid) || old) unlinkSync(path);
    } catch {
      // gone meanwhile
    }
  }
}

/** Why the folder cannot be had, in one line. */
function inUse(sitesDir: string, file: string, pid: number | undefined): string {
  const by = pid === undefined ? `its lock ${file} names no process` : `process ${pid}, its lock ${file}`;
  return `npm start: the sites folder ${sitesDir} is in use by another npm start (${by}): stop it, or remove ${file} if no npm start runs; nothing was built`;
}

/**
 * Hold `sitesDir` for this npm start (made when missing): its lock, or the one line saying which
 * process holds the folder. Two calls at once (in two processes or one) are never both given it.
 */
export async function takeStartLock(sitesDir: string): Promise<{ lock: StartLock } | { refused: string }> {
  await mkdir(sitesDir, { recursive: true });
  const file = join(sitesDir, START_LOCK_FILE);
  const mine: Holder = { id: randomBytes(6).toString('hex'), owner: named(process.pid), children: [] };
  let pid: number | undefined;
  // A few rounds: each either takes the lock, finds it held, or clears a gone start's lock (or sees it let go) for the next.
  for (let round = 0; round < 3; round += 1) {
    ownIds.add(mine.id);
    if (await createExclusive(file, format(mine))) {
      clearLeftovers(sitesDir);
      return { lock: heldLock(file, mine) };
    }
    ownIds.delete(mine.id);
    const content = await holderOf(file);
    if (content === undefined) continue;
    const holder = parse(content);
    pid = holder.owner?.pid;
    if (holder.owner === undefined) break;
    const running = runningOf(holder);
    if (running !== undefined) {
      pid = running;
      break;
    }
    await setAside(file, content);
  }
  return { refused: inUse(sitesDir, file, pid) };
}

/** The lock this start holds: children named in it as they start, let go once none runs. */
function heldLock(file: string, mine: Holder): StartLock {
  const children = new Map<number, LockChild>();
  const ours = () => {
    try {
      return parse(readFileSync(file, 'utf8')).id === mine.id;
    } catch {
      return false; // already gone
    }
  };
  // Rewritten whole beside it and renamed over it, so the lock is never seen half written.
  const rewrite = () => {
    if (!ours()) return;
    const draft = besideName(file, '');
    try {
      writeFileSync(draft, format(mine), { flag: 'wx' });
      renameSync(draft, file);
    } catch {
      // The folder went away: nothing to hold (a draft left behind is cleared by the next start).
    } finally {
      inFlight.delete(draft);
    }
  };
  return {
    file,
    holdChild(child) {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return child;
      const pid = child.pid;
      children.set(pid, child);
      mine.children.push(named(pid));
      rewrite();
      child.once('exit', () => {
        children.delete(pid);
        mine.children = mine.children.filter((entry) => entry.pid !== pid);
        rewrite();
      });
      return child;
    },
    release() {
      // A child still running (not yet seen to exit) may write into the folder: the lock names it and stays until it is gone.
      if ([...children.values()].some((child) => child.exitCode === null && child.signalCode === null)) return;
      if (ours()) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      }
      ownIds.delete(mine.id);
    },
  };
}
