/**
 * A process and everything it started, as a lost machine loses them: the tree is read from
 * /proc (Linux) before anything is killed, since a killed parent's children are re-parented,
 * then each is sent SIGKILL and waited for. Used where a test removes the dead process's disk:
 * a render child left running would write into a folder being deleted.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The parent pid of a process, or null when it is gone. */
function parentOf(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** `pid` and every process descended from it. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let at = 0; at < tree.length; at++) tree.push(...(children.get(tree[at]!) ?? []));
  return tree;
}

/** SIGKILL `pid` and its descendants; resolves once none of them exists (rejects after `timeoutMs`). */
export async function killTree(pid: number, timeoutMs = 10_000): Promise<number[]> {
  const tree = processTree(pid);
  for (const member of tree) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + timeoutMs;
  // A zombie keeps its /proc entry until reaped; its state is Z and it holds no files open.
  const running = (member: number) => {
    try {
      return !/\) Z /.test(readFileSync(`/proc/${member}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  const alive = () => tree.filter(running);
  while (alive().length > 0) {
    if (Date.now() > deadline) throw new Error(`processes still alive ${timeoutMs} ms after SIGKILL: ${alive().join(', ')}`);
    await new Promise((done) => setTimeout(done, 20));
  }
  return tree;
}

/** Clock ticks a second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system) of `pid` itself and of the children it has waited for (0 when it is gone). */
export function cpuTimes(pid: number | 'self'): { own: number; children: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "(comm) ": state ppid ... utime (11th) stime cutime cstime.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return { own: (fields[11]! + fields[12]!) / TICKS, children: (fields[13]! + fields[14]!) / TICKS };
  } catch {
    return { own: 0, children: 0 };
  }
}

/** The command line of `pid` ('' when it is gone). */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}
