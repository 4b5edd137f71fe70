/**
 * How the pipeline command (scripts/pipeline.ts) stops on SIGINT or SIGTERM, the service and
 * `--once` alike (docs/pipeline.md "Stopping"): it begins no other release, lets the releases in
 * hand end (the stop's own bounds: stateSilenceCut, jobsBoundCut), ends its render children, then
 * exits: 0 for the service; for `--once` 128 + the signal's number (130, 143), since tenants
 * it had not begun are not brought up to date. A second signal exits at once (1); the same signal
 * again within REPEAT_MS is not a second one: a terminal's Ctrl-C reaches the whole process group
 * of `npm start` (scripts/start.ts), which passes it on to this process as well. npm start passes
 * it on because it may be signalled alone (kill), when this process would get nothing.
 */
import { constants } from 'node:os';
import type { Logger } from '../log.ts';

/** How long the same signal again counts as the first (its copy from npm start), not as a second one. */
export const REPEAT_MS = 1000;

/** Stop on the first SIGINT or SIGTERM with `stop`, then exit; `stopping()` says which signal came (undefined before one). */
export function stopOnSignals(options: { stop: () => Promise<void>; log: Logger; once: boolean }): { stopping(): NodeJS.Signals | undefined } {
  let stoppedBy: NodeJS.Signals | undefined;
  let stoppedAt = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stoppedBy === signal && Date.now() - stoppedAt < REPEAT_MS) return;
      if (stoppedBy) process.exit(1);
      stoppedBy = signal;
      stoppedAt = Date.now();
      options.log({ event: 'pipeline-stopping', signal, ...(options.once ? { once: true } : {}) });
      const code = options.once ? 128 + constants.signals[signal] : 0;
      void options.stop().then(
        () => process.exit(code),
        (error: Error) => {
          options.log({ level: 'error', event: 'pipeline-stopping', signal, reason: error.message });
          process.exit(1);
        },
      );
    });
  }
  return { stopping: () => stoppedBy };
}
