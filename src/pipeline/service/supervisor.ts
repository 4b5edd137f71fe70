/**
 * Keeps a child process running: `npm start` runs the pipeline in a child;
 * when it dies (a crash, an out-of-memory kill), it is started again after a pause that
 * doubles while it keeps dying quickly (up to maxBackoffMs) and resets once it has stayed up.
 * An exit code of `finalExitCodes` (a setting to change, e.g. a port in use) ends it for good,
 * as stop() does, and is passed to onGiveUp.
 */
import type { ChildProcess } from 'node:child_process';

export interface SupervisorOptions {
  name: string;
  log: (line: string) => void;
  /** First pause before a restart (ms, default 1000). */
  initialBackoffMs?: number;
  /** Longest pause (ms, default 30000). */
  maxBackoffMs?: number;
  /** A child that ran this long resets the pause (ms, default 60000). */
  healthyAfterMs?: number;
  /** Exit codes a restart cannot mend (the child said why): not started again; onGiveUp is called. */
  finalExitCodes?: number[];
  onGiveUp?: (how: string) => void;
}

export interface Supervised {
  /** The running child, if any. */
  current(): ChildProcess | null;
  /** Stop supervising and end the child with a signal; resolves with how it ended. */
  stop(signal: NodeJS.Signals): Promise<string>;
}

export function superviseChild(start: () => ChildProcess, options: SupervisorOptions): Supervised {
  const initial = options.initialBackoffMs ?? 1000;
  const max = options.maxBackoffMs ?? 30_000;
  const healthyAfter = options.healthyAfterMs ?? 60_000;
  let backoff = initial;
  let stopping = false;
  let child: ChildProcess | null = null;
  let timer: NodeJS.Timeout | undefined;
  let exited: Promise<string> = Promise.resolve('not started');

  const launch = () => {
    timer = undefined;
    if (stopping) return;
    const startedAt = Date.now();
    const running = start();
    child = running;
    exited = new Promise((done) => {
      running.once('error', (error) => options.log(`${options.name} could not start: ${error.message}`));
      running.once('exit', (code, signal) => {
        child = null;
        const how = signal ?? `exit ${code}`;
        done(signal ?? String(code));
        if (stopping) return;
        if (code !== null && options.finalExitCodes?.includes(code)) {
          stopping = true;
          options.log(`${options.name} stopped (${how}) and is not started again: what it said above needs a change first`);
          options.onGiveUp?.(how);
          return;
        }
        if (Date.now() - startedAt >= healthyAfter) backoff = initial;
        options.log(`${options.name} stopped (${how}); starting it again in ${backoff} ms`);
        timer = setTimeout(launch, backoff);
        backoff = Math.min(max, backoff * 2);
      });
    });
  };
  launch();

  return {
    current: () => child,
    async stop(signal) {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
