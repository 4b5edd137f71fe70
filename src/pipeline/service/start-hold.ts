/**
 * npm start's sites folder from the moment it is taken until the first publishing pass begins
 * (scripts/start.ts): a SIGINT or SIGTERM then (while the lock is taken, the ports checked, the
 * tenants listed) ends npm start at once, 130 or 143, with its lock let go: no child runs yet and
 * nothing was built. Node's default action on those signals would end it without its exit
 * handlers, the lock left in the folder (taken over by the next start, since none of its
 * processes runs, but left all the same). One that comes while the lock is being taken stops
 * it as soon as the lock is had; a second one then ends it at once.
 */
import { constants } from 'node:os';
import { takeStartLock, type StartLock } from './start-lock.ts';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** The exit code of a stop by `signal`: 128 + its number (130, 143), as the pipeline's `--once`. */
export const signalExitCode = (signal: NodeJS.Signals): number => 128 + constants.signals[signal];

/**
 * Take `sitesDir`'s lock (takeStartLock) with the early stop in place; `firstPass()` ends the
 * early stop, just before the first pass is started with its own handling of the signals.
 */
export async function holdUntilFirstPass(sitesDir: string): Promise<{ lock: StartLock; firstPass(): void } | { refused: string }> {
  const state: { lock?: StartLock; stoppedBy?: NodeJS.Signals } = {};
  const stop = (signal: NodeJS.Signals) => {
    const again = state.stoppedBy !== undefined;
    state.stoppedBy ??= signal;
    // While the lock is being taken: stopped once it is had (a second signal ends it at once).
    if (!state.lock && !again) return;
    state.lock?.release();
    process.exit(signalExitCode(state.stoppedBy));
  };
  const end = () => {
    for (const signal of SIGNALS) process.off(signal, stop);
  };
  for (const signal of SIGNALS) process.on(signal, stop);
  const held = await takeStartLock(sitesDir);
  if ('refused' in held) {
    end();
    return held;
  }
  state.lock = held.lock;
  if (state.stoppedBy) stop(state.stoppedBy);
  return { lock: held.lock, firstPass: end };
}
