/**
 * A process and everything it started, as a lost machine loses them: the tree is read from
 * /proc (Linux) before anything is killed, since a killed parent's children are re-parented,
 * then each is sent SIGKILL and waited for. Used where a test removes the dead process's disk:
 * a render child left running would write into a folder being deleted.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after "pid (comm) " (comm may hold spaces and parentheses): state, ppid, ...; null when the process is gone. */
function statFields(pid: number | 'self'): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The parent pid of a process, or null when it is gone. */
function parentOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : null;
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
    const fields = statFields(member);
    return fields !== null && fields[0] !== 'Z';
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
  // utime, stime, cutime, cstime are the 12th to 15th fields after the name.
  const times = (statFields(pid) ?? []).slice(11, 15).map(Number);
  if (times.length < 4) return { own: 0, children: 0 };
  return { own: (times[0]! + times[1]!) / TICKS, children: (times[2]! + times[3]!) / TICKS };
}

/** The command line of `pid` ('' when it is gone). */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}
